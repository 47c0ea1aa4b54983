from enum import StrEnum


class ProblemTypesInviteExpiredTitle(StrEnum):
    GONE = "Gone."

    def __str__(self) -> str:
        return str(self.value)
