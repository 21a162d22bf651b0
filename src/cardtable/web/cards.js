// @ts-check
// A card drawn as a card of its deck: the corner index (rank over suit, blooms, a sound), then
// the face's own lines and badges, edged in its tone's colour. Everything comes from the Face
// the game describes (engine/presentation.py); nothing here knows a deck.
import { h, namedFace } from "./dom.js";
import { breakable } from "./games.js";

const squash = (text) => String(text || "").replace(/\s+/g, "");

// The suit mark in the corner: a symbol or two; a mark that repeats one symbol (three blooms)
// shows it once, beside the number that counts them.
function cornerMark(mark) {
  const chars = [...(mark || "")];
  if (chars.length <= 2) return mark || "";
  return chars.every((c) => c === chars[0]) ? chars[0] : "";
}

// The lines under the corner. A large line that only repeats the index ("A", "3 ✿✿✿") is
// the corner's, when the face says more below it (a suit symbol, a flower's name); a face of
// an index and a small word keeps its big number in the middle.
export function bodyLines(face) {
  const lines = face.lines && face.lines.length ? face.lines
    : [{ text: `${face.corner || ""}${face.mark ? ` ${face.mark}` : ""}`, size: "large" }];
  const index = new Set([squash(face.corner), squash(`${face.corner}${face.mark}`)]);
  const repeats = (l) => l.size === "large" && !!face.corner && index.has(squash(l.text));
  const rest = lines.filter((l) => !repeats(l));
  return rest.some((l) => l.size !== "small") ? rest : lines;
}

// A large line of more than an index ("ch · tch · t", "/ɪ/", a word; not "10" or "♛") is
// "long": a phone's hand sets it smaller than an index, so that it wraps on fewer lines of a
// narrow card. A badge that only repeats the corner's mark is an "echo": it tells a keyboard
// what to type, and a phone's hand leaves it out (the corner shows it already).
// `beside`: what stands beside the corner (a sound card's ♪): in its flow, so that a phone's
// one-line corner makes room for it ("aʊ AW" and a ♪ overlapped on a 390 px phone), or takes
// it to a line of its own when the card is too narrow for both.
export function cardFace(face, beside = null) {
  const mark = cornerMark(face.mark);
  const lineClass = (l) => `line ${l.size}${l.size === "large" && [...squash(l.text)].length > 2 ? " long" : ""}`;
  return [
    face.corner ? h("span.corner", { "aria-hidden": "true" }, h("span.corner-rank", face.corner), mark ? h("span.corner-mark", mark) : null, beside) : beside,
    h("span.face-body", bodyLines(face).map((l) => h("span", { class: lineClass(l) }, l.size === "large" ? l.text : breakable(l.text)))),
    ...(face.badges || []).map((b) => h("span.badge", { class: mark && b.text === mark ? "echo" : null, title: b.title }, b.text)),
  ];
}

// One card: a button in the hand (picked, playable), an image elsewhere (a pile, a meld).
// ``note`` is said after the name to a screen reader ("can be discarded").
/**
 * @param {string} code
 * @param {any} face
 * @param {string | undefined} colour
 * @param {{selected?: boolean, playable?: boolean, inert?: boolean, small?: boolean, onclick?: (e: Event) => void, index?: number, note?: string}} [opts]
 */
export function cardElement(code, face, colour, { selected = false, playable = false, inert = false, small = false, onclick = undefined, index = undefined, note = "" } = {}) {
  const cls = `card tone-${face.tone} ${face.sound ? "has-sound" : ""} ${selected ? "selected" : ""} ${playable ? "playable" : ""} ${small ? "small" : ""}`;
  const style = colour ? `--tone: ${colour}` : null;
  const name = face.label;
  if (inert) return h("span", { class: cls, style, role: "img", "aria-label": name, title: name, dataset: { card: code } }, cardFace(face));
  // A button is named by its content (a name a screen reader reads, the face hidden from it),
  // so that what it says and what it shows never disagree.
  // A card of the hand with a sound of its own (the face names it) says so: a tap plays it.
  const sound = face.sound ? h("span.sound-mark", { "aria-hidden": "true", title: "tap to hear its sound" }, "♪") : null;
  return h("button", { type: "button", class: cls, style, "aria-pressed": String(selected), title: name, dataset: { card: code, index }, onclick },
    namedFace(name + note, cardFace(face, sound)));
}
