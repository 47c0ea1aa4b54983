"""Bounded ``limit`` / ``offset`` pagination: every value is checked, an invalid one is a 400.

DRF's ``LimitOffsetPagination`` silently falls back to the default page for ``limit=abc`` or
``limit=-1`` and passes any offset to the database (``offset=100000000000000000000`` was a 500,
``bigint out of range``). Here both parameters are validated by `PageQuerySerializer` (the same
serializer documents their ranges in openapi.yaml); an invalid value is a 400 ``invalid_filter``
problem naming the parameter, like an invalid lobby filter.
"""

from __future__ import annotations

from typing import Any

from rest_framework import pagination, serializers
from rest_framework.settings import api_settings

from common.errors import InvalidFilter

MAX_PAGE_SIZE = 200
# Sequence numbers and offsets are stored / compared as 32-bit integers (PostgreSQL ``integer``).
MAX_INT32 = 2_147_483_647


class PageQuerySerializer(serializers.Serializer):
    limit = serializers.IntegerField(
        min_value=1,
        max_value=MAX_PAGE_SIZE,
        required=False,
        help_text=f"Page size, 1 to {MAX_PAGE_SIZE} (default API_PAGE_SIZE, 50).",
    )
    offset = serializers.IntegerField(
        min_value=0,
        max_value=MAX_INT32,
        required=False,
        help_text="Index of the first result (0: the first page).",
    )


def invalid_query(errors: dict[str, Any]) -> InvalidFilter:
    """The one 400 of a malformed list query parameter (filter or page)."""
    return InvalidFilter.of(errors)


def validated_page_query(params: Any) -> dict[str, int]:
    data = {key: params[key] for key in ("limit", "offset") if key in params}
    query = PageQuerySerializer(data=data)
    if not query.is_valid():
        raise invalid_query(query.errors)
    return dict(query.validated_data)


class BoundedLimitOffsetPagination(pagination.LimitOffsetPagination):
    max_limit = MAX_PAGE_SIZE

    def paginate_queryset(self, queryset, request, view=None):
        page = validated_page_query(request.query_params)
        self.default_limit = min(api_settings.PAGE_SIZE or 50, MAX_PAGE_SIZE)
        self._validated = page
        return super().paginate_queryset(queryset, request, view)

    def get_limit(self, request):
        return self._validated.get("limit", self.default_limit)

    def get_offset(self, request):
        return self._validated.get("offset", 0)
