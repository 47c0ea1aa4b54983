from enum import StrEnum


class ProblemTypesInvalidCredentialsTitle(StrEnum):
    BAD_REQUEST = "Bad request."

    def __str__(self) -> str:
        return str(self.value)
