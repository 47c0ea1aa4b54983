from enum import StrEnum


class ProblemTypesInvalidOptionTitle(StrEnum):
    BAD_REQUEST = "Bad request."

    def __str__(self) -> str:
        return str(self.value)
