from enum import IntEnum


class ProblemTypesInvalidDeckStatus(IntEnum):
    VALUE_422 = 422

    def __str__(self) -> str:
        return str(self.value)
