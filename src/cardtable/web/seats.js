// The seats this browser holds, kept in local storage so a closed tab is not a lost game: the
// lobby lists them ("Your seats") with a link back. A seat's link is its key; nothing else
// about a person is kept. Private browsing may refuse storage: then links alone still work.
const KEY = "cardtable.tables";
const KEEP_MS = 30 * 24 * 3600 * 1000;

function load() {
  try { return JSON.parse(localStorage.getItem(KEY) || "{}") || {}; } catch (err) { return {}; }
}

function save(all) {
  try { localStorage.setItem(KEY, JSON.stringify(all)); } catch (err) { /* see above */ }
}

// Every person's link of a table this browser made (its maker sends them on).
export function rememberCreated(made) {
  const all = load();
  all[made.table] = made.seats.filter((s) => s.token).map((s) => ({ seat: s.seat, token: s.token, at: Date.now() }));
  save(all);
}

// The seat this browser sat down at (its page opened with the seat's link).
export function rememberMine(table, seat, token, game) {
  const all = load();
  const list = (Array.isArray(all[table]) ? all[table] : []).filter((s) => s.seat !== seat);
  list.push({ seat, token, mine: true, game, at: Date.now() });
  all[table] = list;
  for (const [id, seats] of Object.entries(all)) {
    if (!Array.isArray(seats) || !seats.some((s) => s && Date.now() - (s.at || 0) < KEEP_MS)) delete all[id];
  }
  save(all);
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

// The links of the other people's seats, when this browser made the table: a person whose
// phone went flat goes on from another device with the link the table was made with.
export function madeLinks(table, mine) {
  const seats = load()[table];
  if (!Array.isArray(seats)) return [];
  return seats.filter((s) => s && !s.mine && s.seat !== mine && typeof s.token === "string")
    .map((s) => ({ seat: s.seat, token: s.token })).sort((a, b) => a.seat - b.seat);
}
