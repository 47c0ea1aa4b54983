from enum import StrEnum


class ProblemTypesNoPointsOnFirstTrickTitle(StrEnum):
    RULE_VIOLATION = "Rule violation."

    def __str__(self) -> str:
        return str(self.value)
