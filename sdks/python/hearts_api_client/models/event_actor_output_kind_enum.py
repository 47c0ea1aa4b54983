from enum import StrEnum


class EventActorOutputKindEnum(StrEnum):
    AI = "ai"
    PLAYER = "player"
    SYSTEM = "system"

    def __str__(self) -> str:
        return str(self.value)
