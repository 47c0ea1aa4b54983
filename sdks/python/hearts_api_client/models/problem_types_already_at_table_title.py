from enum import StrEnum


class ProblemTypesAlreadyAtTableTitle(StrEnum):
    CONFLICT = "Conflict."

    def __str__(self) -> str:
        return str(self.value)
