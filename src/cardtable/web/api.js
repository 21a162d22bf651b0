// The server's HTTP API: JSON in, JSON out; a refusal becomes an Error carrying its sentence.
export class ApiError extends Error {
  constructor(status, message) { super(message); this.status = status; }
}

export async function api(path, { method = "GET", body, token } = {}) {
  const headers = {};
  if (body !== undefined) headers["content-type"] = "application/json";
  if (token) headers.authorization = `Bearer ${token}`;
  let response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
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

export function tableLink(table, token) {
  return `${location.origin}/t/${encodeURIComponent(table)}${token ? `?token=${encodeURIComponent(token)}` : ""}`;
}
