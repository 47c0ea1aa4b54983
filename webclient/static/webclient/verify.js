// Checks a player (or an auditor) can run in the browser, trusting nothing but the maths.
//
// 1. Deal commitment. When a hand is dealt, every seat receives
//    commitment = sha256(salt + ":" + deck codes joined by " ")   (hex)
//    (event `hand_dealt`), long before the deck and salt are revealed (event `hand_scored`,
//    and the view's `hand_results[n].deck/salt`). Recomputing the hash from the revealed deck
//    proves the server did not change the deck after seeing the play. We also check that the
//    deck is a permutation of the ruleset's deck and that dealing it gives this seat exactly
//    the cards it was dealt.
// 2. Hash chain of the exported log (replay page): each event's
//    hash = sha256(prev_hash + canonical JSON of [game id, seq, type, schema_version, payload,
//    actor]), the first prev_hash being 64 zeros. Canonical JSON = keys sorted, no spaces,
//    non-ASCII left as is (Python: json.dumps(sort_keys=True, separators=(",", ":"),
//    ensure_ascii=False)). Chain v2 (`chain_version` 2, every game created since): the payload
//    and actor {kind, player_pseudonym, seat} exactly as the log shows them (per-game
//    pseudonyms stand for account ids), so EVERY hash is recomputed. Chain v1 (older games):
//    the actor is {kind, player, seat}, and events that name a player's account, which the
//    public log leaves out (`redacted`), are checked by their links only.
// 3. Signed heads (replay page): the server signs the chain head after every hand_scored and
//    game_ended event with Ed25519 (a key never stored in the database). Each signature signs
//    the UTF-8 text "hearts-head-v1\n<game id>\n<seq>\n<head hash>" and names its key; the
//    public keys come from GET /api/v1/signing-keys/. A log rewritten in the database with every
//    sha256 recomputed passes check 2 but fails this one. WebCrypto's Ed25519 is recent: where
//    the browser lacks it the page says "not checked" (never "verified").

import { deckFor, sortCards } from "./cards.js";

export const GENESIS_HASH = "0".repeat(64);

/** Is crypto.subtle there? Browsers only offer it in secure contexts (HTTPS or localhost). */
export function canVerify() {
  return Boolean(globalThis.crypto && crypto.subtle);
}

export async function sha256Hex(text) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export function dealCommitment(deck, salt) {
  return sha256Hex(`${salt}:${deck.join(" ")}`);
}

/**
 * The engine's deal (games/engine/deal.py): the dealer of hand n is seat (n - 1) % seats;
 * cards go one at a time clockwise from the dealer's left; when the deck has more cards than
 * are dealt, the first card is dead, then the hands are dealt, then the rest is dead.
 * Returns the cards of each seat, sorted.
 */
export function dealHands(rules, deck, dealer) {
  const seats = rules.seats;
  const dealt = seats * rules.hand_size;
  const start = deck.length > dealt ? 1 : 0;
  const hands = Array.from({ length: seats }, () => []);
  for (let k = 0; k < dealt; k += 1) hands[(dealer + 1 + k) % seats].push(deck[start + k]);
  return hands.map(sortCards);
}

function sameCards(a, b) {
  const x = sortCards(a);
  const y = sortCards(b);
  return x.length === y.length && x.every((c, i) => c === y[i]);
}

/**
 * Verify one finished hand. `result` is a view's hand_results entry (deck, salt, dealer);
 * `commitment` the one received in that hand's `hand_dealt` event; `dealtCards` the cards this
 * seat was dealt (same event; null for a spectator). Resolves to a list of named checks.
 */
export async function verifyHand({ rules, result, commitment, seat, dealtCards }) {
  const checks = [];
  const expectedDeck = deckFor(rules.deck);
  checks.push({
    name: "deck",
    ok: expectedDeck ? sameCards(result.deck, expectedDeck) : null,
    text: `the revealed deck is a permutation of the ${rules.deck} deck (${result.deck.length} cards)`,
  });
  if (commitment) {
    const computed = await dealCommitment(result.deck, result.salt);
    checks.push({
      name: "commitment",
      ok: computed === commitment,
      text: `sha256(salt:deck) = ${computed.slice(0, 16)}… ${computed === commitment ? "matches" : "DIFFERS FROM"} the commitment sent at the deal`,
    });
  } else {
    checks.push({ name: "commitment", ok: null, text: "no commitment was received for this hand" });
  }
  if (seat != null && dealtCards) {
    const mine = dealHands(rules, result.deck, result.dealer)[seat];
    checks.push({
      name: "dealt",
      ok: sameCards(mine, dealtCards),
      text: `dealing the revealed deck gives your seat the ${dealtCards.length} cards you were dealt`,
    });
  }
  return checks;
}

/** JSON with sorted keys and no spaces: the store's canonical form. */
export function canonicalJson(value) {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** The actor as chain `version` hashes it (v2: the pseudonym; v1: the account id). */
export function hashedActor(actor, version) {
  return version === 2
    ? { kind: actor.kind, player_pseudonym: actor.player_pseudonym ?? null, seat: actor.seat }
    : { kind: actor.kind, player: actor.player ?? null, seat: actor.seat };
}

/**
 * Check the exported log's hash chain. Resolves to {ok, version, checked, recomputed,
 * linkedOnly, brokenAt}: every event's prev_hash must be the previous event's hash; every
 * event's hash is recomputed. Chain v2 logs always recompute in full (`linkedOnly` 0). In a
 * chain v1 log, events whose `redacted` list is not empty (the public log leaves out internal
 * account ids, which their hash covers) are checked by their links only (`linkedOnly` counts
 * them; the server's verification recomputes them). brokenAt is the seq of the first event that
 * does not match.
 */
export async function verifyHashChain(log) {
  const version = log.chain_version === 2 ? 2 : 1;
  let prev = GENESIS_HASH;
  let recomputed = 0;
  let linkedOnly = 0;
  for (const event of log.events) {
    const broken = { ok: false, version, checked: event.seq - 1, recomputed, linkedOnly, brokenAt: event.seq };
    if (event.prev_hash !== prev) return broken;
    if (version === 1 && event.redacted && event.redacted.length) {
      linkedOnly += 1;
    } else {
      const actor = hashedActor(event.actor, version);
      const body = canonicalJson([log.game_id, event.seq, event.type, event.schema_version, event.payload, actor]);
      if (event.hash !== await sha256Hex(prev + body)) return broken;
      recomputed += 1;
    }
    prev = event.hash;
  }
  return { ok: true, version, checked: log.events.length, recomputed, linkedOnly, brokenAt: null };
}

export const SIGNED_TYPES = new Set(["hand_scored", "game_ended"]);

function base64Bytes(text) {
  const binary = atob(text);
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

export function headMessage(gameId, seq, headHash) {
  return new TextEncoder().encode(`hearts-head-v1\n${gameId}\n${seq}\n${headHash}`);
}

/**
 * Check the log's signed heads with the server's public keys (`keys`: the `keys` list of GET
 * signing-keys/). Resolves to {status, checked, problems}: status "ok", "failed", or
 * "unsupported" when this browser cannot verify Ed25519 (then nothing was checked).
 */
export async function verifySignedHeads(log, keys) {
  if (!canVerify()) return { status: "unsupported", checked: 0, problems: ["crypto.subtle is unavailable"] };
  const imported = {};
  try {
    for (const key of keys) {
      imported[key.key_id] = await crypto.subtle.importKey("raw", base64Bytes(key.public_key), { name: "Ed25519" }, false, ["verify"]);
    }
  } catch (err) {
    return { status: "unsupported", checked: 0, problems: [`Ed25519 is not supported here (${err.name || err})`] };
  }
  const bySeq = new Map(log.events.map((e) => [e.seq, e]));
  const signatures = log.signatures || [];
  const problems = [];
  const signed = new Set();
  for (const s of signatures) {
    signed.add(s.seq);
    const event = bySeq.get(s.seq);
    if (!event) problems.push(`event ${s.seq} is signed but the log ends earlier (truncated)`);
    else if (event.hash !== s.head_hash) problems.push(`event ${s.seq}: the signed head is not the log's hash (rewritten)`);
    const key = imported[s.key_id];
    if (!key) {
      problems.push(`event ${s.seq}: signed by unknown key ${s.key_id}`);
      continue;
    }
    let ok = false;
    try {
      ok = await crypto.subtle.verify({ name: "Ed25519" }, key, base64Bytes(s.signature), headMessage(log.game_id, s.seq, s.head_hash));
    } catch {
      ok = false;
    }
    if (!ok) problems.push(`event ${s.seq}: the signature does not verify`);
  }
  for (const event of log.events) {
    if (SIGNED_TYPES.has(event.type) && !signed.has(event.seq)) problems.push(`event ${event.seq} (${event.type}) is not signed`);
  }
  return { status: problems.length ? "failed" : "ok", checked: signatures.length, problems };
}
