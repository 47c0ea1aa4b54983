from enum import StrEnum


class ProblemTypesWeakPasswordTitle(StrEnum):
    BAD_REQUEST = "Bad request."

    def __str__(self) -> str:
        return str(self.value)
