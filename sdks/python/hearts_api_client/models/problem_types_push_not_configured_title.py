from enum import StrEnum


class ProblemTypesPushNotConfiguredTitle(StrEnum):
    CONFLICT = "Conflict."

    def __str__(self) -> str:
        return str(self.value)
