from enum import StrEnum


class ProblemTypesDeviceNotFoundTitle(StrEnum):
    NOT_FOUND = "Not found."

    def __str__(self) -> str:
        return str(self.value)
