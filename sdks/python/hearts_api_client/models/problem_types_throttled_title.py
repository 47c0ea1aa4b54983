from enum import StrEnum


class ProblemTypesThrottledTitle(StrEnum):
    REQUEST_WAS_THROTTLED = "Request was throttled."

    def __str__(self) -> str:
        return str(self.value)
