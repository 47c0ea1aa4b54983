from enum import StrEnum


class ProblemTypesInvalidAiLevelTitle(StrEnum):
    BAD_REQUEST = "Bad request."

    def __str__(self) -> str:
        return str(self.value)
