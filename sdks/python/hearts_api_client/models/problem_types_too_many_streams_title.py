from enum import StrEnum


class ProblemTypesTooManyStreamsTitle(StrEnum):
    TOO_MANY_OPEN_STREAMS = "Too many open streams."

    def __str__(self) -> str:
        return str(self.value)
