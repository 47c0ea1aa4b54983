from enum import StrEnum


class ProblemTypesNotQueuedTitle(StrEnum):
    CONFLICT = "Conflict."

    def __str__(self) -> str:
        return str(self.value)
