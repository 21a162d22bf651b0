// @ts-check
// The server's HTTP API: JSON in, JSON out; a refusal becomes an Error carrying its sentence.
export class ApiError extends Error {
  /** @param {number} status the HTTP status (0: no answer) @param {string} message */
  constructor(status, message) { super(message); this.status = status; }
}

/**
 * @param {string} path
 * @param {{method?: string, body?: unknown, token?: string | null}} [options]
 * @returns {Promise<any>}
 */
export async function api(path, { method = "GET", body = undefined, token = null } = {}) {
  /** @type {Record<string, string>} */
  const headers = {};
  if (body !== undefined) headers["content-type"] = "application/json";
  if (token) headers.authorization = `Bearer ${token}`;
  let response;
  try {
    // A phone whose network went away may otherwise wait minutes for an answer that will not
    // come, with the page stuck on a move it believes is on its way.
    const signal = typeof AbortSignal.timeout === "function" ? AbortSignal.timeout(20000) : undefined;
    response = await fetch(path, { method, headers, signal, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (err) {
    throw new ApiError(0, "the server cannot be reached; check the connection");
  }
  let data = null;
  try { data = await response.json(); } catch (err) { data = null; }
  if (!response.ok) throw new ApiError(response.status, (data && data.error) || `the server answered ${response.status}`);
  return data;
}

let gamesCache = null;
export async function games() {
  if (!gamesCache) gamesCache = api("/api/games").then((d) => d.games);
  return gamesCache;
}

const facesCache = new Map();
export function faces(game) {
  if (!facesCache.has(game)) facesCache.set(game, api(`/api/games/${encodeURIComponent(game)}/cards`).then((d) => d.cards));
  return facesCache.get(game);
}

// A table's page: seated with a seat's token (a link made for programs and older pages; the page
// keeps the token and drops it from the address), or a spectator's.
export function tableLink(table, token, origin = location.origin) {
  return `${origin}/t/${encodeURIComponent(table)}${token ? `?token=${encodeURIComponent(token)}` : ""}`;
}

// What to send a person: their seat's invitation, exchanged for the seat's token when opened.
export function inviteLink(table, invite, origin = location.origin) {
  return `${origin}/t/${encodeURIComponent(table)}?invite=${encodeURIComponent(invite)}`;
}

// A seat this browser holds, by number: its token stays in this browser's storage.
export function seatLink(table, seat, origin = location.origin) {
  return `${origin}/t/${encodeURIComponent(table)}?seat=${seat}`;
}

const isLoopback = (host) => host === "localhost" || host.endsWith(".localhost") || /^127\./.test(host) || host === "[::1]";

// Where the invitation links send the others: this page's own address, unless it was opened on
// the server's own computer (127.0.0.1, localhost), which no phone can reach; then the address
// the server gives out (its --url, or its address on the local network). Your own links stay
// on this page's address, where this browser keeps its seats.
let shareCache = null;
export function shareOrigin() {
  if (!shareCache) {
    shareCache = (async () => {
      if (!isLoopback(location.hostname)) return location.origin;
      try {
        const { url } = await api("/api/server");
        return url && !isLoopback(new URL(url).hostname) ? url.replace(/\/$/, "") : location.origin;
      } catch (err) {
        return location.origin;
      }
    })();
  }
  return shareCache;
}
