"""The API's one request parser: DRF's JSONParser, hardened.

``json.loads`` raises ``RecursionError`` (not ``ValueError``) on deeply nested input such as
``[[[[...]]]]``; DRF only turns ``ValueError`` into a 400, so such a body was a 500. It is a
malformed request like any other: 400 ``parse_error``.
"""

from __future__ import annotations

from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser


class SafeJSONParser(JSONParser):
    def parse(self, stream, media_type=None, parser_context=None):
        try:
            return super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise ParseError("JSON parse error - nested too deeply.") from None
