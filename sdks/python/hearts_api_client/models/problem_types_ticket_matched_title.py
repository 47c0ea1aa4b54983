from enum import StrEnum


class ProblemTypesTicketMatchedTitle(StrEnum):
    CONFLICT = "Conflict."

    def __str__(self) -> str:
        return str(self.value)
