from enum import StrEnum


class ProblemTypesUsernameTakenTitle(StrEnum):
    CONFLICT = "Conflict."

    def __str__(self) -> str:
        return str(self.value)
