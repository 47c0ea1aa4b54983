// The HTTP side of the public API (/api/v1/), as any client (browser or mobile) uses it.
//
// - Authentication: `Authorization: Token <key>`. The key comes from `POST players/` (sign up)
//   or `POST auth/token/` (sign in); `DELETE auth/token/` revokes it. No cookies are sent
//   (`credentials: "omit"`): the client behaves like a mobile app, not like a logged-in page.
// - Bodies are JSON. Every error is `application/problem+json`:
//   {type, title, status, detail, code, extra}; `code` is the stable, machine-readable part.
// - Commands (POST under games/) carry an `Idempotency-Key`, so a retried request (flaky
//   network, double click) is answered from the first response instead of moving twice.

const TOKEN_KEY = "hearts.token";
const USER_KEY = "hearts.username";

/** An error answer of the API, carrying its problem-details document. */
export class ApiError extends Error {
  constructor(status, problem) {
    super(problem.detail || problem.title || `HTTP ${status}`);
    this.status = status;
    this.problem = problem; // {type, title, status, detail, code, extra}
  }
  get code() {
    return this.problem.code;
  }
}

/** The stored credentials (localStorage survives reloads, like a mobile app's keychain). */
export const session = {
  get token() {
    return localStorage.getItem(TOKEN_KEY);
  },
  get username() {
    return localStorage.getItem(USER_KEY);
  },
  save(token, username) {
    localStorage.setItem(TOKEN_KEY, token);
    localStorage.setItem(USER_KEY, username);
  },
  clear() {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(USER_KEY);
  },
};

function newIdempotencyKey() {
  // crypto.randomUUID exists in secure contexts (HTTPS, localhost); fall back elsewhere.
  if (globalThis.crypto && crypto.randomUUID) return crypto.randomUUID();
  return `k-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/**
 * A thin API client. `root` is "/api/v1/" (the page tells us; see index.html).
 * Every method resolves to the parsed JSON body, or rejects with an ApiError.
 */
export function createApi(root) {
  async function request(method, path, { body, idempotent = false, headers = {} } = {}) {
    const init = {
      method,
      credentials: "omit",
      headers: { Accept: "application/json", ...headers },
    };
    if (session.token) init.headers.Authorization = `Token ${session.token}`;
    if (body !== undefined) {
      init.headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    if (idempotent && session.token) init.headers["Idempotency-Key"] = newIdempotencyKey();

    let response;
    try {
      response = await fetch(root + path, init);
    } catch (err) {
      throw new ApiError(0, {
        title: "Network error",
        code: "network_error",
        detail: `${method} ${root + path} failed: ${err.message}`,
      });
    }
    if (response.status === 204 || response.status === 304) return null;
    const type = response.headers.get("Content-Type") || "";
    const data = type.includes("json") ? await response.json() : { detail: await response.text() };
    if (!response.ok) {
      // Problem details; a non-JSON error (proxy page) is wrapped in the same shape.
      // Retry-After (seconds) on 429 and 503: how long to wait before trying again.
      const retryAfter = Number.parseInt(response.headers.get("Retry-After") || "", 10);
      throw new ApiError(response.status, {
        title: data.title || response.statusText,
        code: data.code || `http_${response.status}`,
        detail: data.detail || "",
        extra: data.extra || {},
        status: response.status,
        retry_after: Number.isNaN(retryAfter) ? null : retryAfter,
      });
    }
    return data;
  }

  const game = (id) => `games/${encodeURIComponent(id)}/`;
  const command = (id, action, body = {}, headers = {}) =>
    request("POST", `${game(id)}${action}/`, { body, idempotent: true, headers });
  // Moves ask for the short answer (seq + the caller's events, no view): the page redraws from
  // a GET of the view, once per burst of events (app.js), which it does anyway when the AI seats
  // answer; rendering the view in the move's answer as well would be work thrown away.
  const MINIMAL = { Prefer: "return=minimal" };

  return {
    // Players and tokens.
    signUp: (username, password) => request("POST", "players/", { body: { username, password } }),
    obtainToken: (username, password) =>
      request("POST", "auth/token/", { body: { username, password } }),
    revokeToken: () => request("DELETE", "auth/token/"),
    me: () => request("GET", "me/"),
    myGames: (limit = 10) => request("GET", `me/games/?limit=${limit}`),

    // Rules catalogue: presets (with their rules), the overridable options, the AI levels.
    rulesCatalog: () => request("GET", "rules/presets/"),

    // Lobby and game life cycle.
    createGame: (body) => request("POST", "games/", { body, idempotent: true }),
    fillWithAi: (id, level) => command(id, "ai-seats", { level }),
    startGame: (id) => command(id, "start"),

    // Public tables waiting for players, and joining one (a full or started table: 409).
    openTables: (preset) =>
      request("GET", `games/?status=lobby&has_open_seat=true&limit=20${preset ? `&preset=${encodeURIComponent(preset)}` : ""}`),
    joinGame: (id) => command(id, "seats"),

    // Quick play: one ticket at a time; GET says where to go once matched.
    queueJoin: (body) => request("POST", "matchmaking/queue/", { body, idempotent: true }),
    queueStatus: () => request("GET", "matchmaking/queue/"),
    queueCancel: () => request("DELETE", "matchmaking/queue/", { idempotent: true }),

    // Private tables (invite links) and rematch offers.
    createTable: (body) => request("POST", "tables/", { body, idempotent: true }),
    table: (id) => request("GET", `tables/${encodeURIComponent(id)}/`),
    startTable: (id, fillWithAi) =>
      request("POST", `tables/${encodeURIComponent(id)}/start/`, { body: { fill_with_ai: fillWithAi }, idempotent: true }),
    renewInvite: (id) => request("POST", `tables/${encodeURIComponent(id)}/invite/`, { body: {}, idempotent: true }),
    revokeInvite: (id) => request("DELETE", `tables/${encodeURIComponent(id)}/invite/`, { idempotent: true }),
    leaveTable: (id) => request("DELETE", `tables/${encodeURIComponent(id)}/members/mine/`, { idempotent: true }),
    acceptTable: (id) => request("POST", `tables/${encodeURIComponent(id)}/accept/`, { body: {}, idempotent: true }),
    declineTable: (id) => request("POST", `tables/${encodeURIComponent(id)}/decline/`, { body: {}, idempotent: true }),
    invite: (code) => request("GET", `invites/${encodeURIComponent(code)}/`),
    acceptInvite: (code) => request("POST", `invites/${encodeURIComponent(code)}/accept/`, { body: {}, idempotent: true }),
    declineInvite: (code) => request("POST", `invites/${encodeURIComponent(code)}/decline/`, { body: {}, idempotent: true }),
    rematch: (gameId) => request("POST", `${game(gameId)}rematch/`, { body: {}, idempotent: true }),
    rematchOf: (gameId) => request("GET", `${game(gameId)}rematch/`),

    // Push notifications (push.js): the VAPID key, this browser's subscription.
    vapidKey: () => request("GET", "push/vapid-public-key/"),
    registerPush: (subscription) =>
      request("POST", "me/push-subscriptions/", { body: subscription, idempotent: true }),
    unregisterPush: (id) =>
      request("DELETE", `me/push-subscriptions/${encodeURIComponent(id)}/`, { idempotent: true }),
    // Ratings (public reads): a player's rating per preset, one preset's history, leaderboards.
    playerRatings: (username) => request("GET", `players/${encodeURIComponent(username)}/ratings/`),
    playerRatingHistory: (username, preset, limit = 50) =>
      request("GET", `players/${encodeURIComponent(username)}/ratings/${encodeURIComponent(preset)}/?limit=${limit}`),
    leaderboard: (preset, limit = 50, offset = 0) =>
      request("GET", `leaderboards/${encodeURIComponent(preset)}/?limit=${limit}&offset=${offset}`),

    // The caller's view of one game (their hand and legal cards when seated).
    gameView: (id) => request("GET", game(id)),

    // Moves. `expected_seq` makes a play fail (409 concurrency_conflict) when the game has
    // moved on since the view the player was looking at.
    passCards: (id, cards) => command(id, "passes", { cards }, MINIMAL),
    playCard: (id, card, expectedSeq) =>
      command(id, "plays", expectedSeq == null ? { card } : { card, expected_seq: expectedSeq },
        MINIMAL),
    chooseMoon: (id, choice) => command(id, "moon", { choice }, MINIMAL),

    // Live sync without a stream: the gap-free events feed (optionally long-polling).
    eventsAfter: (id, after, { limit = 500, wait = 0 } = {}) =>
      request("GET", `${game(id)}events/?after=${after}&limit=${limit}${wait ? `&wait=${wait}` : ""}`),

    // The finished game's full log (every event, deck and salt included, with the hash chain).
    gameLog: (id) => request("GET", `${game(id)}log/`),

    // The public keys that verify the log's signed heads (current first, then rotated ones).
    signingKeys: () => request("GET", "signing-keys/"),

    // The stream's URL: EventSource cannot set headers, so the token goes in the query string.
    streamUrl(id, after) {
      const params = new URLSearchParams();
      if (session.token) params.set("token", session.token);
      if (after != null) params.set("after", String(after));
      return `${root}${game(id)}stream/?${params}`;
    },
  };
}
