from enum import StrEnum


class ProblemTypesInvalidRulesetTitle(StrEnum):
    INVALID_GAME_OPTIONS = "Invalid game options."

    def __str__(self) -> str:
        return str(self.value)
