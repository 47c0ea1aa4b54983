// The web client's service worker (served at /play/sw.js, so its scope is /play/): it shows the
// server's Web Push notifications ("Your turn", "Match found"...) and opens the game when one
// is clicked. The push message is the server's `{id, type, title, body, data}` (data as in the
// webhooks: game_id, preset, seq, seat...), decrypted by the browser (RFC 8291).

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

/** What to show for a push message (also a plain-text push, which the server never sends). */
function notificationOf(event) {
  let message;
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { title: "Hearts", body: event.data ? event.data.text() : "" };
  }
  const data = message.data || {};
  return {
    title: message.title || "Hearts",
    options: {
      body: message.body || "",
      // One notification per game: a newer one ("your turn" again) replaces the older one.
      tag: data.game_id ? `game-${data.game_id}` : message.id || "hearts",
      renotify: true,
      data: { id: message.id || null, type: message.type || null, game_id: data.game_id || null },
    },
  };
}

self.addEventListener("push", (event) => {
  const { title, options } = notificationOf(event);
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const gameId = event.notification.data && event.notification.data.game_id;
  const url = new URL(gameId ? `./#/game/${gameId}` : "./", self.registration.scope).href;
  event.waitUntil((async () => {
    const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
    for (const client of windows) {
      if ("focus" in client) {
        await client.focus();
        return client.navigate ? client.navigate(url) : null;
      }
    }
    return self.clients.openWindow(url);
  })());
});
