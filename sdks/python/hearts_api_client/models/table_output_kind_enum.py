from enum import StrEnum


class TableOutputKindEnum(StrEnum):
    PRIVATE = "private"
    REMATCH = "rematch"

    def __str__(self) -> str:
        return str(self.value)
