// Card notation and card drawing.
//
// Notation (docs/engine.md): rank then suit letter; ranks 2..10, J, Q, K, A; suits C D H S.
// "10H" is the ten of hearts, "QS" the queen of spades. The API always answers the canonical
// upper-case form, in the engine's order (suit C < D < H < S, then rank, ace high).

export const SUITS = ["C", "D", "H", "S"];
export const SUIT_SYMBOL = { C: "\u2663", D: "\u2666", H: "\u2665", S: "\u2660" };
const SUIT_NAME = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };
const RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
const RANK_NAME = {
  J: "Jack", Q: "Queen", K: "King", A: "Ace",
  2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six", 7: "Seven", 8: "Eight", 9: "Nine", 10: "Ten",
};

/** "QS" -> {rank: "Q", suit: "S"} */
export function parseCard(code) {
  return { rank: code.slice(0, -1), suit: code.slice(-1) };
}

/** "QS" -> "Queen of spades" (used for aria-labels and messages). */
export function cardName(code) {
  const { rank, suit } = parseCard(code);
  return `${RANK_NAME[rank]} of ${SUIT_NAME[suit]}`;
}

/** "QS" -> "Q♠" */
export function cardText(code) {
  const { rank, suit } = parseCard(code);
  return rank + SUIT_SYMBOL[suit];
}

/** Sort key in the engine's order: suit, then rank. */
export function cardIndex(code) {
  const { rank, suit } = parseCard(code);
  return SUITS.indexOf(suit) * 13 + RANKS.indexOf(rank);
}

export function sortCards(codes) {
  return [...codes].sort((a, b) => cardIndex(a) - cardIndex(b));
}

/** The cards of a deck key (rules.deck) in canonical order, as the engine's deck_for(). */
export function deckFor(deckKey) {
  const all = SUITS.flatMap((suit) => RANKS.map((rank) => rank + suit));
  const without = (...codes) => all.filter((c) => !codes.includes(c));
  switch (deckKey) {
    case "standard_52": return all;
    case "no_2d": return without("2D");
    case "no_2d_2c": return without("2D", "2C");
    case "no_2d_3d_2c_3c": return without("2D", "3D", "2C", "3C");
    case "short_28": return all.filter((c) => ["2", "4", "6", "8", "10", "Q", "A"].includes(parseCard(c).rank));
    default: return null; // unknown deck key: a newer server; verification says so
  }
}

/**
 * A card drawn with CSS and the suit symbol. `onClick` makes it a <button>; `state` adds
 * classes: "illegal" (not playable now: dimmed), "selected" (chosen to pass). `pressed` makes
 * the button a toggle (aria-pressed); `disabled` a button that cannot be clicked (a card that
 * may not be played now, or any card while it is not your turn).
 */
export function cardElement(code, { onClick, state = [], label, small = false, pressed, disabled = false } = {}) {
  const { rank, suit } = parseCard(code);
  const el = document.createElement(onClick ? "button" : "span");
  el.className = ["card", `suit-${suit}`, small ? "small" : "", ...state].filter(Boolean).join(" ");
  el.dataset.card = code;
  el.setAttribute("aria-label", label || cardName(code));
  if (!onClick) el.setAttribute("role", "img");
  if (pressed != null) el.setAttribute("aria-pressed", String(pressed)); // a toggle (passing)
  const corner = document.createElement("span");
  corner.className = "corner";
  corner.setAttribute("aria-hidden", "true");
  corner.textContent = rank;
  const pip = document.createElement("span");
  pip.className = "pip";
  pip.setAttribute("aria-hidden", "true");
  pip.textContent = SUIT_SYMBOL[suit];
  el.append(corner, pip);
  if (onClick) {
    el.type = "button";
    el.disabled = disabled;
    el.addEventListener("click", () => onClick(code));
  }
  return el;
}

/** A face-down card (other seats' hands). */
export function cardBack({ small = true } = {}) {
  const el = document.createElement("span");
  el.className = `card back${small ? " small" : ""}`;
  el.setAttribute("aria-hidden", "true");
  return el;
}
