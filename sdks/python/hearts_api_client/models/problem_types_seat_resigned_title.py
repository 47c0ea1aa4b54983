from enum import StrEnum


class ProblemTypesSeatResignedTitle(StrEnum):
    FORBIDDEN = "Forbidden."

    def __str__(self) -> str:
        return str(self.value)
