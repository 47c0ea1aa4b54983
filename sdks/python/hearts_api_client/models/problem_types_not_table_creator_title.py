from enum import StrEnum


class ProblemTypesNotTableCreatorTitle(StrEnum):
    FORBIDDEN = "Forbidden."

    def __str__(self) -> str:
        return str(self.value)
