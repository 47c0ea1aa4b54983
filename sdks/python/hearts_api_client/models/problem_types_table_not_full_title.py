from enum import StrEnum


class ProblemTypesTableNotFullTitle(StrEnum):
    CONFLICT = "Conflict."

    def __str__(self) -> str:
        return str(self.value)
