from enum import StrEnum


class ProblemTypesNotSeatedTitle(StrEnum):
    FORBIDDEN = "Forbidden."

    def __str__(self) -> str:
        return str(self.value)
