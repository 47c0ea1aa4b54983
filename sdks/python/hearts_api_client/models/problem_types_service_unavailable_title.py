from enum import StrEnum


class ProblemTypesServiceUnavailableTitle(StrEnum):
    SERVICE_UNAVAILABLE = "Service unavailable."

    def __str__(self) -> str:
        return str(self.value)
