from enum import StrEnum


class ProblemTypesRematchNotAllowedTitle(StrEnum):
    CONFLICT = "Conflict."

    def __str__(self) -> str:
        return str(self.value)
