from enum import StrEnum


class ProblemTypesGameNotFinishedTitle(StrEnum):
    CONFLICT = "Conflict."

    def __str__(self) -> str:
        return str(self.value)
