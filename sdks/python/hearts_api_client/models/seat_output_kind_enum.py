from enum import StrEnum


class SeatOutputKindEnum(StrEnum):
    AI = "ai"
    EMPTY = "empty"
    HUMAN = "human"

    def __str__(self) -> str:
        return str(self.value)
