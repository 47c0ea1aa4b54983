from django.apps import AppConfig
from django.utils.module_loading import autodiscover_modules


class CommonConfig(AppConfig):
    """The project's shared layer below the apps: domain-error registry and HTTP concerns."""

    name = "common"
    verbose_name = "Common (errors and HTTP)"

    def ready(self) -> None:
        # The one problem registry is complete once every app's ``errors`` module is imported
        # (defining an error class registers its code and status) and the HTTP layer's codes.
        from common.http import problems  # noqa: F401

        autodiscover_modules("errors")
