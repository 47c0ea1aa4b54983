from enum import IntEnum


class ProblemTypesUnsupportedMediaTypeStatus(IntEnum):
    VALUE_415 = 415

    def __str__(self) -> str:
        return str(self.value)
