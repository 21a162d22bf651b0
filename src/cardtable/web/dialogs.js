// @ts-check
// Dialogs one at a time, in order. A dialog the page opens by itself (a round's summary) waits
// until the one on screen is closed; summaries that come while one is read are folded into the
// one waiting, so a player out of a match's hands gets one dialog, then one more with all the
// hands played meanwhile, rather than a pile of them. A dialog a person asks for (a QR code,
// their name) opens at once, over the one they asked from. Every dialog closes by Escape (the
// browser's own, which the table's keys leave alone) and by a button of its own.
import { h } from "./dom.js";
import { plural } from "./games.js";

/** @type {HTMLDialogElement[]} */
const waiting = [];
/** @type {Array<() => void>} */
const whenAllClosed = [];

const anyOpen = () => document.querySelector("dialog[open]") !== null;

/**
 * Show a dialog over the page; it is removed once closed.
 * @param {HTMLElement} element a <dialog>
 * @param {{queue?: boolean}} [options] queue: the page opened it by itself, so it waits its turn
 */
export function showModal(element, { queue = false } = {}) {
  const dialog = /** @type {HTMLDialogElement} */ (element);
  if (queue && (anyOpen() || waiting.length)) { waiting.push(dialog); return; }
  show(dialog);
}

/** @param {HTMLDialogElement} dialog */
function show(dialog) {
  document.body.append(dialog);
  dialog.addEventListener("close", () => {
    dialog.remove();
    // the next in line, once nothing is left open (a dialog asked for from another closes first)
    setTimeout(next, 0);
  }, { once: true });
  dialog.showModal();
}

function next() {
  if (anyOpen()) return;
  const dialog = waiting.shift();
  if (dialog) { show(dialog); return; }
  for (const fn of whenAllClosed) fn();
}

/** Call `fn` whenever the last dialog has closed (to put the focus back where play goes on).
 * @param {() => void} fn */
export function afterDialogs(fn) { whenAllClosed.push(fn); }

/** Whether a dialog is on screen or waiting: the table's keys and focus leave the page alone. */
export function dialogsBusy() { return anyOpen() || waiting.length > 0; }

/**
 * @typedef {{title: string, lines: string[]}} Result
 */

/**
 * The rounds just ended, in one summary: added to the summary still waiting its turn if there
 * is one, else a new one, shown now or after the dialog on screen.
 * @param {Result[]} results
 * @param {string} roundWord the game's word for a round ("hand", "deal")
 */
export function showResults(results, roundWord = "round") {
  if (!results.length) return;
  const pending = waiting.find((d) => d.dataset.kind === "result");
  if (pending) { addResults(pending, results, roundWord); return; }
  const dialog = /** @type {HTMLDialogElement} */ (h("dialog.result", { "aria-labelledby": "result-h", dataset: { kind: "result" } },
    h("h2#result-h"), h("div.result-body"),
    h("form", { method: "dialog" }, h("button.primary", { value: "ok" }, "Continue"))));
  addResults(dialog, results, roundWord);
  showModal(dialog, { queue: true });
}

/** @param {HTMLDialogElement} dialog @param {Result[]} results @param {string} roundWord */
function addResults(dialog, results, roundWord) {
  const all = /** @type {Result[]} */ ([...(/** @type {any} */ (dialog).results || []), ...results]);
  /** @type {any} */ (dialog).results = all;
  const heading = /** @type {HTMLElement} */ (dialog.querySelector("h2"));
  heading.textContent = all.length === 1 ? all[0].title : `${plural(all.length, roundWord)} ended: ${all[0].title} to ${all[all.length - 1].title}`;
  const body = /** @type {HTMLElement} */ (dialog.querySelector(".result-body"));
  body.replaceChildren(...(all.length === 1 ? [h("ul", all[0].lines.map((l) => h("li", l)))]
    : all.map((r) => h("section.result-part", h("h3", r.title), h("ul", r.lines.map((l) => h("li", l)))))));
}
