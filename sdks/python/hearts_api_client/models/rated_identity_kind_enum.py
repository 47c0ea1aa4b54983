from enum import StrEnum


class RatedIdentityKindEnum(StrEnum):
    AI = "ai"
    HUMAN = "human"

    def __str__(self) -> str:
        return str(self.value)
