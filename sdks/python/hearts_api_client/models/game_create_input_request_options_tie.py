from enum import StrEnum


class GameCreateInputRequestOptionsTie(StrEnum):
    PLAY_ON = "play_on"
    SHARED = "shared"

    def __str__(self) -> str:
        return str(self.value)
