from enum import StrEnum


class ProblemTypesUnsupportedMediaTypeTitle(StrEnum):
    UNSUPPORTED_MEDIA_TYPE = "Unsupported media type."

    def __str__(self) -> str:
        return str(self.value)
