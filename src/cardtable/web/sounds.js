// @ts-check
// What a table says aloud. A card whose face names a sound (`face.sound`) plays its own
// recording when tapped, from the address the server gives (`speech.card_sound`); a word laid
// is spoken by the server's voice when the server offers one (`speech.by` "server": a
// classroom machine or a headless browser often has no English voice), else by the browser's
// voice, else it is only shown in writing, and the page says which of the three it used.
// Nothing here knows a game: the faces and the payload say what has a sound.
import { h } from "./dom.js";

/** @typedef {"server" | "browser" | "text"} SpokenBy */

/** @param {string} id */
function audioElement(id) {
  // Outside the table's screen, which is redrawn at every move: a sound outlives the redraw.
  let el = /** @type {HTMLAudioElement | null} */ (document.getElementById(id));
  if (!el) {
    el = /** @type {HTMLAudioElement} */ (h(`audio#${id}`, { preload: "auto" }));
    el.hidden = true;
    document.body.append(el);
  }
  return el;
}

export class TableSounds {
  /** @param {string} table @param {string | null} token */
  constructor(table, token) {
    this.table = table;
    this.token = token;
    /** @type {{by?: string, card_sound?: string | null} | null} */
    this.offer = null;
    /** @type {SpokenBy | null} how the last word was said */
    this.by = null;
    this.wordUrl = null; // the object URL of the last word the server spoke
    this.blocked = false; // the browser refused to play before the page was tapped
    this.cardsPlayed = 0; // counted for the tests (and the curious)
  }

  /** @param {any} offer the payload's `speech` */
  setOffer(offer) { if (offer) this.offer = offer; }

  /** @param {any} face */
  hasSound(face) { return !!(face && face.sound && this.offer && this.offer.card_sound); }

  /** The card's recording, from the start. @param {any} face */
  playCard(face) {
    if (!this.hasSound(face)) return false;
    const offer = /** @type {{card_sound: string}} */ (this.offer);
    const url = offer.card_sound.replace("{card}", encodeURIComponent(face.sound));
    const el = audioElement("card-sound");
    if (el.dataset.card !== face.sound) { el.src = url; el.dataset.card = face.sound; } else el.currentTime = 0;
    this.cardsPlayed += 1;
    el.play().catch(() => { /* the browser refused sound before a tap: the face still shows it */ });
    return true;
  }

  // How the words will be said before any is: what the page tells a player up front.
  /** @returns {SpokenBy} */
  expected() {
    if (this.by) return this.by;
    if (this.offer && this.offer.by === "server") return "server";
    return browserVoice() ? "browser" : "text";
  }

  /**
   * Say a word laid (`meld` the board's id of its meld, for the server to speak it).
   * @param {string} text @param {string | undefined} meld @returns {Promise<SpokenBy>}
   */
  async say(text, meld) {
    if (meld && this.offer && this.offer.by === "server" && await this.byServer(meld)) return (this.by = "server");
    if (await byBrowser(text)) return (this.by = "browser");
    return (this.by = "text");
  }

  /** @param {string} meld */
  async byServer(meld) {
    try {
      /** @type {Record<string, string>} */
      const headers = {};
      if (this.token) headers.authorization = `Bearer ${this.token}`;
      // The seat's token goes in a header, never in an address a log would keep.
      const r = await fetch(`/api/tables/${encodeURIComponent(this.table)}/speech?meld=${encodeURIComponent(meld)}`, { headers });
      if (!r.ok) return false;
      const blob = await r.blob();
      if (this.wordUrl) URL.revokeObjectURL(this.wordUrl);
      this.wordUrl = URL.createObjectURL(blob);
      const el = audioElement("word-sound");
      el.src = this.wordUrl;
      el.dataset.meld = meld;
      await el.play();
      this.blocked = false;
      return true;
    } catch (err) {
      // A browser plays sound only once the page has been tapped: say so.
      if (err instanceof DOMException && err.name === "NotAllowedError") this.blocked = true;
      return false; // no answer, or the browser will not play: the browser's voice, or writing
    }
  }
}

function browserVoice() {
  const synth = window.speechSynthesis;
  return !!synth && typeof SpeechSynthesisUtterance !== "undefined" && synth.getVoices().length > 0;
}

/** @param {string} text @returns {Promise<boolean>} */
function byBrowser(text) {
  if (!browserVoice()) return Promise.resolve(false);
  return new Promise((resolve) => {
    try {
      const synth = window.speechSynthesis;
      synth.cancel();
      const u = new SpeechSynthesisUtterance(text);
      u.lang = "en-US";
      u.onstart = () => resolve(true);
      u.onerror = () => resolve(false);
      synth.speak(u);
      setTimeout(() => resolve(true), 1500); // some voices never say when they start
    } catch (err) {
      resolve(false);
    }
  });
}

// The sentence under the words on the table: who says them, and the last one said.
/** @param {SpokenBy} by @param {boolean} [blocked] */
export function spokenByWords(by, blocked = false) {
  if (blocked && by !== "server") return "Tap the page to let it play sound: until then words laid are shown in writing.";
  if (by === "server") return "Words laid are spoken by the server's voice; ▶ say says one again.";
  if (by === "browser") return "Words laid are spoken by this browser's voice; ▶ say says one again.";
  return "No voice is available here: words laid are shown in writing instead.";
}
