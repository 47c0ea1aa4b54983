from enum import StrEnum


class ProblemTypesBotLimitReachedTitle(StrEnum):
    CONFLICT = "Conflict."

    def __str__(self) -> str:
        return str(self.value)
