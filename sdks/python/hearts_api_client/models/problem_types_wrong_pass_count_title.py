from enum import StrEnum


class ProblemTypesWrongPassCountTitle(StrEnum):
    RULE_VIOLATION = "Rule violation."

    def __str__(self) -> str:
        return str(self.value)
