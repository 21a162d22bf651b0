// @ts-check
// A finished match replayed at /replay/ID?seat=N&at=V: step by step or a round at a time, as
// seat N saw it or as a spectator did (no ?seat). The server deals the match again from its
// record and describes the table at each version as it describes a live one; a person's view is
// given only to that person (their seat's token; a bot's view to anyone, every view at a table of
// bots only), so this page asks with a token this browser holds for the table, if any. Keys: ← and → a move,
// Page Up and Page Down (or [ and ]) a round, Home and End the deal and the end.
import { h, clear } from "./dom.js";
import { api } from "./api.js";
import { boardContent, faceContent, plainFace, seatWords, toneColours } from "./games.js";
import { mySeats } from "./seats.js";

/** @typedef {{version: number, seat: number | null, lines: {text: string, kind: string}[]}} Step */

/**
 * Open the replay of table `id` in `main`.
 * @param {HTMLElement} main
 * @param {string} id
 */
export async function openReplay(main, id) {
  const params = new URLSearchParams(location.search);
  const asked = params.get("seat");
  const seat = asked === null || asked === "" || asked === "spectator" ? null : Number(asked);
  const held = mySeats().find((s) => s.table === id);
  const token = held ? held.token : null;
  const where = document.getElementById("where");
  clear(main, h("p.loading", "Dealing the match again…"));
  const query = (/** @type {number | null} */ s) => (s === null ? "" : `?seat=${s}`);
  const base = `/api/tables/${encodeURIComponent(id)}/replay`;
  let info;
  try {
    info = await api(base + query(seat), { token });
  } catch (err) {
    clear(main, h("div.problem", h("h1", "This match cannot be replayed"),
      h("p.error", { role: "alert" }, sentence(err.message)),
      h("p", h("a", { href: `/replay/${encodeURIComponent(id)}` }, "Replay it as a spectator saw it"), " · ", h("a", { href: "/" }, "Back to the lobby"))));
    return;
  }
  const faces = info.faces || {};
  const tones = toneColours(faces);
  const names = info.names;
  const who = seat === null ? "a spectator" : names[seat];
  document.title = `Replay: ${info.game.title} · cardtable`;
  if (where) where.textContent = `${info.game.title} · replay`;
  const steps = /** @type {Step[]} */ (info.steps);
  const rounds = /** @type {number[]} */ (info.rounds);
  let version = Math.min(Math.max(0, Number(params.get("at") || 0) || 0), info.versions);
  /** @type {Map<number, any>} */
  const tables = new Map();

  const card = (/** @type {string} */ code) => {
    const f = faces[code] || plainFace(code);
    return h("span", { class: `card tone-${f.tone} small`, style: tones[f.tone] ? `--tone: ${tones[f.tone]}` : null, role: "img", "aria-label": f.label, title: f.label, dataset: { card: code } }, faceContent(f));
  };
  // The log's sentences name a card in notation now and then ("the 7C"): as its face names it.
  const named = (/** @type {string} */ text) => text.replace(/\b[0-9A-Z]{2,3}\b/g, (c) => (faces[c] ? faces[c].name : c));
  const ctx = { moves: [], target: null, picked: [], name: (/** @type {string} */ c) => (faces[c] || plainFace(c)).name, card, play() {}, toggleTarget() {}, speak() {} };

  // The seats whose views the asker may read: its own and the bots' (every seat at a table of
  // bots only); another person's view is theirs.
  const readable = /** @type {number[]} */ (info.seats || (info.seats_open ? names.map((/** @type {string} */ _n, /** @type {number} */ i) => i) : []));
  const seatChoice = h("select#replay-seat", {
    "aria-describedby": "replay-seat-doc",
    onchange() {
      const value = /** @type {HTMLSelectElement} */ (seatChoice).value;
      const q = new URLSearchParams();
      if (value !== "spectator") q.set("seat", value);
      q.set("at", String(version));
      location.href = `/replay/${encodeURIComponent(id)}?${q}`;
    },
  }, h("option", { value: "spectator", selected: seat === null }, "a spectator"),
  readable.map((i) => h("option", { value: String(i), selected: seat === i }, `${names[i]} (seat ${i + 1})`)));
  const slider = h("input#replay-at", { type: "range", min: 0, max: info.versions, step: 1, value: String(version),
    oninput() { go(Number(/** @type {HTMLInputElement} */ (slider).value)); } });
  const counter = h("p.replay-counter", { "aria-live": "polite" });
  const board = h("section.board.replay-board", { "aria-label": "The table" });
  const lines = h("section.log.replay-log", { "aria-label": "What happened" });
  const button = (/** @type {string} */ label, /** @type {string} */ keys, /** @type {() => number} */ to) =>
    h("button.move", { type: "button", "aria-keyshortcuts": keys, onclick: () => go(to()) }, label);
  const nextRound = () => rounds.find((r) => r > version) ?? info.versions;
  const previousRound = () => [...rounds].reverse().find((r) => r < version) ?? 0;

  clear(main, h("div.replay",
    h("h1", `${info.game.title}: the match again, as ${who} saw it`),
    h("p.muted", `${names.join(", ")} · ${info.versions} moves · ${rounds.length} ${rounds.length === 1 ? "round" : "rounds"}. Final: ${names.map((/** @type {string} */ n, /** @type {number} */ i) => `${n} ${info.scores[i]}`).join(", ")}.`),
    h("div.field", h("label", { for: "replay-seat" }, "Seen by"), seatChoice,
      h("small.doc#replay-seat-doc", info.seats_open ? "every seat's view: no other person sat at this table"
        : !readable.length ? "a person's view is theirs only; this is what a spectator saw"
          : token ? "your own view and the bots'; another person's view is theirs only" : "a bot's view, or a spectator's; a person's view is theirs only")),
    h("div.move-row.replay-controls", { role: "group", "aria-label": "Step through the match" },
      button("⇤ Deal", "Home", () => 0),
      button("◀ Round", "PageUp", previousRound),
      button("‹ Move", "ArrowLeft", () => version - 1),
      button("Move ›", "ArrowRight", () => version + 1),
      button("Round ▶", "PageDown", nextRound),
      button("End ⇥", "End", () => info.versions)),
    h("div.field", h("label", { for: "replay-at" }, "Move"), slider),
    counter, h("div.play", board), lines,
    h("p", h("a", { href: "/" }, "Back to the lobby"))));

  document.addEventListener("keydown", (e) => {
    const target = /** @type {HTMLElement | null} */ (e.target);
    if (target && ["INPUT", "SELECT", "TEXTAREA"].includes(target.tagName) && target !== slider) return;
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const to = { ArrowRight: version + 1, ArrowLeft: version - 1, PageDown: nextRound(), "]": nextRound(), PageUp: previousRound(), "[": previousRound(), Home: 0, End: info.versions }[e.key];
    if (to === undefined || target === slider && e.key.startsWith("Arrow")) return;
    e.preventDefault();
    go(to);
  });

  /** @param {number} to */
  async function go(to) {
    version = Math.min(Math.max(0, to), info.versions);
    /** @type {HTMLInputElement} */ (slider).value = String(version);
    const q = new URLSearchParams(location.search);
    q.set("at", String(version));
    history.replaceState(null, "", `${location.pathname}?${q}`);
    await draw();
  }

  async function draw() {
    const at = version;
    let table = tables.get(at);
    if (!table) {
      try {
        table = await api(`${base}/${at}${query(seat)}`, { token });
      } catch (err) {
        clear(counter, h("span.error", sentence(err.message)));
        return;
      }
      tables.set(at, table);
    }
    if (at !== version) return; // a later step was asked for meanwhile
    const step = steps[at];
    const mover = step && step.seat !== null ? names[step.seat] : null;
    counter.textContent = at === 0 ? `The deal (move 0 of ${info.versions})` : `Move ${at} of ${info.versions}${mover ? `: ${mover}` : ""}`;
    const b = table.board;
    clear(board, h("h2", "The table"), h("p.status", b.status || ""), h("p.prompt", b.prompt || ""),
      h("ol.seats", { "aria-label": "Players" }, (b.seats || []).map((/** @type {any} */ s) => h("li.seat", { class: table.actors.includes(s.seat) ? "acting" : null },
        h("span.seat-name", names[s.seat]), h("span.seat-info", seatWords(s))))),
      boardContent(ctx, b),
      b.hand ? h("section.hand", { "aria-label": `${names[seat ?? 0]}'s hand` }, h("h2", `${names[seat ?? 0]}'s hand (${b.hand.length})`), h("div.card-row", b.hand.map((/** @type {string} */ c) => card(c)))) : null);
    const recent = steps.slice(Math.max(0, at - 7), at + 1).flatMap((s) => s.lines.map((l) => ({ ...l, now: s.version === at })));
    clear(lines, h("h2", "What happened"),
      recent.length ? h("ol.log-lines", { tabindex: 0, "aria-label": "The moves up to this one" }, recent.map((l) => h("li", { class: l.now ? "new" : null }, named(l.text)))) : h("p.muted", "Nothing yet."));
    document.body.dataset.replayAt = String(at);
  }

  await draw();
}

/** @param {string} text */
function sentence(text) {
  return text.charAt(0).toUpperCase() + text.slice(1).replace(/\.?$/, ".");
}
