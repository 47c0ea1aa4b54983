from enum import StrEnum


class ProblemTypesBotNotOpenTitle(StrEnum):
    FORBIDDEN = "Forbidden."

    def __str__(self) -> str:
        return str(self.value)
