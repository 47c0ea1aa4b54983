from enum import StrEnum


class ProblemTypesInvalidMoonChoiceTitle(StrEnum):
    RULE_VIOLATION = "Rule violation."

    def __str__(self) -> str:
        return str(self.value)
