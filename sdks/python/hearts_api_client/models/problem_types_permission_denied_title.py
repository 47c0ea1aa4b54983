from enum import StrEnum


class ProblemTypesPermissionDeniedTitle(StrEnum):
    YOU_DO_NOT_HAVE_PERMISSION_TO_PERFORM_THIS_ACTION = "You do not have permission to perform this action."

    def __str__(self) -> str:
        return str(self.value)
