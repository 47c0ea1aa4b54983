from enum import StrEnum


class ProblemTypesSeatHandedToAiTitle(StrEnum):
    CONFLICT = "Conflict."

    def __str__(self) -> str:
        return str(self.value)
