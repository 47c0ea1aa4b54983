from enum import StrEnum


class ProblemTypesPlayerNotFoundTitle(StrEnum):
    NOT_FOUND = "Not found."

    def __str__(self) -> str:
        return str(self.value)
