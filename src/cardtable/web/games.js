// @ts-check
// How any game looks: the game describes itself (engine/presentation.py) and this draws what it
// says. A card is its Face (lines by size, badges, a tone for its colour, a label for a screen
// reader), the table its Board (piles, titled areas of melds, seat lines, the prompt, legends),
// each legal move a Move (kind, cards, target, a sentence, a key, an amount range), a round's
// end a Result. Nothing here knows a game: no notation is read, no rule is written.
import { h, namedFace } from "./dom.js";

export const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** What the board says of a seat beside its name: the cards held, then the game's own lines;
 * the count said once when a game's line says it already ("12 cards · not down").
 * @param {{cards?: number | null, lines?: string[]} | undefined} line */
export function seatWords(line) {
  if (!line) return "";
  const lines = line.lines || [];
  const held = line.cards === null || line.cards === undefined ? null : plural(line.cards, "card");
  return [held && !lines.some((l) => l.includes(held)) ? held : null, ...lines].filter(Boolean).join(" · ");
}
// "you", "you and Sam", "you, Sam and Greedy bot 3"
export const inWords = (list) => (list.length < 2 ? list.join("") : `${list.slice(0, -1).join(", ")} and ${list.at(-1)}`);

// A long word on a narrow card may break only where a soft hyphen allows, between two
// consonants near its middle ("Man-hattan", "Allen-hurst"), never at a random letter as
// overflow-wrap would ("Manhatt / an").
const VOWEL = /[aeiouy]/i;
export function breakable(text) {
  return text.split(" ").map((word) => {
    if (word.length < 8) return word;
    let best = -1;
    for (let i = 2; i <= word.length - 3; i++) {
      const pair = !VOWEL.test(word[i - 1]) && !VOWEL.test(word[i]) && /[a-z]/i.test(word[i - 1] + word[i]);
      if (pair && (best < 0 || Math.abs(i - word.length / 2) < Math.abs(best - word.length / 2))) best = i;
    }
    if (best < 0) best = Math.ceil(word.length / 2);
    return `${word.slice(0, best)}\u00ad${word.slice(best)}`;
  }).join(" ");
}

// ---- faces ----------------------------------------------------------------------------------
// A card the game did not describe (a variant form of one it did) is its notation.
export function plainFace(code) {
  return { order: 1e6, group: "", label: code, name: code, corner: code, mark: "", tone: "plain",
    lines: [{ text: code, size: "large" }], badges: [] };
}

// Colours for the tones, from the stylesheet's Okabe-Ito palette: a tone that is a colour's
// name wears that colour; the others are given the palette's colours left, in the order the
// deck first shows them, so every game's families, suits or sounds differ at a glance (and
// each face also says its tone in words or symbols).
// Each is the palette's hue darkened for text (the stylesheet's --*-ink): a card's index in its
// tone reads at 4.5:1 or more on the card.
const NAMED = { red: "var(--vermillion-ink)", black: "#111", blue: "var(--blue)", green: "var(--green-ink)",
  orange: "var(--orange-ink)", yellow: "var(--yellow-ink)", pink: "var(--pink-ink)", purple: "var(--violet)",
  violet: "var(--violet)", sky: "var(--sky-ink)", plain: "var(--plain-ink)" };
const PALETTE = ["var(--orange-ink)", "var(--sky-ink)", "var(--vermillion-ink)", "var(--blue)", "var(--green-ink)",
  "var(--pink-ink)", "var(--violet)", "#222", "var(--yellow-ink)", "var(--brown-ink)"];
/** @param {Record<string, {order: number, tone: string}>} faces @returns {Record<string, string>} */
export function toneColours(faces) {
  /** @type {Record<string, string>} */
  const out = {};
  const tones = [...new Set(Object.values(faces).sort((a, b) => a.order - b.order).map((f) => f.tone))];
  const taken = new Set(tones.filter((t) => NAMED[t]).map((t) => NAMED[t]));
  const left = PALETTE.filter((c) => !taken.has(c));
  let i = 0;
  for (const t of tones) out[t] = NAMED[t] || left[i++ % left.length];
  return out;
}

// The face's lines top to bottom (a long word breakable between syllables), then its badges.
export function faceContent(face) {
  const lines = face.lines && face.lines.length ? face.lines : [{ text: `${face.corner}${face.mark ? ` ${face.mark}` : ""}`, size: "large" }];
  return [
    ...lines.map((l) => h("span", { class: `line ${l.size}` }, l.size === "large" ? l.text : breakable(l.text))),
    ...(face.badges || []).map((b) => h("span.badge", { title: b.title }, b.text)),
  ];
}

// ---- moves ----------------------------------------------------------------------------------
function multisetIncludes(big, small) {
  const left = [...big];
  for (const c of small) {
    const at = left.indexOf(c);
    if (at < 0) return false;
    left.splice(at, 1);
  }
  return true;
}
const sameMultiset = (a, b) => a.length === b.length && multisetIncludes(a, b);
const sameSequence = (a, b) => a.length === b.length && a.every((c, i) => c === b[i]);

// Moves the game ranks (a meld's points, a word's length) best first; the others keep their order.
export const byRank = (x, y) => (y.rank ?? 0) - (x.rank ?? 0);

// Whether the cards picked (in the order picked) are exactly the move's.
export function usesExactly(move, picked) {
  return move.ordered ? sameSequence(move.cards, picked) : sameMultiset(move.cards, picked);
}

// The moves the cards picked (and the pile or meld chosen, if any) may make: those using
// exactly these cards first, then those using these and more, fewest cards first.
export function matchingMoves(moves, picked, target) {
  const found = moves.filter((m) => m.cards.length > 0 && !m.amount && multisetIncludes(m.cards, picked) && (!target || m.target === target));
  return found.sort((x, y) => Number(usesExactly(y, picked)) - Number(usesExactly(x, picked)) || x.cards.length - y.cards.length || byRank(x, y));
}

// A move of a kind the rules refuse with these cards, to hear why: a move of that kind seen
// at this table whose notation lists its cards, with the cards picked in their place (on the
// pile or meld chosen, or on none; a move seen on another meld is not guessed at).
export function attempts(shapes, picked, target, legal, piles) {
  const out = [];
  for (const [kind, m] of shapes) {
    if (target ? m.target !== target : m.target && !piles.has(m.target)) continue;
    const words = m.move.split(" ");
    const at = words.findIndex((w, i) => m.cards.every((c, j) => words[i + j] === c));
    if (at < 0 || !m.cards.length) continue;
    const move = [...words.slice(0, at), ...picked, ...words.slice(at + m.cards.length)].join(" ");
    if (legal.includes(move) || out.some((o) => o.move === move)) continue;
    out.push({ move, label: `Try to ${kind} ${picked.length === 1 ? "this card" : `these ${picked.length} cards`}` });
  }
  return out;
}

// ---- the board ------------------------------------------------------------------------------
// ctx: {card(code, opts), moves, target, picked, play(move), toggleTarget(id), name(code), speak(text)}

// The one move a pile makes when clicked with nothing picked (drawing from it), if any.
export function pileMove(ctx, id) {
  const list = ctx.moves.filter((m) => m.target === id && !m.cards.length && !m.amount);
  return list.length === 1 ? list[0] : null;
}
const targeted = (ctx, id) => ctx.moves.some((m) => m.target === id && m.cards.length > 0);

function pileBox(ctx, p) {
  const move = pileMove(ctx, p.id);
  const targetable = targeted(ctx, p.id) && ctx.picked.length > 0;
  const live = !!move || targetable;
  const act = () => {
    if (targetable) ctx.toggleTarget(p.id);
    else if (move) ctx.play(move.move);
  };
  const name = `${p.title}: ${plural(p.count, "card")}${p.top ? `, top card ${ctx.name(p.top)}` : ""}${targetable ? ". Select to play the picked cards here" : move ? `. ${move.label}` : ""}`;
  const attrs = {
    type: "button", class: `pile ${live ? "live" : ""} ${ctx.target === p.id ? "targeted" : ""}`, disabled: !live,
    "aria-pressed": targetable ? String(ctx.target === p.id) : null,
    onclick: act, dataset: move && !targetable ? { pile: p.id, move: move.move } : { pile: p.id },
  };
  const top = p.top || (p.face_up && p.cards.length ? p.cards.at(-1) : null);
  // A few cards face up (cards laid for all to use) are all in sight; a longer pile shows its
  // top, and the rest on request.
  const spread = p.face_up && p.cards.length > 1 && p.cards.length <= 4;
  return h("div.pile-box",
    // An empty pile shows an empty place: a card back there would read as a face-down card.
    h("button", attrs, namedFace(name, spread ? h("span.mini-row", p.cards.map((c) => ctx.card(c, { inert: true })))
      : top ? ctx.card(top, { inert: true })
        : p.count > 0 ? h("span.back", "▒") : h("span.empty-pile", "empty"),
    h("span.pile-count", p.count))),
    h("span.pile-label", p.title),
    !spread && p.cards && p.cards.length > 1 ? h("details.pile-all", h("summary", `all ${p.cards.length}`), h("div.mini-row", p.cards.map((c) => ctx.card(c, { small: true, inert: true })))) : null);
}

function meldBox(ctx, m) {
  const selected = ctx.target === m.id;
  const targetable = targeted(ctx, m.id);
  if (targetable) {
    // A meld to play on is a button named in words, its face hidden from the screen reader
    // (so the name holds what it shows); its "say" button sits beside it, not inside.
    const name = `${m.title}: ${m.cards.map((c) => ctx.name(c)).join(", ")}${m.note ? `. ${m.note}` : ""}. Select to play cards on it`;
    const toggle = () => ctx.toggleTarget(m.id);
    return [h("div", {
      class: `meld ${selected ? "targeted" : ""} targetable`, role: "button", tabindex: 0,
      "aria-pressed": String(selected), dataset: { target: m.id }, onclick: toggle,
      onkeydown: (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); toggle(); } },
    }, namedFace(name, h("span.meld-title", m.title), h("div.mini-row", m.cards.map((c) => ctx.card(c, { small: true, inert: true }))),
      m.note ? h("span.meld-note", m.note) : null)),
    m.speak ? h("button.small.speak", { type: "button", "aria-label": `Say “${m.speak}” aloud`, onclick: () => ctx.speak(m.speak, m.id) }, "▶ say") : null];
  }
  return h("div", {
    class: `meld ${selected ? "targeted" : ""} ${targetable ? "targetable" : ""}`,
    role: targetable ? "button" : "group", tabindex: targetable ? 0 : null,
    "aria-pressed": targetable ? String(selected) : null,
    "aria-label": `${m.title}: ${m.cards.map((c) => ctx.name(c)).join(", ")}${m.note ? `. ${m.note}` : ""}${targetable ? ". Select to play cards on it" : ""}`,
    dataset: { target: m.id },
    onclick: targetable ? () => ctx.toggleTarget(m.id) : null,
    onkeydown: targetable ? (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); ctx.toggleTarget(m.id); } } : null,
  }, h("span.meld-title", m.title), h("div.mini-row", m.cards.map((c) => ctx.card(c, { small: true, inert: true }))),
  m.note || m.speak ? h("span.meld-note", m.note || "",
    m.speak ? h("button.small.speak", { type: "button", "aria-label": `Say “${m.speak}” aloud`, onclick: (e) => { e.stopPropagation(); ctx.speak(m.speak, m.id); } }, "▶ say") : null) : null);
}

function areaBox(ctx, area) {
  const melds = area.groups.reduce((n, g) => n + g.melds.length, 0);
  return h("div.area", { role: "group", "aria-label": area.title },
    h("h3", area.title),
    area.facts.length ? h("ul.facts", area.facts.map((f) => h("li", f))) : null,
    h("div.melds", area.groups.map((g) => h("div.meld-row",
      area.groups.length > 1 || g.title ? h("span.meld-owner", g.title) : null,
      g.melds.length ? g.melds.map((m) => meldBox(ctx, m)) : h("span.muted", g.empty)))),
    !area.groups.length && !area.facts.length && !melds ? h("p.muted", "nothing yet") : null);
}

export function boardContent(ctx, board) {
  return [
    board.piles.length ? h("div.piles", board.piles.map((p) => pileBox(ctx, p))) : null,
    board.areas.map((a) => areaBox(ctx, a)),
    // The standing explanations wait behind a disclosure: read once, they would push the
    // hand below the fold at every move.
    board.legend.length ? h("details.legend", h("summary", "How to read this table"), board.legend.map((l) => h("p", l))) : null,
  ];
}

// Every meld with a text to say, by id (a word laid or grown is said aloud when it appears).
export function spoken(board) {
  const out = new Map();
  for (const a of board.areas) for (const g of a.groups) for (const m of g.melds) if (m.speak) out.set(m.id, m.speak);
  return out;
}
