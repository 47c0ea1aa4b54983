from enum import StrEnum


class TableCreateInputRequestOptionsNoClubLeader(StrEnum):
    ANY_CARD = "any_card"
    NORMAL_LIMITS = "normal_limits"

    def __str__(self) -> str:
        return str(self.value)
