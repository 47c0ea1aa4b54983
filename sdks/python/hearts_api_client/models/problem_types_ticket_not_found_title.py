from enum import StrEnum


class ProblemTypesTicketNotFoundTitle(StrEnum):
    NOT_FOUND = "Not found."

    def __str__(self) -> str:
        return str(self.value)
