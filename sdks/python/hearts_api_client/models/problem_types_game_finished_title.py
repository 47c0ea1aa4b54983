from enum import StrEnum


class ProblemTypesGameFinishedTitle(StrEnum):
    CONFLICT = "Conflict."

    def __str__(self) -> str:
        return str(self.value)
