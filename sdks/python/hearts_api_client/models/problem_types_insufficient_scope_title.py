from enum import StrEnum


class ProblemTypesInsufficientScopeTitle(StrEnum):
    THE_ACCESS_TOKEN_LACKS_A_SCOPE_THIS_OPERATION_NEEDS = "The access token lacks a scope this operation needs."

    def __str__(self) -> str:
        return str(self.value)
