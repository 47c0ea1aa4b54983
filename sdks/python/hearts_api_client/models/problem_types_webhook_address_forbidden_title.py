from enum import StrEnum


class ProblemTypesWebhookAddressForbiddenTitle(StrEnum):
    WEBHOOK_URL_REFUSED = "Webhook URL refused."

    def __str__(self) -> str:
        return str(self.value)
