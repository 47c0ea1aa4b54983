"""A play's body parsed without building its serializer (``PlayCardInputSerializer.parse_plain``)
gives exactly the serializer's validated data, and leaves everything else to the serializer (its
typed errors unchanged)."""

from __future__ import annotations

import pytest

from games.serializers import PlayCardInputSerializer

WELL_FORMED = [
    {"card": "QS"},
    {"card": "qs"},
    {"card": "10H"},
    {"card": "th"},
    {"card": "2C", "expected_seq": 0},
    {"card": "AD", "expected_seq": 2**31 - 1},
    {"card": "AD", "expected_seq": None},
]
LEFT_TO_THE_SERIALIZER = [
    {},
    {"card": 12},
    {"card": None},
    {"card": "ZZ"},
    {"card": ""},
    {"card": "QS", "expected_seq": -1},
    {"card": "QS", "expected_seq": 2**31},
    {"card": "QS", "expected_seq": "3"},
    {"card": "QS", "expected_seq": 3.0},
    {"card": "QS", "expected_seq": True},
    {"card": "QS", "other": 1},
    ["QS"],
    "QS",
]


def _serializer(data):
    serializer = PlayCardInputSerializer(data=data)
    return dict(serializer.validated_data) if serializer.is_valid() else None


@pytest.mark.parametrize("data", WELL_FORMED)
def test_a_well_formed_body_parses_as_the_serializer_does(data):
    assert PlayCardInputSerializer.parse_plain(data) == _serializer(data)


@pytest.mark.parametrize("data", LEFT_TO_THE_SERIALIZER)
def test_anything_else_is_left_to_the_serializer(data):
    assert PlayCardInputSerializer.parse_plain(data) is None
