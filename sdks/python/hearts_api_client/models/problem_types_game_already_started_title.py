from enum import StrEnum


class ProblemTypesGameAlreadyStartedTitle(StrEnum):
    CONFLICT = "Conflict."

    def __str__(self) -> str:
        return str(self.value)
