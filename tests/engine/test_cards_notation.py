import pytest

from games.engine import (
    PRESETS,
    Card,
    NotationError,
    RuleSet,
    Suit,
    deck_for,
    format_card,
    format_cards,
    parse_card,
    parse_cards,
)
from games.engine.cards import ALL_CARDS, cards_of, indices_of, mask_of


def test_suit_order_is_clubs_diamonds_hearts_spades():
    assert [s.name for s in sorted(Suit)] == ["CLUBS", "DIAMONDS", "HEARTS", "SPADES"]
    assert [int(s) for s in Suit] == [0, 1, 2, 3]


def test_card_index_formula_and_interning():
    for i in range(52):
        card = Card.from_index(i)
        assert card.index == i == card.suit * 13 + card.rank - 2
        assert Card.from_index(i) is card
        assert Card(card.suit, card.rank) == card
        assert hash(Card(card.suit, card.rank)) == hash(card)


def test_cards_order_by_suit_then_rank_ace_high():
    assert sorted(ALL_CARDS, key=lambda c: c.index) == sorted(ALL_CARDS)
    assert parse_card("AC") > parse_card("KC") > parse_card("2C")
    assert parse_card("2D") > parse_card("AC")
    assert parse_card("2S") > parse_card("AH")


@pytest.mark.parametrize("rank", [1, 15, 0, "Q", 2.0])
def test_card_rejects_bad_rank(rank):
    with pytest.raises(ValueError, match=r"rank must be an int 2\.\.14"):
        Card(Suit.CLUBS, rank)


def test_every_canonical_code_round_trips():
    codes = [format_card(c) for c in ALL_CARDS]
    assert len(set(codes)) == 52
    assert codes[:13] == [
        "2C",
        "3C",
        "4C",
        "5C",
        "6C",
        "7C",
        "8C",
        "9C",
        "10C",
        "JC",
        "QC",
        "KC",
        "AC",
    ]
    for code, card in zip(codes, ALL_CARDS, strict=True):
        assert parse_card(code) is card


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("TH", "10H"),
        ("th", "10H"),
        ("10h", "10H"),
        ("qs", "QS"),
        ("Qs", "QS"),
        ("2c", "2C"),
        ("aS", "AS"),
        ("jd", "JD"),
        ("kh", "KH"),
    ],
)
def test_lenient_forms_parse_to_canonical(text, canonical):
    assert format_card(parse_card(text)) == canonical


@pytest.mark.parametrize(
    "text",
    [
        "",
        "Q",
        "10",
        "1C",
        "11H",
        "0H",
        "QX",
        "QSS",
        " QS",
        "QS ",
        "Q S",
        "1OH",
        "TT",
        "ZZ",
        "♠Q",
        "T10H",
        "Q\u017f",
    ],
)
def test_bad_codes_raise_notation_error(text):
    with pytest.raises(NotationError) as info:
        parse_card(text)
    assert info.value.code == "invalid_card_code"
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize("value", [None, 12, b"QS", ["QS"]])
def test_non_strings_raise_notation_error(value):
    with pytest.raises(NotationError):
        parse_card(value)


def test_parse_cards_keeps_order_and_accepts_a_string():
    assert format_cards(parse_cards(["QS", "2C", "th"])) == ["QS", "2C", "10H"]
    assert format_cards(parse_cards("QS 2C, th")) == ["QS", "2C", "10H"]
    with pytest.raises(NotationError):
        parse_cards(["QS", "XX"])


def test_masks_round_trip_in_canonical_order():
    cards = parse_cards("QS 2C 10H AD")
    mask = mask_of(cards)
    assert mask.bit_count() == 4
    assert format_cards(cards_of(mask)) == ["2C", "AD", "10H", "QS"]
    assert indices_of(mask) == tuple(sorted(c.index for c in cards))


@pytest.mark.parametrize(
    ("preset", "size", "missing"),
    [
        ("classic", 52, []),
        ("three_player", 51, ["2D"]),
        ("five_player", 50, ["2D", "2C"]),
        ("six_player", 48, ["2D", "3D", "2C", "3C"]),
        ("two_player_full_deck", 52, []),
    ],
)
def test_deck_for_presets(preset, size, missing):
    deck = deck_for(PRESETS[preset])
    assert len(deck) == size == len(set(deck))
    assert list(deck) == sorted(deck)
    codes = set(format_cards(deck))
    for code in missing:
        assert code not in codes
    assert "QS" in codes
    assert all(f"{r}H" in codes for r in ["2", "3", "10", "J", "Q", "K", "A"])


def test_two_player_deck_has_ranks_2_4_6_8_10_q_a():
    deck = deck_for(RuleSet.from_preset("two_player"))
    assert len(deck) == 28
    assert sorted({c.rank for c in deck}) == [2, 4, 6, 8, 10, 12, 14]
    assert all(sum(c.suit == s for c in deck) == 7 for s in Suit)
