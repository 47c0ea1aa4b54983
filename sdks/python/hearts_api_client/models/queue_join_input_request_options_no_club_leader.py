from enum import StrEnum


class QueueJoinInputRequestOptionsNoClubLeader(StrEnum):
    ANY_CARD = "any_card"
    NORMAL_LIMITS = "normal_limits"

    def __str__(self) -> str:
        return str(self.value)
