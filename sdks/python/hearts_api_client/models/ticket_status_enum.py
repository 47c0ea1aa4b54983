from enum import StrEnum


class TicketStatusEnum(StrEnum):
    CANCELLED = "cancelled"
    MATCHED = "matched"
    WAITING = "waiting"

    def __str__(self) -> str:
        return str(self.value)
