// @ts-check
// A tiny DOM helper: h("button.primary", {onclick, "aria-label": "..."}, "text", child, ...).

// The elements given a listener (by h's on... attributes or by listen): their handlers may hold
// what was true when they were made, so morph never patches one into another; it keeps one
// only when the new one is the same node to the last attribute and text.
const listened = new WeakSet();

export function h(spec, attrs, ...children) {
  const [head, ...classes] = spec.split(".");
  const [tag, id] = head.split("#");
  const el = document.createElement(tag || "div");
  if (id) el.id = id;
  if (classes.length) el.className = classes.join(" ");
  if (attrs && (typeof attrs !== "object" || attrs instanceof Node || Array.isArray(attrs))) {
    children.unshift(attrs);
    attrs = null;
  }
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on")) { el.addEventListener(key.slice(2), value); listened.add(el); }
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

/** A listener on an element that morph is to treat as h's on... attributes.
 * @param {Element} el @param {string} type @param {(e: any) => void} fn */
export function listen(el, type, fn) {
  el.addEventListener(type, fn);
  listened.add(el);
}

// Drawing the table afresh at every move, as the page does, is simple; putting the new drawing
// in place of the old costs the browser a whole style and layout pass (tens of milliseconds on
// a phone), most of it for what did not change (your hand when someone else moved, the log's
// old lines). morph makes `parent`'s children match `fresh` while keeping every old node that is
// equal to its new one (isEqualNode: the same attributes and text all the way down), patching
// the attributes and children of a plain element in place, and replacing only the rest: a
// control with listeners, a form field (its typed value is no attribute), a different tag.
/** @param {Node} parent @param {Node[]} fresh */
export function morph(parent, fresh) {
  const old = [...parent.childNodes];
  fresh.forEach((n, i) => {
    const o = old[i];
    if (o) patch(o, n);
    else parent.appendChild(n);
  });
  for (const o of old.slice(fresh.length)) parent.removeChild(o);
}

/** @param {ChildNode} o @param {Node} n */
function patch(o, n) {
  if (o.isEqualNode(n)) return;
  if (o instanceof Text && n instanceof Text) { o.data = n.data; return; }
  if (o instanceof Element && n instanceof Element && o.tagName === n.tagName && !listened.has(o)
      && !listened.has(n) && !["INPUT", "SELECT", "TEXTAREA", "DIALOG"].includes(o.tagName)) {
    for (const a of [...o.attributes]) if (!n.hasAttribute(a.name)) o.removeAttribute(a.name);
    for (const a of n.attributes) {
      if (o.getAttribute(a.name) === a.value) continue;
      // The page's policy (style-src 'self') refuses a style attribute set as text; the same
      // declarations set through the element's style are allowed.
      if (a.name === "style" && o instanceof HTMLElement && n instanceof HTMLElement) o.style.cssText = n.style.cssText;
      else o.setAttribute(a.name, a.value);
    }
    morph(o, [...n.childNodes]);
    return;
  }
  o.replaceWith(n);
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
