from enum import StrEnum


class ProblemTypesNotTableMemberTitle(StrEnum):
    FORBIDDEN = "Forbidden."

    def __str__(self) -> str:
        return str(self.value)
