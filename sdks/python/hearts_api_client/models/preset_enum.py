from enum import StrEnum


class PresetEnum(StrEnum):
    CLASSIC = "classic"
    FIVE_PLAYER = "five_player"
    SIX_PLAYER = "six_player"
    THREE_PLAYER = "three_player"
    TWO_PLAYER = "two_player"
    TWO_PLAYER_FULL_DECK = "two_player_full_deck"

    def __str__(self) -> str:
        return str(self.value)
