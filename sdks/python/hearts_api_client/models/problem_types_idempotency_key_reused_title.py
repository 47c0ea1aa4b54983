from enum import StrEnum


class ProblemTypesIdempotencyKeyReusedTitle(StrEnum):
    IDEMPOTENCY_KEY_REUSED = "Idempotency-Key reused."

    def __str__(self) -> str:
        return str(self.value)
