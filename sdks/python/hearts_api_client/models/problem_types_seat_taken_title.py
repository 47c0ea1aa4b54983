from enum import StrEnum


class ProblemTypesSeatTakenTitle(StrEnum):
    CONFLICT = "Conflict."

    def __str__(self) -> str:
        return str(self.value)
