from enum import StrEnum


class ProblemTypesTableFullTitle(StrEnum):
    CONFLICT = "Conflict."

    def __str__(self) -> str:
        return str(self.value)
