"""The API's JSON renderer: DRF's ``JSONRenderer``, encoded by orjson.

A game's view is mostly short strings (card codes) in lists; the standard library's encoder
spent about 0.15 ms on the view of a 1,000-event game and 0.05 ms on a new one
(docs/benchmarks.md, finding 33). orjson writes the same bytes as DRF's compact, UTF-8 rendering
(``COMPACT_JSON``, ``UNICODE_JSON``: the defaults this project keeps) for everything the API
renders: datetimes go through DRF's own encoder (``OPT_PASSTHROUGH_DATETIME``: ``...Z`` for UTC,
as DRF writes them), as does anything else orjson does not know natively (``Decimal``, lazy
translations, querysets...). Whatever orjson refuses (an integer beyond 64 bits, say) and
indented output (the browsable API) are rendered by DRF's own renderer, so an answer never
fails here that DRF would have rendered; ``tests/api/test_json_renderer.py`` compares the two
byte for byte. Two differences: some floats in exponent form are written otherwise (``1e-7``
where Python writes ``1e-07``, ``-0.00003`` for ``-3e-05``: the same numbers), and a float NaN
or infinity, which DRF's strict rendering refuses (an error), is ``null`` here; the API renders
neither.
"""

from __future__ import annotations

from typing import Any

import orjson
from rest_framework.renderers import JSONRenderer
from rest_framework.utils.encoders import JSONEncoder

_OPTIONS = orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_NON_STR_KEYS
_DEFAULT = JSONEncoder().default


class FastJSONRenderer(JSONRenderer):
    def render(self, data: Any, accepted_media_type=None, renderer_context=None) -> bytes:
        if data is None:
            return b""
        compact_utf8 = self.compact and not self.ensure_ascii and self.encoder_class is JSONEncoder
        if compact_utf8 and self.get_indent(accepted_media_type, renderer_context or {}) is None:
            try:
                body = orjson.dumps(data, default=_DEFAULT, option=_OPTIONS)
            except (TypeError, orjson.JSONEncodeError):
                pass  # DRF's own renderer decides (and raises what it raises)
            else:
                # as DRF does: U+2028 and U+2029 escaped (JavaScript strings may not hold them)
                if b"\xe2\x80\xa8" in body or b"\xe2\x80\xa9" in body:
                    body = body.replace(b"\xe2\x80\xa8", b"\\u2028")
                    body = body.replace(b"\xe2\x80\xa9", b"\\u2029")
                return body
        return super().render(data, accepted_media_type, renderer_context)
