from enum import StrEnum


class TableCreateInputRequestOptionsMoon(StrEnum):
    ADD_TO_OTHERS = "add_to_others"
    SHOOTER_CHOOSES = "shooter_chooses"
    SUBTRACT_FROM_SELF = "subtract_from_self"

    def __str__(self) -> str:
        return str(self.value)
