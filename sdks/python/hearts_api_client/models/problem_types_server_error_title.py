from enum import StrEnum


class ProblemTypesServerErrorTitle(StrEnum):
    SERVER_ERROR = "Server error."

    def __str__(self) -> str:
        return str(self.value)
