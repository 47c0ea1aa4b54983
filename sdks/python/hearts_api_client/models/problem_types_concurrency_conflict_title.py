from enum import StrEnum


class ProblemTypesConcurrencyConflictTitle(StrEnum):
    STALE_EXPECTED_SEQUENCE_NUMBER = "Stale expected sequence number."

    def __str__(self) -> str:
        return str(self.value)
