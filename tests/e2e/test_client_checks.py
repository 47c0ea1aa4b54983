"""The browser's verification code (webclient/static/webclient/verify.js, cards.js) against the
engine and the store it re-implements, for every preset, run in the real browser.

The table and the replay trust these functions to say "verified": they must deal, hash and
serialise exactly as the server does.
"""

from __future__ import annotations

import random

import pytest

from games import engine
from games.store import canonical_json, event_hash

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

MODULES = """async () => ({
    verify: await import('/static/webclient/verify.js'),
    cards: await import('/static/webclient/cards.js'),
})"""


@pytest.fixture
def page(browser, e2e_server):
    page = browser.new_page()
    page.goto(f"{e2e_server.base_url}/play/")  # a secure context (127.0.0.1): crypto.subtle
    return page


def run(page, body: str, arg):
    """Evaluate ``body`` (an async function of (m, arg), m = the imported modules) in the page."""
    return page.evaluate(
        f"async (arg) => {{ const m = await ({MODULES})(); return await ({body})(m, arg); }}", arg
    )


def test_deck_deal_and_commitment_match_the_engine_for_every_preset(page):
    # One browser for every preset (a browser per test costs seconds).
    for preset in sorted(engine.PRESETS):
        rng = random.Random(preset)
        rules = engine.RuleSet.from_preset(preset)
        deck = engine.deck_for(rules)
        shuffled = tuple(rng.sample(deck, len(deck)))
        salt = f"{rng.getrandbits(64):016x}"
        hand_number = rng.randint(2, 9)  # not always dealer 0

        # The engine deals hand `hand_number` from this deck order (its public API).
        before = engine.state_to_dict(engine.new_game(rules))
        before["hand_number"] = hand_number - 1  # a game awaiting that deal
        state, _ = engine.apply(engine.state_from_dict(before), engine.DealHand(shuffled, salt))
        assert state.hand_number == hand_number
        hands = [[c.code for c in engine.view_for_seat(state, s).hand] for s in range(rules.seats)]

        browser_says = run(
            page,
            """async (m, a) => ({
                deck: m.cards.deckFor(a.rules.deck),
                hands: m.verify.dealHands(a.rules, a.deck, a.dealer),
                commitment: await m.verify.dealCommitment(a.deck, a.salt),
            })""",
            {"rules": rules.to_dict(), "deck": [c.code for c in shuffled], "salt": salt,
             "dealer": state.dealer},
        )  # fmt: skip
        assert browser_says["deck"] == [c.code for c in deck], preset
        assert browser_says["hands"] == hands, preset
        assert browser_says["commitment"] == engine.deal_commitment(shuffled, salt), preset


def test_verify_hand_flags_a_deck_that_does_not_match_its_commitment(page):
    rules = engine.RuleSet.from_preset("classic")
    deck = [c.code for c in engine.deck_for(rules)]
    commitment = engine.deal_commitment(engine.deck_for(rules), "s4lt")
    swapped = [deck[1], deck[0], *deck[2:]]
    checks = run(
        page,
        """async (m, a) => Promise.all([a.deck, a.swapped].map((deck) => m.verify.verifyHand({
            rules: a.rules, result: {deck, salt: 's4lt', dealer: 0}, commitment: a.commitment,
            seat: 1, dealtCards: m.verify.dealHands(a.rules, a.deck, 0)[1],
        })))""",
        {"rules": rules.to_dict(), "deck": deck, "swapped": swapped, "commitment": commitment},
    )
    honest, tampered = ({c["name"]: c["ok"] for c in result} for result in checks)
    assert honest == {"deck": True, "commitment": True, "dealt": True}
    assert tampered["commitment"] is False
    assert tampered["dealt"] is False  # seat 1 would have received another card


def test_canonical_json_and_event_hash_match_the_store(page):
    payload = {
        "display_name": 'Zoë \u00e9\u4e2d \U0001f0b1 "quoted" back\\slash\ttab\nline',
        "z": [1, -2, 0, None, True, False],
        "a": {"nested": {"b": 2, "a": 1}, "empty": {}, "list": []},
        "cards": ["10H", "QS"],
    }
    actor = {"kind": "player", "player": 7, "seat": 2}
    browser_says = run(
        page,
        """async (m, a) => ({
            json: m.verify.canonicalJson(a.payload),
            hash: await m.verify.sha256Hex(a.prev + m.verify.canonicalJson(
                [a.game, 5, 'seat_taken', 2, a.payload, a.actor])),
        })""",
        {"payload": payload, "actor": actor, "prev": "ab" * 32,
         "game": "6b0f8a1e-0000-4000-8000-000000000001"},
    )  # fmt: skip
    assert browser_says["json"] == canonical_json(payload)
    assert browser_says["hash"] == event_hash(
        prev_hash="ab" * 32,
        game_id="6b0f8a1e-0000-4000-8000-000000000001",
        seq=5,
        type_="seat_taken",
        schema_version=2,
        payload=payload,
        actor=actor,
    )


def test_signed_heads_verify_in_the_browser_and_a_rewrite_or_a_foreign_key_fails(page):
    """verify.js checks the server's Ed25519 signatures with WebCrypto exactly as the store
    signs them; a signed head that is not the log's hash, a changed signature or a key the
    server does not list is a failure, and an unsigned hand end too."""
    from games import signing

    game_id = "6b0f8a1e-0000-4000-8000-000000000002"
    events = [
        {"seq": 1, "type": "card_played", "hash": "11" * 32},
        {"seq": 2, "type": "hand_scored", "hash": "22" * 32},
        {"seq": 3, "type": "game_ended", "hash": "33" * 32},
    ]
    ring = signing.keyring()
    sigs = []
    for event in events[1:]:
        key_id, signature = ring.sign(game_id, event["seq"], event["hash"])
        sigs.append({"seq": event["seq"], "head_hash": event["hash"], "key_id": key_id,
                     "signature": signature})  # fmt: skip
    keys = [k.to_dict() for k in ring.keys.values()]
    other = signing.build_keyring(signing.generate_private_key_text())
    cases = {
        "honest": sigs,
        "rewritten": [{**sigs[0], "head_hash": "44" * 32}, sigs[1]],
        "altered": [sigs[0], {**sigs[1], "signature": sigs[0]["signature"]}],
        "foreign": [sigs[0], dict(zip(("key_id", "signature"),
                                      other.sign(game_id, 3, "33" * 32), strict=True),
                                  seq=3, head_hash="33" * 32)],
        "unsigned": sigs[1:],
    }  # fmt: skip
    results = run(
        page,
        """async (m, a) => {
            const out = {};
            for (const [name, signatures] of Object.entries(a.cases)) {
                out[name] = await m.verify.verifySignedHeads(
                    {game_id: a.game, events: a.events, signatures}, a.keys);
            }
            return out;
        }""",
        {"cases": cases, "events": events, "keys": keys, "game": game_id},
    )
    assert results["honest"] == {"status": "ok", "checked": 2, "problems": []}
    assert results["rewritten"]["status"] == "failed"
    assert "is not the log's hash" in results["rewritten"]["problems"][0]
    assert results["altered"]["problems"] == ["event 3: the signature does not verify"]
    assert results["foreign"]["problems"] == [
        f"event 3: signed by unknown key {other.current.key_id}"
    ]
    assert results["unsigned"]["problems"] == ["event 2 (hand_scored) is not signed"]


@pytest.fixture
def finished_game_id(e2e_server):
    """A new (chain v2) two-player game played to its end, before the browser starts (the ORM
    refuses to run inside Playwright's event loop)."""
    from tests.store.conftest import new_game

    return str(new_game(hands=30, target=1, preset="two_player")[0])


def test_a_new_games_public_log_recomputes_every_hash_and_a_tampered_one_fails(
    finished_game_id, page
):
    """Chain v2: the replay's check recomputes the hash of EVERY event of the public log (none
    is checked by its links only), and a seat given to another pseudonym, a changed actor or a
    changed card is caught at that event."""
    results = run(
        page,
        """async (m, gameId) => {
            const log = await (await fetch(`/api/v1/games/${gameId}/log/`)).json();
            const out = {honest: await m.verify.verifyHashChain(log), events: log.events.length};
            const tampered = async (change) => {
                const copy = structuredClone(log);
                const seq = change(copy.events);
                return [seq, (await m.verify.verifyHashChain(copy)).brokenAt];
            };
            out.seat = await tampered((events) => {
                const taken = events.filter((e) => e.type === 'seat_taken');
                taken[1].payload.player_pseudonym = taken[0].payload.player_pseudonym;
                return taken[1].seq;
            });
            out.actor = await tampered((events) => {
                const played = events.find((e) => e.type === 'card_played');
                played.actor.player_pseudonym = 'p_' + '0'.repeat(24);
                return played.seq;
            });
            out.card = await tampered((events) => {
                const played = events.filter((e) => e.type === 'card_played').at(-1);
                played.payload.card = played.payload.card === '2C' ? '3C' : '2C';
                return played.seq;
            });
            out.pseudonyms = log.events.filter((e) => e.type === 'seat_taken')
                .map((e) => e.payload.player_pseudonym);
            return out;
        }""",
        finished_game_id,
    )
    assert results["honest"] == {
        "ok": True, "version": 2, "checked": results["events"],
        "recomputed": results["events"], "linkedOnly": 0, "brokenAt": None,
    }  # fmt: skip
    assert results["events"] > 20
    assert len(set(results["pseudonyms"])) == 2
    for name in ("seat", "actor", "card"):
        seq, broken_at = results[name]
        assert broken_at == seq, (name, results[name])
