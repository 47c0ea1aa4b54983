from django.apps import AppConfig


class WebclientConfig(AppConfig):
    """The reference web client: a build-free single page at /play/ over the public API."""

    name = "webclient"
    verbose_name = "Web client"
