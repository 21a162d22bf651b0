// @ts-check
// The status bar, fixed under the page's header so a scrolled phone still shows it: whose turn
// it is, the time left in a window or a turn, and the connection (an outage in red, in words).
// When it becomes your turn it can beep (a tone synthesized by WebAudio: no sound file) and
// vibrate; both are off until you turn them on, and kept in this browser.
import { h, morph } from "./dom.js";

const KEY = "cardtable.alerts";

function loadAlerts() {
  try {
    const got = JSON.parse(localStorage.getItem(KEY) || "null");
    return { sound: !!(got && got.sound), vibrate: !!(got && got.vibrate) };
  } catch (err) { return { sound: false, vibrate: false }; }
}

export class StatusBar {
  constructor() {
    this.alerts = loadAlerts();
    this.audio = null; // made at a tap: a browser lets a page sound only after one
    this.beeps = 0; // counted for the tests (and the curious)
    this.buzzes = 0;
    this.wasMine = null;
    this.conn = { kind: "connecting", text: "Connecting…" };
    /** @type {{text: string, mine: boolean, said?: string, timer: (() => string) | null}} */
    this.turn = { text: "", mine: false, timer: null };
    this.el = h("div#statusbar.statusbar", { role: "region", "aria-label": "Status" });
    // What a screen reader is told, politely, when it becomes your move or a window opens for
    // you: once, not at every drawing of the bar (a card picked, the log catching up). Emptied
    // when the turn passes, so that the next turn's same words are news again.
    this.said = h("p.sr-only.turn-said", { "aria-live": "polite" });
    this.announced = 0; // counted for the tests (and the curious)
    this.body = h("div.bar-body"); // drawn again and again; the words said stay beside it
    this.el.append(this.body, this.said);
    const header = document.querySelector("header.top");
    if (header) header.after(this.el);
    else document.body.prepend(this.el);
    document.body.classList.add("has-statusbar");
    // A tap (or a key) anywhere lets the page make sound from then on, if sound is on.
    const unlock = () => { if (this.alerts.sound) this.wake(); };
    document.addEventListener("pointerdown", unlock, { capture: true });
    document.addEventListener("keydown", unlock, { capture: true });
    this.draw();
  }

  save() { try { localStorage.setItem(KEY, JSON.stringify(this.alerts)); } catch (err) { /* private mode */ } }

  wake() {
    const Ctx = window.AudioContext || /** @type {any} */ (window).webkitAudioContext;
    if (!Ctx) return null;
    if (!this.audio) { try { this.audio = new Ctx(); } catch (err) { return null; } }
    if (this.audio.state === "suspended") this.audio.resume().then(() => this.draw(), () => {});
    return this.audio;
  }

  // A short two-note chime, a fifth up, quiet: heard across a room, not startling.
  beep() {
    const ctx = this.audio;
    if (!ctx || ctx.state !== "running") return false;
    const now = ctx.currentTime;
    for (const [freq, at] of [[660, 0], [990, 0.12]]) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = "sine";
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, now + at);
      gain.gain.exponentialRampToValueAtTime(0.25, now + at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + at + 0.18);
      osc.connect(gain).connect(ctx.destination);
      osc.start(now + at);
      osc.stop(now + at + 0.2);
    }
    this.beeps += 1;
    return true;
  }

  toggle(which) {
    this.alerts[which] = !this.alerts[which];
    this.save();
    if (which === "sound" && this.alerts.sound) { this.wake(); this.beep(); }
    if (which === "vibrate" && this.alerts.vibrate && navigator.vibrate) navigator.vibrate(60);
    this.draw();
  }

  setConn(kind, text) { this.conn = { kind, text }; this.draw(); }

  // turn: {text, mine, said: what to tell a screen reader when it becomes yours (the text and
  // the prompt), timer: () => words of the time left | null}
  setTurn(turn) {
    const became = turn.mine && this.wasMine === false;
    // "Your move" after "Your answer" (a window you answered, then your own turn) is news too.
    const news = turn.mine && (!this.wasMine || turn.text !== this.turn.text);
    this.wasMine = turn.mine;
    this.turn = turn;
    this.draw();
    if (news) { this.said.textContent = turn.said || turn.text; this.announced += 1; }
    else if (!turn.mine && this.said.textContent) this.said.textContent = "";
    if (became) {
      if (this.alerts.sound) this.beep();
      if (this.alerts.vibrate && navigator.vibrate) { navigator.vibrate([80, 60, 80]); this.buzzes += 1; }
    }
  }

  tick() { const t = this.el.querySelector(".bar-time"); if (t && this.turn.timer) t.textContent = this.turn.timer(); }

  draw() {
    const { conn, turn } = this;
    const down = conn.kind === "offline";
    const locked = this.alerts.sound && (!this.audio || this.audio.state !== "running");
    this.el.dataset.conn = conn.kind;
    this.el.classList.toggle("mine", !!turn.mine);
    // Drawn over the old bar (dom.js, morph): a button focused in it keeps the focus.
    morph(this.body, [
      down ? h("p.bar-outage", { role: "alert" }, `The server cannot be reached. ${conn.text}`) : null,
      h("div.bar-row",
        h("span.bar-turn", turn.mine ? h("span.bar-dot", { "aria-hidden": "true" }, "●") : null, turn.text),
        turn.timer ? h("span.bar-time", { "aria-label": "time left" }, turn.timer()) : null,
        h("span.bar-tools",
          locked ? h("span.bar-note", "tap to allow sound") : null,
          h("button.small.alert-toggle", { type: "button", dataset: { alert: "sound" }, "aria-pressed": String(this.alerts.sound), title: "Beep when it becomes your turn", onclick: () => this.toggle("sound") }, "Sound"),
          "vibrate" in navigator ? h("button.small.alert-toggle", { type: "button", dataset: { alert: "vibrate" }, "aria-pressed": String(this.alerts.vibrate), title: "Vibrate when it becomes your turn", onclick: () => this.toggle("vibrate") }, "Vibrate") : null))].filter((n) => n !== null));
  }
}
