from enum import StrEnum


class ProblemTypesNotAuthenticatedTitle(StrEnum):
    AUTHENTICATION_CREDENTIALS_WERE_NOT_PROVIDED = "Authentication credentials were not provided."

    def __str__(self) -> str:
        return str(self.value)
