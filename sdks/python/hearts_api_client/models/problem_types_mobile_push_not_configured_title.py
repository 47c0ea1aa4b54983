from enum import StrEnum


class ProblemTypesMobilePushNotConfiguredTitle(StrEnum):
    CONFLICT = "Conflict."

    def __str__(self) -> str:
        return str(self.value)
