from enum import StrEnum


class ProblemTypesInviteRevokedTitle(StrEnum):
    GONE = "Gone."

    def __str__(self) -> str:
        return str(self.value)
