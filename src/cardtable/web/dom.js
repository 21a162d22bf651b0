// @ts-check
// A tiny DOM helper: h("button.primary", {onclick, "aria-label": "..."}, "text", child, ...).

// An element's listeners, by event type: h's on... attributes and listen's. The element listens
// through one dispatcher a type, which calls what this map holds now, so that morph can hand an
// old element kept on screen the listeners of the new drawing (they hold what is true now).
/** @type {WeakMap<EventTarget, Record<string, (e: any) => void>>} */
const handlers = new WeakMap();
/** @type {WeakMap<EventTarget, Set<string>>} */
const dispatching = new WeakMap();

/** @param {EventTarget} el @param {string} type */
function dispatcher(el, type) {
  let types = dispatching.get(el);
  if (!types) dispatching.set(el, (types = new Set()));
  if (types.has(type)) return;
  types.add(type);
  el.addEventListener(type, (e) => { const f = (handlers.get(el) || {})[type]; if (f) f(e); });
}

/** A listener on an element, handed on by morph as h's on... attributes are.
 * @param {EventTarget} el @param {string} type @param {(e: any) => void} fn */
export function listen(el, type, fn) {
  let map = handlers.get(el);
  if (!map) handlers.set(el, (map = {}));
  map[type] = fn;
  dispatcher(el, type);
}

/** @param {Node} o @param {Node} n the old element on screen takes the new one's listeners */
function adopt(o, n) {
  const map = handlers.get(n);
  if (!map && !handlers.has(o)) return;
  handlers.set(o, map || {});
  for (const type of Object.keys(map || {})) dispatcher(o, type);
}

// Each element's kind as h was asked for it ("li", "section.since-strip"): its tag and the
// classes it is made with, not those a state adds ("new", "my-turn"). morph pairs by it.
/** @type {WeakMap<Node, string>} */
const kinds = new WeakMap();

export function h(spec, attrs, ...children) {
  const [head, ...classes] = spec.split(".");
  const [tag, id] = head.split("#");
  const el = document.createElement(tag || "div");
  kinds.set(el, spec);
  if (id) el.id = id;
  if (classes.length) el.className = classes.join(" ");
  if (attrs && (typeof attrs !== "object" || attrs instanceof Node || Array.isArray(attrs))) {
    children.unshift(attrs);
    attrs = null;
  }
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on")) listen(el, key.slice(2), value);
    else if (key === "class") el.className += (el.className ? " " : "") + value;
    else if (key === "style" && typeof value === "object") Object.assign(el.style, value);
    else if (key === "dataset") Object.assign(el.dataset, value);
    else if (key in el && !key.includes("-") && key !== "list" && key !== "form") el[key] = value;
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else el.append(child instanceof Node ? child : String(child));
  }
}

// A control whose face (a card's corner and lines, a pile's top card and count) says less, or
// other, than its name in words: the name is read, the face is shown. The name is the content
// of the control, not an aria-label over different visible text, which voice control cannot
// match ("click two of clubs" on a button showing "2♣") and axe rightly flags.
/** @param {string} name @param {...any} face @returns {Node[]} */
export function namedFace(name, ...face) {
  const shown = [];
  (function walk(list) {
    for (const c of list) {
      if (c === null || c === undefined || c === false) continue;
      if (Array.isArray(c)) { walk(c); continue; }
      const el = c instanceof Node ? c : h("span", String(c));
      if (el instanceof Element) el.setAttribute("aria-hidden", "true");
      shown.push(el);
    }
  })(face);
  return [h("span.sr-only", name), ...shown];
}

// Drawing the table afresh at every move, as the page does, is simple; putting the new drawing
// in place of the old costs the browser a whole style and layout pass (tens of milliseconds on
// a phone), most of it for what did not change (your hand when someone else moved, the log's
// old lines). morph makes `parent`'s children match `fresh` while keeping every old node that is
// equal to its new one (isEqualNode: the same attributes and text all the way down) and
// patching the attributes and children of one of the same tag in place; what it keeps takes the
// new drawing's listeners. A form field is always the new one (its typed value is no attribute,
// and the new drawing's handlers read the new field).
/** @param {Node} parent @param {Node[]} fresh */
export function morph(parent, fresh) {
  // An old child answers a new one of its kind (as h made it): a part that comes or
  // goes (a strip shown only since your turn, the mark of whose turn it is) leaves those after
  // it matched with their own old selves, not each with its neighbour's.
  const old = [...parent.childNodes];
  let j = 0;
  for (const n of fresh) {
    const kind = kindOf(n);
    let k = j;
    while (k < old.length && kindOf(old[k]) !== kind) k += 1;
    if (k < old.length) {
      for (; j < k; j += 1) parent.removeChild(old[j]);
      patch(old[k], n);
      j = k + 1;
    } else {
      parent.insertBefore(n, j < old.length ? old[j] : null);
    }
  }
  for (; j < old.length; j += 1) parent.removeChild(old[j]);
}

/** @param {Node} n */
const kindOf = (n) => kinds.get(n) || n.nodeName;

const FIELDS = ["INPUT", "SELECT", "TEXTAREA", "DIALOG"];

/** @param {ChildNode} o @param {Node} n */
function patch(o, n) {
  if (o instanceof Element && FIELDS.includes(o.tagName)) { o.replaceWith(n); return; }
  // A folded list (every legal move, a pile's whole run, the legend) is opened and closed by
  // the reader: it stays as they left it while the table is drawn again around it.
  if (o instanceof HTMLDetailsElement && n instanceof HTMLDetailsElement) n.open = o.open;
  if (o.isEqualNode(n)) { keep(o, n); return; }
  if (o instanceof Text && n instanceof Text) { o.data = n.data; return; }
  if (o instanceof Element && n instanceof Element && o.tagName === n.tagName) {
    for (const a of [...o.attributes]) if (!n.hasAttribute(a.name)) o.removeAttribute(a.name);
    for (const a of n.attributes) {
      if (o.getAttribute(a.name) === a.value) continue;
      // The page's policy (style-src 'self') refuses a style attribute set as text; the same
      // declarations set through the element's style are allowed.
      if (a.name === "style" && o instanceof HTMLElement && n instanceof HTMLElement) o.style.cssText = n.style.cssText;
      else o.setAttribute(a.name, a.value);
    }
    adopt(o, n);
    morph(o, [...n.childNodes]);
    return;
  }
  o.replaceWith(n);
}

// An old subtree equal to its new one stays; its elements take the new listeners, its fields
// are the new ones.
/** @param {Node} o @param {Node} n */
function keep(o, n) {
  if (o instanceof Element && FIELDS.includes(o.tagName)) { o.replaceWith(n); return; }
  adopt(o, n);
  const oc = [...o.childNodes];
  const nc = [...n.childNodes];
  oc.forEach((c, i) => { if (c instanceof Element) keep(c, nc[i]); });
}

export function clear(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

let toastTimer = null;
export function toast(text, ms = 4000) {
  const el = /** @type {HTMLElement} */ (document.getElementById("toast"));
  el.textContent = text;
  el.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { el.hidden = true; }, ms);
}
