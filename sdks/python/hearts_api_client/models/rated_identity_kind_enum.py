from enum import StrEnum


class RatedIdentityKindEnum(StrEnum):
    AI = "ai"
    BOT = "bot"
    HUMAN = "human"

    def __str__(self) -> str:
        return str(self.value)
