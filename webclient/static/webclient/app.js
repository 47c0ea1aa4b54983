// The reference web client: screens, routing and the game table.
//
// Read in this order: api.js (HTTP, token, problem details), live.js (SSE stream / events
// feed), cards.js (notation, drawing), verify.js (deal commitment, hash chain), text.js (words),
// then this file, and replay.js for the replay page; push.js and sw.js (the service worker)
// for "your turn" notifications.
//
// Routes (hash routes, so the server serves one page):
//   #/                sign in / sign up, or the lobby (create a game, your games)
//   #/game/<id>       the table
//   #/replay/<id>     a finished game's replay (also served at /play/replay/<id>/)
//   #/table/<id>      a private table or a rematch offer (social.js)
//   #/join/<code>     an invite link to a private table (social.js)
//   #/ratings[/<p>]   your rating on every preset, and one preset's history (ratings.js)
//   #/leaderboard/<p> a preset's leaderboard (ratings.js)
//
// The table never computes game rules itself: the server's view (GET games/{id}/) says whose
// turn it is, the legal cards, the pass count... The client only draws it, sends moves, and
// refreshes the view when the live stream reports an event.

import { ApiError, createApi, session } from "./api.js";
import { cardBack, cardElement, cardName, sortCards } from "./cards.js";
import { followGame } from "./live.js";
import { pushPanel } from "./push.js";
import { botBadge, ratingBadge, renderLeaderboard, renderMyRatings } from "./ratings.js";
import { renderReplay } from "./replay.js";
import { openTablesPanel, queuePanel, rematchBox, renderJoin, renderTable, stopSocial } from "./social.js";
import { describeEvent, passWords, points, problemText } from "./text.js";
import { canVerify, verifyHand } from "./verify.js";

const main = document.getElementById("app");
const api = createApi(main.dataset.apiRoot);
const playRoot = main.dataset.playRoot;

// --------------------------------------------------------------------------- DOM helper
/** h("button", {class: "x", onclick: f}, "text", child...) -> element */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value == null || value === false) continue;
    if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else if (key === "class") el.className = value;
    else if (key === "dataset") Object.assign(el.dataset, value);
    else el.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child == null || child === false) continue;
    el.append(child instanceof Node ? child : String(child));
  }
  return el;
}

// --------------------------------------------------------------------------- error banner
const banner = document.getElementById("banner");

/** Show a problem-details error in words (text.js problemText: a rule broken, when to try
 * again after a 429), with the server's code in small print. */
export function showError(err) {
  const problem = err instanceof ApiError ? err.problem : { title: "Error", code: "client_error", detail: String(err.message || err) };
  const { title, text } = problemText(problem, err instanceof ApiError ? err.status : null);
  banner.replaceChildren(
    h("strong", { class: "problem-title" }, title),
    " ",
    h("code", { class: "problem-code" }, problem.code || ""),
    h("p", { class: "problem-detail" }, text),
    h("button", { type: "button", class: "link", onclick: clearError, "aria-label": "Dismiss error" }, "Dismiss"),
  );
  banner.dataset.code = problem.code || "";
  banner.hidden = false;
  if (err instanceof ApiError && err.status === 401) {
    session.clear(); // revoked or unknown token: sign in again
    renderAccount();
  }
}

export function clearError() {
  banner.hidden = true;
  banner.replaceChildren();
  delete banner.dataset.code;
}

/** Run an async action; errors go to the banner. Returns the action's result or undefined. */
async function attempt(action) {
  try {
    return await action();
  } catch (err) {
    showError(err);
    return undefined;
  }
}

// --------------------------------------------------------------------------- routing
let teardown = () => {}; // closes the current screen's stream

function currentRoute() {
  // /play/replay/<id>/ (shareable address) or #/replay/<id>, #/game/<id>, #/
  const path = location.pathname.slice(playRoot.length).replace(/\/$/, "");
  const fromPath = path.match(/^replay\/([0-9a-f-]+)$/i);
  if (fromPath && !location.hash) return { screen: "replay", id: fromPath[1] };
  const [, screen, id] = (location.hash.match(/^#\/(game|replay|table)\/([0-9a-f-]+)/i) || []);
  if (screen) return { screen, id };
  const [, code] = location.hash.match(/^#\/join\/([A-Za-z0-9_-]+)/) || [];
  if (code) return { screen: "join", id: code };
  const [, board, preset] = location.hash.match(/^#\/(ratings|leaderboard)(?:\/([a-z0-9_]+))?\/?$/) || [];
  return board ? { screen: board, id: preset || null } : { screen: "home" };
}

function navigate(hash) {
  if (location.pathname !== playRoot) location.assign(playRoot + hash);
  else location.hash = hash;
}

// What the social screens (social.js) need from this one.
const social = {
  api, h, playRoot, navigate, session,
  showError: (err) => showError(err),
  clearError: () => clearError(),
};

function route() {
  teardown();
  teardown = () => {};
  stopSocial();
  clearError();
  renderAccount();
  const { screen, id } = currentRoute();
  main.replaceChildren();
  if (screen === "game") teardown = renderGame(id);
  else if (screen === "replay") renderReplay(main, { api, id, h, showError, playRoot });
  else if (screen === "leaderboard") renderLeaderboard(main, social, id);
  else if (screen === "ratings" && session.token) renderMyRatings(main, social, id);
  else if (!session.token) renderSignIn(); // an invite link opened signed out comes back here
  else if (screen === "table") renderTable(main, social, id);
  else if (screen === "join") renderJoin(main, social, id);
  else if (session.token) renderLobby();
  else renderSignIn();
  main.focus({ preventScroll: true });
}

window.addEventListener("hashchange", route);

// --------------------------------------------------------------------------- account
function renderAccount() {
  const nav = document.getElementById("account");
  const board = h("a", { href: "#/leaderboard/classic", class: "nav-link" }, "Leaderboards");
  if (!session.token) {
    nav.replaceChildren(board);
    return;
  }
  nav.replaceChildren(
    h("a", { href: "#/ratings", class: "nav-link" }, "Your ratings"),
    board,
    h("span", { class: "whoami" }, "Signed in as ", h("strong", {}, session.username)),
    h("button", {
      type: "button", class: "link", onclick: async () => {
        await attempt(() => api.revokeToken()); // DELETE auth/token/: the key stops working
        session.clear();
        navigate("#/");
        route();
      },
    }, "Sign out"),
  );
}

function renderSignIn() {
  const username = h("input", { id: "username", name: "username", autocomplete: "username", required: true, minlength: 1 });
  const password = h("input", { id: "password", name: "password", type: "password", autocomplete: "current-password", required: true });
  const submit = (kind) => async (event) => {
    event.preventDefault();
    if (!form.reportValidity()) return;
    const result = await attempt(() =>
      kind === "up" ? api.signUp(username.value, password.value) : api.obtainToken(username.value, password.value));
    if (!result) return;
    session.save(result.token, result.username);
    route();
  };
  const form = h("form", { class: "panel auth", onsubmit: submit("in") },
    h("h1", {}, "Play Hearts"),
    h("p", { class: "muted" }, "Sign in, or sign up with a new name and a password of 8+ characters."),
    h("label", { for: "username" }, "Username"), username,
    h("label", { for: "password" }, "Password"), password,
    h("div", { class: "actions" },
      h("button", { type: "submit", id: "sign-in" }, "Sign in"),
      h("button", { type: "button", id: "sign-up", class: "secondary", onclick: submit("up") }, "Sign up")),
  );
  main.replaceChildren(form);
}

// --------------------------------------------------------------------------- lobby: create a game
const OPTION_LABELS = {
  target: "Game ends at (points)",
  moon: "Shooting the moon",
  passing: "Passing",
  jack_of_diamonds: "Jack of diamonds is -10",
  queen_breaks_hearts: "Queen of spades breaks hearts",
  free_first_trick: "Points allowed on the first trick",
  hearts_or_queen_when_only_penalties: "May lead a heart when holding only hearts and the queen",
  hearts_broken_by: "Hearts are broken by",
  lead_hearts_any_time: "Hearts may be led any time after the first trick",
  opening_lead: "First lead",
  no_club_leader: "When nobody holds a club, the first lead",
  no_trick_bonus: "Points off for taking no trick (0: off)",
  tie: "On a tie",
};
const EDITABLE_OPTIONS = Object.keys(OPTION_LABELS);
// Number inputs: [min, max] where an option differs from "a positive int".
const OPTION_RANGES = { no_trick_bonus: [0, 100] };

async function renderLobby() {
  const catalog = await attempt(() => api.rulesCatalog());
  if (!catalog) return;
  const presets = Object.fromEntries(catalog.presets.map((p) => [p.key, p.rules]));
  const optionInfo = Object.fromEntries(catalog.options.map((o) => [o.name, o]));

  const preset = h("select", { id: "preset", name: "preset" },
    catalog.presets.map((p) => h("option", { value: p.key }, `${p.key.replaceAll("_", " ")} (${p.rules.seats} players)`)));
  const level = h("select", { id: "ai-level", name: "ai_level" },
    catalog.ai_levels.map((l) => h("option", { value: l, selected: l === "heuristic" }, l)));
  const delay = h("input", { id: "think-delay", type: "number", min: 0, max: 10000, step: 100, value: 600 });

  // One input per editable rule option, reset to the preset's value when the preset changes.
  const inputs = {};
  const optionRows = EDITABLE_OPTIONS.filter((name) => optionInfo[name]).map((name) => {
    const info = optionInfo[name];
    const id = `opt-${name}`;
    let input;
    if (info.type === "boolean") input = h("input", { id, type: "checkbox" });
    else if (info.choices) input = h("select", { id }, info.choices.map((c) => h("option", { value: c }, c.replaceAll("_", " "))));
    else {
      const [min, max] = OPTION_RANGES[name] || [1, undefined];
      input = h("input", { id, type: "number", min, max, step: 1 });
    }
    inputs[name] = input;
    return h("div", { class: `field ${info.type}` }, h("label", { for: id, title: info.description }, OPTION_LABELS[name]), input);
  });
  const fillDefaults = () => {
    const rules = presets[preset.value];
    for (const [name, input] of Object.entries(inputs)) {
      if (input.type === "checkbox") input.checked = Boolean(rules[name]);
      else input.value = rules[name];
    }
  };
  preset.addEventListener("change", fillDefaults);
  fillDefaults();

  // Only the options that differ from the preset are sent (`options` overrides the preset).
  const overrides = () => {
    const rules = presets[preset.value];
    const out = {};
    for (const [name, input] of Object.entries(inputs)) {
      const value = input.type === "checkbox" ? input.checked : input.type === "number" ? Number(input.value) : input.value;
      if (value !== rules[name]) out[name] = value;
    }
    return out;
  };

  const create = h("button", { type: "submit", id: "create-game" }, "Create game and start");
  // Playing with people: the same preset, rules and AI level.
  const fillAfter = h("input", { id: "ai-fill-after", type: "number", min: 0, max: 600, step: 1, value: 20 });
  const humansOnly = h("input", { id: "humans-only", type: "checkbox" });
  const queue = queuePanel(social);
  const playNow = h("button", {
    type: "button", id: "play-now", onclick: async () => {
      clearError();
      await attempt(() => api.queueJoin({
        preset: preset.value, options: overrides(), ai_level: level.value,
        ai_fill: !humansOnly.checked, ai_fill_after_s: Number(fillAfter.value) || 0,
      }));
      queue.refresh();
    },
  }, "Play now (with people)");
  const privateTable = h("button", {
    type: "button", id: "create-table", class: "secondary", onclick: async () => {
      clearError();
      const table = await attempt(() => api.createTable({ preset: preset.value, options: overrides(), ai_level: level.value }));
      if (table) navigate(`#/table/${table.id}`);
    },
  }, "Create private table");
  const publicTable = h("button", {
    type: "button", id: "create-public", class: "secondary", onclick: async () => {
      clearError();
      const created = await attempt(() => api.createGame({
        preset: preset.value, options: overrides(), take_seat: true, think_delay_ms: Number(delay.value) || 0,
      }));
      if (created) navigate(`#/game/${created.game_id}`); // in the lobby until you start it
    },
  }, "Open a public table");
  const form = h("form", {
    class: "panel create", onsubmit: async (event) => {
      event.preventDefault();
      create.disabled = true;
      try {
        // Three calls, as a mobile app would make them: create (taking seat 0), fill every
        // other seat with AI, start (deals hand 1).
        const created = await api.createGame({
          preset: preset.value, options: overrides(), take_seat: true, think_delay_ms: Number(delay.value) || 0,
        });
        const id = created.game_id;
        await api.fillWithAi(id, level.value);
        await api.startGame(id);
        navigate(`#/game/${id}`);
      } catch (err) {
        showError(err);
        create.disabled = false;
      }
    },
  },
  h("h1", {}, "New game"),
  h("div", { class: "field" }, h("label", { for: "preset" }, "Preset"), preset),
  h("div", { class: "field" }, h("label", { for: "ai-level" }, "AI level"), level),
  h("div", { class: "field" }, h("label", { for: "think-delay" }, "AI thinking pause (ms)"), delay),
  h("details", { class: "options" }, h("summary", {}, "Rule options"), optionRows),
  h("div", { class: "actions" }, create),
  h("h2", {}, "Play with people"),
  h("div", { class: "field" }, h("label", { for: "ai-fill-after" }, "AI fills empty seats after (s)"), fillAfter),
  h("div", { class: "field boolean" }, h("label", { for: "humans-only" }, "Humans only (no AI seats)"), humansOnly),
  h("div", { class: "actions" }, playNow, privateTable, publicTable));

  const list = h("section", { class: "panel games", "aria-labelledby": "my-games" }, h("h2", { id: "my-games" }, "Your games"), h("p", { class: "muted" }, "Loading…"));
  main.replaceChildren(queue, form, openTablesPanel(social, preset), list, pushPanel(social));

  const mine = await attempt(() => api.myGames(10));
  if (!mine) return;
  list.replaceChildren(h("h2", { id: "my-games" }, "Your games"));
  if (!mine.results.length) list.append(h("p", { class: "muted" }, "No games yet."));
  else {
    list.append(h("ul", {}, mine.results.map((g) => h("li", {},
      h("a", { href: `#/game/${g.id}` }, `${g.preset.replaceAll("_", " ")} · ${g.status}`),
      g.status === "finished" ? [" · ", g.won ? "won" : "lost", " · ", h("a", { href: `${playRoot}replay/${g.id}/` }, "replay")] : null,
      h("span", { class: "muted" }, ` · ${new Date(g.created_at).toLocaleString()}`)))));
  }
}

// --------------------------------------------------------------------------- the table
/**
 * The game screen. State: the latest view from the server, the events seen on the stream (for
 * the log, the deal commitments and our dealt cards per hand) and the cards chosen to pass.
 * Returns the teardown function (closes the stream).
 */
function renderGame(id) {
  const game = {
    id,
    view: null, // GameViewOutput: {status, seq, seats, your_seat, to_act, view: SeatView}
    log: [], // described events, newest last
    commitments: {}, // hand number -> commitment (from hand_dealt)
    dealt: {}, // hand number -> our dealt cards (from our hand_dealt)
    checks: {}, // hand number -> verification results
    lastEventSeq: 0, // the last event received on the stream
    selected: new Set(), // cards chosen to pass
    busy: false, // a move is in flight
    streamStatus: "connecting",
    ratings: null, // the seats' ratings of the last GET of the view (seat -> rating or null)
  };

  const root = h("div", { class: "game", "aria-busy": "true" });
  main.replaceChildren(root);

  // Refresh the view after events. Events come in bursts (an AI plays several cards in a row):
  // one GET per burst is enough, and the view is the server's truth (legal cards etc.).
  let refreshTimer = null;
  let refreshing = false;
  const refresh = () => {
    clearTimeout(refreshTimer);
    refreshTimer = setTimeout(async () => {
      if (refreshing) return refresh();
      refreshing = true;
      const view = await attempt(() => api.gameView(id));
      refreshing = false;
      if (view) setView(view);
    }, 60);
  };

  function setView(view) {
    if (game.view && view.seq < game.view.seq) return; // an older answer arriving late
    if (game.view && view.view.hand_number !== game.view.view.hand_number) game.selected.clear();
    // The seats' ratings come with GET games/{id}/ only (a command's answer has none): keep
    // the last ones seen, and ask for the view once when they have never come.
    if (view.seats.some((s) => "rating" in s)) game.ratings = view.seats.map((s) => s.rating || null);
    else if (!game.ratings) refresh();
    if (game.ratings) view = { ...view, seats: view.seats.map((s, i) => ({ ...s, rating: game.ratings[i] })) };
    game.view = view;
    draw();
    verifyFinishedHands();
  }

  const name = (seat) => seatName(game.view, seat);
  const stream = followGame(api, id, {
    after: 0, // replay every event once: the log, the commitments and our dealt cards per hand
    onView: setView,
    onEvent(event) {
      if (event.type === "hand_dealt") {
        game.commitments[event.payload.hand_number] = event.payload.commitment;
        if (event.payload.cards) game.dealt[event.payload.hand_number] = event.payload.cards;
      }
      game.log.push({ seq: event.seq, type: event.type, text: describeEvent(event, name) });
      game.lastEventSeq = event.seq;
      if (game.view && event.seq > game.view.seq) refresh();
      else drawLog();
      if (game.view && event.seq === game.view.seq) verifyFinishedHands(); // caught up
    },
    onStatus(status) {
      game.streamStatus = status;
      const el = root.querySelector(".stream-status");
      if (el) el.textContent = status;
    },
  });

  async function verifyFinishedHands() {
    if (!canVerify()) return;
    const { view, your_seat: seat } = game.view;
    for (const result of view.hand_results) {
      const n = result.hand_number;
      if (game.checks[n] || !result.deck) continue;
      // Opened mid-game: the view comes first, then the events from seq 1. Wait for the
      // hand_dealt that carries this hand's commitment (or for the stream to catch up).
      if (!game.commitments[n] && game.lastEventSeq < game.view.seq) continue;
      game.checks[n] = "pending";
      game.checks[n] = await verifyHand({
        rules: view.rules, result, commitment: game.commitments[n], seat, dealtCards: game.dealt[n],
      });
      draw();
    }
  }

  // ---- moves
  async function move(action) {
    if (game.busy) return;
    game.busy = true;
    clearError();
    try {
      const result = await action();
      // A command answers the caller's updated view as `game` unless asked for the short
      // answer (moves send Prefer: return=minimal): then fetch the view (debounced with the
      // refreshes the stream's events ask for).
      if (result && result.game) setView(result.game);
      else if (result) refresh();
    } catch (err) {
      showError(err);
      if (err.code === "concurrency_conflict") refresh();
    } finally {
      game.busy = false;
    }
  }

  const play = (card) => move(() => api.playCard(id, card, game.view.seq));
  const pass = () => move(async () => {
    const result = await api.passCards(id, [...game.selected]);
    game.selected.clear();
    return result;
  });
  const toggle = (card) => {
    clearError();
    if (game.selected.has(card)) game.selected.delete(card);
    else game.selected.add(card);
    draw();
  };

  // ---- drawing
  function draw() {
    const g = game.view;
    if (!g) return;
    const v = g.view;
    root.setAttribute("aria-busy", "false");
    root.dataset.phase = v.phase;
    root.dataset.status = g.status;
    root.dataset.seq = g.seq;
    root.dataset.hand = v.hand_number;
    const parts = [
      drawHeader(g),
      drawStatus(g),
      g.status === "lobby" ? drawLobbyTable(g) : null,
      g.status !== "lobby" ? drawOpponents(g) : null,
      g.status !== "lobby" ? drawTrick(g) : null,
      g.your_seat != null && v.hand && (v.hand.length || g.status === "active") ? drawHand(g) : null,
      g.status === "finished" ? drawResult(g) : null,
      drawScores(g),
      drawVerification(g),
      h("section", { class: "panel log", "aria-labelledby": "log-title" },
        h("h2", { id: "log-title" }, "What happened"),
        h("ol", { class: "events", "aria-live": "polite" })),
    ];
    root.replaceChildren(...parts.filter(Boolean));
    drawLog();
  }

  function drawLog() {
    const list = root.querySelector("ol.events");
    if (!list) return;
    // Numbered by their sequence numbers (value=), not 1, 2, 3... from the first one shown.
    list.replaceChildren(...game.log.slice(-12).map((e) => h("li", { value: e.seq, dataset: { type: e.type, seq: e.seq } }, e.text)));
  }

  function drawHeader(g) {
    const v = g.view;
    const [direction, count] = [v.pass_direction, v.pass_count];
    return h("header", { class: "game-header" },
      h("h1", {}, `${g.preset.replaceAll("_", " ")}`, h("span", { class: "muted" }, ` · hand ${v.hand_number || "–"}`)),
      h("dl", { class: "facts" },
        fact("Phase", v.phase.replaceAll("_", " ")),
        // Only while passing: "Pass 3 left" read like "3 passes left" during play.
        v.phase === "passing" && count ? fact("Passing", passWords(count, direction)) : null,
        fact("Hearts", v.hearts_broken ? "broken" : "not broken"),
        fact("Target", String(v.rules.target)),
        fact("Live", h("span", { class: "stream-status" }, game.streamStatus))));
  }

  function drawStatus(g) {
    const v = g.view;
    const mine = g.your_seat != null && g.to_act.includes(g.your_seat);
    let text;
    if (g.status === "lobby") text = g.creator && g.creator !== session.username ? `Waiting for ${g.creator} to start the game.` : "The game has not started.";
    else if (g.status === "finished") text = "Game over.";
    else if (mine && v.phase === "passing") text = `Your turn: choose ${passWords(v.pass_count, v.pass_direction)} to pass.`;
    else if (mine && v.phase === "moon_choice") text = "You shot the moon! Choose how it is scored.";
    else if (mine) text = "Your turn: play a card.";
    else if (v.phase === "passing") text = `Waiting for ${g.to_act.map((s) => seatName(g, s)).join(", ")} to pass.`;
    else text = `Waiting for ${g.to_act.map((s) => seatName(g, s)).join(", ") || "the server"}.`;
    const moon = mine && v.phase === "moon_choice"
      ? h("div", { class: "actions" },
        h("button", { type: "button", onclick: () => move(() => api.chooseMoon(id, "add_to_others")) }, "Add the points to everyone else"),
        h("button", { type: "button", onclick: () => move(() => api.chooseMoon(id, "subtract_from_self")) }, "Subtract them from my total"))
      : null;
    return h("div", { class: `turn ${mine ? "mine" : ""}`, id: "turn", role: "status" }, text, moon);
  }

  function drawLobbyTable(g) {
    const isCreator = g.your_seat != null && g.creator === session.username;
    return h("section", { class: "panel" },
      h("ul", { class: "lobby-seats" }, g.seats.map((s) => h("li", {}, `Seat ${s.seat}: ${s.kind === "empty" ? "empty" : s.display_name}`, botBadge(h, s), ratingBadge(h, s.rating)))),
      isCreator ? h("div", { class: "actions" },
        h("button", { type: "button", onclick: () => move(() => api.fillWithAi(id, "heuristic")) }, "Fill empty seats with AI"),
        h("button", { type: "button", onclick: () => move(() => api.startGame(id)) }, "Start")) : null);
  }

  function drawOpponents(g) {
    const v = g.view;
    const n = v.rules.seats;
    const me = g.your_seat ?? 0;
    // Clockwise from our left: seat me+1 is to our left, then around the table.
    const others = Array.from({ length: n - 1 }, (_, i) => (me + 1 + i) % n);
    if (g.your_seat == null) others.unshift(me);
    return h("section", { class: "opponents", "aria-label": "Other players" }, others.map((s) => {
      const acting = g.to_act.includes(s);
      return h("div", { class: `seat ${acting ? "acting" : ""}`, dataset: { seat: s }, "aria-current": acting ? "true" : null },
        h("div", { class: "seat-name" }, seatName(g, s), botBadge(h, g.seats[s]), ratingBadge(h, g.seats[s] && g.seats[s].rating), acting ? h("span", { class: "badge" }, "to play") : null),
        h("div", { class: "seat-cards", "aria-label": `${v.cards_left[s]} cards` },
          Array.from({ length: Math.min(v.cards_left[s], 8) }, () => cardBack()),
          h("span", { class: "count" }, `${v.cards_left[s]}`)),
        h("div", { class: "muted" }, `${points(v.points_taken[s])} this hand · total ${v.totals[s]}`,
          v.phase === "passing" && v.passed[s] ? " · passed" : ""));
    }));
  }

  function drawTrick(g) {
    const v = g.view;
    const plays = v.trick.length ? v.trick : null;
    const last = !plays && v.tricks.length ? v.tricks[v.tricks.length - 1] : null;
    const shown = plays || (last ? last.cards : []);
    let caption;
    if (plays) caption = `Trick ${v.trick_number}`;
    else if (last) caption = `Trick ${last.number} won by ${seatName(g, last.winner)}${last.points ? ` (+${points(last.points)})` : ""}`;
    else caption = v.phase === "passing" ? "Passing" : `Trick ${v.trick_number || 1}`;
    return h("section", { class: `trick ${last ? "resolved" : ""}`, "aria-label": "Trick", "aria-live": "polite" },
      h("div", { class: "trick-caption" }, caption),
      h("div", { class: "trick-cards" }, shown.map(([seat, card]) =>
        h("figure", { class: `play ${last && seat === last.winner ? "winner" : ""}`, dataset: { seat } },
          cardElement(card, { label: `${seatName(g, seat)}: ${cardName(card)}` }),
          h("figcaption", {}, seatName(g, seat))))));
  }

  function drawHand(g) {
    const v = g.view;
    const mine = g.to_act.includes(g.your_seat);
    const passing = v.phase === "passing" && mine;
    const legal = new Set(v.legal_cards || []);
    const received = new Set(v.received_cards || []);
    const cards = sortCards(v.hand).map((card) => {
      const state = [];
      let label = cardName(card);
      if (passing) {
        if (game.selected.has(card)) state.push("selected");
        return cardElement(card, { onClick: toggle, state, label, pressed: game.selected.has(card) });
      }
      if (received.has(card)) { state.push("received"); label += ", received"; }
      const playable = mine && v.phase === "playing" && legal.has(card);
      if (mine && v.phase === "playing" && !legal.has(card)) {
        state.push("illegal");
        label += " (not playable now)";
      }
      if (playable) state.push("legal");
      // Only a card that may be played now can be clicked (a misclick sends nothing).
      return cardElement(card, { onClick: play, state, label, disabled: !playable });
    });
    const el = h("section", { class: `hand ${mine ? "active" : ""}`, "aria-label": "Your hand" },
      h("div", { class: "hand-title" }, `Your hand (${seatName(g, g.your_seat)})`, ratingBadge(h, g.seats[g.your_seat] && g.seats[g.your_seat].rating),
        v.received_cards && v.received_cards.length ? h("span", { class: "muted" }, ` · received ${v.received_cards.length}`) : null),
      h("div", { class: "cards" }, cards));
    if (passing) {
      const missing = v.pass_count - game.selected.size;
      el.append(h("div", { class: "actions" },
        h("button", {
          type: "button", id: "pass-button", disabled: missing !== 0,
          dataset: { count: v.pass_count },
          onclick: pass,
        }, missing > 0 ? `Select ${missing} more` : missing < 0 ? `Select ${-missing} fewer` : `Pass ${passWords(v.pass_count, v.pass_direction)}`)));
    } else if (v.phase === "passing" && v.passed[g.your_seat]) {
      el.append(h("p", { class: "muted" }, `You passed ${(v.passed_cards || []).join(" ")}; waiting for the others.`));
    }
    return el;
  }

  let rematch = null; // one box per screen (it polls the game's rematch offer)
  function drawResult(g) {
    const outcome = g.view.outcome;
    if (!outcome) return null;
    if (g.your_seat != null && !rematch) rematch = rematchBox(social, g.id);
    const won = outcome.winners.includes(g.your_seat);
    return h("section", { class: `panel result ${won ? "won" : ""}`, id: "result" },
      h("h2", {}, won ? (outcome.winners.length > 1 ? "You share the win!" : "You win!") : `${outcome.winners.map((s) => seatName(g, s)).join(" and ")} ${outcome.winners.length > 1 ? "win" : "wins"}`),
      h("p", {}, `Final totals: ${outcome.totals.map((t, s) => `${seatName(g, s)} ${t}`).join(", ")} after ${outcome.hand_number} hand${outcome.hand_number === 1 ? "" : "s"}.`),
      h("p", {}, h("a", { href: `${playRoot}replay/${g.id}/`, id: "replay-link" }, "Replay this game"), " · ",
        h("a", { href: `${playRoot}#/` }, "New game")),
      rematch);
  }

  function drawScores(g) {
    const v = g.view;
    const seats = [...Array(v.rules.seats).keys()];
    const rows = v.hand_results.map((r) => h("tr", { dataset: { hand: r.hand_number } },
      h("th", { scope: "row" }, `Hand ${r.hand_number}`),
      seats.map((s) => h("td", {}, String(r.points[s]), r.moon_shooter === s ? h("span", { class: "moon", title: `shot the moon (${(r.moon_choice || "").replaceAll("_", " ")})` }, " \u263E moon") : null))));
    return h("section", { class: "panel scores", "aria-labelledby": "scores-title" },
      h("h2", { id: "scores-title" }, "Scores"),
      h("table", {},
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Hand"),
          seats.map((s) => h("th", { scope: "col", title: seatName(g, s) }, shortSeatName(g, s))))),
        h("tbody", {}, rows,
          g.status === "active" ? h("tr", { class: "current" }, h("th", { scope: "row" }, "This hand"), seats.map((s) => h("td", {}, String(v.points_taken[s])))) : null),
        h("tfoot", {}, h("tr", {}, h("th", { scope: "row" }, "Total"), seats.map((s) => h("td", {}, String(v.totals[s])))))));
  }

  function drawVerification(g) {
    const v = g.view;
    const items = v.hand_results.map((r) => {
      const checks = game.checks[r.hand_number];
      if (!canVerify()) return h("li", {}, `Hand ${r.hand_number}: crypto.subtle is unavailable here (needs HTTPS or localhost).`);
      if (!Array.isArray(checks)) return h("li", {}, `Hand ${r.hand_number}: checking…`);
      const ok = checks.every((c) => c.ok !== false);
      return h("li", { class: ok ? "ok" : "bad", dataset: { hand: r.hand_number, verified: ok ? "ok" : "failed" } },
        h("strong", {}, `Hand ${r.hand_number}: ${ok ? "\u2713 verified" : "\u2717 FAILED"}`),
        h("ul", {}, checks.map((c) => h("li", { class: c.ok === false ? "bad" : "" }, `${c.ok === true ? "\u2713" : c.ok === false ? "\u2717" : "?"} ${c.text}`))));
    });
    return h("section", { class: "panel verification", "aria-labelledby": "verify-title" },
      h("h2", { id: "verify-title" }, "Deal verification"),
      v.commitment && g.status === "active" ? h("p", { class: "muted" }, `This hand's commitment: `, h("code", {}, v.commitment)) : null,
      items.length ? h("ul", {}, items) : h("p", { class: "muted" }, "Each hand's deck is checked against its commitment once the hand is over."));
  }

  return () => {
    stream.close();
    clearTimeout(refreshTimer);
  };
}

function fact(label, value) {
  return h("div", {}, h("dt", {}, label), h("dd", {}, value));
}

/** Column headers: "You", a player's name, "AI 2" (the level is in the seat's full name). */
function shortSeatName(g, seat) {
  const s = g.seats[seat];
  return s && s.kind === "ai" && seat !== g.your_seat ? `AI ${seat}` : seatName(g, seat);
}

/** "You", a player's name, or "AI <seat> (level)". */
export function seatName(g, seat) {
  if (!g || seat == null) return "?";
  if (seat === g.your_seat) return "You";
  const s = g.seats[seat];
  if (!s) return `Seat ${seat}`;
  if (s.kind === "empty") return `Seat ${seat} (empty)`;
  // AI seats all share a name ("AI (heuristic)"): number them by seat.
  if (s.kind === "ai") return `AI ${seat}${s.ai_level ? ` (${s.ai_level})` : ""}`;
  return s.display_name || `Seat ${seat}`;
}

route();
