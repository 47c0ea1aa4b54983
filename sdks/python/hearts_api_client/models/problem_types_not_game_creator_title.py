from enum import StrEnum


class ProblemTypesNotGameCreatorTitle(StrEnum):
    FORBIDDEN = "Forbidden."

    def __str__(self) -> str:
        return str(self.value)
