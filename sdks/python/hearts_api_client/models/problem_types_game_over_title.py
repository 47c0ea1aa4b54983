from enum import StrEnum


class ProblemTypesGameOverTitle(StrEnum):
    RULE_VIOLATION = "Rule violation."

    def __str__(self) -> str:
        return str(self.value)
