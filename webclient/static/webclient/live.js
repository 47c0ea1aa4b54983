// Live sync (docs/live-sync.md): follow a game without reloading it.
//
// Preferred: the server-sent events stream GET games/{id}/stream/?token=<key>&after=<seq>.
//   - first message `event: view`: the caller's full view (same document as GET games/{id}/);
//   - then one message per stored event, in order, no gaps: `id:` = seq, `event:` = type,
//     `data:` = the event redacted for the caller (own cards only);
//   - EventSource reconnects by itself after a drop and sends Last-Event-ID, so the server
//     resumes exactly after the last event we received;
//   - the stream ends after `game_ended`: we close it then, otherwise EventSource would
//     reconnect forever.
// Fallback (no EventSource): the events feed GET games/{id}/events/?after=N&wait=25, a
//   long-poll that answers as soon as something is stored after N.

// Every stored event type (games/store.py EVENT_TYPES). EventSource only delivers named events
// we listen to, so the list matters; "message" catches anything unnamed.
export const EVENT_TYPES = [
  "game_created", "seat_taken", "seat_left", "ai_seat_added", "seat_handed_to_ai",
  "seat_reclaimed", "game_started", "hand_dealt", "cards_passed", "passes_exchanged",
  "card_played", "trick_won", "moon_chosen", "hand_scored", "game_ended",
];

/**
 * Follow game `gameId`. Calls onView(view) for the stream's first message, onEvent(event) for
 * every event (seq ascending, each once), onStatus(text) on connection changes.
 * Returns {close()}.
 */
export function followGame(api, gameId, { after = 0, onView, onEvent, onStatus = () => {} }) {
  let lastSeq = after;
  let closed = false;

  const deliver = (event) => {
    if (event.seq <= lastSeq) return; // de-duplicate (a resumed stream may overlap)
    lastSeq = event.seq;
    onEvent(event);
    if (event.type === "game_ended") {
      close();
      onStatus("closed: game over");
    }
  };

  let source = null;
  function close() {
    closed = true;
    if (source) source.close();
  }

  if (typeof EventSource === "function") {
    // `after` only matters for the first connection; reconnections send Last-Event-ID, which
    // the server prefers over ?after=.
    source = new EventSource(api.streamUrl(gameId, after));
    source.addEventListener("open", () => onStatus("live"));
    source.addEventListener("error", () => {
      if (!closed) onStatus(source.readyState === EventSource.CLOSED ? "offline" : "reconnecting");
    });
    source.addEventListener("view", (msg) => {
      const view = JSON.parse(msg.data);
      onView(view);
      if (view.status === "finished" && view.seq <= lastSeq) close();
    });
    for (const type of [...EVENT_TYPES, "message"]) {
      source.addEventListener(type, (msg) => deliver(JSON.parse(msg.data)));
    }
  } else {
    pollEvents();
  }

  async function pollEvents() {
    onStatus("polling");
    try {
      onView(await api.gameView(gameId)); // the feed has no view message: ask for it once
    } catch (err) {
      onStatus("offline");
      return;
    }
    while (!closed) {
      try {
        const page = await api.eventsAfter(gameId, lastSeq, { wait: 25 });
        page.events.forEach(deliver);
      } catch (err) {
        onStatus("reconnecting");
        await new Promise((resolve) => setTimeout(resolve, 2000));
      }
    }
  }

  return { close };
}
