from enum import StrEnum


class ProblemTypesBotsCannotOwnBotsTitle(StrEnum):
    FORBIDDEN = "Forbidden."

    def __str__(self) -> str:
        return str(self.value)
