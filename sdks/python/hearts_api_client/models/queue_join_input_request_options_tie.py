from enum import StrEnum


class QueueJoinInputRequestOptionsTie(StrEnum):
    PLAY_ON = "play_on"
    SHARED = "shared"

    def __str__(self) -> str:
        return str(self.value)
