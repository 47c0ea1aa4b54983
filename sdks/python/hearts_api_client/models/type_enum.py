from enum import StrEnum


class TypeEnum(StrEnum):
    BOOLEAN = "boolean"
    INTEGER = "integer"
    PASS_CYCLE = "pass_cycle"
    STRING = "string"

    def __str__(self) -> str:
        return str(self.value)
