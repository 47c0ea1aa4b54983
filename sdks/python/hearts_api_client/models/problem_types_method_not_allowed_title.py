from enum import StrEnum


class ProblemTypesMethodNotAllowedTitle(StrEnum):
    METHOD_NOT_ALLOWED = "Method not allowed."

    def __str__(self) -> str:
        return str(self.value)
