// Ratings screens: "your ratings" (#/ratings, #/ratings/<preset>: every preset, and one preset's
// history) and the leaderboards (#/leaderboard/<preset>), read from the public ratings API:
//   GET players/{username}/ratings/            your rating on every preset
//   GET players/{username}/ratings/{preset}/   one preset's rating and its history (paginated)
//   GET leaderboards/{preset}/                 ranked by conservative rating (paginated)
// The numbers are the server's (docs/ratings.md): `rating` ± `rating_deviation` on the
// 1500 scale, `provisional` for fewer than 10 rated games.

const PAGE = 50;
const words = (preset) => preset.replaceAll("_", " ");

/** "1523 ± 180" with "provisional" marked, for a seat, a row or a heading. */
export function ratingText(r) {
  if (!r) return "";
  return `${r.rating} ± ${r.rating_deviation}${r.provisional ? " (provisional)" : ""}`;
}

/** A small badge for a seat: "1523?" while provisional; its title says the rest. */
export function ratingBadge(h, r) {
  if (!r) return null;
  return h("span", {
    class: `rating ${r.provisional ? "provisional" : ""}`,
    title: `Rating ${ratingText(r)}, ${r.games_played} rated game${r.games_played === 1 ? "" : "s"}`,
    dataset: { rating: r.rating },
  }, ` ${r.rating}${r.provisional ? "?" : ""}`);
}

/** "bot" next to the name of a seat held by a bot account (the game view's `is_bot` and
 * `bot_owner`), or nothing for a human, an AI seat or an empty one. */
export function botBadge(h, seat) {
  if (!seat || !seat.is_bot) return null;
  return h("span", {
    class: "badge bot",
    title: seat.bot_owner ? `A bot account of ${seat.bot_owner}` : "A bot account",
  }, "bot");
}

async function presets(api) {
  const catalog = await api.rulesCatalog();
  return catalog.presets.map((p) => p.key);
}

function presetPicker(h, names, current, hashOf) {
  const select = h("select", { id: "rating-preset", "aria-label": "Preset" },
    names.map((name) => h("option", { value: name, selected: name === current }, words(name))));
  select.addEventListener("change", () => { location.hash = hashOf(select.value); });
  return select;
}

/** #/ratings[/<preset>]: every preset's rating, then the chosen preset's history. */
export async function renderMyRatings(main, ctx, preset) {
  const { h, api, session } = ctx;
  const me = session.username;
  const panel = h("section", { class: "panel ratings", "aria-labelledby": "ratings-title" },
    h("h1", { id: "ratings-title" }, "Your ratings"), h("p", { class: "muted" }, "Loading…"));
  main.replaceChildren(panel);
  let all;
  try {
    all = await api.playerRatings(me);
  } catch (err) {
    ctx.showError(err);
    return;
  }
  const played = all.ratings.filter((r) => r.games_played > 0);
  const chosen = preset || (played[0] || all.ratings[0]).preset;
  const rows = all.ratings.map((r) => h("tr", { dataset: { preset: r.preset }, class: r.preset === chosen ? "chosen" : null },
    h("td", {}, h("a", { href: `#/ratings/${r.preset}` }, words(r.preset))),
    h("td", { class: "num" }, `${r.rating} ± ${r.rating_deviation}`),
    h("td", { class: "num" }, r.games_played),
    h("td", { class: "num" }, r.wins),
    h("td", {}, r.provisional ? "provisional" : ""),
    h("td", {}, h("a", { href: `#/leaderboard/${r.preset}` }, "leaderboard"))));
  const history = h("section", { class: "history", "aria-labelledby": "history-title" });
  panel.replaceChildren(
    h("h1", { id: "ratings-title" }, "Your ratings"),
    h("p", { class: "muted" }, "One rating per preset, from your finished games' placings (resigning counts as last). New players start at 1500 and stay provisional for 10 games."),
    h("table", { class: "ratings-table" },
      h("thead", {}, h("tr", {}, ["Preset", "Rating", "Games", "Wins", "", ""].map((t) => h("th", {}, t)))),
      h("tbody", {}, rows)),
    history);
  let detail;
  try {
    detail = await api.playerRatingHistory(me, chosen, PAGE);
  } catch (err) {
    ctx.showError(err);
    return;
  }
  const points = detail.results;
  history.replaceChildren(
    h("h2", { id: "history-title" }, `History: ${words(chosen)}`),
    h("p", { class: "current-rating" }, `Now ${ratingText(detail)} after ${detail.games_played} rated game${detail.games_played === 1 ? "" : "s"}.`),
    points.length ? h("table", { class: "ratings-table history-table" },
      h("thead", {}, h("tr", {}, ["Game", "Finished", "Place", "Rating", "Change"].map((t) => h("th", {}, t)))),
      h("tbody", {}, points.map((p) => h("tr", { dataset: { game: p.game_id } },
        h("td", {}, h("a", { href: `${ctx.playRoot}replay/${p.game_id}/` }, "replay")),
        h("td", {}, new Date(p.finished_at).toLocaleString()),
        h("td", { class: "num" }, p.place),
        h("td", { class: "num" }, `${p.rating} ± ${p.rating_deviation}`),
        h("td", { class: `num ${p.rating_change >= 0 ? "up" : "down"}` }, `${p.rating_change >= 0 ? "+" : ""}${p.rating_change}`)))))
      : h("p", { class: "muted" }, "No rated game on this preset yet."),
    ...(detail.count > points.length ? [h("p", { class: "muted" }, `The first ${points.length} of ${detail.count} games.`)] : []));
}

/** #/leaderboard/<preset>: the preset's players and AI levels, best conservative rating first. */
export async function renderLeaderboard(main, ctx, preset, offset = 0) {
  const { h, api, session } = ctx;
  const chosen = preset || "classic";
  const panel = h("section", { class: "panel leaderboard", "aria-labelledby": "leaderboard-title" },
    h("h1", { id: "leaderboard-title" }, `Leaderboard: ${words(chosen)}`), h("p", { class: "muted" }, "Loading…"));
  main.replaceChildren(panel);
  let names;
  let page;
  try {
    [names, page] = await Promise.all([presets(api), api.leaderboard(chosen, PAGE, offset)]);
  } catch (err) {
    ctx.showError(err);
    return;
  }
  const rows = page.results.map((e) => {
    const name = e.kind === "ai" ? `AI ${e.ai_level}` : e.username;
    const mine = e.kind === "human" && e.username === session.username;
    return h("tr", { class: mine ? "mine" : null, dataset: { identity: name } },
      h("td", { class: "num" }, e.rank),
      h("td", {}, name, mine ? " (you)" : ""),
      h("td", { class: "num" }, `${e.rating} ± ${e.rating_deviation}`),
      h("td", { class: "num" }, e.conservative),
      h("td", { class: "num" }, e.games_played),
      h("td", { class: "num" }, e.wins),
      h("td", {}, e.provisional ? "provisional" : ""));
  });
  const more = [];
  if (page.previous) more.push(h("button", { type: "button", class: "secondary", onclick: () => renderLeaderboard(main, ctx, chosen, Math.max(0, offset - PAGE)) }, "Previous"));
  if (page.next) more.push(h("button", { type: "button", class: "secondary", onclick: () => renderLeaderboard(main, ctx, chosen, offset + PAGE) }, "Next"));
  panel.replaceChildren(
    h("h1", { id: "leaderboard-title" }, `Leaderboard: ${words(chosen)}`),
    h("div", { class: "field" }, h("label", { for: "rating-preset" }, "Preset"), presetPicker(h, names, chosen, (p) => `#/leaderboard/${p}`)),
    h("p", { class: "muted" }, "Ranked by the conservative rating (rating − 3 deviations), so a player climbs by playing; AI levels are rated like players."),
    rows.length ? h("table", { class: "ratings-table leaderboard-table" },
      h("thead", {}, h("tr", {}, ["#", "Player", "Rating", "Conservative", "Games", "Wins", ""].map((t) => h("th", {}, t)))),
      h("tbody", {}, rows)) : h("p", { class: "muted" }, "No rated game on this preset yet."),
    ...(more.length ? [h("div", { class: "actions" }, more)] : []));
}
