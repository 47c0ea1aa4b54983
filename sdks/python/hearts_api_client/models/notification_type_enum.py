from enum import StrEnum


class NotificationTypeEnum(StrEnum):
    GAME_OVER = "game_over"
    GAME_STARTED = "game_started"
    HAND_FINISHED = "hand_finished"
    INVITE = "invite"
    MATCHED = "matched"
    TURN_REMINDER = "turn_reminder"
    YOUR_TURN = "your_turn"

    def __str__(self) -> str:
        return str(self.value)
