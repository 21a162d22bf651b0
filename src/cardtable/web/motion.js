// @ts-check
// The last move where it happened: a card that came to a new place on the table (taken from
// the discard pile into your hand, laid in a meld, discarded) slides there from where it was,
// or from the seat of whoever moved, and keeps a ring until the next move. Short (a third of
// a second), finished at once by any tap or key, and never played under
// prefers-reduced-motion (the ring stays: it is no motion).
// Also the moves since your last turn, on the table itself: a strip above the board.
import { h } from "./dom.js";

const reduced = () => matchMedia("(prefers-reduced-motion: reduce)").matches;
const MS = 340;

// The place a card lies in: a pile, a meld, the hand.
function zoneOf(el) {
  const pile = el.closest("[data-pile]");
  if (pile) return `p:${pile.dataset.pile}`;
  const meld = el.closest("[data-target]");
  if (meld) return `t:${meld.dataset.target}`;
  return el.closest(".hand") ? "hand" : null;
}

function cardsOnTable(root) {
  const out = [];
  for (const el of root.querySelectorAll("[data-card]")) {
    if (el.closest("details:not([open])")) continue; // a pile's whole list, folded away
    const zone = zoneOf(el);
    if (zone) out.push({ el, code: el.dataset.card, zone });
  }
  return out;
}

export class Motion {
  constructor() {
    this.before = null;
    this.version = null;
    this.played = 0; // animations started, for the tests
    this.arrived = []; // [code, zone] of the last move's cards, marked until the next move
    const skip = () => { for (const a of document.getAnimations()) if (a.id === "arrive") a.finish(); };
    document.addEventListener("pointerdown", skip, { capture: true });
    document.addEventListener("keydown", skip, { capture: true });
  }

  // Before a drawing: where each card lies now.
  remember(root) {
    this.before = cardsOnTable(root).map((c) => ({ code: c.code, zone: c.zone, rect: c.el.getBoundingClientRect() }));
  }

  // A new drawing, before it is put on screen (dom.js, morph). A new version: the cards in a
  // place they were not before are the move's; a redraw of the same version (a card picked)
  // keeps the last move's ring where it was. Marks them (class "arrived") in `fresh`; true
  // when they are to slide (play, once the drawing is on screen).
  mark(fresh, version) {
    const now = cardsOnTable(fresh);
    let moved = false;
    if (this.before && this.version !== null && version !== this.version) {
      const left = new Map();
      for (const b of this.before) {
        const k = `${b.code}|${b.zone}`;
        left.set(k, (left.get(k) || 0) + 1);
      }
      const arrived = [];
      for (const c of now) {
        const k = `${c.code}|${c.zone}`;
        if (left.get(k)) left.set(k, left.get(k) - 1);
        else arrived.push(c);
      }
      // A lay-down of six cards or a new deal is many arrivals: a whole deal slides nothing.
      this.arrived = arrived.length <= 8 ? arrived.map((c) => [c.code, c.zone]) : [];
      moved = this.arrived.length > 0;
    }
    if (this.version !== version) this.version = version;
    const marks = [...this.arrived];
    for (const c of now) {
      const at = marks.findIndex(([code, zone]) => code === c.code && zone === c.zone);
      if (at >= 0) { c.el.classList.add("arrived"); marks.splice(at, 1); }
    }
    return moved;
  }

  // The drawing on screen: when mark said so, the cards it marked slide from where they were,
  // or from the seat of whoever moved (`source`).
  play(root, slide, source) {
    const before = this.before || [];
    this.before = null;
    if (!slide || reduced()) return;
    const src = source && source.getBoundingClientRect();
    for (const c of cardsOnTable(root).filter((x) => x.el.classList.contains("arrived")).slice(0, 8)) {
      const from = before.find((b) => b.code === c.code && b.zone !== c.zone);
      const to = c.el.getBoundingClientRect();
      const r = from ? from.rect : src;
      const dx = r ? r.left + r.width / 2 - (to.left + to.width / 2) : 0;
      const dy = r ? r.top + r.height / 2 - (to.top + to.height / 2) : -24;
      const anim = c.el.animate([
        { transform: `translate(${dx}px, ${dy}px) scale(.8)` },
        { transform: "none" }], { duration: MS, easing: "cubic-bezier(.2,.7,.3,1)" });
      anim.id = "arrive";
      this.played += 1;
    }
  }
}

// The moves since your last turn (or, for someone watching, the last few), newest last: the
// log's own sentences, as short as they are.
export function sinceStrip(lines, lastMine, seat, named) {
  const fresh = seat === null ? lines.slice(-3) : lastMine >= 0 ? lines.slice(lastMine + 1) : [];
  const shown = fresh.filter((l) => !["round_scored", "match_over"].includes(l.kind)).slice(-4);
  if (!shown.length) return null;
  const more = fresh.length - shown.length;
  return h("section.since-strip", { "aria-label": seat === null ? "The last moves" : "Since your last turn" },
    h("h2.since-title", seat === null ? "Last moves" : "Since your turn"),
    h("ol.since-moves", more > 0 ? h("li.since-more", `${more} earlier`) : null,
      shown.map((l) => { const text = named(l.text); return h("li", { title: text }, text); })));
}
