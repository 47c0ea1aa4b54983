from enum import StrEnum


class ProblemTypesValidationErrorTitle(StrEnum):
    INVALID_INPUT = "Invalid input."

    def __str__(self) -> str:
        return str(self.value)
