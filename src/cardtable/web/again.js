// @ts-check
// "Play again" at a finished table: the same seats and people, a new deal. Each person says
// yes with one click; the server starts the next match once every person at the table has
// (bots come along), and tells every page ({"type": "again"}). A person's page then takes its
// seat there (its token derived by the server from this seat's own) and goes to it; a
// spectator's page offers to watch the next match.
import { h } from "./dom.js";
import { api, seatLink } from "./api.js";
import { rememberMine } from "./seats.js";

/**
 * What the end of the match shows of playing again, for the table screen `screen`.
 * @param {any} screen the table screen (its id, token, seat, meta: names and "again")
 */
export function againBox(screen) {
  const again = screen.meta.again || null;
  const names = screen.meta.names || [];
  const who = (/** @type {number[]} */ seats) => seats.map((s) => names[s]).join(", ");
  if (again && again.table) {
    return screen.seat === null
      ? h("a.button.primary", { href: `/watch/${encodeURIComponent(again.table)}` }, "Watch the next match")
      : h("button.primary.again", { type: "button", onclick: () => join(screen) }, "Go to the next match");
  }
  const waiting = again && again.waiting.length ? h("span.muted.again-waiting", { role: "status" },
    `${again.ready.includes(screen.seat) ? "You are in. " : ""}Waiting for ${who(again.waiting)} to say yes.`) : null;
  if (screen.seat === null || (again && again.ready.includes(screen.seat))) return waiting;
  const ready = again && again.ready.length ? ` (${who(again.ready)} ${again.ready.length === 1 ? "has" : "have"} said yes)` : "";
  return [h("button.primary.again", { type: "button", onclick: () => join(screen), "aria-describedby": "again-doc" }, "Play again"),
    h("span.muted#again-doc", `Same seats and people, a new deal: it starts once everyone has said yes${ready}.`)];
}

/**
 * Say yes (or, once the next match has started, take this seat there and go to it). One
 * request at a time, and one trip to the next match: the last yes is answered twice, by its
 * own reply and by the server's news to every page, and a second trip begun while the first
 * loads cancels it. News that comes while a request is out is asked about once it is answered.
 * @param {any} screen
 */
export async function join(screen) {
  if (screen.againBusy) { screen.againLater = true; return; }
  screen.againBusy = true;
  try {
    const got = await api(`/api/tables/${encodeURIComponent(screen.id)}/again`, { method: "POST", token: screen.token });
    screen.meta.again = { ready: got.ready, waiting: got.waiting, table: got.table };
    if (got.table && got.token) {
      rememberMine(got.table, got.seat, got.token, screen.meta.game.name);
      location.href = seatLink(got.table, got.seat, "");
      return; // still busy: the page is on its way
    }
    screen.againBusy = false;
    if (screen.againLater) { screen.againLater = false; join(screen); return; }
    screen.render();
  } catch (err) {
    screen.againBusy = false;
    screen.againLater = false;
    screen.say(err.message, true);
  }
}

/**
 * A page heard who has said yes: drawn again, and a person who said yes goes to the next match
 * once it has started.
 * @param {any} screen
 * @param {{ready: number[], waiting: number[], table: string | null}} data
 */
export function againChanged(screen, data) {
  screen.meta.again = { ready: data.ready, waiting: data.waiting, table: data.table };
  if (data.table && screen.seat !== null && data.ready.includes(screen.seat)) { join(screen); return; }
  screen.render();
}
