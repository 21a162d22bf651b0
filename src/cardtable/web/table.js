// @ts-check
// One table: a WebSocket for the seat's updates, the moves by clicking, the log in words.
import { h, clear, morph, namedFace, toast } from "./dom.js";
import { afterDialogs, dialogsBusy, showModal, showResults } from "./dialogs.js";
import { focusFirstUseful, focusMemo, installTableKeys, refocus, roveHand } from "./keys.js";
import { api, faces, inviteLink, seatLink, shareOrigin, tableLink, ApiError } from "./api.js";
import { attempts, boardContent, byRank, inWords, matchingMoves, plainFace, seatWords, spoken, toneColours, usesExactly } from "./games.js";
import { madeInvites, rememberCreated, rememberMine } from "./seats.js";
import { showQr, takeSeat } from "./invite.js";
import { cardElement } from "./cards.js";
import { HandOrder, handSection } from "./hand.js";
import { StatusBar } from "./status.js";
import { Motion, sinceStrip } from "./motion.js";
import { againBox, againChanged } from "./again.js";
import { TableSounds, spokenByWords } from "./sounds.js";

// The page shell's own elements (index.html): always there.
const where = () => /** @type {HTMLElement} */ (document.getElementById("where"));
const conn = () => /** @type {HTMLElement} */ (document.getElementById("conn"));

export async function openTable(main, id, token) {
  const view = new TableScreen(main, id, token);
  /** @type {any} */ (window).cardtable = view; // for the curious and for tests
  await view.start();
}

class TableScreen {
  constructor(main, id, token) {
    /** @type {HTMLElement} */
    this.main = main;
    /** @type {string} */
    this.id = id;
    /** @type {string | null} */
    this.token = token;
    this.state = null; // the last update: version, actors, legal, view, over, scores, winners
    this.meta = null; // the client payload: game, seats, names, settings
    this.log = [];
    this.logSince = -1;
    this.extra = null; // the last client payload: the game's description of a version
    this.shapes = new Map(); // a move of each kind seen at this table, for "try anyway"
    /** @type {Record<string, string>} the colour of each tone of the deck (games.js) */
    this.tones = {};
    /** @type {Map<string, string> | null} */
    this.said = null; // the texts the board's melds say, by meld id, at the last drawing
    this.timer = null;
    this.selection = []; // indices into the sorted hand
    this.target = null;
    this.message = null;
    this.hint = null;
    this.hintFigures = null; // the search's figures behind the last hint, shown on request
    this.allMovesOpen = false; // the list of every legal move, as the person left it (open or not)
    /** @type {{text: string} | null} the box of a move typed by the game's keys, while open */
    this.typing = null;
    this.amounts = null; // the amounts being typed: {version, typed: {move: {text}}}
    this.retry = 0;
    this.resultsSeen = null;
    this.sounds = new TableSounds(id, token);
    this.pendingExtra = false;
    this.dirtyExtra = false;
    this.firstPaint = null;
    // The status bar and the last move's motion belong to the screen from its start; the hand's
    // order waits for the seat (start).
    this.status = new StatusBar();
    this.motion = new Motion();
    /** @type {HandOrder | null} */
    this.handOrder = null;
    this.handH = null; // the docked hand's height, as the moves above it are set (dockSized)
  }

  async start() {
    clear(this.main, h("p.loading", "Opening the table…"));
    try {
      this.meta = await api(this.clientUrl(-1), { token: this.token });
    } catch (err) {
      clear(this.main, h("div.problem", h("h1", "This table cannot be opened"), h("p.error", err.message), h("p", h("a", { href: "/" }, "Back to the lobby"))));
      return;
    }
    this.seat = this.meta.seat;
    if (this.token && this.seat !== null) {
      rememberMine(this.id, this.seat, this.token, this.meta.game.name);
      // The token is this browser's key to the seat: it stays in storage, not in the address
      // bar or the history, where a shared screen or a synced history would show it.
      if (new URLSearchParams(location.search).has("token")) history.replaceState(null, "", seatLink(this.id, this.seat, ""));
    }
    // The table's own faces (they may depend on its options), else the game's.
    this.faces = this.meta.faces || await faces(this.meta.game.name).catch(() => ({}));
    this.tones = toneColours(this.faces);
    this.sorts = HandOrder.sorts(this.faces);
    this.handOrder = new HandOrder(this.id, this.seat);
    this.extra = this.meta;
    this.sounds.setOffer(this.meta.speech);
    this.log = this.meta.log;
    this.logSince = this.meta.version;
    this.setTimer(this.meta.timer);
    document.title = `${this.meta.game.title} · cardtable`;
    where().textContent = `${this.meta.game.title} · ${this.seat === null ? "watching" : `seat ${this.seat + 1}`}`;
    this.installKeys();
    setInterval(() => this.tick(), 1000);
    this.connect();
  }

  clientUrl(since) { return `/api/tables/${encodeURIComponent(this.id)}/client?since=${since}`; }

  // ---- the connection --------------------------------------------------------------------
  // After a move the server sends each connection one message, "update", holding everything
  // the seat draws: the view and legal moves, the log's new lines in words, the seats, the
  // game's description of the moves and the board, the timer. One message, one render; the
  // page asks for nothing more (GET /client is for the first paint, and after a rename).
  connect() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const params = new URLSearchParams();
    if (this.token) params.set("token", this.token);
    // Reconnected: only what happened meanwhile (the log and the events since).
    if (this.state) params.set("since", String(this.state.version));
    const q = params.toString() ? `?${params}` : "";
    const ws = new WebSocket(`${proto}//${location.host}/ws/tables/${encodeURIComponent(this.id)}${q}`);
    this.ws = ws;
    this.setConn("connecting", "Connecting…");
    ws.onopen = () => {
      this.retry = 0;
      this.setConn("online", "Connected");
      // A move refused for want of the server is old news once the page is back.
      if (this.message && this.message.offline) this.say(null);
    };
    ws.onmessage = (msg) => {
      let data;
      try { data = JSON.parse(msg.data); } catch (err) { return; }
      this.messages = (this.messages || 0) + 1;
      if (data.type === "update") this.update(data);
      else if (data.type === "seats") this.seatsChanged(data); // a name, or a person came or went
      else if (data.type === "timer") { this.setTimer(data.timer); this.render(); } // the clock started or stopped
      else if (data.type === "again") againChanged(this, data); // someone said yes to playing again
      else if (data.type === "error" && data.status >= 400 && data.status !== 409) this.say(data.error, true);
    };
    ws.onclose = (event) => {
      if (this.ws !== ws) return;
      if (event.code >= 4400 && event.code < 4500 && event.code !== 4408 && event.code !== 4429) {
        this.setConn("offline", "Disconnected");
        this.say("The server closed this table's connection. Reload the page to try again.", true);
        return;
      }
      const wait = Math.min(5000, 300 * 2 ** this.retry++);
      this.setConn("offline", `Reconnecting in ${Math.ceil(wait / 1000)} s…`);
      setTimeout(() => this.connect(), wait);
    };
  }

  setConn(kind, text) { const el = conn(); el.textContent = text; el.dataset.state = kind; this.status.setConn(kind, text); }

  update(data) {
    if (this.state && data.version !== this.state.version) { this.selection = []; this.target = null; this.hint = null; this.hintFigures = null; }
    this.state = data;
    const renamed = this.absorb(data);
    this.render();
    if (renamed) this.fetchExtra();
  }

  // Keep what a message says beside the view: the client fields as the newest message has them
  // (the seats, the names, the moves described, the timer...), and the log, which grows by the
  // lines each message brings. True when a name changed: the log's older lines were written
  // with the old one, and are to be fetched again in the new words.
  absorb(data) {
    const { type, log, events, view, version, ...rest } = data;
    const renamed = Array.isArray(data.names) && this.meta.names.join("\n") !== data.names.join("\n");
    Object.assign(this.meta, rest);
    if (data.type === "update") this.extra = data; // the game's description of this version
    if (Array.isArray(log)) { this.addLog(log); this.logSince = Math.max(this.logSince, data.version); }
    if ("timer" in data) this.setTimer(data.timer);
    return renamed;
  }

  addLog(lines) {
    const known = new Set(this.log.map((l) => `${l.version}|${l.text}`));
    for (const line of lines) if (!known.has(`${line.version}|${line.text}`)) this.log.push(line);
  }

  seatsChanged(data) {
    const renamed = this.absorb(data);
    if (renamed) this.fetchExtra();
    else this.render();
  }

  // The whole log again, in the names as they are now (after a rename): the one time the page
  // asks the server for more than its messages bring. Lines newer than the answer are kept.
  async fetchExtra() {
    if (this.pendingExtra) { this.dirtyExtra = true; return; }
    this.pendingExtra = true;
    try {
      do {
        this.dirtyExtra = false;
        const extra = await api(this.clientUrl(-1), { token: this.token });
        const newer = this.log.filter((l) => l.version > extra.version);
        this.log = [];
        this.addLog(extra.log);
        this.addLog(newer);
        const { log, ...rest } = extra;
        if (!this.state || extra.version >= this.state.version) Object.assign(this.meta, rest);
        else { this.meta.names = extra.names; this.meta.seats = extra.seats; }
        this.logSince = Math.max(this.logSince, extra.version);
        if (this.state && extra.version === this.state.version) { this.extra = extra; this.setTimer(extra.timer); }
      } while (this.dirtyExtra);
      this.render();
    } catch (err) {
      /* the log is fetched again at the next rename or reload */
    } finally {
      this.pendingExtra = false;
    }
  }

  setTimer(timer) { this.timer = timer ? { ...timer, at: performance.now() } : null; }

  tick() {
    const el = this.main.querySelector(".time-left");
    if (el && this.timer) el.textContent = this.timeLeftText();
    this.status.tick();
  }

  // The seconds count down only while the table's clock runs; when it stands still (someone
  // has not opened their seat yet, a page reconnects) the server says why, and what happens
  // when the time runs out ("If nobody buys the 2♠, it stays on the pile...").
  timeLeftText() {
    const t = this.timer;
    if (!t) return "";
    const left = this.secondsLeft();
    const others = inWords((t.seats || []).map((/** @type {number} */ s) => this.meta.names[s]));
    const count = t.kind === "window"
      ? `${left} s left${t.mine ? "" : ` for ${others}`} to answer`
      : `${left} s left in ${t.mine ? "your" : `${others}'s`} turn`;
    // Two sentences: the time, then what its end does ("18 s left to answer. If you do not...").
    return `${count}${t.running !== false ? "" : ` (stopped: ${t.held || "the clock waits"})`}${t.then ? `. ${t.then}` : "."}`;
  }

  // The whole seconds left on the table's clock, which stand still while it does.
  secondsLeft() {
    const t = this.timer;
    if (!t) return 0;
    const running = t.running !== false;
    return Math.max(0, Math.ceil(t.seconds - (running ? (performance.now() - t.at) / 1000 : 0)));
  }

  // ---- what the game says of this version ---------------------------------------------
  // The game's description (moves, board, results) of the version on screen: carried by the
  // update itself, or by the client payload of the same version; null until it has come.
  described() {
    const st = this.state;
    if (!st) return null;
    if (st.moves && st.board) return st;
    const d = this.extra;
    return d && d.moves && d.version === st.version ? d : null;
  }

  moves() { const d = this.described(); return d ? d.moves : []; }

  face(code) { return this.faces[code] || plainFace(code); }

  name(code) { return this.face(code).name; }

  hand() {
    const d = this.described();
    if (this.seat === null || !d || !this.handOrder) return [];
    return this.handOrder.arrange(d.board.hand || [], (c) => this.face(c), this.sorts);
  }

  // A legal move in notation as the page offers it: {kind, cards, target, label}.
  parse(move) {
    const m = this.moves().find((x) => x.move === move);
    return m ? { kind: m.kind, cards: m.cards, target: m.target, label: m.label, ordered: m.ordered }
      : { kind: "other", cards: [], target: null, label: move, ordered: false };
  }

  ctx() {
    const self = this;
    return {
      moves: this.moves(), target: this.target, picked: this.selection.map((i) => this.hand()[i]).filter(Boolean),
      name: (c) => self.name(c),
      card: (c, opts) => self.cardEl(c, opts || {}),
      play: (m) => self.play(m),
      toggleTarget: (id) => { self.target = self.target === id ? null : id; self.render(); },
      speak: (w, meld) => self.speak(w, meld),
    };
  }

  // The bots' words name cards by their notation ("2GP", "QS"), the terminal's; the page
  // shows names, so a card of this game's deck becomes the name on its card, and a run of
  // them (a meld) is joined by "+".
  named(text) {
    return text.replace(/\b[0-9A-Z]{2,3}(?: [0-9A-Z]{2,3})*\b/g, (run) => {
      const codes = run.split(" ");
      let out = "";
      codes.forEach((c, i) => {
        const known = !!this.faces[c];
        if (i) out += known && this.faces[codes[i - 1]] ? " + " : " ";
        out += known ? this.name(c) : c;
      });
      return out;
    });
  }

  // The log's sentences come from the game, a card now and then in notation ("the 7C", as
  // the terminal types it): a card of this deck reads as its face names it ("the 7♣").
  cardsNamed(text) {
    return text.replace(/\b[0-9A-Z]{2,3}\b/g, (c) => (this.faces[c] ? this.name(c) : c));
  }

  // The figures compare the hint with the next best move, given in notation ("draw stock"):
  // it is named as its button is ("draw from the stock"), its cards as the page shows them.
  figuresNamed(figures, nextBest) {
    const text = this.named(figures);
    if (!nextBest) return text;
    const said = this.named(nextBest);
    const at = text.lastIndexOf(said);  // it comes after the hinted move's own figure
    if (at < 0) return text;
    const label = this.parse(nextBest).label;
    return text.slice(0, at) + label.charAt(0).toLowerCase() + label.slice(1) +
      text.slice(at + said.length);
  }

  // ---- speech: what a meld says (a word laid) --------------------------------------------
  // By the server's voice, the browser's, or in writing (sounds.js); the note under the words
  // says which, and shows the word whatever the voice: without one it is the only place a word
  // laid is "said".
  speak(word, meld) {
    if (!word) return;
    this.lastSpoken = word;
    const shown = this.main.querySelector(".spoken-word");
    if (shown) shown.textContent = `“${word}”`;
    this.sounds.say(word, meld).then(() => {
      const note = this.main.querySelector(".speech-note");
      if (note) note.replaceWith(this.speechNote());
    });
  }

  speechNote() {
    const by = this.sounds.expected();
    return h("p.speech-note", { role: "note", dataset: { by } }, spokenByWords(by, this.sounds.blocked),
      " Last said: ", h("strong.spoken-word", this.lastSpoken ? `“${this.lastSpoken}”` : "nothing yet"));
  }

  // ---- moves ------------------------------------------------------------------------------
  // `move`: a move's notation, or {typed: the words a person typed} for the server to read.
  async play(move) {
    // One move in flight at a time: a double tap on a phone would otherwise send the same
    // version twice, and the second, refused as stale, would show an error after a good move.
    if (!this.state || this.seat === null || this.sending) return;
    this.sending = true;
    this.say(null);
    this.movedFrom = this.state.version; // the focus goes on to the next useful control (keys.js)
    try {
      await api(`/api/tables/${encodeURIComponent(this.id)}/actions`, { method: "POST", token: this.token, body: { ...(typeof move === "string" ? { action: move } : move), version: this.state.version } });
      this.selection = [];
      this.target = null;
      this.hint = null;
      this.hintFigures = null;
    } catch (err) {
      this.movedFrom = null;
      if (err instanceof ApiError && err.status === 409) this.say(`Not now: ${err.message}.`, true);
      else if (err instanceof ApiError && err.status === 0) { this.say(`The move was not made: ${err.message}. This page reconnects by itself; then try again.`, true); if (this.message) this.message.offline = true; }
      else if (typeof move !== "string") this.say(`Not played: ${err.message}.`, true); // typed: its words read, or which moves they could be
      else this.say(`That move is not allowed: ${err.message}.`, true);
    } finally {
      this.sending = false;
    }
  }

  say(text, isError = false) {
    this.message = text ? { text, isError } : null;
    const el = this.main.querySelector(".message");
    if (el) { el.textContent = text || ""; el.classList.toggle("error", !!isError); }
  }

  async askHint() {
    if (this.seat === null) return;
    try {
      this.say("Thinking about your move…");
      const got = await api(`/api/tables/${encodeURIComponent(this.id)}/hint`, { token: this.token });
      this.hint = got.action;
      const parsed = this.parse(got.action);
      // select the hinted cards so the move shows up first
      const hand = this.hand();
      const picked = [];
      for (const c of parsed.cards) {
        const i = hand.findIndex((x, j) => x === c && !picked.includes(j));
        if (i >= 0) picked.push(i);
      }
      this.selection = picked;
      this.target = parsed.target || null;
      // The game's reasons under the move; the search's figures (a long sentence that would
      // push the moves below the fold of a phone) wait behind a disclosure.
      this.hintFigures = got.figures ? this.figuresNamed(got.figures, got.next_best) : null;
      this.render();
      this.say(`Hint: ${parsed.label}.${got.reasons ? " " + this.named(got.reasons) : ""}`);
    } catch (err) {
      this.say(err.message, true);
    }
  }

  toggleCard(i) {
    // A card with a sound of its own is heard as it is tapped (picked or put back).
    this.sounds.playCard(this.face(this.hand()[i]));
    const at = this.selection.indexOf(i);
    if (at >= 0) this.selection.splice(at, 1);
    else this.selection.push(i);
    this.render();
  }

  installKeys() {
    // A person scrolling by hand has chosen where to look: the page stops bringing the moves.
    for (const kind of ["wheel", "touchmove"]) window.addEventListener(kind, () => { this.bringMoves = false; }, { passive: true });
    installTableKeys(this);
    // The card of the hand last focused keeps the hand's Tab stop (keys.js).
    this.main.addEventListener("focusin", (e) => {
      const card = e.target instanceof HTMLElement ? e.target.closest(".hand button.card") : null;
      if (card instanceof HTMLElement) this.handAt = card.dataset.index;
    });
    // The last dialog closed: the focus goes back to the table, where play goes on.
    afterDialogs(() => {
      if (this.endPending) this.showEnd(); // the match ended while a dialog was read
      else if (!document.activeElement || document.activeElement === document.body) this.placeFocus(null, true);
    });
  }

  clearPicks() { this.selection = []; this.target = null; this.render(); }

  // `/`: the box where a move is typed as the terminal takes it (read by the server). It stays
  // open from move to move, the focus in it, until Escape or its Close.
  openTyping() {
    if (this.seat === null || !this.state || this.state.over) return;
    if (!this.typing) this.typing = { text: "" };
    this.render();
    this.focusTyping();
  }

  focusTyping() {
    const box = this.main.querySelector("input.typed-move");
    if (!(box instanceof HTMLInputElement)) return false;
    box.focus({ preventScroll: true });
    box.setSelectionRange(box.value.length, box.value.length);
    return true;
  }

  typedBox(myTurn) {
    const typing = this.typing;
    if (!typing || this.seat === null || this.state.over) return null;
    const moves = this.moves();
    const example = moves.find((m) => m.key && m.key.trim().includes(" ") && !m.amount) || moves.find((m) => m.key && !m.amount);
    const close = () => { this.typing = null; this.render(); focusFirstUseful(this.main, myTurn); };
    const submit = async () => {
      const text = input.value;
      if (!text.trim()) { this.say("Type a move first, or press Esc to close the box.", true); return; }
      // The server reads the words as the terminal does (one reading for both); several legal
      // moves answering them (`l 9H`: on which meld?) are named in its refusal, none guessed.
      typing.text = ""; // the next drawing, which may come before the answer, starts afresh
      await this.play({ typed: text });
      if (this.message && this.message.isError && this.typing === typing && !typing.text) {
        typing.text = text; // refused: the text is there to be mended
        const box = this.main.querySelector("input.typed-move");
        if (box instanceof HTMLInputElement && !box.value) box.value = text;
      }
    };
    const input = h("input.typed-move", { type: "text", value: typing.text, autocomplete: "off", spellcheck: false,
      autocapitalize: "off", "aria-describedby": "typed-move-help", oninput: () => { typing.text = input.value; },
      // Enter and Escape are the box's own: they must not reach the table's keys
      onkeydown: (e) => {
        if (e.key === "Enter") { e.preventDefault(); e.stopPropagation(); submit(); }
        else if (e.key === "Escape") { e.preventDefault(); e.stopPropagation(); close(); }
      } });
    // Not a .move-row: its "Play it" is no move of the game for the focus to go to (keys.js).
    return h("div.typed",
      h("label", "Type a move ", input),
      h("button.move", { type: "button", onclick: submit }, "Play it"),
      h("button.tool", { type: "button", onclick: close }, "Close"),
      h("p.muted", { id: "typed-move-help" }, example
        ? `By the game's keys, as in the terminal: “${example.key}” is ${example.label}.`
        : "By the game's keys, as in the terminal."));
  }

  // After a redraw: the focus where it was, if that control is there still; the first useful
  // control after this seat's own move or when the focused control is gone; else left alone.
  placeFocus(memo, force = false) {
    const st = this.state;
    const moved = this.movedFrom !== null && this.movedFrom !== undefined && st.version > this.movedFrom;
    if (moved) this.movedFrom = null;
    if (dialogsBusy()) return;
    // Typing moves one after another: the box keeps the focus, after your own move too.
    if (memo && memo.sel.startsWith("input.typed-move") && this.focusTyping()) return;
    if (memo && !moved && refocus(this.main, memo)) return;
    if (!memo && !moved && !force) return; // the focus is elsewhere, or nowhere yet: not taken
    if (st.over && this.focusEnd()) return; // Play again said: the result, not the hand
    focusFirstUseful(this.main, this.seat !== null && st.actors.includes(this.seat) && !st.over);
  }

  // ---- drawing ----------------------------------------------------------------------------
  /**
   * A card of the hand (a button to pick) or of the table (`inert`: a picture with a name).
   * @param {string} code
   * @param {{selected?: boolean, playable?: boolean, inert?: boolean, small?: boolean, onclick?: (e: Event) => void, index?: number, note?: string}} [opts]
   */
  cardEl(code, opts = {}) {
    const f = this.face(code);
    const note = opts.note !== undefined ? opts.note : opts.playable ? "" : " (no move uses it now)";
    return cardElement(code, f, this.tones[f.tone], { ...opts, note });
  }

  // A word laid or grown since the last drawing is said aloud; a page opened mid-game only
  // shows the last one.
  speakNew(board) {
    const now = spoken(board);
    if (this.said === null) {
      if (now.size) this.lastSpoken = [...now.values()][now.size - 1];
    } else {
      const said = this.said;
      const fresh = [...now].filter(([id, text]) => said.get(id) !== text);
      if (fresh.length) this.speak(fresh[fresh.length - 1][1], fresh[fresh.length - 1][0]);
    }
    this.said = now;
  }

  render() {
    if (!this.state || !this.meta) return;
    const d = this.described();
    if (!d) return; // the game's words for this version are on their way
    // A card being dragged across the hand is not pulled from under the finger: the drawing
    // waits until it is let go.
    if (this.handDrag && this.handDrag.holding()) { this.renderLater = true; return; }
    this.renderLater = false;
    // Counted for the tests (and the curious): one render per message that changes the table.
    this.renders = (this.renders || 0) + 1;
    document.body.dataset.renders = String(this.renders);
    const focused = focusMemo(this.main);
    const st = this.state;
    const board = d.board;
    if (this.spokenAt !== st.version) { this.spokenAt = st.version; this.speakNew(board); }
    const ctx = this.ctx();
    const hand = this.hand();
    const moves = d.moves;
    for (const m of moves) if (m.cards.length && !m.amount) this.shapes.set(m.kind, m);
    const used = new Set(moves.flatMap((m) => m.cards));
    // The game may single out fewer cards than its moves use (those that may be discarded).
    const marked = board.marked ? new Set(board.marked.cards) : null;
    const playable = marked || used;
    const noteOf = (c) => (marked && marked.has(c) ? `, ${board.marked.title}` : used.has(c) ? "" : " (no move uses it now)");
    const selCards = ctx.picked;
    const myTurn = this.seat !== null && st.actors.includes(this.seat) && !st.over;
    // A phone's tab list and a desktop's tab strip show the title: it says when you are on.
    document.title = `${myTurn ? "Your move · " : ""}${this.meta.game.title} · cardtable`;

    // The invitations this browser holds (it made the table) of seats still free: {seat: code}.
    const invites = new Map(madeInvites(this.id, this.seat)
      .filter(({ seat }) => (this.meta.seats[seat] || {}).kind === "human" && !this.meta.seats[seat].taken)
      .map(({ seat, invite }) => [seat, invite]));
    // seats
    const seats = h("ol.seats", { "aria-label": "Players", class: this.meta.seats.length > 4 ? "many" : null }, this.meta.seats.map((s, i) => h("li", {
      class: `seat ${st.actors.includes(i) ? "acting" : ""} ${i === this.seat ? "me" : ""}`,
      "aria-current": st.actors.includes(i) ? "true" : null,
    }, h("span.seat-name", `${this.meta.names[i]}${i === this.seat && s.chosen ? ` (${s.chosen})` : ""}${s.kind !== "human" ? "" : s.taken ? "" : `${s.open ? " (free seat" : " (invited"}${s.away ? ": a bot plays)" : ")"}`}${s.away && s.taken ? " (away: a bot plays)" : ""}${s.taken && this.absent(i) ? " (offline)" : ""}`),
    // Read as words: "Ann, to act, 6 cards · down", not "Ann● to act6 cards · down".
    st.actors.includes(i) ? [h("span.sr-only", ", "), h("span.turn-mark", h("span", { "aria-hidden": "true" }, "● "), "to act")] : null,
    this.seatInfo(board, i) ? [h("span.sr-only", ", "), h("span.seat-info", this.seatInfo(board, i))] : null,
    i === this.seat ? h("span.seat-tools",
      h("button.small.rename", { type: "button", onclick: () => this.askName() }, s.chosen ? "Rename" : "Your name"),
      st.over ? null : h("button.small.leave", { type: "button", onclick: () => this.askLeave() }, "Leave")) : null,
    // Nobody is at this seat (a phone gone flat, a seat never taken): the others need not wait.
    this.seat !== null && !st.over && this.absent(i) ? h("span.seat-tools",
      h("button.small.stand-in", { type: "button", "aria-label": `Let a bot play for ${this.meta.names[i]} until they come back`, onclick: () => this.standIn(i) }, "Let a bot play")) : null,
    // A spectator may sit at a seat its table's maker opened to anyone, or (in the browser that
    // made the table) at a seat whose invitation this browser still holds.
    this.seat === null && !st.over && s.kind === "human" && !s.taken && (s.open || invites.has(i)) ? h("span.seat-tools",
      h("button.small.primary.sit", { type: "button", "aria-label": `Sit at seat ${i + 1}${s.chosen ? ` as ${s.chosen}` : ""}`, onclick: () => this.sitAt(i, invites.get(i)) }, s.chosen ? `Sit here as ${s.chosen}` : "Sit here")) : null)));
    const openSeats = this.meta.seats.filter((s) => s.kind === "human" && !s.taken && s.open);
    const waiting = [...invites.keys()].filter((n) => n !== this.seat);
    const invite = !st.over && (openSeats.length || waiting.length) ? h("div.move-row.invite-row",
      h("button.small.invite", { type: "button", onclick: () => this.invite(openSeats, waiting.map((n) => ({ seat: n, invite: invites.get(n) }))) }, "Invite"),
      openSeats.length ? h("span.muted", openSeats.length === 1 ? `${this.meta.names[openSeats[0].seat]}'s seat is free` : `${openSeats.length} seats are free`) : null,
      waiting.length ? h("span.muted.invited", waiting.length === 1 ? `${this.meta.names[waiting[0]]} is invited` : `${waiting.length} people are invited`) : null) : null;
    const chosen = this.chosenSeed();
    const seedNote = chosen !== null ? h("p.chosen-seed", { role: "note" }, `This deal was chosen by whoever made the table (seed ${chosen}).`) : null;

    // moves
    // One button per distinct move: a move that does what another listed one does (an all-in
    // that is a call) is that one's button.
    const legalSet = new Set(moves.map((m) => m.move));
    const listed = moves.filter((m) => !m.amount && !(m.same_as && legalSet.has(m.same_as)));
    const free = listed.filter((m) => m.cards.length === 0);
    const cardMoves = listed.filter((m) => m.cards.length > 0);
    const matching = selCards.length || this.target ? matchingMoves(moves, selCards, this.target) : [];
    const hinted = moves.find((m) => m.move === this.hint);
    const isHint = (m) => this.hint === m.move || (!!hinted && hinted.same_as === m.move);
    // A button's --chars is its label's length: a phone's dock gives the longer label of a
    // row the wider share (app.css).
    const moveButton = (m, primary) => h("button", { type: "button", class: `move ${primary ? "primary" : ""} ${isHint(m) ? "hinted" : ""}`, style: `--chars: ${m.label.length}`, dataset: { move: m.move }, title: m.move, "aria-keyshortcuts": m.key && m.key.length === 1 ? m.key : null, onclick: () => this.play(m.move) }, m.label);
    const shown = matching.slice(0, 12);
    let tryBox = null;
    if (myTurn && selCards.length && matching.length === 0) {
      const tries = attempts(this.shapes, selCards, this.target, st.legal, new Set(board.piles.map((p) => p.id)));
      tryBox = h("div.try", h("p", "No legal move uses exactly these cards."),
        tries.length ? [h("p", "Try one anyway to hear why:"), tries.map((t) => h("button.move.try-move", { type: "button", dataset: { move: t.move }, onclick: () => this.play(t.move) }, t.label))] : null);
    }
    const groups = new Map();
    for (const m of listed) { const g = m.group || m.kind; if (!groups.has(g)) groups.set(g, []); groups.get(g).push(m); }
    for (const list of groups.values()) list.sort(byRank);
    // Every move one click away: when each is a button already (a draw, a buy or pass, a bet),
    // the list would only repeat them, a line of a phone's dock.
    const allMoves = myTurn && cardMoves.length > 0 ? h("details.all-moves", { open: this.allMovesOpen, ontoggle: (/** @type {Event} */ e) => { this.allMovesOpen = /** @type {HTMLDetailsElement} */ (e.currentTarget).open; } }, h("summary", listed.length === 1 ? "The one legal move" : `All ${listed.length} legal moves`),
      [...groups.entries()].map(([g, list]) => h("div.move-group", h("h4", g), list.map((m) => moveButton(m, false))))) : null;

    // The match's winners in words ("Ann", "you and Sam"), for the end box, the dock and the bar.
    const winners = inWords((st.winners || []).map((/** @type {number} */ w) => this.meta.names[w])) || "nobody";
    let prompt;
    if (st.over) prompt = `${board.prompt || "The match is over."} ${winners} won.`;
    else if (this.seat === null) prompt = `You are watching. ${st.actors.map((s) => this.meta.names[s]).join(", ")} to act.`;
    else if (myTurn) prompt = board.prompt || "Your move: choose one.";
    else prompt = `${board.prompt || `Waiting for ${inWords(st.actors.map((s) => this.meta.names[s]))}.`}${this.absentWords(st.actors)}`;

    const timed = this.timer && !st.over ? h("span.time-left", { role: "timer", "aria-live": "off" }, this.timeLeftText()) : null;
    const amounts = myTurn ? moves.filter((m) => m.amount).map((m) => this.amountControl(m, d.presentation)) : [];
    const movesBox = h("section.moves", { "aria-label": "Your moves" },
      // A buying or rummy window is an answer, as the status bar says, not a move.
      h("p.prompt", h("strong", myTurn ? (st.window ? "Your answer. " : "Your move. ") : ""), prompt, " ", timed),
      h("p.message", { role: "alert", class: this.message && this.message.isError ? "error" : "" }, this.message ? this.message.text : ""),
      this.hintFigures ? h("details.hint-figures", h("summary", "How sure is this hint?"), h("p", this.hintFigures)) : null,
      myTurn && (free.length || amounts.length) ? h("div.move-row", free.map((m) => moveButton(m, true)), amounts) : null,
      shown.length ? h("div.move-row.matching", { "aria-label": "Moves with the selected cards" }, shown.map((m, i) => moveButton(m, i === 0 && usesExactly(m, selCards))),
        matching.length > shown.length ? h("span.muted", `and ${matching.length - shown.length} more: pick more cards to narrow`) : null) : null,
      myTurn && !selCards.length && !this.target && cardMoves.length ? h("p.muted", `${cardMoves.length === 1 ? "1 move uses" : `${cardMoves.length} moves use`} cards: pick cards from your hand${cardMoves.some((m) => m.target && !board.piles.some((p) => p.id === m.target)) ? ", and a meld on the table for a move onto one" : ""}.`) : null,
      tryBox,
      this.typedBox(myTurn),
      h("div.move-row.tools",
        this.seat !== null && myTurn ? h("button.tool", { type: "button", onclick: () => this.askHint(), "aria-keyshortcuts": "h" }, "Hint") : null,
        this.seat !== null && myTurn && !this.typing ? h("button.tool.type-open", { type: "button", onclick: () => this.openTyping(), "aria-keyshortcuts": "/" }, "Type a move") : null,
        selCards.length || this.target ? h("button.tool", { type: "button", onclick: () => { this.selection = []; this.target = null; this.render(); } }, "Clear selection") : null,
        // The match over: the result (and Play again) is at the head of the table, wherever the
        // page is scrolled.
        st.over ? h("button.tool.to-end", { type: "button", onclick: () => this.showEnd(true) }, "See the result") : null),
      allMoves);

    // hand, as you arranged it (hand.js): sorted, or dragged into your own order
    let handBox = null;
    this.handDrag = null;
    const order = this.handOrder;
    if (this.seat !== null && board.hand && order) {
      const { section, drag } = handSection({
        title: board.hand_title || "Your hand", cards: hand, face: (c) => this.face(c),
        card: (c, opts) => this.cardEl(c, opts), selection: this.selection,
        playable: (c) => playable.has(c), note: noteOf, sorts: this.sorts,
        current: order.current(this.sorts),
        onToggle: (i) => this.toggleCard(i),
        onSort: (mode) => { this.keepPicked(() => order.sortBy(mode)); },
        onDrop: (drop) => {
          if (drop) this.keepPicked(() => order.move(hand, drop.from, drop.to));
          else if (this.renderLater) this.render();
        },
      });
      section.classList.add("dock", "dock-hand");
      handBox = section;
      this.handDrag = drag;
    }
    const lastMine = this.lastMine();
    const since = sinceStrip(this.log, lastMine, this.seat, (t) => this.cardsNamed(t));
    const myLine = this.seat !== null ? (board.seats || []).find((l) => l.seat === this.seat) : null;
    const outState = myLine && myLine.out && !st.over ? h("p.out-state", { role: "status" }, h("strong", "You are out"), myLine.lines.length ? ` · ${myLine.lines.join(" · ")}` : "") : null;

    const boardBox = h("section.board", { "aria-label": "The table" }, h("h2.sr-only", "The table"), boardContent(ctx, board),
      spoken(board).size ? this.speechNote() : null);
    // The page's one heading of the first level: the table's status line, in the game's words.
    const status = h("h1.status", board.status || this.meta.game.title);
    const side = h("aside.side", this.logBox(), this.scoreBox(d));
    const end = st.over ? this.endBox(d) : null;

    this.motion.remember(this.main);
    const screen = h("div", { class: `table-screen ${myTurn ? "my-turn" : ""} ${outState ? "seat-out" : ""}` },
      status, seedNote, seats, invite, end, since,
      // The prompt, the buttons and your hand stay on screen at the foot (a phone's thumb),
      // docked there by the stylesheet; in the page's order (the Tab's): your hand, the
      // table, your moves.
      h("div.play", handBox, boardBox, h("div.dock.dock-moves", outState, movesBox)), side);
    // The new drawing is made whole, then put over the old one keeping what is the same
    // (dom.js, morph): the hand's Tab stop and the last move's ring are set on it first.
    const slide = this.motion.mark(screen, st.version);
    const dockMoves = screen.querySelector(".dock-moves");
    if (dockMoves instanceof HTMLElement && this.handH) dockMoves.style.setProperty("--hand-h", this.handH);
    roveHand(screen.querySelector(".hand"), this.handAt);
    morph(this.main, [screen]);
    this.dockSized();
    const mover = this.log.length ? this.log.at(-1).seat : null;
    this.motion.play(this.main, slide, typeof mover === "number" ? this.main.querySelector(`.seats > li:nth-child(${mover + 1})`) : null);
    const turnText = st.over ? `Match over: ${winners} won` : this.seat === null ? `Watching · ${inWords(st.actors.map((a) => this.meta.names[a]))} to act`
      : myTurn ? (st.window ? "Your answer" : "Your move") : `Waiting for ${inWords(st.actors.map((a) => this.meta.names[a]))}`;
    this.status.setTurn({
      mine: myTurn,
      text: turnText,
      said: prompt.startsWith(turnText) ? prompt : `${turnText}. ${prompt}`,
      timer: this.timer && !st.over ? () => this.secondsLeftText() : null,
    });
    if (this.firstPaint === null) { this.firstPaint = performance.now(); document.body.dataset.painted = String(Math.round(this.firstPaint)); }

    const logEl = this.main.querySelector(".log-lines");
    if (logEl) logEl.scrollTop = logEl.scrollHeight;
    // A phone shows a part of the table at a time: when your turn comes and your moves are not
    // in sight (the prompt and the first buttons: you were reading the log, or the seats of a
    // table of ten), they come into view. Not for a buying or rummy window: at a big table one
    // opens at nearly every discard, and the page would keep pulling you away from the log.
    // The page may still be growing (the log fetched after the move), so the next drawings of
    // the same turn try again, until the moves are in sight or you scroll yourself.
    const ownTurn = myTurn && !st.window; // the server says when the moves answer a window
    if (ownTurn && !this.wasOwnTurn) this.bringMoves = true;
    if (!ownTurn) this.bringMoves = false;
    this.wasOwnTurn = ownTurn;
    if (this.bringMoves) {
      const moves = this.main.querySelector(".moves");
      const r = moves && moves.getBoundingClientRect();
      if (r && (r.top < 0 || r.top + Math.min(r.height, 160) > window.innerHeight)) {
        moves.scrollIntoView({ block: "start", behavior: matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" });
      } else {
        this.bringMoves = false;
      }
    }
    this.maybeShowResult(d);
    // The match ended while the page was open: its result comes into view, once no dialog is
    // being read (one at a time; the last round's summary is the end box's own).
    if (st.over && this.wasOver === false) this.endPending = true;
    this.wasOver = !!st.over;
    this.placeFocus(focused);
    if (this.endPending && !dialogsBusy()) this.showEnd();
  }

  // A name is asked in a dialog of its own, outside the screen that is redrawn at every move,
  // so what is being typed survives the bots playing on meanwhile.
  askName() {
    const self = this;
    const mine = this.meta.seats[this.seat] || {};
    const input = h("input#my-name", { type: "text", maxlength: 20, value: mine.chosen || "", autocomplete: "nickname", placeholder: `Player ${this.seat + 1}` });
    const problem = h("p.error", { role: "alert" });
    const dialog = h("dialog.result.name-dialog", { "aria-labelledby": "name-h" },
      h("h2#name-h", "Your name"),
      h("form", {
        async onsubmit(event) {
          event.preventDefault();
          try {
            await api(`/api/tables/${encodeURIComponent(self.id)}/name`, { method: "POST", token: self.token, body: { name: input.value } });
            dialog.close();
            self.fetchExtra();
          } catch (err) { problem.textContent = err.message; input.focus(); }
        },
      },
      h("label", { for: "my-name" }, "Everyone at the table sees it in the list of players and the log of moves. Leave it empty for your seat's number."),
      input, problem,
      h("div.move-row", h("button.primary", { type: "submit" }, "Save"),
        h("button", { type: "button", onclick: () => dialog.close() }, "Cancel"))));
    showModal(dialog);
    input.focus();
  }

  // The seat's chosen seed, when whoever made the table chose the deal (null: drawn, secret).
  chosenSeed() {
    const seed = this.state && this.state.chosen_seed !== undefined ? this.state.chosen_seed : (this.meta || {}).chosen_seed;
    return seed === undefined ? null : seed;
  }

  // Someone arriving at the real table scans a code: their seat's invitation (shown by the
  // browser that made the table, which holds them), or this page's address when a seat is
  // open to anyone, where "Sit here" takes it.
  async invite(openSeats, invitations) {
    const origin = await shareOrigin();
    if (!invitations.length) {
      const names = openSeats.map((s) => this.meta.names[s.seat]);
      showQr(tableLink(this.id, null, origin), "Invite to this table",
        `Point the phone's camera at the code: it opens this table, where "Sit here" takes a free seat (${names.join(", ")}).`);
      return;
    }
    const dialog = h("dialog.result.links-dialog", { "aria-labelledby": "links-h" },
      h("h2#links-h", "Invitations"),
      h("p", "Each person scans their own seat's code: it opens the seat once, for whoever opens it first, and then opens nothing."),
      h("ul.invites.links", invitations.map(({ seat, invite }) => {
        const link = inviteLink(this.id, invite, origin);
        const who = `Seat ${seat + 1}: ${this.meta.names[seat]}`;
        return h("li", h("span.who", who),
          h("input.link", { readonly: true, value: link, "aria-label": `Invitation link of seat ${seat + 1}`, onfocus(e) { e.target.select(); } }),
          h("button.small", { type: "button", "aria-label": `Show the link of seat ${seat + 1} as a QR code`, onclick: () => showQr(link, who) }, "QR code"));
      })),
      openSeats.length ? h("p", h("button.small", { type: "button", onclick: () => showQr(tableLink(this.id, null, origin), "Invite to this table", "Point the phone's camera at the code: it opens this table, where \u201cSit here\u201d takes a seat open to anyone.") }, "The table's code, for a seat open to anyone")) : null,
      h("form", { method: "dialog" }, h("button.primary", { value: "ok", autofocus: true }, "Close")));
    showModal(dialog);
  }

  async standIn(seat) {
    try {
      const got = await api(`/api/tables/${encodeURIComponent(this.id)}/stand-in`, { method: "POST", token: this.token, body: { seat } });
      toast(`A ${got.stand_in} bot plays for ${this.meta.names[seat]} until they open their link again.`);
    } catch (err) { this.say(err.message, true); }
  }

  async sitAt(seat, invite) {
    if (invite) { location.href = inviteLink(this.id, invite, ""); return; }
    try { await takeSeat(this.id, seat); } catch (err) { this.say(err.message, true); }
  }

  // Leaving hands the seat to the table's stand-in bot, so nobody waits on a person gone; the
  // same link (or "Your seats" in the lobby) takes it back.
  askLeave() {
    const self = this;
    const bot = (this.meta.settings || {}).stand_in || "greedy";
    const problem = h("p.error", { role: "alert" });
    const dialog = h("dialog.result.leave-dialog", { "aria-labelledby": "leave-h" },
      h("h2#leave-h", "Leave the table?"),
      h("p", `A ${bot} bot plays your seat while you are away. To come back, open your link again, or find the table under "Your seats" in the lobby of this browser.`),
      problem,
      h("div.move-row",
        h("button.primary", {
          type: "button",
          async onclick() {
            try {
              await api(`/api/tables/${encodeURIComponent(self.id)}/leave`, { method: "POST", token: self.token });
              location.href = "/";
            } catch (err) { problem.textContent = err.message; }
          },
        }, "Leave"),
        h("button", { type: "button", onclick: () => dialog.close() }, "Stay")));
    showModal(dialog);
  }

  // A move of any amount in a range (a bet of the player's choosing): a number box and its
  // button. The table redraws while an amount is being typed (the log catching up, a card
  // picked): the typed text outlives the redraw, until the state moves on.
  amountControl(m, words) {
    const { minimum: lo, maximum: hi, step } = m.amount;
    if (!this.amounts || this.amounts.version !== this.state.version) this.amounts = { version: this.state.version, typed: {} };
    const typed = this.amounts.typed[m.move] || (this.amounts.typed[m.move] = { text: String(lo) });
    const unit = (words && words.totals_unit) || "";
    const verb = m.kind.charAt(0).toUpperCase() + m.kind.slice(1);
    const submit = () => {
      const n = Number(input.value);
      if (!(Number.isInteger(n) && n >= lo && n <= hi && (n - lo) % (step || 1) === 0)) {
        this.say(`Choose a whole number${unit ? ` of ${unit}` : ""} from ${lo} to ${hi}${step > 1 ? `, in steps of ${step}` : ""}.`, true);
        return;
      }
      this.play(m.move.replace("{amount}", String(n)));
    };
    const id = `amount-${m.kind}-${[...m.move].map((c) => (/\w/.test(c) ? c : "_")).join("")}`;
    const input = h("input.amount", { id, type: "number", min: lo, max: hi, step: step || 1, value: typed.text, dataset: { amount: m.move },
      "aria-label": `${m.label}: the amount, from ${lo} to ${hi}`, oninput: () => { typed.text = input.value; },
      // Enter in the box makes the move, as in any form; it must not reach the table's own keys
      onkeydown: (e) => { if (e.key === "Enter") { e.preventDefault(); e.stopPropagation(); submit(); } } });
    // A slider beside the box, for a thumb: the two move together.
    const slider = h("input.amount-slider", { type: "range", min: lo, max: hi, step: step || 1, value: typed.text,
      "aria-label": `${m.label}: slide to choose the amount`,
      oninput: () => { input.value = slider.value; typed.text = slider.value; } });
    input.addEventListener("input", () => { if (input.value !== "") slider.value = input.value; });
    // The words over the box, the slider and the button: on a phone the three make one row
    // (app.css), where a box, a slider and a button on rows of their own under a row of words
    // left a fifth less of the screen to the table.
    return h("span.amount-control", h("label.amount-label", { for: id }, m.label), input, slider,
      h("button.move", { type: "button", onclick: submit }, `${verb}`));
  }

  // What the board says of a seat beside its name (games.js, seatWords).
  seatInfo(board, i) { return seatWords((board.seats || []).find((s) => s.seat === i)); }

  // Another person's seat with nobody at it: never taken, or its page closed, and no bot
  // standing in. The seat list marks it, offers Let a bot play, and the prompt says why the
  // table waits on it.
  absent(i) {
    const s = this.meta.seats[i];
    return !!s && i !== this.seat && s.kind === "human" && !s.away && !s.online;
  }

  // Whom the table waits on may not be there at all: say so, and what can be done, rather than
  // leave everyone waiting.
  absentWords(actors) {
    const words = [];
    for (const i of actors) {
      if (!this.absent(i)) continue;
      const name = this.meta.names[i];
      words.push(this.meta.seats[i].taken
        ? ` ${name}'s page is not open. If they are not coming back soon, choose Let a bot play beside their seat.`
        : ` Nobody has taken ${name}'s seat yet: send them the link (Invite), or choose Let a bot play beside the seat.`);
    }
    return words.join("");
  }

  // The log's index of your own last move (-1: none yet).
  lastMine() {
    let at = -1;
    if (this.seat === null) return at;
    this.log.forEach((l, i) => { if (l.seat === this.seat && !["dealt", "dealt_hand", "round_scored", "match_over"].includes(l.kind)) at = i; });
    return at;
  }

  // The picked cards stay picked when the hand is arranged anew (the selection is by place).
  keepPicked(arrange) {
    const before = this.hand();
    const picked = this.selection.map((i) => before[i]);
    arrange();
    const after = this.hand();
    const taken = new Set();
    this.selection = picked.map((c) => after.findIndex((x, j) => x === c && !taken.has(j) && taken.add(j))).filter((i) => i >= 0);
    this.render();
  }

  // The docked hand and moves: the moves sit on the hand, and their heights together are the
  // room the page leaves at its foot, so nothing hides behind them.
  dockSized() {
    const measure = () => {
      const hand = this.main.querySelector(".dock-hand");
      const moves = this.main.querySelector(".dock-moves");
      const handHeight = hand ? hand.getBoundingClientRect().height : 0;
      const hh = Math.ceil(handHeight);
      const mh = moves ? Math.ceil(moves.getBoundingClientRect().height) : 0;
      // Each set where it is used (app.css): the moves sit on the hand, the page's foot and
      // its scrolling leave room for both. Set only when changed. The moves stand on the
      // hand's height rounded down: rounded up, a hand of 259.3 px left a gap of 0.7 px
      // between the two, through which the board's cards showed as a line of dots.
      this.handH = `${Math.floor(handHeight)}px`;
      const set = (el, name, value) => { if (el && el.style.getPropertyValue(name) !== value) el.style.setProperty(name, value); };
      set(moves, "--hand-h", this.handH);
      set(this.main, "--dock-h", `${hh + mh}px`);
      set(document.documentElement, "--dock-h", `${hh + mh}px`);
    };
    if (!this.dockWatch && typeof ResizeObserver !== "undefined") this.dockWatch = new ResizeObserver(measure);
    if (this.dockWatch) {
      this.dockWatch.disconnect();
      for (const el of this.main.querySelectorAll(".dock")) this.dockWatch.observe(el);
    }
    measure();
  }

  // The status bar's short form: the seconds, and that they stand still when they do.
  secondsLeftText() {
    if (!this.timer) return "";
    return `${this.secondsLeft()} s left${this.timer.running === false ? " · clock stopped" : ""}`;
  }

  logBox() {
    const mine = this.seat;
    const lastMine = this.lastMine();
    const since = lastMine >= 0 ? this.log.length - 1 - lastMine : 0;
    const lines = this.log.slice(-150);
    const offset = this.log.length - lines.length;
    return h("section.log", { "aria-label": "Move log" },
      h("h2", "Move log"),
      mine !== null && lastMine >= 0 ? h("p.since", since ? `Since your last turn: ${since} move${since === 1 ? "" : "s"} (marked)` : "Nothing has happened since your last move.") : null,
      // Numbered from the match's first line, all digits shown: the 150 shown are the newest.
      h("ol.log-lines", { tabindex: 0, "aria-label": "Moves, the newest last", start: offset + 1 }, lines.map((l, i) => h("li", { class: `${offset + i > lastMine && lastMine >= 0 ? "new" : ""} kind-${l.kind}` }, h("span.log-n", { "aria-hidden": "true" }, `${offset + i + 1}.`), " ", this.cardsNamed(l.text)))),
      h("p.sr-only", { "aria-live": "polite" }, this.log.length ? this.cardsNamed(this.log.at(-1).text) : ""));
  }

  // The running totals: a row a round (its figures from the view's round results), the
  // totals below, headed in the game's words ("Stacks", "hand").
  scoreBox(d) {
    const words = d.presentation || {};
    const raw = ((this.state.view || {}).table || {}).results || [];
    const results = d.results || [];
    const names = this.meta.names;
    const totals = this.state.scores;
    const round = words.round_word || "round";
    const figures = (r) => (r && (r.points || r.stacks || r.totals)) || [];
    return h("section.scores", { "aria-label": words.totals_title || "Score sheet", tabindex: 0 },
      h("h2", words.totals_title || "Score sheet"),
      h("table.sheet",
        // The corner heads the column of round names, in the game's word ("Hand", "Deal").
        h("thead", h("tr", h("th", { scope: "col" }, round.charAt(0).toUpperCase() + round.slice(1)), names.map((n) => h("th", { scope: "col" }, n)))),
        h("tbody",
          results.map((r, k) => h("tr", h("th", { scope: "row" }, r.title),
            names.map((_, i) => h("td", String(figures(raw[k])[i] ?? ""))))),
          h("tr.total", h("th", { scope: "row" }, "Total"), names.map((_, i) => h("td", String(totals ? totals[i] : ""))))),
        results.length ? h("caption", `each ${round}${words.totals_unit ? ` (${words.totals_unit})` : ""}; totals below`) : null));
  }

  maybeShowResult(d) {
    const results = d.results || [];
    if (this.resultsSeen === null) { this.resultsSeen = results.length; return; }
    if (results.length <= this.resultsSeen) return;
    const fresh = results.slice(this.resultsSeen);
    this.resultsSeen = results.length;
    if (this.state.over) return; // the end box says it all
    // One at a time: those that end while one is read wait, folded into one (dialogs.js).
    showResults(fresh, (d.presentation || {}).round_word || "round");
  }

  endBox(d) {
    const st = this.state;
    const names = this.meta.names;
    const winners = inWords((st.winners || []).map((/** @type {number} */ s) => names[s])) || "nobody";
    const last = (d.results || []).at(-1);
    const unit = (d.presentation || {}).totals_unit;
    // Named by its heading: the focus brought to Play again says whose match it was.
    return h("section.end", { "aria-labelledby": "end-h" },
      h("h2#end-h", { tabindex: -1 }, `Match over: ${winners} won`),
      h("p", `Final: ${names.map((n, i) => `${n} ${(st.scores || [])[i]}`).join(", ")}${unit ? ` ${unit}` : ""}`),
      last ? h("details", h("summary", `Last: ${last.title}`), h("ul", last.lines.map((l) => h("li", l)))) : null,
      h("div.move-row",
        h("button.download", { type: "button", onclick: () => this.downloadRecord() }, "Download the record"),
        againBox(this),
        h("a.button", { href: "/" }, "Lobby")));
  }

  // The end of the match, brought into view with the focus on Play again (or, once said, on
  // the result's heading): a phone player was left scrolled down at the hand they last
  // played, the result above the screen. `asked`: by See the result, which scrolls smoothly
  // (unless the person's system asks for reduced motion); the page's own move is at once.
  showEnd(asked = false) {
    const end = this.main.querySelector("section.end");
    if (!(end instanceof HTMLElement)) return false;
    this.endPending = false;
    const still = matchMedia("(prefers-reduced-motion: reduce)").matches;
    end.scrollIntoView({ block: "start", behavior: asked && !still ? "smooth" : "auto" });
    return this.focusEnd();
  }

  focusEnd() {
    const end = this.main.querySelector("section.end");
    const el = end && (end.querySelector("button.again") || end.querySelector("h2"));
    if (!(el instanceof HTMLElement)) return false;
    el.focus({ preventScroll: true });
    return document.activeElement === el;
  }

  // The record as the server gives it to this seat (its token in the header, never in a
  // link): the whole record where no other person sat, else what the seat saw; a spectator
  // gets what a spectator saw.
  async downloadRecord() {
    try {
      const record = await api(`/api/tables/${encodeURIComponent(this.id)}/record`, { token: this.token });
      const url = URL.createObjectURL(new Blob([JSON.stringify(record)], { type: "application/json" }));
      const a = h("a", { href: url, download: `cardtable-${this.meta.game.name}-${this.id}.json`, hidden: true });
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60000);
    } catch (err) { this.say(err.message, true); }
  }
}
