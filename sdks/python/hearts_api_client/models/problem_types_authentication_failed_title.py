from enum import StrEnum


class ProblemTypesAuthenticationFailedTitle(StrEnum):
    INCORRECT_AUTHENTICATION_CREDENTIALS = "Incorrect authentication credentials."

    def __str__(self) -> str:
        return str(self.value)
