from enum import StrEnum


class GameCreateInputRequestOptionsPassCycleItemItemType0(StrEnum):
    ACROSS = "across"
    HOLD = "hold"
    LEFT = "left"
    RIGHT = "right"

    def __str__(self) -> str:
        return str(self.value)
