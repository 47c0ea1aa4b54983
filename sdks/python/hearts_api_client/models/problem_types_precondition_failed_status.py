from enum import IntEnum


class ProblemTypesPreconditionFailedStatus(IntEnum):
    VALUE_412 = 412

    def __str__(self) -> str:
        return str(self.value)
