from enum import StrEnum


class PhaseEnum(StrEnum):
    AWAITING_DEAL = "awaiting_deal"
    GAME_OVER = "game_over"
    MOON_CHOICE = "moon_choice"
    PASSING = "passing"
    PLAYING = "playing"

    def __str__(self) -> str:
        return str(self.value)
