// @ts-check
// The table by keyboard. Tab goes hand, piles, melds, moves: the hand is one stop whose cards
// the arrow keys walk (Home and End: its ends), Space or Enter picks one; a pile, a meld to
// play on and each move are buttons. A move the game gives a one-letter key is that key; `h`
// asks for a hint, Esc clears the picked cards (or closes the dialog on screen).
// The table is drawn afresh at every move: the focus stays on the same control when it is
// drawn again, and goes to the first useful control (the move to make, or the hand) after your
// own move or when the control it was on is gone; focus outside the table is never taken.
// `/` opens a box where a move is typed as the terminal takes it, by the game's keys (`w cat`,
// `x 7H`, `b 40`): for the moves that take several letters, or when typing beats walking.
import { dialogsBusy } from "./dialogs.js";

/** @typedef {{sel: string, text: string | null, nth: number}} FocusMemo */

/** Which control of `root` has the focus, told so that it can be found again once redrawn.
 * @param {HTMLElement} root @returns {FocusMemo | null} */
export function focusMemo(root) {
  const el = document.activeElement;
  if (!(el instanceof HTMLElement) || !root.contains(el) || el === root) return null;
  const tag = el.tagName.toLowerCase();
  const first = el.classList.length ? `.${CSS.escape(el.classList[0])}` : "";
  for (const key of ["index", "pile", "move", "target", "amount"]) {
    const value = el.dataset[key];
    if (value !== undefined) return { sel: `${tag}${first}[data-${key}="${CSS.escape(value)}"]`, text: null, nth: 0 };
  }
  const label = el.getAttribute("aria-label"); // "Watch table 12": one of many "Watch" links
  const sel = `${tag}${[...el.classList].map((c) => `.${CSS.escape(c)}`).join("")}${label ? `[aria-label="${CSS.escape(label)}"]` : ""}`;
  const same = [...root.querySelectorAll(sel)].filter((e) => e.textContent === el.textContent);
  return { sel, text: el.textContent, nth: Math.max(0, same.indexOf(el)) };
}

/** Focus the control `memo` names, if it is there still and usable.
 * @param {HTMLElement} root @param {FocusMemo} memo @returns {boolean} */
export function refocus(root, memo) {
  let found = [...root.querySelectorAll(memo.sel)];
  if (memo.text !== null) found = found.filter((e) => e.textContent === memo.text);
  const el = /** @type {HTMLElement | undefined} */ (found[memo.nth] || (memo.text === null ? found[0] : undefined));
  if (!el || /** @type {HTMLButtonElement} */ (el).disabled || el.closest("[hidden]")) return false;
  el.focus({ preventScroll: true });
  return document.activeElement === el;
}

/** The first useful control: on your turn the first move that needs no card (draw, buy, call,
 * pass...), else the hand, where the cards of your move are picked; otherwise the hand.
 * @param {HTMLElement} root @param {boolean} myTurn */
export function focusFirstUseful(root, myTurn) {
  const pick = (/** @type {string} */ sel) => /** @type {HTMLElement | null} */ (root.querySelector(sel));
  const el = (myTurn ? pick(".moves .move-row:not(.tools) button.move:not([disabled])") : null)
    || pick(".hand button.card[tabindex='0']") || pick(".hand button.card")
    || (myTurn ? pick(".moves button:not([disabled])") : null) || root;
  el.focus({ preventScroll: true });
  if (el !== root) el.scrollIntoView({ block: "nearest" });
}

/** The hand as one Tab stop: the card last focused (else the first a move uses, else the
 * first) takes the Tab; the others are reached with the arrow keys.
 * @param {HTMLElement | null} hand @param {string | undefined} at the data-index last focused */
export function roveHand(hand, at) {
  if (!hand) return;
  const cards = /** @type {HTMLElement[]} */ ([...hand.querySelectorAll("button.card")]);
  const current = cards.find((c) => c.dataset.index === at) || cards.find((c) => c.classList.contains("playable")) || cards[0];
  for (const c of cards) c.tabIndex = c === current ? 0 : -1;
}

/** Arrow keys on a card of the hand: the next or previous card, or the first or last.
 * @param {KeyboardEvent} e @returns {boolean} whether the key was the hand's */
function handArrows(e) {
  const on = /** @type {HTMLElement | null} */ (e.target instanceof HTMLElement ? e.target.closest(".hand button.card") : null);
  if (!on) return false;
  const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[e.key];
  if (step === undefined && e.key !== "Home" && e.key !== "End") return false;
  const cards = /** @type {HTMLElement[]} */ ([...(on.closest(".hand") || document).querySelectorAll("button.card")]);
  const i = cards.indexOf(on);
  const to = e.key === "Home" ? 0 : e.key === "End" ? cards.length - 1 : Math.min(cards.length - 1, Math.max(0, i + step));
  for (const c of cards) c.tabIndex = c === cards[to] ? 0 : -1;
  cards[to].focus();
  return true;
}

/**
 * @typedef {object} KeyedTable
 * @property {any} state the update on screen (null before the first)
 * @property {() => Array<{move: string, key: string | null, amount?: unknown}>} moves
 * @property {(move: string) => void} play
 * @property {() => void} askHint
 * @property {() => void} clearPicks
 * @property {() => void} openTyping
 */

/** The table's keys, on the whole page, for as long as it is open.
 * @param {KeyedTable} table */
export function installTableKeys(table) {
  document.addEventListener("keydown", (e) => {
    // A dialog has the keyboard: Escape closes it (the browser's own handling, not prevented).
    if (dialogsBusy()) return;
    const on = /** @type {HTMLElement | null} */ (e.target instanceof HTMLElement ? e.target : null);
    if (on && (["INPUT", "SELECT", "TEXTAREA"].includes(on.tagName) || on.isContentEditable)) return;
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (!table.state) return;
    if (handArrows(e)) { e.preventDefault(); return; }
    if (e.key === "Escape") table.clearPicks();
    else if (e.key === "?" || e.key === "h") table.askHint();
    else if (e.key === "/") table.openTyping();
    else {
      // A move the game gives a key of one letter ("d": draw from the stock) is that key.
      const keyed = table.moves().filter((m) => m.key === e.key && !m.amount);
      if (keyed.length !== 1) return;
      table.play(keyed[0].move);
    }
    e.preventDefault();
  });
}
