// Words for the table: seat names, pass directions, and one line per event (event log, replay).

import { cardName, cardText } from "./cards.js";

/** "left" of seat s is s+1, "right" s-1, "across" s+2 (docs/engine.md). */
export function passTarget(seats, seat, direction) {
  const offset = { left: 1, right: -1, across: 2, hold: 0 }[direction];
  return (((seat + offset) % seats) + seats) % seats;
}

/** The (direction, count) of hand n: the ruleset's pass_cycle repeats; no passing = hold. */
export function passForHand(rules, handNumber) {
  if (!rules.passing || handNumber < 1) return ["hold", 0];
  return rules.pass_cycle[(handNumber - 1) % rules.pass_cycle.length];
}

export const cardList = (cards) => cards.map(cardText).join(" ");

const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** "3 cards to the left", "1 card across". */
export function passWords(count, direction) {
  const where = { left: "to the left", right: "to the right", across: "across" }[direction] || direction;
  return `${plural(count, "card")} ${where}`;
}

const SUIT_NAMES = { C: "club", D: "diamond", H: "heart", S: "spade" };

/** A wait in words: "45 seconds", "2 minutes", "1 hour" (rounded up). */
export function waitWords(seconds) {
  const s = Math.max(1, Math.ceil(Number(seconds) || 0));
  if (s < 90) return plural(s, "second");
  if (s < 90 * 60) return plural(Math.ceil(s / 60), "minute");
  return plural(Math.ceil(s / 3600), "hour");
}

/** Rule errors and other problems a player can meet, in words (the code stays in the banner's
 * data-code and in a smaller line, for bug reports). */
const RULE_TEXT = {
  must_follow_suit: (x) => `You must follow suit${x.suit ? `: play a ${SUIT_NAMES[x.suit] || x.suit}` : ""}.`,
  hearts_not_broken: () => "Hearts are not broken yet: lead another suit.",
  no_points_on_first_trick: () => "No hearts or queen of spades on the first trick.",
  must_lead_opening_card: (x) => `The first trick must be led with ${x.opening ? `the ${cardName(x.opening).toLowerCase()}` : "the opening card"}.`,
  not_your_turn: () => "It is not your turn.",
  card_not_in_hand: () => "That card is not in your hand.",
  wrong_pass_count: (x) => (x.expected != null ? `Choose exactly ${plural(x.expected, "card")} to pass.` : "Choose the right number of cards to pass."),
  wrong_phase: () => "That move does not fit this moment of the game.",
  concurrency_conflict: () => "The game moved on meanwhile: the table has been refreshed.",
};

/**
 * The words for a problem-details error: {title, text}. A 429 says when to try again (from
 * Retry-After); a rule error says which rule; anything else keeps the server's detail.
 */
export function problemText(problem, status) {
  if (status === 429 || problem.code === "throttled") {
    const wait = problem.retry_after ?? (problem.extra || {}).retry_after;
    return {
      title: "Too many requests",
      text: wait != null ? `Try again in ${waitWords(wait)}.` : "Try again in a moment.",
    };
  }
  const rule = RULE_TEXT[problem.code];
  if (rule) return { title: "Not allowed", text: rule(problem.extra || {}) };
  return { title: problem.title || "Error", text: problem.detail || "" };
}
export const points = (n) => plural(n, "point");

/**
 * One event in words. `name(seat)` names a seat ("You", "alice", "AI (heuristic)").
 * Payloads are as the caller may see them: a seated player's own cards only.
 */
export function describeEvent(event, name) {
  const p = event.payload || {};
  switch (event.type) {
    case "game_created": return "Game created.";
    case "seat_taken": return `${p.display_name} sits at seat ${p.seat}.`;
    case "seat_left": return `Seat ${p.seat} is free again.`;
    case "ai_seat_added": return `An AI (${p.level}) takes seat ${p.seat}.`;
    case "seat_handed_to_ai": return `${name(p.seat)} handed the seat to the AI (${p.reason || "requested"}).`;
    case "seat_reclaimed": return `${name(p.seat)} is back at the table.`;
    case "game_started": return "The game starts.";
    case "hand_dealt":
      return `Hand ${p.hand_number} dealt${p.cards ? `: ${plural(p.cards.length, "card")} to you` : ""}` +
        (p.commitment ? ` (commitment ${p.commitment.slice(0, 12)}…).` : ".");
    case "cards_passed":
      return p.cards ? `${name(p.seat)} passed ${cardList(p.cards)}.` : `${name(p.seat)} passed.`;
    case "passes_exchanged":
      if (p.gave || p.received) {
        return `Cards exchanged: you gave ${cardList(p.gave || [])}, received ${cardList(p.received || [])}.`;
      }
      return "Cards exchanged.";
    case "card_played": return `${name(p.seat)} played ${cardText(p.card)} (${cardName(p.card)}).`;
    case "trick_won":
      return `Trick ${p.trick_number} won by ${name(p.seat)}${p.points ? ` (+${points(p.points)})` : ""}.`;
    case "moon_chosen": return `${name(p.seat)} chose ${p.choice.replaceAll("_", " ")}.`;
    case "hand_scored":
      return `Hand ${p.hand_number} scored: ${p.points.join(" / ")}` +
        (p.moon_shooter != null ? `; ${name(p.moon_shooter)} shot the moon!` : ".");
    case "game_ended":
      return `Game over. ${p.winners.map(name).join(" and ")} ${p.winners.length > 1 || name(p.winners[0]) === "You" ? "win" : "wins"} with ${points(Math.min(...p.totals))}.`;
    default: return `${event.type}`;
  }
}
