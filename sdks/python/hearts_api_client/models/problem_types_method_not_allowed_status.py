from enum import IntEnum


class ProblemTypesMethodNotAllowedStatus(IntEnum):
    VALUE_405 = 405

    def __str__(self) -> str:
        return str(self.value)
