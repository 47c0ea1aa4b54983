// Playing with people: quick play (the matchmaking queue), open public tables, private tables
// with invite links, and rematch at game over. Everything goes through the public API:
//
//   POST/GET/DELETE matchmaking/queue/   Play now; the ticket says where to go once matched
//   GET games/?status=lobby&has_open_seat=true, POST games/{id}/seats/   open tables
//   POST tables/, GET tables/{id}/, POST tables/{id}/start/, POST invites/{code}/accept/ ...
//   POST games/{id}/rematch/, POST tables/{id}/accept/ | decline/
//
// Routes: #/table/<id> (a private table or a rematch offer), #/join/<code> (an invite link).
// Waiting screens poll once a second (a feed of the player's own events is issue 16).

import { botBadge, ratingBadge } from "./ratings.js";
import { ApiError, session } from "./api.js";

const POLL_MS = 1000;
let timers = [];

/** Stop every poll of the screen being left (called by the router). */
export function stopSocial() {
  for (const timer of timers) clearInterval(timer);
  timers = [];
}

function every(ms, fn) {
  fn();
  const timer = setInterval(fn, ms);
  timers.push(timer);
  return () => {
    clearInterval(timer);
    timers = timers.filter((t) => t !== timer);
  };
}

const words = (key) => String(key || "").replaceAll("_", " ");
const notFound = (err) => err instanceof ApiError && err.status === 404;

// --------------------------------------------------------------------------- quick play
/**
 * The queue panel of the lobby: your ticket while it waits (with Cancel), and the jump to the
 * game once the matcher seats you. `refresh()` re-reads the ticket at once (after Play now).
 */
export function queuePanel(ctx) {
  const { h, api } = ctx;
  const panel = h("section", { class: "panel queue", id: "queue", "aria-live": "polite", hidden: true });
  let sawWaiting = false;
  let stopPolling = null; // polls only while a ticket waits

  const idle = () => {
    if (stopPolling) stopPolling();
    stopPolling = null;
  };

  async function refresh() {
    let ticket;
    try {
      ticket = await api.queueStatus();
    } catch (err) {
      if (!notFound(err)) ctx.showError(err);
      panel.hidden = true;
      idle();
      return;
    }
    if (ticket.status !== "waiting") idle();
    panel.dataset.status = ticket.status;
    if (ticket.status === "waiting") {
      sawWaiting = true;
      const fillAt = ticket.ai_fill_at ? new Date(ticket.ai_fill_at) : null;
      const left = fillAt ? Math.max(0, Math.ceil((fillAt - Date.now()) / 1000)) : null;
      panel.replaceChildren(
        h("h2", {}, `Looking for players: ${words(ticket.preset)}`),
        h("p", {}, `${ticket.waiting_in_pool} waiting for these rules (you included) · waited ${Math.floor(ticket.waited_s)} s.`),
        h("p", { class: "muted" }, fillAt
          ? (left > 0 ? `AI players (${ticket.ai_level}) fill the empty seats in ${left} s.` : "Filling the empty seats with AI players…")
          : "Humans only: you wait until the table is full."),
        h("div", { class: "actions" }, h("button", {
          type: "button", id: "cancel-queue", class: "secondary",
          onclick: async () => {
            try {
              await api.queueCancel();
            } catch (err) {
              ctx.showError(err);
            }
            refresh();
          },
        }, "Cancel")),
      );
      panel.hidden = false;
    } else if (ticket.status === "matched" && sawWaiting) {
      // Seated by the matcher while we watched: go to the table.
      panel.replaceChildren(h("p", {}, "Matched! Taking you to your table…"));
      panel.hidden = false;
      ctx.navigate(`#/game/${ticket.game_id}`);
    } else {
      panel.hidden = true;
    }
  }

  const watch = () => {
    if (!stopPolling) stopPolling = every(POLL_MS, refresh);
    else refresh();
  };
  watch();
  panel.refresh = watch; // after Play now: poll until matched or cancelled
  return panel;
}

// --------------------------------------------------------------------------- open tables
/** Public lobby games with a free seat (filtered by the chosen preset), with Join. */
/** Who sits at a lobby table and their ratings on its preset: "ann 1523? · AI heuristic 1610". */
function seatRatings(h, g) {
  const seated = g.seats.filter((s) => s.kind !== "empty" && s.rating);
  if (!seated.length) return null;
  return h("span", { class: "muted seat-ratings" }, "(",
    seated.map((s, i) => [i ? " · " : "", s.kind === "ai" ? `AI ${s.ai_level}` : s.display_name, botBadge(h, s), ratingBadge(h, s.rating)]),
    ") ");
}

export function openTablesPanel(ctx, presetSelect) {
  const { h, api } = ctx;
  const panel = h("section", { class: "panel open-tables", "aria-labelledby": "open-tables" });
  async function refresh() {
    let page;
    try {
      page = await api.openTables(presetSelect.value);
    } catch (err) {
      ctx.showError(err);
      return;
    }
    const rows = page.results.map((g) => h("li", { dataset: { game: g.id } },
      `${words(g.preset)} by ${g.creator || "?"} · ${g.free_seats} free seat${g.free_seats === 1 ? "" : "s"} `,
      seatRatings(h, g),
      g.creator === session.username ? h("a", { href: `#/game/${g.id}` }, "your table") : h("button", {
        type: "button", class: "secondary", dataset: { game: g.id },
        onclick: async () => {
          try {
            await api.joinGame(g.id);
            ctx.navigate(`#/game/${g.id}`);
          } catch (err) {
            ctx.showError(err); // game_full / game_already_started / already_seated: 409
            refresh();
          }
        },
      }, "Join")));
    panel.replaceChildren(
      h("h2", { id: "open-tables" }, "Open tables"),
      rows.length ? h("ul", {}, rows) : h("p", { class: "muted" }, "No open table for this preset right now."));
  }
  presetSelect.addEventListener("change", refresh);
  every(5 * POLL_MS, refresh);
  return panel;
}

// --------------------------------------------------------------------------- tables
function inviteLink(ctx, code) {
  return `${location.origin}${ctx.playRoot}#/join/${code}`;
}

/** A private table or a rematch offer: who is there, the invite link, Start / Accept. */
export function renderTable(main, ctx, id) {
  const { h, api } = ctx;
  const root = h("section", { class: "panel table-screen", id: "table", "aria-live": "polite" }, h("p", { class: "muted" }, "Loading…"));
  main.replaceChildren(root);
  let fillWithAi = true;

  const act = (action) => async () => {
    ctx.clearError();
    try {
      await action();
    } catch (err) {
      ctx.showError(err);
    }
    refresh();
  };

  function draw(t) {
    root.dataset.status = t.status;
    root.dataset.kind = t.kind;
    const title = t.kind === "rematch" ? `Rematch: ${words(t.preset)}` : `Private table: ${words(t.preset)}`;
    const members = h("ul", { class: "members" }, t.members.map((m) => h("li", { dataset: { status: m.status } },
      m.is_you ? "You" : m.display_name, " · ", m.status,
      m.seat != null ? ` · seat ${m.seat}` : "")));
    const parts = [h("h1", {}, title), members];
    const me = t.members.find((m) => m.is_you);
    if (t.status === "started") {
      parts.push(h("p", {}, "The game has started: taking you to the table…"));
    } else if (t.status !== "open") {
      parts.push(h("p", { class: "muted", id: "table-closed" },
        t.status === "declined" ? "The rematch was declined." : "This table was cancelled."),
      h("p", {}, h("a", { href: `${ctx.playRoot}#/` }, "Back to the lobby")));
    } else if (t.kind === "private") {
      const joined = t.members.filter((m) => m.status === "joined").length;
      parts.push(h("p", {}, `${joined} of ${t.seats} seats taken.`));
      if (t.invite) {
        const link = h("input", { id: "invite-link", readonly: true, value: inviteLink(ctx, t.invite.code), "aria-label": "Invite link" });
        parts.push(h("div", { class: "invite" },
          h("label", { for: "invite-link" }, "Invite link (send it to your friends)"), link,
          h("div", { class: "actions" },
            h("button", {
              type: "button", id: "copy-invite", class: "secondary",
              onclick: async () => {
                link.select();
                try {
                  await navigator.clipboard.writeText(link.value);
                } catch {
                  document.execCommand && document.execCommand("copy");
                }
                root.querySelector("#copy-invite").textContent = "Copied";
              },
            }, "Copy link"),
            t.you_created ? h("button", { type: "button", class: "secondary", onclick: act(() => api.renewInvite(id)) }, "New link") : null,
            t.you_created ? h("button", { type: "button", class: "secondary", id: "revoke-invite", onclick: act(() => api.revokeInvite(id)) }, "Revoke link") : null),
          t.invite.revoked ? h("p", { class: "muted" }, "This link was revoked: make a new one.") : null,
          t.invite.expired ? h("p", { class: "muted" }, "This link has expired: make a new one.") : null));
      }
      if (t.you_created) {
        const box = h("input", { type: "checkbox", id: "fill-with-ai", checked: fillWithAi, onchange: (e) => { fillWithAi = e.target.checked; } });
        parts.push(h("div", { class: "actions" },
          h("label", { for: "fill-with-ai" }, box, ` Fill empty seats with AI (${t.ai_level})`),
          h("button", { type: "button", id: "start-table", onclick: act(() => api.startTable(id, fillWithAi)) }, "Start the game"),
          h("button", { type: "button", class: "secondary", onclick: act(() => api.leaveTable(id)) }, "Cancel the table")));
      } else {
        parts.push(h("p", { id: "waiting-for" }, `Waiting for ${t.creator} to start the game.`),
          h("div", { class: "actions" }, h("button", { type: "button", class: "secondary", onclick: act(async () => { await api.leaveTable(id); ctx.navigate("#/"); }) }, "Leave")));
      }
    } else {
      // A rematch: every human of the last game must accept.
      if (t.waiting_for.length) parts.push(h("p", { id: "waiting-for" }, `Waiting for ${t.waiting_for.join(", ")}.`));
      if (me && me.status === "invited") {
        parts.push(h("div", { class: "actions" },
          h("button", { type: "button", id: "accept-rematch", onclick: act(() => api.acceptTable(id)) }, "Accept the rematch"),
          h("button", { type: "button", class: "secondary", id: "decline-rematch", onclick: act(() => api.declineTable(id)) }, "Decline")));
      }
    }
    root.replaceChildren(...parts);
    if (t.status === "started" && t.game_id) ctx.navigate(`#/game/${t.game_id}`);
  }

  let last = "";
  async function refresh() {
    let t;
    try {
      t = await api.table(id);
    } catch (err) {
      ctx.showError(err);
      return;
    }
    const seen = JSON.stringify(t);
    if (seen === last) return; // unchanged: keep the screen (a selected link, focus) as it is
    last = seen;
    draw(t);
  }
  every(POLL_MS, refresh);
}

/** An invite link: what it leads to, Accept (join the table) or Decline. */
export async function renderJoin(main, ctx, code) {
  const { h, api } = ctx;
  const root = h("section", { class: "panel join", id: "join" }, h("p", { class: "muted" }, "Loading…"));
  main.replaceChildren(root);
  let t;
  try {
    t = await api.invite(code);
  } catch (err) {
    ctx.showError(err);
    root.replaceChildren(h("p", {}, "This invite link does not lead to a table."), h("a", { href: `${ctx.playRoot}#/` }, "Back to the lobby"));
    return;
  }
  const me = t.members.find((m) => m.is_you);
  if (me && me.status === "joined") {
    ctx.navigate(`#/table/${t.id}`);
    return;
  }
  const joined = t.members.filter((m) => m.status === "joined");
  root.replaceChildren(
    h("h1", {}, `${t.creator} invites you to a ${words(t.preset)} table`),
    h("p", {}, `At the table: ${joined.map((m) => m.display_name).join(", ")} (${joined.length} of ${t.seats}).`),
    t.invite.expired ? h("p", { class: "muted" }, "This invite has expired.") : null,
    t.invite.revoked ? h("p", { class: "muted" }, "This invite was revoked.") : null,
    h("div", { class: "actions" },
      h("button", {
        type: "button", id: "accept-invite",
        onclick: async () => {
          try {
            const table = await api.acceptInvite(code);
            ctx.navigate(`#/table/${table.id}`);
          } catch (err) {
            ctx.showError(err);
          }
        },
      }, "Join the table"),
      h("button", {
        type: "button", class: "secondary", id: "decline-invite",
        onclick: async () => {
          try {
            await api.declineInvite(code);
            root.replaceChildren(h("p", {}, "You declined the invite."), h("a", { href: `${ctx.playRoot}#/` }, "Back to the lobby"));
          } catch (err) {
            ctx.showError(err);
          }
        },
      }, "Decline")));
}

// --------------------------------------------------------------------------- rematch
/** The rematch box of a finished game: offer one, or answer the one someone offered. */
export function rematchBox(ctx, gameId) {
  const { h, api } = ctx;
  const box = h("div", { class: "rematch", id: "rematch-box", "aria-live": "polite" });
  const offer = async () => {
    try {
      const table = await api.rematch(gameId);
      ctx.navigate(`#/table/${table.id}`);
    } catch (err) {
      ctx.showError(err);
    }
  };
  every(2 * POLL_MS, async () => {
    let t = null;
    try {
      t = await api.rematchOf(gameId);
    } catch (err) {
      if (!notFound(err)) return ctx.showError(err);
    }
    const me = t && t.members.find((m) => m.is_you);
    if (!t || t.status === "declined" || t.status === "cancelled") {
      box.replaceChildren(
        t ? h("p", { class: "muted" }, "The last rematch offer was declined.") : null,
        h("button", { type: "button", id: "rematch", onclick: offer }, "Rematch"));
    } else if (t.status === "started") {
      box.replaceChildren(h("p", {}, h("a", { href: `#/game/${t.game_id}`, id: "rematch-game" }, "The rematch has started: play")));
    } else if (me && me.status === "invited") {
      const by = t.members.find((m) => m.status === "joined");
      box.replaceChildren(
        h("p", {}, `${by ? by.display_name : "Someone"} offers a rematch.`),
        h("button", { type: "button", id: "accept-rematch", onclick: async () => {
          try {
            await api.acceptTable(t.id);
            ctx.navigate(`#/table/${t.id}`);
          } catch (err) {
            ctx.showError(err);
          }
        } }, "Accept the rematch"),
        " ",
        h("button", { type: "button", class: "secondary", onclick: async () => {
          try {
            await api.declineTable(t.id);
          } catch (err) {
            ctx.showError(err);
          }
        } }, "Decline"));
    } else {
      box.replaceChildren(h("p", {}, h("a", { href: `#/table/${t.id}` }, `Rematch offered: waiting for ${t.waiting_for.join(", ")}`)));
    }
  });
  return box;
}
