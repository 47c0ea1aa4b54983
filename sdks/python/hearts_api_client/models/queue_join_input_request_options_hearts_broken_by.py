from enum import StrEnum


class QueueJoinInputRequestOptionsHeartsBrokenBy(StrEnum):
    ANY_HEART = "any_heart"
    DISCARD = "discard"

    def __str__(self) -> str:
        return str(self.value)
