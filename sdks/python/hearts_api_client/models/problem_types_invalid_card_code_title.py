from enum import StrEnum


class ProblemTypesInvalidCardCodeTitle(StrEnum):
    INVALID_CARD_CODE = "Invalid card code."

    def __str__(self) -> str:
        return str(self.value)
