from enum import StrEnum


class GamesPlaysCreatePrefer(StrEnum):
    RETURNMINIMAL = "return=minimal"
    RETURNREPRESENTATION = "return=representation"

    def __str__(self) -> str:
        return str(self.value)
