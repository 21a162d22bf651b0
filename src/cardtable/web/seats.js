// @ts-check
// The seats this browser holds, kept in local storage so a closed tab is not a lost game: the
// lobby lists them ("Your seats") with a link back. A seat's token is its key, and it is kept
// here only: the page's address names the seat by number (/t/ID?seat=N), never by its token,
// so the address bar, the history and a shared screen show no key. Nothing else about a person
// is kept. Private browsing may refuse storage: then the seat lasts as long as its tab.
const KEY = "cardtable.tables";
const KEEP_MS = 30 * 24 * 3600 * 1000;
const fallback = {}; // when storage is refused

function load() {
  try { return JSON.parse(localStorage.getItem(KEY) || "null") || { ...fallback }; } catch (err) { return { ...fallback }; }
}

function save(all) {
  Object.assign(fallback, all);
  try { localStorage.setItem(KEY, JSON.stringify(all)); } catch (err) { /* see above */ }
}

// The invitations of the people's seats of a table this browser made: its maker shows each
// person their seat's code, or sits down with their own. Each works once.
export function rememberCreated(made) {
  const all = load();
  const kept = (Array.isArray(all[made.table]) ? all[made.table] : []).filter((s) => s && s.mine);
  all[made.table] = [...kept, ...made.seats.filter((s) => s.invite).map((s) => ({ seat: s.seat, invite: s.invite, at: Date.now() }))];
  save(all);
}

// The seat this browser sat down at (its invitation exchanged, or its token's link opened).
export function rememberMine(table, seat, token, game, via) {
  const all = load();
  const old = Array.isArray(all[table]) ? all[table] : [];
  const before = old.find((s) => s && s.mine && s.seat === seat);
  const list = old.filter((s) => s && s.seat !== seat);
  // `via`: the invitation this seat was taken with, so the same link opened again here opens it.
  list.push({ seat, token, mine: true, game: game || (before && before.game), via: via || (before && before.via), at: Date.now() });
  all[table] = list;
  for (const [id, seats] of Object.entries(all)) {
    if (!Array.isArray(seats) || !seats.some((s) => s && Date.now() - (s.at || 0) < KEEP_MS)) delete all[id];
  }
  save(all);
}

// The token of a seat this browser holds at a table (null: none).
export function tokenOf(table, seat) {
  const seats = load()[table];
  if (!Array.isArray(seats)) return null;
  const got = seats.find((s) => s && s.mine && s.seat === seat && typeof s.token === "string");
  return got ? got.token : null;
}

// The seat this browser took with invitation `invite` at a table: {seat, token}, or null.
export function seatByInvite(table, invite) {
  const seats = load()[table];
  if (!Array.isArray(seats)) return null;
  return seats.find((s) => s && s.mine && s.via === invite && typeof s.token === "string") || null;
}

// [{table, seat, token, game}] for the seats sat at here, newest first.
export function mySeats() {
  const out = [];
  for (const [table, seats] of Object.entries(load())) {
    if (!Array.isArray(seats)) continue;
    for (const s of seats) if (s && s.mine && typeof s.token === "string") out.push({ table, ...s });
  }
  return out.sort((a, b) => (b.at || 0) - (a.at || 0));
}

// The invitations this browser holds for a table it made, other than to seat `mine`: [{seat,
// invite}]. One already used opens nothing; the table page shows only those of free seats.
export function madeInvites(table, mine) {
  const seats = load()[table];
  if (!Array.isArray(seats)) return [];
  return seats.filter((s) => s && !s.mine && s.seat !== mine && typeof s.invite === "string")
    .map((s) => ({ seat: s.seat, invite: s.invite })).sort((a, b) => a.seat - b.seat);
}
