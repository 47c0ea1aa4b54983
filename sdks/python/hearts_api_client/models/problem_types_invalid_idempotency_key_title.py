from enum import StrEnum


class ProblemTypesInvalidIdempotencyKeyTitle(StrEnum):
    INVALID_IDEMPOTENCY_KEY = "Invalid Idempotency-Key."

    def __str__(self) -> str:
        return str(self.value)
