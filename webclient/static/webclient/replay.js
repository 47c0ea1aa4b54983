// The replay page: step through a finished game's log (GET games/{id}/log/, public once the
// game is over), with every hand face up, for players and auditors.
//
// The log is the stored truth: every event with its payload unredacted (hand_dealt holds the
// deck and salt), the actor and the hash chain. The page rebuilds the table from it without the
// engine: dealing the deck (verify.js dealHands), the exchange of passes (passes_exchanged:
// passes[s] = the cards seat s gave), the cards played and the tricks won. It also checks the
// hash chain (every hash recomputed for a chain v2 game) and the server's Ed25519 signed heads (public keys from GET signing-keys/; "not
// checked" where the browser has no Ed25519), and shows each hand's commitment recomputed from its
// deck and salt, to compare with the one the players received at the deal.

import { cardElement, cardName, sortCards } from "./cards.js";
import { describeEvent, passForHand, passTarget, points } from "./text.js";
import { canVerify, dealCommitment, dealHands, verifyHashChain, verifySignedHeads } from "./verify.js";

/** Who played each seat: the last occupant the lobby events name (a display name, or "AI 2
 * (heuristic)"); "Seat n" only for a seat nobody took. */
export function playerNames(log) {
  const names = Array.from({ length: log.ruleset.seats }, (_, s) => `Seat ${s}`);
  for (const { type, payload: p } of log.events) {
    if (type === "seat_taken") names[p.seat] = p.display_name;
    else if (type === "ai_seat_added") names[p.seat] = `AI ${p.seat} (${p.level})`;
    else if (type === "game_started") break;
  }
  return names;
}

/** One frame per event: the table after that event. Seats carry their players' names from the
 * first frame on. */
export function buildFrames(log) {
  let rules = log.ruleset;
  const seats = rules.seats;
  const names = playerNames(log);
  let state = {
    hand: 0, hands: Array.from({ length: seats }, () => []), trick: [], lastTrick: null,
    taken: Array(seats).fill(0), totals: Array(seats).fill(0), passed: Array(seats).fill(null),
    results: [], winners: null,
  };
  const frames = [];
  const name = (seat) => names[seat];
  for (const event of log.events) {
    const p = event.payload;
    state = structuredClone(state);
    switch (event.type) {
      case "game_created": rules = p.ruleset; break;
      case "hand_dealt":
        state.hand = p.hand_number;
        state.dealer = (p.hand_number - 1) % seats;
        state.deck = p.deck;
        state.salt = p.salt;
        state.hands = dealHands(rules, p.deck, state.dealer);
        state.trick = [];
        state.lastTrick = null;
        state.taken = Array(seats).fill(0);
        state.passed = Array(seats).fill(null);
        break;
      case "cards_passed": state.passed[p.seat] = p.cards; break;
      case "passes_exchanged": {
        const [direction] = passForHand(rules, p.hand_number);
        const hands = state.hands.map((cards, s) => cards.filter((c) => !p.passes[s].includes(c)));
        p.passes.forEach((cards, s) => hands[passTarget(seats, s, direction)].push(...cards));
        state.hands = hands.map(sortCards);
        break;
      }
      case "card_played":
        state.hands[p.seat] = state.hands[p.seat].filter((c) => c !== p.card);
        state.trick.push([p.seat, p.card]);
        state.lastTrick = null;
        break;
      case "trick_won":
        state.lastTrick = { number: p.trick_number, cards: state.trick, winner: p.seat, points: p.points };
        state.taken[p.seat] += p.points;
        state.trick = [];
        break;
      case "hand_scored":
        state.totals = p.totals;
        state.results.push(p);
        break;
      case "game_ended": state.winners = p.winners; break;
      default: break;
    }
    frames.push({ seq: event.seq, type: event.type, text: describeEvent(event, name), state, names: [...names] });
  }
  return { frames, rules };
}

export async function renderReplay(main, { api, id, h, showError, playRoot }) {
  main.replaceChildren(h("p", { class: "muted" }, "Loading the game log…"));
  let log;
  try {
    log = await api.gameLog(id);
  } catch (err) {
    showError(err);
    main.replaceChildren(h("p", {}, h("a", { href: `${playRoot}#/` }, "Back to the lobby")));
    return;
  }
  const { frames, rules } = buildFrames(log);
  let index = 0;

  const slider = h("input", {
    type: "range", id: "replay-slider", min: 0, max: frames.length - 1, value: 0, "aria-label": "Event",
    oninput: () => show(Number(slider.value)),
  });
  const controls = h("div", { class: "actions replay-controls" },
    h("button", { type: "button", id: "replay-first", onclick: () => show(0) }, "\u00AB First"),
    h("button", { type: "button", id: "replay-prev", onclick: () => show(index - 1) }, "\u25C0 Back"),
    h("button", { type: "button", id: "replay-next", onclick: () => show(index + 1) }, "Next \u25B6"),
    h("button", { type: "button", id: "replay-next-trick", onclick: () => show(nextIndex((f) => f.type === "trick_won")) }, "Next trick"),
    h("button", { type: "button", id: "replay-last", onclick: () => show(frames.length - 1) }, "Last \u00BB"),
    slider);
  const table = h("div", { class: "replay-table" });
  const chain = h("p", { id: "hash-chain", class: "muted" }, canVerify() ? "Checking the hash chain…" : "crypto.subtle is unavailable here (needs HTTPS or localhost).");
  const signatures = h("p", { id: "signatures", class: "muted" }, canVerify() ? "Checking the signed heads…" : "Signed heads: not checked (crypto.subtle needs HTTPS or localhost).");
  const commitments = h("ul", { class: "commitments" });

  main.replaceChildren(h("div", { class: "replay" },
    h("header", { class: "game-header" },
      h("h1", {}, `Replay · ${log.preset.replaceAll("_", " ")}`),
      h("p", { class: "muted" }, `Game ${log.game_id} · ${log.events.length} events · target ${rules.target}`)),
    controls, table,
    h("section", { class: "panel verification", "aria-labelledby": "audit-title" },
      h("h2", { id: "audit-title" }, "Audit"), chain, signatures, commitments),
    h("p", {}, h("a", { href: `${playRoot}#/` }, "Back to the lobby"))));

  document.addEventListener("keydown", onKey);
  function onKey(event) {
    if (!document.body.contains(table)) return document.removeEventListener("keydown", onKey);
    if (event.target instanceof HTMLInputElement && event.target.type !== "range") return;
    if (event.key === "ArrowRight") show(index + 1);
    if (event.key === "ArrowLeft") show(index - 1);
  }

  function nextIndex(test) {
    for (let i = index + 1; i < frames.length; i += 1) if (test(frames[i])) return i;
    return frames.length - 1;
  }

  function show(i) {
    index = Math.max(0, Math.min(frames.length - 1, i));
    slider.value = index;
    const { state, names, text, seq } = frames[index];
    const seatBox = (s) => h("div", { class: "seat replay-seat", dataset: { seat: s } },
      h("div", { class: "seat-name" }, names[s], state.dealer === s ? h("span", { class: "badge" }, "dealer") : null),
      h("div", { class: "cards" }, state.hands[s].map((c) => cardElement(c, { small: true }))),
      h("div", { class: "muted" }, `${points(state.taken[s])} this hand · total ${state.totals[s]}`,
        state.passed[s] ? ` · passed ${state.passed[s].join(" ")}` : ""));
    const shownTrick = state.trick.length ? state.trick : state.lastTrick ? state.lastTrick.cards : [];
    const parts = [
      h("p", { class: "turn", id: "replay-step", role: "status" }, h("strong", {}, `Event ${seq} / ${frames[frames.length - 1].seq}: `), text),
      h("div", { class: "replay-seats" }, names.map((_, s) => seatBox(s))),
      h("section", { class: "trick", "aria-label": "Trick" },
        h("div", { class: "trick-caption" }, state.lastTrick && !state.trick.length
          ? `Trick ${state.lastTrick.number} won by ${names[state.lastTrick.winner]}${state.lastTrick.points ? ` (+${points(state.lastTrick.points)})` : ""}`
          : `Hand ${state.hand || "–"}`),
        h("div", { class: "trick-cards" }, shownTrick.map(([s, c]) => h("figure", { class: "play" },
          cardElement(c, { label: `${names[s]}: ${cardName(c)}` }), h("figcaption", {}, names[s]))))),
      state.results.length ? h("section", { class: "panel scores", "aria-label": "Scores" }, h("table", {},
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Hand"), names.map((n) => h("th", { scope: "col" }, n)))),
        h("tbody", {}, state.results.map((r) => h("tr", {}, h("th", { scope: "row" }, `Hand ${r.hand_number}`),
          r.points.map((pts, s) => h("td", {}, String(pts), r.moon_shooter === s ? h("span", { class: "moon" }, " \u263E moon") : null))))),
        h("tfoot", {}, h("tr", {}, h("th", { scope: "row" }, "Total"), state.totals.map((t) => h("td", {}, String(t))))))) : null,
      state.winners ? h("p", { class: "panel result won", id: "replay-result" }, `Winner: ${state.winners.map((s) => names[s]).join(" and ")} · totals ${state.totals.join(" / ")}`) : null,
    ];
    table.replaceChildren(...parts.filter(Boolean));
  }
  show(0);

  if (!canVerify()) {
    signatures.dataset.verified = "not-checked";
    return;
  }
  const result = await verifyHashChain(log);
  chain.className = result.ok ? "ok" : "bad";
  chain.dataset.verified = result.ok ? "ok" : "failed";
  chain.dataset.chainVersion = String(result.version);
  chain.textContent = result.ok
    ? `\u2713 Hash chain intact: ${result.checked} events linked; ${result.recomputed} hashes recomputed (sha256(prev_hash + canonical JSON) matches)` +
      (result.version === 2
        ? `: every event, from this public log alone (chain v2: players appear under per-game pseudonyms).`
        : result.linkedOnly ? `, ${result.linkedOnly} checked by their links only (they name a player's account, left out of the public log of this older game).` : ".")
    : `\u2717 Hash chain broken at event ${result.brokenAt}.`;
  let keys = null;
  try {
    keys = (await api.signingKeys()).keys;
  } catch {
    keys = null;
  }
  const signed = keys ? await verifySignedHeads(log, keys) : { status: "unsupported", checked: 0, problems: ["the signing keys could not be read"] };
  signatures.dataset.verified = { ok: "ok", failed: "failed" }[signed.status] || "not-checked";
  signatures.className = { ok: "ok", failed: "bad" }[signed.status] || "muted";
  signatures.textContent = signed.status === "ok"
    ? `\u2713 Signed heads valid: ${signed.checked} Ed25519 signatures by the server's keys, one after every hand and at the end.`
    : signed.status === "failed"
      ? `\u2717 Signed heads do not match: ${signed.problems.slice(0, 3).join("; ")}.`
      : `Signed heads: not checked (${signed.problems[0]}).`;
  for (const event of log.events.filter((e) => e.type === "hand_dealt")) {
    const commitment = await dealCommitment(event.payload.deck, event.payload.salt);
    commitments.append(h("li", {}, `Hand ${event.payload.hand_number}: commitment `, h("code", {}, commitment),
      " (sha256 of salt:deck; compare with the one your client received at the deal)"));
  }
}
