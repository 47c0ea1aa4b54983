from enum import IntEnum


class ProblemTypesNotAcceptableStatus(IntEnum):
    VALUE_406 = 406

    def __str__(self) -> str:
        return str(self.value)
