from enum import StrEnum


class ProblemTypesParseErrorTitle(StrEnum):
    MALFORMED_REQUEST = "Malformed request."

    def __str__(self) -> str:
        return str(self.value)
