from enum import StrEnum


class ProblemTypesTableClosedTitle(StrEnum):
    CONFLICT = "Conflict."

    def __str__(self) -> str:
        return str(self.value)
