from enum import StrEnum


class ProblemTypesPreconditionFailedTitle(StrEnum):
    PRECONDITION_FAILED = "Precondition failed."

    def __str__(self) -> str:
        return str(self.value)
