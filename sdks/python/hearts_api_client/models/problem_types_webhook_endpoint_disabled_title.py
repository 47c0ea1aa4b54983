from enum import StrEnum


class ProblemTypesWebhookEndpointDisabledTitle(StrEnum):
    CONFLICT = "Conflict."

    def __str__(self) -> str:
        return str(self.value)
