from enum import StrEnum


class QueueJoinInputRequestOptionsOpeningLead(StrEnum):
    ANY_CLUB = "any_club"
    LOWEST_CLUB = "lowest_club"

    def __str__(self) -> str:
        return str(self.value)
