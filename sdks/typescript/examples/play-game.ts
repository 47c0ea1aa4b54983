/**
 * Plays a whole two-player game (passing on) through the TypeScript SDK, as a third-party app
 * would: two players sign up, one creates the game, the other takes the second seat, then each
 * passes and plays the first legal card of its own seat view until the game is over. On the way
 * it checks typed errors (a play out of turn, a card not held) and the ETag round trip.
 *
 *   npm ci && npm run build && node dist/examples/play-game.js http://127.0.0.1:8000
 *
 * The last line printed is a JSON summary (tests/integration/test_sdks.py reads it).
 */
import { createHeartsClient, isProblem, type HeartsClient, type Schemas } from "../src/index.js";

type GameView = Schemas["GameViewOutput"];

/** The two_player preset's 28 cards (ranks 2, 4, 6, 8, 10, Q, A): a hand holds 13 of them. */
const SHORT_DECK = ["C", "D", "S", "H"].flatMap((suit) =>
  ["2", "4", "6", "8", "10", "Q", "A"].map((rank) => `${rank}${suit}`),
);

function check(condition: unknown, message: string): asserts condition {
  if (!condition) {
    throw new Error(`check failed: ${message}`);
  }
}

const baseUrl = process.argv[2] ?? "";
check(baseUrl !== "", "usage: node play-game.js <base-url> [name-prefix]");
const prefix = process.argv[3] ?? `ts${Date.now().toString(36)}`;
const anon = createHeartsClient({ baseUrl });

const presets = await anon.GET("/api/v1/rules/presets/");
check(presets.data, `presets: ${JSON.stringify(presets.error)}`);
check(
  presets.data.presets.some((preset) => preset.key === "two_player"),
  "the two_player preset is listed",
);

async function signUp(name: string): Promise<HeartsClient> {
  const { data, error } = await anon.POST("/api/v1/players/", {
    body: { username: `${prefix}_${name}`, password: "correct-horse-42" },
  });
  check(data, `sign up ${name}: ${JSON.stringify(error)}`);
  return createHeartsClient({ baseUrl, token: data.token });
}

const alice = await signUp("alice");
const bob = await signUp("bob");

// Signing up twice with one name is a typed 409, not an exception.
const again = await anon.POST("/api/v1/players/", {
  body: { username: `${prefix}_alice`, password: "correct-horse-42" },
});
check(again.response.status === 409 && isProblem(again.error), "duplicate sign-up is a problem");
const duplicateCode = again.error.code;

const created = await alice.POST("/api/v1/games/", {
  body: { preset: "two_player", options: { passing: true } },
});
check(created.data && created.response.status === 201, `create: ${JSON.stringify(created.error)}`);
const gameId = created.data.game_id;
const path = { game_id: gameId };

const seated = await bob.POST("/api/v1/games/{game_id}/seats/", { params: { path }, body: {} });
check(seated.data, `take seat: ${JSON.stringify(seated.error)}`);
const started = await alice.POST("/api/v1/games/{game_id}/start/", { params: { path }, body: {} });
check(started.data, `start: ${JSON.stringify(started.error)}`);

const clients: Record<number, HeartsClient> = { 0: alice, 1: bob };
const problems: string[] = [];
let passes = 0;
let plays = 0;
let notModified = 0;
let final: GameView | undefined;

for (let step = 0; step < 2000; step += 1) {
  const watched = await alice.GET("/api/v1/games/{game_id}/", { params: { path } });
  check(watched.data, `view: ${JSON.stringify(watched.error)}`);
  if (watched.data.status === "finished") {
    final = watched.data;
    break;
  }
  const seat = watched.data.to_act[0];
  check(seat !== undefined, `someone is to act: ${JSON.stringify(watched.data.to_act)}`);
  const client = clients[seat];
  check(client, `seat ${seat} is one of ours`);

  const mine = await client.GET("/api/v1/games/{game_id}/", { params: { path } });
  check(mine.data, `seat view: ${JSON.stringify(mine.error)}`);
  const etag = mine.response.headers.get("ETag");
  check(etag, "the view has an ETag");
  const unchanged = await client.GET("/api/v1/games/{game_id}/", {
    params: { path, header: { "If-None-Match": etag } },
  });
  notModified += unchanged.response.status === 304 ? 1 : 0;

  const view = mine.data.view;
  check(mine.data.your_seat === seat && view.hand !== null, "a seat sees its own hand");
  check(view.hand.length === view.cards_left[seat], "the hand matches the cards left");
  const legal = view.legal_cards ?? [];
  check(legal.length > 0, `seat ${seat} has legal cards in phase ${view.phase}`);

  if (view.phase === "passing") {
    const passed = await client.POST("/api/v1/games/{game_id}/passes/", {
      params: { path, header: { "If-Match": etag } },
      body: { cards: legal.slice(0, view.pass_count) },
    });
    check(passed.data, `pass: ${JSON.stringify(passed.error)}`);
    passes += 1;
  } else if (view.phase === "playing") {
    if (plays === 0) {
      // Typed errors on the way: the other seat plays out of turn, then a card nobody holds.
      const other = clients[1 - seat];
      check(other, "the other seat is ours");
      const outOfTurn = await other.POST("/api/v1/games/{game_id}/plays/", {
        params: { path },
        body: { card: legal[0] as string },
      });
      check(
        outOfTurn.response.status === 422 && isProblem(outOfTurn.error),
        `out of turn is a 422: ${JSON.stringify(outOfTurn.error)}`,
      );
      problems.push(outOfTurn.error.code);
      const notHeld = SHORT_DECK.find((card) => !view.hand?.includes(card));
      const bad = await client.POST("/api/v1/games/{game_id}/plays/", {
        params: { path },
        body: { card: notHeld as string },
      });
      check(
        bad.response.status === 422 && isProblem(bad.error),
        `a card not held is a 422: ${JSON.stringify(bad.error)}`,
      );
      problems.push(bad.error.code);
    }
    const played = await client.POST("/api/v1/games/{game_id}/plays/", {
      params: { path, header: { "Idempotency-Key": `${gameId}-${mine.data.seq}` } },
      body: { card: legal[0] as string, expected_seq: mine.data.seq },
    });
    check(played.data, `play: ${JSON.stringify(played.error)}`);
    check(played.data.seq > mine.data.seq, "a play moves the game on");
    plays += 1;
  } else {
    const chose = await client.POST("/api/v1/games/{game_id}/moon/", {
      params: { path },
      body: { choice: "add_to_others" },
    });
    check(chose.data, `moon: ${JSON.stringify(chose.error)}`);
  }
}

check(final, "the game finished within the step limit");
const log = await anon.GET("/api/v1/games/{game_id}/log/", { params: { path } });
check(log.data, `log: ${JSON.stringify(log.error)}`);
const profile = await alice.GET("/api/v1/me/");
check(profile.data, `profile: ${JSON.stringify(profile.error)}`);

console.log(
  JSON.stringify({
    game_id: gameId,
    passes,
    plays,
    not_modified: notModified,
    problems,
    duplicate_code: duplicateCode,
    totals: final.view.totals,
    winners: final.view.outcome?.winners ?? null,
    log_events: log.data.events.length,
    seq: final.seq,
    alice_games: profile.data.stats.games,
  }),
);
