// @ts-check
// Your hand as you arrange it: sorted by any order the game's faces name ("suit", "rank",
// "family", "sound"...) or in your own order, dragged card by card (pointer events: a mouse,
// a finger or a pen). The arrangement is kept per table and seat in this browser's storage,
// so a reload or a dropped connection finds the hand as you left it.
import { h, listen } from "./dom.js";
import { plural } from "./games.js";

const KEY = (table, seat) => `cardtable.hand.${table}.${seat}`;
const MINE = "mine";

export class HandOrder {
  constructor(table, seat) {
    this.key = KEY(table, seat);
    this.mode = null; // null: the deck's usual order (the faces' first sort)
    this.mine = []; // the cards in your own order (notation; a card twice is listed twice)
    try {
      const kept = JSON.parse(localStorage.getItem(this.key) || "null");
      if (kept && typeof kept === "object") {
        this.mode = typeof kept.mode === "string" ? kept.mode : null;
        this.mine = Array.isArray(kept.mine) ? kept.mine.filter((c) => typeof c === "string") : [];
      }
    } catch (err) { /* storage off or spoiled: the deck's order */ }
  }

  save() {
    try { localStorage.setItem(this.key, JSON.stringify({ mode: this.mode, mine: this.mine })); } catch (err) { /* private mode */ }
  }

  // The orders the faces offer, by name, the deck's usual first.
  static sorts(faces) {
    for (const f of Object.values(faces)) if (f.sort && Object.keys(f.sort).length) return Object.keys(f.sort);
    return [];
  }

  arrange(cards, face, sorts) {
    const mode = this.mode === MINE || sorts.includes(this.mode) ? this.mode : sorts[0] || null;
    const key = (c) => { const f = face(c); return mode && mode !== MINE && f.sort && f.sort[mode] !== undefined ? f.sort[mode] : f.order; };
    const usual = [...cards].sort((a, b) => key(a) - key(b) || (a < b ? -1 : a > b ? 1 : 0));
    if (mode !== MINE) return usual;
    // Your order for the cards you arranged; a card drawn since goes at the end, where a
    // person putting a new card into their hand would look for it.
    const left = [...usual];
    const out = [];
    for (const c of this.mine) {
      const at = left.indexOf(c);
      if (at >= 0) { out.push(c); left.splice(at, 1); }
    }
    return [...out, ...left];
  }

  current(sorts) { return this.mode === MINE ? MINE : sorts.includes(this.mode) ? this.mode : sorts[0] || null; }

  sortBy(mode) { this.mode = mode; this.save(); }

  // A card of the hand as shown moved from one place to another: your own order from now.
  move(shown, from, to) {
    const cards = [...shown];
    const [card] = cards.splice(from, 1);
    cards.splice(to, 0, card);
    this.mine = cards;
    this.mode = MINE;
    this.save();
    return cards;
  }
}

// ---- dragging -------------------------------------------------------------------------------
// A press on a card that moves more than a few pixels is a drag: the card follows the pointer,
// the place it would go is marked, and letting go moves it there (a press that does not move
// is a tap, which picks the card). The table is not redrawn while a card is held.
const SLOP = 8;

// The listeners read the row they are on from the event: the table may keep an old row on
// screen and hand it these (dom.js, morph).
export function enableDrag(row, onDrop) {
  let press = null;
  const cards = (r) => [...r.querySelectorAll(".card[data-index]")];
  const clearMarks = (r) => r.querySelectorAll(".drop-before, .drop-after").forEach((el) => el.classList.remove("drop-before", "drop-after"));
  const placeAt = (r, x, y) => {
    let best = null;
    for (const el of cards(r)) {
      if (el === press.el) continue;
      const r = el.getBoundingClientRect();
      const d = Math.hypot(x - (r.left + r.width / 2), y - (r.top + r.height / 2));
      if (!best || d < best.d) best = { el, d, after: x > r.left + r.width / 2 };
    }
    return best;
  };
  listen(row, "pointerdown", (e) => {
    const el = e.target instanceof Element ? e.target.closest(".card[data-index]") : null;
    if (!el || e.button > 0) return;
    press = { row: e.currentTarget, el, id: e.pointerId, x: e.clientX, y: e.clientY, dragging: false, spot: null };
  });
  listen(row, "pointermove", (e) => {
    if (!press || e.pointerId !== press.id) return;
    const dx = e.clientX - press.x;
    const dy = e.clientY - press.y;
    if (!press.dragging) {
      if (Math.hypot(dx, dy) < SLOP) return;
      press.dragging = true;
      press.row.classList.add("dragging");
      press.el.classList.add("held");
      try { press.el.setPointerCapture(e.pointerId); } catch (err) { /* a synthetic pointer */ }
    }
    e.preventDefault();
    press.el.style.transform = `translate(${dx}px, ${dy}px)`;
    clearMarks(press.row);
    press.spot = placeAt(press.row, e.clientX, e.clientY);
    if (press.spot) press.spot.el.classList.add(press.spot.after ? "drop-after" : "drop-before");
  });
  const end = (e, dropped) => {
    if (!press || e.pointerId !== press.id) return;
    const { row: r, el, dragging, spot } = press;
    press = null;
    clearMarks(r);
    r.classList.remove("dragging");
    el.classList.remove("held");
    el.style.transform = "";
    if (!dragging) return;
    // The click that ends a drag is no tap: it must not pick the card.
    const swallow = (c) => { c.stopPropagation(); c.preventDefault(); };
    window.addEventListener("click", swallow, { capture: true, once: true });
    setTimeout(() => window.removeEventListener("click", swallow, { capture: true }), 0);
    if (!dropped || !spot) { onDrop(null); return; }
    const from = Number(el.dataset.index);
    let to = Number(spot.el.dataset.index) + (spot.after ? 1 : 0);
    if (to > from) to -= 1;
    onDrop(from === to ? null : { from, to });
  };
  listen(row, "pointerup", (e) => end(e, true));
  listen(row, "pointercancel", (e) => end(e, false));
  return { holding: () => !!(press && press.dragging) };
}

// ---- the hand's section ---------------------------------------------------------------------
// opts: {title, cards (as arranged), face(code), card(code, opts), selection (indices), playable
// (code → bool), note (code → words for a screen reader), sorts, current, onToggle(i),
// onSort(mode), onDrop({from, to}|null)}
export function handSection(opts) {
  const { title, cards, face, selection } = opts;
  const words = (s) => s.charAt(0).toUpperCase() + s.slice(1);
  const sortButtons = opts.sorts.length > 1 || opts.current === MINE ? h("div.hand-sorts", { role: "group", "aria-label": "Arrange your hand" },
    opts.sorts.map((s) => h("button.small.sort", { type: "button", "aria-pressed": String(opts.current === s), dataset: { sort: s }, onclick: () => opts.onSort(s) }, `By ${s}`)),
    opts.current === MINE ? h("button.small.sort", { type: "button", "aria-pressed": "true", dataset: { sort: MINE }, title: "the order you dragged the cards into" }, "Your order") : null) : null;
  // Runs of one group (a suit, a family) are groups for a screen reader; on screen the cards
  // flow as one grid, each card's colour and corner saying its group.
  const runs = [];
  cards.forEach((c, i) => {
    const g = face(c).group || "";
    if (!runs.length || runs.at(-1).group !== g) runs.push({ group: g, idx: [] });
    runs.at(-1).idx.push(i);
  });
  // Cards that carry words (a flower's name, one word under an index) get room for a word at 14 px.
  const worded = cards.some((c) => (face(c).lines || []).some((l) => l.size === "medium"
    || (l.size === "small" && /\p{L}{5}/u.test(l.text || ""))));
  const row = h("div.hand-cards", { class: worded ? "worded" : null },
    runs.map((r) => h("div.hand-group", { role: "group", "aria-label": r.group ? words(r.group) : "cards" },
      r.idx.map((i) => opts.card(cards[i], { index: i, selected: selection.includes(i), playable: opts.playable(cards[i]), note: opts.note(cards[i]), onclick: () => opts.onToggle(i) })))));
  const drag = enableDrag(row, opts.onDrop);
  const picked = selection.length;
  // The sort buttons come after the cards in the page's order (Tab reaches the cards first);
  // the stylesheet shows them beside the title.
  // Named once with its count: a title that says it already ("Your hand (10 cards)") is not
  // followed by "10 cards" again.
  const counted = title.includes(String(cards.length));
  const section = h("section.hand", { "aria-label": counted ? title : `${title}, ${plural(cards.length, "card")}` },
    h("h2.hand-title", counted ? title : `${title} (${cards.length})`, picked ? h("span.muted", ` · ${picked} picked`) : null),
    row, sortButtons);
  return { section, drag };
}
