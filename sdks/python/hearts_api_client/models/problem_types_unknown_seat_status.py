from enum import IntEnum


class ProblemTypesUnknownSeatStatus(IntEnum):
    VALUE_422 = 422

    def __str__(self) -> str:
        return str(self.value)
