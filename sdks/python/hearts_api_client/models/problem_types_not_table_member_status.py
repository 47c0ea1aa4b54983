from enum import IntEnum


class ProblemTypesNotTableMemberStatus(IntEnum):
    VALUE_403 = 403

    def __str__(self) -> str:
        return str(self.value)
