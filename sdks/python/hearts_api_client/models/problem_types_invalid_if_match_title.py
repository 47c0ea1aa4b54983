from enum import StrEnum


class ProblemTypesInvalidIfMatchTitle(StrEnum):
    INVALID_IF_MATCH_HEADER = "Invalid If-Match header."

    def __str__(self) -> str:
        return str(self.value)
