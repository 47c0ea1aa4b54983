from enum import StrEnum


class ProblemTypesAlreadyQueuedTitle(StrEnum):
    CONFLICT = "Conflict."

    def __str__(self) -> str:
        return str(self.value)
