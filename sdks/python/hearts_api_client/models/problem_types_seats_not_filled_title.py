from enum import StrEnum


class ProblemTypesSeatsNotFilledTitle(StrEnum):
    CONFLICT = "Conflict."

    def __str__(self) -> str:
        return str(self.value)
