from enum import StrEnum


class ProblemTypesAlreadySeatedTitle(StrEnum):
    CONFLICT = "Conflict."

    def __str__(self) -> str:
        return str(self.value)
