from enum import StrEnum


class ProblemTypesSeatNotAiTitle(StrEnum):
    CONFLICT = "Conflict."

    def __str__(self) -> str:
        return str(self.value)
