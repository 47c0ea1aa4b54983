from enum import StrEnum


class ProblemTypesIdempotencyRequestInProgressTitle(StrEnum):
    REQUEST_IN_PROGRESS = "Request in progress."

    def __str__(self) -> str:
        return str(self.value)
