from enum import StrEnum


class ProblemTypesGameNotStartedTitle(StrEnum):
    CONFLICT = "Conflict."

    def __str__(self) -> str:
        return str(self.value)
