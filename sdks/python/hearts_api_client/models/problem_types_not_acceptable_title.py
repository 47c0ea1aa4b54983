from enum import StrEnum


class ProblemTypesNotAcceptableTitle(StrEnum):
    COULD_NOT_SATISFY_THE_REQUEST_ACCEPT_HEADER = "Could not satisfy the request Accept header."

    def __str__(self) -> str:
        return str(self.value)
