from enum import StrEnum


class ProblemTypesInvalidDeckTitle(StrEnum):
    RULE_VIOLATION = "Rule violation."

    def __str__(self) -> str:
        return str(self.value)
