from enum import IntEnum


class ProblemTypesBotNotOpenStatus(IntEnum):
    VALUE_403 = 403

    def __str__(self) -> str:
        return str(self.value)
