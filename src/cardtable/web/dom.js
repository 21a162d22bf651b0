// @ts-check
// A tiny DOM helper: h("button.primary", {onclick, "aria-label": "..."}, "text", child, ...).
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
    if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
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
