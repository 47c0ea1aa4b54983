from enum import StrEnum


class AiLevelEnum(StrEnum):
    EXPERT = "expert"
    HEURISTIC = "heuristic"
    MASTER = "master"
    RANDOM = "random"

    def __str__(self) -> str:
        return str(self.value)
