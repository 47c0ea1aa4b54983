from enum import StrEnum


class ProblemTypesGameFullTitle(StrEnum):
    CONFLICT = "Conflict."

    def __str__(self) -> str:
        return str(self.value)
