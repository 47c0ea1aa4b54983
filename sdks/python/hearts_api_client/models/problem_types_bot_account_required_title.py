from enum import StrEnum


class ProblemTypesBotAccountRequiredTitle(StrEnum):
    FORBIDDEN = "Forbidden."

    def __str__(self) -> str:
        return str(self.value)
