from enum import IntEnum


class ProblemTypesInviteExpiredStatus(IntEnum):
    VALUE_410 = 410

    def __str__(self) -> str:
        return str(self.value)
