from enum import StrEnum


class ProblemTypesConflictingPreconditionsTitle(StrEnum):
    CONFLICTING_PRECONDITIONS = "Conflicting preconditions."

    def __str__(self) -> str:
        return str(self.value)
