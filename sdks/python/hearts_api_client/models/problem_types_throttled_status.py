from enum import IntEnum


class ProblemTypesThrottledStatus(IntEnum):
    VALUE_429 = 429

    def __str__(self) -> str:
        return str(self.value)
