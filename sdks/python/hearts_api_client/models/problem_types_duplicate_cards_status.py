from enum import IntEnum


class ProblemTypesDuplicateCardsStatus(IntEnum):
    VALUE_422 = 422

    def __str__(self) -> str:
        return str(self.value)
