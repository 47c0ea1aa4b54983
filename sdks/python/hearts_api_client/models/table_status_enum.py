from enum import StrEnum


class TableStatusEnum(StrEnum):
    CANCELLED = "cancelled"
    DECLINED = "declined"
    OPEN = "open"
    STARTED = "started"

    def __str__(self) -> str:
        return str(self.value)
