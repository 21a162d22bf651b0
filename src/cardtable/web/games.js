// How each game looks and how its move notation maps onto cards and targets on screen.
// The server's list of legal moves is the authority: an adapter only reads notation, it never
// decides what is legal. parse(move) -> {kind, cards, target, label}; cards are hand cards used.
import { h } from "./dom.js";

const words = (s) => s.trim().split(/\s+/).filter(Boolean);
const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
// "you", "you and Sam", "you, Sam and Greedy bot 3"
const inWords = (list) => (list.length < 2 ? list.join("") : `${list.slice(0, -1).join(", ")} and ${list.at(-1)}`);
// When nothing but a discard is left to do, the prompt says so rather than list what cannot be done.
const onlyDiscards = (ctx) => ctx.legal.length > 0 && ctx.legal.every((m) => m.startsWith("discard "));
const DISCARD_NOW = "Discard one card: pick it in your hand.";

function zone(view, name) { return (view.zones || {})[name] || null; }
function zoneCards(view, name) { const z = zone(view, name); return (z && z.cards) || []; }
function zonesLike(view, prefix) {
  return Object.keys(view.zones || {}).filter((k) => k.startsWith(prefix)).sort((a, b) => {
    const pa = a.slice(prefix.length).split(":").map(Number);
    const pb = b.slice(prefix.length).split(":").map(Number);
    for (let i = 0; i < Math.max(pa.length, pb.length); i++) if ((pa[i] ?? 0) !== (pb[i] ?? 0)) return (pa[i] ?? 0) - (pb[i] ?? 0);
    return 0;
  });
}

// ---- the shared rummy board: stock, discard, melds ------------------------------------------
function pile(ctx, { label, count, top, kind, all }) {
  const move = ctx.moveOfKind(kind);
  const attrs = {
    type: "button", class: `pile ${move ? "live" : ""}`, disabled: !move,
    "aria-label": `${label}: ${plural(count, "card")}${top ? `, top card ${ctx.name(top)}` : ""}${move ? `. ${ctx.parse(move).label}` : ""}`,
    onclick: () => move && ctx.play(move), dataset: { pile: kind },
  };
  return h("div.pile-box",
    // An empty pile shows an empty place: a card back there would read as a face-down card.
    h("button", attrs, top ? ctx.card(top, { small: false, inert: true })
      : count > 0 ? h("span.back", { "aria-hidden": "true" }, "▒") : h("span.empty-pile", "empty"),
      h("span.pile-count", count)),
    h("span.pile-label", label),
    all && all.length > 1 ? h("details.pile-all", h("summary", `all ${all.length}`), h("div.mini-row", all.map((c) => ctx.card(c, { small: true, inert: true })))) : null);
}

function meldBox(ctx, id, cards, title, extra) {
  const selected = ctx.target === id;
  const targetable = ctx.isTarget(id);
  return h("div", {
    class: `meld ${selected ? "targeted" : ""} ${targetable ? "targetable" : ""}`,
    role: targetable ? "button" : "group", tabindex: targetable ? 0 : null,
    "aria-pressed": targetable ? String(selected) : null,
    "aria-label": `${title}: ${cards.map((c) => ctx.name(c)).join(", ")}${targetable ? ". Select to lay cards on it" : ""}`,
    dataset: { target: id },
    onclick: targetable ? () => ctx.toggleTarget(id) : null,
    onkeydown: targetable ? (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); ctx.toggleTarget(id); } } : null,
  }, h("span.meld-title", title), h("div.mini-row", cards.map((c) => ctx.card(c, { small: true, inert: true }))), extra || null);
}

// ---- Daylily ------------------------------------------------------------------------------
// A flower's name on a narrow card: a long word may break only where a soft hyphen allows,
// between two consonants near its middle ("Man-hattan", "Allen-hurst"), never at a random
// letter as overflow-wrap would ("Manhatt / an").
const VOWEL = /[aeiouy]/i;
export function breakable(name) {
  return name.split(" ").map((word) => {
    if (word.length < 8) return word;
    let best = -1;
    for (let i = 2; i <= word.length - 3; i++) {
      const pair = !VOWEL.test(word[i - 1]) && !VOWEL.test(word[i]) && /[a-z]/i.test(word[i - 1] + word[i]);
      if (pair && (best < 0 || Math.abs(i - word.length / 2) < Math.abs(best - word.length / 2))) best = i;
    }
    if (best < 0) best = Math.ceil(word.length / 2);
    return `${word.slice(0, best)}\u00ad${word.slice(best)}`;
  }).join(" ");
}

const FAMILY_MARK = { Red: "R", Yellow: "Y", Pink: "Pk", Purple: "Pu", Orange: "O", Pandora: "PB" };

const daylily = {
  face(code, f) {
    if (!f) return code;
    return [
      h("span.blooms", { "aria-hidden": "true" }, h("b", String(f.blooms)), " ", "✿".repeat(f.blooms)),
      h("span.flower", breakable(f.name)),
      h("span.family", `${f.family === "Pandora" ? "Pandora's Box" : f.family}`),
      f.accent ? h("span.badge.accent-mark", { title: "purple accent" }, "accent") : null,
      f.pandora ? h("span.badge.pandora-mark", { title: "Pandora's Box: +3 in a meld, -10 left in hand" }, "box ±") : null,
    ];
  },
  cardClass(f) { return f ? `fam-${f.family.toLowerCase()}${f.purple ? " is-purple" : ""}${f.pandora ? " is-pandora" : ""}` : ""; },
  // Move labels and the log name a card short; the card itself says its family too (for a screen
  // reader, and on hover), every family alike: sets and runs are made within one.
  name(code, f) { return f ? `${f.blooms} ${f.name}` : code; },
  cardName(code, f) {
    if (!f) return code;
    const family = f.family === "Pandora" ? [] : [f.family.toLowerCase()];
    return [`${f.blooms} ${f.name}`, ...family, ...(f.accent ? ["purple accent"] : [])].join(", ");
  },
  groups: ["Red", "Yellow", "Pink", "Purple", "Orange", "Pandora"],
  parse(move, ctx) {
    const w = words(move);
    if (move === "draw stock") return { kind: "stock", cards: [], label: "Draw from the stock" };
    if (move === "draw discard") {
      const top = zoneCards(ctx.view, "discard").at(-1);
      return { kind: "take", cards: [], label: `Take ${top ? ctx.name(top) : "the discard"}` };
    }
    if (w[0] === "meld") return { kind: "meld", cards: w.slice(1), label: `Declare ${w.slice(1).map((c) => ctx.name(c)).join(" + ")}` };
    if (w[0] === "discard") return { kind: "discard", cards: [w[1]], label: `Discard ${ctx.name(w[1])}` };
    return { kind: "other", cards: [], label: move };
  },
  intents(sel) {
    if (sel.length === 1) return [{ action: `discard ${sel[0]}`, label: "Discard it" }];
    if (sel.length >= 2) return [{ action: `meld ${sel.join(" ")}`, label: "Declare these as a meld" }];
    return [];
  },
  status(ctx) {
    const t = ctx.view.table;
    const o = ctx.options;
    const goal = o.rounds ? `round ${t.round} of ${o.rounds}` : `round ${t.round}, playing to ${o.target}`;
    return `Daylily Rummy · ${goal} · first to declare ten cards presents the Festival`;
  },
  seatInfo(ctx, s) {
    const t = ctx.view.table;
    return `${t.melded[s]}/10 declared · ${t.meld_points[s]} pts in melds · total ${t.scores[s]}`;
  },
  board(ctx) {
    const v = ctx.view;
    const discard = zoneCards(v, "discard");
    const melds = [];
    for (let s = 0; s < ctx.players; s++) {
      const mine = zonesLike(v, `meld:${s}:`);
      melds.push(h("div.meld-row", h("span.meld-owner", `${ctx.names[s]}: ${v.table.melded[s]}/10 declared, ${v.table.meld_points[s]} points`),
        mine.length ? mine.map((z, i) => meldBox(ctx, z.slice(5), v.zones[z].cards, `meld ${i + 1}`)) : h("span.muted", "no melds yet")));
    }
    return [
      h("div.piles", pile(ctx, { label: "Stock", count: zone(v, "stock")?.count ?? 0, kind: "stock" }),
        pile(ctx, { label: "Discard pile", count: discard.length, top: discard.at(-1), kind: "take", all: discard })),
      h("div.melds", h("h3", "Declared melds"), melds),
      h("p.legend", "The accent badge marks Shady Lady and Pandora's Box, the only fourth cards of a purple quad. A Pandora's Box left in hand costs 10."),
    ];
  },
  prompt(ctx) {
    const p = ctx.view.table.phase;
    if (p === "draw") return "Draw: click the stock or the discard pile.";
    if (onlyDiscards(ctx)) return DISCARD_NOW;
    return "Declare melds (select their cards), then discard one card.";
  },
  resultTitle(r) { return `Round ${r.round}${r.reason === "festival" ? ": Festival" : ""}`; },
  resultLines(r, names) {
    const out = [];
    if (r.festival !== null && r.festival !== undefined) out.push(`${names[r.festival]} presented the Daylily Festival.`);
    else out.push(`No Festival (${String(r.reason).replaceAll("_", " ")}).`);
    (r.seats || []).forEach((s, i) => {
      const parts = [];
      if (s.declared !== undefined) parts.push(`melds ${s.declared}`);
      if (s.festival_bonus) parts.push(`Festival +${s.festival_bonus}`);
      if (s.cards_received) parts.push(`received ${s.cards_received} cards`);
      if (s.to_winner) parts.push(`handed ${s.to_winner} cards over`);
      if (s.penalty) parts.push(`Pandora's Box ${-Math.abs(s.penalty)}`);
      if (s.in_hand_melds && s.in_hand_melds.length) parts.push(`laid down ${plural(s.in_hand_melds.length, "meld")} in hand`);
      out.push(`${names[i]}: ${parts.join(", ") || "nothing"}`);
    });
    return out;
  },
};

// ---- Say Rummy ----------------------------------------------------------------------------
// A word laid or grown: the event names its spellings, the first of which is said aloud.
const saysWord = (e) => (e.kind === "word_laid" || e.kind === "word_extended") && Array.isArray(e.words) && e.words.length > 0;

const sayRummy = {
  face(code, f) {
    if (code === "*" || (f && f.kind === "wild")) return [h("span.ipa", "★"), h("span.spell", "wild: any sound")];
    if (!f) return code;
    return [h("span.ipa", `/${f.ipa}/`), h("span.spell", f.spellings.join(" · ")), h("span.example", f.example)];
  },
  cardClass(f) { return f ? `snd-${f.kind}` : ""; },
  name(code, f) {
    if (code === "*") return "wild card";
    if (code.startsWith("*")) return `wild card as /${code.slice(1)}/`;
    return f ? `/${f.ipa}/ as in ${f.example}` : `/${code}/`;
  },
  groups: ["vowels", "consonants", "wild cards"],
  parse(move, ctx) {
    const w = words(move);
    const note = ctx.notes[move] ? ` “${ctx.notes[move]}”` : "";
    if (move === "draw stock") return { kind: "stock", cards: [], label: "Draw from the stock" };
    if (move === "draw discard") {
      const top = zoneCards(ctx.view, "discard").at(-1);
      return { kind: "take", cards: [], label: `Take ${top ? ctx.name(top) : "the discard"}` };
    }
    if (w[0] === "word") {
      const toks = w.slice(1);
      return { kind: "word", cards: toks.map((t) => (t.startsWith("*") ? "*" : t)), label: `Lay /${toks.join(" ")}/${note}` };
    }
    if (w[0] === "extend") {
      const index = Number(w[1]);
      const toks = w.slice(2);
      const old = ((ctx.view.table.words || [])[index] || {}).cards || [];
      const left = [...old];
      const used = [];
      for (const t of toks) {
        const at = left.indexOf(t);
        if (at >= 0) left.splice(at, 1);
        else used.push(t.startsWith("*") ? "*" : t);
      }
      return { kind: "extend", cards: used, target: `word:${index}`, label: `Make word ${index + 1} /${toks.join(" ")}/${note}` };
    }
    if (w[0] === "discard") return { kind: "discard", cards: [w[1]], label: `Discard ${ctx.name(w[1])}` };
    return { kind: "other", cards: [], label: move };
  },
  intents(sel, target) {
    if (target) {
      const index = Number(target.split(":")[1]);
      return [];
    }
    if (sel.length === 1) return [{ action: `discard ${sel[0]}`, label: "Discard it" }, { action: `word ${sel[0]}`, label: "Lay it as a word" }];
    if (sel.length >= 2) return [{ action: `word ${sel.join(" ")}`, label: "Lay these as a word, in the order picked" }];
    return [];
  },
  status(ctx) {
    const t = ctx.view.table;
    return `Say Rummy · game ${t.game} of ${t.games} · scoring by ${t.scoring} · empty your hand to win`;
  },
  seatInfo(ctx, s) {
    return `${plural(ctx.view.zones[`hand:${s}`]?.count ?? 0, "card")} · penalty total ${ctx.view.table.scores[s]}`;
  },
  board(ctx) {
    const v = ctx.view;
    const discard = zoneCards(v, "discard");
    const list = (v.table.words || []).map((w, i) => {
      const spoken = (w.spellings || [])[0] || "";
      return meldBox(ctx, `word:${i}`, w.cards, `word ${i + 1} · ${ctx.names[w.by]}`,
        h("span.word-line", h("span.sounds", w.sounds), " ", h("span.spelled", (w.spellings || []).join(", ")),
          h("button.small.speak", { type: "button", "aria-label": `Say “${spoken}” aloud`, onclick: (e) => { e.stopPropagation(); ctx.speak(spoken); } }, "▶ say")));
    });
    return [
      h("div.piles", pile(ctx, { label: "Stock", count: zone(v, "stock")?.count ?? 0, kind: "stock" }),
        pile(ctx, { label: "Discard pile", count: discard.length, top: discard.at(-1), kind: "take" })),
      h("div.melds", h("h3", `Words on the table (${list.length})`), list.length ? list : h("p.muted", "No words yet.")),
      ctx.speechNote(),
    ];
  },
  prompt(ctx) {
    if (ctx.view.table.phase === "draw") return "Draw: click the stock or the discard pile.";
    if (onlyDiscards(ctx)) return DISCARD_NOW;
    return "Pick cards to lay a word, or pick a word on the table and cards to add to it; then discard.";
  },
  onEvent(event, ctx) {
    if (saysWord(event)) ctx.speak(event.words[0]);
  },
  lastWord(events) {
    const e = events.findLast(saysWord);
    return e ? e.words[0] : null;
  },
  resultTitle(r) { return `Game ${r.game}`; },
  resultLines(r, names) {
    return [`${(r.winners || []).map((s) => names[s]).join(" and ")} won: ${r.reason}.`,
      ...names.map((n, i) => `${n}: ${plural(r.cards_left[i], "card")} left, penalty ${r.points[i]}, total ${r.totals[i]}`)];
  },
};

// ---- Contract rummy (Dummy Rummy and Liverpool) -------------------------------------------
const LOG_SUITS = { C: "♣", D: "♦", H: "♥", S: "♠" };
const contract = {
  face(code, f) {
    if (!f) return code;
    if (f.joker) return [h("span.rank", "JK"), h("span.suit", "★ joker")];
    return [h("span.rank", f.rank), h("span.suit", { "aria-hidden": "true" }, f.symbol)];
  },
  cardClass(f) { return f ? (f.joker ? "joker" : `suit-${f.suit}`) : ""; },
  name(code, f) {
    const m = code.match(/^JK\((.+)\)$/);
    if (m) return `joker as ${m[1]}`;
    return f ? (f.joker ? "joker" : `${f.rank}${f.symbol}`) : code;
  },
  groups: ["clubs", "diamonds", "spades", "hearts", "jokers"],
  // The log's words come from the engine with card codes (what the terminal types); here the
  // cards on the table wear suit symbols, so the log does too: "the 7H" reads "the 7♥".
  logText(text) {
    return text.replace(/\b(10|[2-9JQKA])([CDHS])\b/g, (_, rank, suit) => `${rank}${LOG_SUITS[suit]}`);
  },
  parse(move, ctx) {
    const w = words(move);
    const top = zoneCards(ctx.view, "discard").at(-1);
    switch (w[0]) {
      case "take": return { kind: "take", cards: [], label: `Take ${top ? ctx.name(top) : "the discard"}` };
      case "draw": return { kind: "stock", cards: [], label: "Draw from the stock" };
      case "buy": return { kind: "buy", cards: [], label: `Buy ${top ? ctx.name(top) : "the discard"}` };
      case "pass": return { kind: "pass", cards: [], label: "Pass" };
      case "rummy": return { kind: "rummy", cards: [], label: "Rummy!" };
      case "down": {
        const groups = move.slice(5).split("|").map((g) => words(g));
        return { kind: "down", cards: groups.flat(), label: `Go down: ${groups.map((g) => g.map((c) => ctx.name(c)).join(" ")).join(" | ")}` };
      }
      case "lay": return { kind: "lay", cards: [w[1]], target: w[3], label: `Lay ${ctx.name(w[1])} on ${contract.meldName(ctx, w[3])}${w[4] ? ` (${w[4]} end)` : ""}` };
      case "swap": return { kind: "swap", cards: [w[1]], target: w[3], label: `Swap ${ctx.name(w[1])} for the joker in ${contract.meldName(ctx, w[3])}` };
      case "discard": return { kind: "discard", cards: [w[1]], label: `Discard ${ctx.name(w[1])}` };
      default: return { kind: "other", cards: [], label: move };
    }
  },
  meldName(ctx, id) {
    const [owner, n] = id.split(":").map(Number);
    return `${ctx.names[owner] === "You" ? "your" : `${ctx.names[owner]}'s`} meld ${n + 1}`;
  },
  intents(sel, target) {
    if (target && sel.length === 1) return [{ action: `lay ${sel[0]} on ${target}`, label: "Lay it on the chosen meld" }];
    if (sel.length === 1) return [{ action: `discard ${sel[0]}`, label: "Discard it" }];
    if (sel.length >= 3) return [{ action: `down ${sel.join(" ")}`, label: "Go down with these" }];
    return [];
  },
  status(ctx) {
    const t = ctx.view.table;
    return `${ctx.title} · deal ${t.deal} of ${t.deals} · contract: ${t.contract}`;
  },
  seatInfo(ctx, s) {
    const t = ctx.view.table;
    const parts = [plural(ctx.view.zones[`hand:${s}`]?.count ?? 0, "card"), t.down[s] ? "down" : "not down"];
    if (t.buy_limit !== null && t.buy_limit !== undefined) parts.push(`monies ${t.buy_limit - t.buys[s]}/${t.buy_limit}`);
    else parts.push(`bought ${t.buys[s]}`);
    parts.push(`total ${t.scores[s]}`);
    return parts.join(" · ");
  },
  board(ctx) {
    const v = ctx.view;
    const t = v.table;
    const discard = zoneCards(v, "discard");
    const melds = (t.melds || []).map((m) => {
      const cards = zoneCards(v, `meld:${m.id}`);
      let jokers = [...(m.jokers_stand_for || [])];
      const shown = cards.map((c) => (c === "JK" && jokers.length ? `JK(${jokers.shift()})` : c));
      return meldBox(ctx, m.id, shown, `${contract.meldName(ctx, m.id)} · ${m.kind} ${m.id}`);
    });
    const windowLine = t.window && t.window.length
      ? h("p.window", { role: "status" }, `The discard ${top(discard, ctx)} is for sale: ${inWords(t.window.map((s) => (ctx.names[s] === "You" ? "you" : ctx.names[s])))} may answer.`)
      : null;
    return [
      h("p.contract", { "aria-label": `Contract of this deal: ${t.contract}` }, h("strong", "Contract: "), t.contract,
        t.owed_jokers ? h("span.warn", ` · lay off the joker you took before you discard`) : null),
      windowLine,
      h("div.piles", pile(ctx, { label: "Stock", count: zone(v, "stock")?.count ?? 0, kind: "stock" }),
        pile(ctx, { label: "Discard pile", count: discard.length, top: discard.at(-1), kind: "take" })),
      h("div.melds", h("h3", "Melds on the table"), melds.length ? melds : h("p.muted", "Nobody is down yet.")),
    ];
  },
  prompt(ctx) {
    const legal = ctx.legal;
    if (legal.includes("rummy")) return "A card that could be laid off was discarded: call rummy or pass.";
    if (legal.includes("buy")) return "The discard is for sale: buy it or pass.";
    if (ctx.view.table.phase === "draw") return "Take the discard or draw from the stock.";
    if (onlyDiscards(ctx)) return DISCARD_NOW;
    return ctx.view.table.down[ctx.seat]
      ? "Lay off (pick a card, then a meld), then discard."
      : "Go down when you hold the contract (pick its cards), then discard.";
  },
  resultTitle(r) { return `Deal ${r.deal ?? ""}`; },
  // A deal's end, a line a player: what each was left holding and what it cost (lowest wins);
  // the cards themselves would make twelve players' lines a wall on a phone.
  resultLines(r, names) {
    const out = r.out !== null && r.out !== undefined ? `${names[r.out]} went out` : `Nobody went out (${String(r.reason).replaceAll("_", " ")})`;
    return [`${out}; the contract was ${r.contract}.`, ...names.map((n, i) => {
      const left = (r.left || [])[i] || [];
      const parts = [left.length ? `${r.points[i]} for ${plural(left.length, "card")} left` : `${i === r.out ? "went out" : "no cards left"}: 0`];
      if (r.penalties && r.penalties[i]) parts.push(`penalty ${r.penalties[i]}`);
      if (r.cut && r.cut[i]) parts.push(`cut ${r.cut[i]}`);
      return `${n}: ${parts.join(", ")}; total ${r.totals[i]}`;
    })];
  },
};
function top(discard, ctx) { const c = discard.at(-1); return c ? ctx.name(c) : ""; }

// ---- Day ----------------------------------------------------------------------------------
const SUIT_MARK = { Rising: "↗", Risen: "↑", Setting: "↘" };
const day = {
  face(code, f) {
    if (!f) return code;
    if (f.crown) return [h("span.rank", "♛"), h("span.suit", "Crown (wild)")];
    return [h("span.rank", f.moon ? "☾" : f.value), h("span.suit", `${SUIT_MARK[f.suit]} ${f.suit}`)];
  },
  cardClass(f) { return f ? (f.crown ? "crown" : `day-${f.suit.toLowerCase()}`) : ""; },
  name(code) { return code; },
  groups: ["Rising", "Risen", "Setting", "Crown"],
  parse(move, ctx) {
    const w = words(move);
    const t = ctx.view.table;
    switch (w[0]) {
      case "keep": return { kind: "keep", cards: [], label: "Keep both cards" };
      case "swap": { const c = w.slice(1).join(" "); return { kind: "swap", cards: [c], label: `Swap ${c} (costs 1 point at the showdown)` }; }
      case "check": return { kind: "check", cards: [], label: "Check" };
      case "call": return { kind: "call", cards: [], label: `Call ${t.to_call ?? ""}`.trim() };
      case "fold": return { kind: "fold", cards: [], label: "Fold" };
      case "all-in": return { kind: "allin", cards: [], label: `All-in (${t.stacks ? t.stacks[ctx.seat] : ""})` };
      case "bet": return { kind: "bet", cards: [], amount: Number(w[1]), label: `Bet ${w[1]}` };
      case "raise": return { kind: "raise", cards: [], amount: Number(w[2]), label: `Raise to ${w[2]}` };
      default: return { kind: "other", cards: [], label: move };
    }
  },
  intents(sel) { return sel.length === 1 ? [{ action: `swap ${sel[0]}`, label: "Swap it" }] : []; },
  status(ctx) {
    const t = ctx.view.table;
    // The engine's phase is named by the rules' verb; a heading wants their noun.
    const phase = t.phase === "substitute" ? "substitution" : t.phase;
    return `Day · hand ${t.hand} of ${t.hands} · ${t.limit} limit · ${phase}`;
  },
  seatInfo(ctx, s) {
    const t = ctx.view.table;
    const parts = [`stack ${t.stacks[s]}`, `in pot ${t.in_pot[s]}`];
    if (t.this_round && t.this_round[s]) parts.push(`this round ${t.this_round[s]}`);
    if (t.folded[s]) parts.push("folded");
    if (t.all_in[s]) parts.push("all-in");
    if (t.substituted[s]) parts.push("swapped");
    if (t.dealer === s) parts.push("dealer");
    return parts.join(" · ");
  },
  board(ctx) {
    const v = ctx.view;
    const t = v.table;
    const dealer = zoneCards(v, "dealer");
    const last = (t.results || []).at(-1);
    return [
      h("div.day-board",
        h("div.dealer-cards", h("h3", t.house_dealer ? "The house dealer's cards" : `Dealer's cards (${t.dealer === ctx.seat ? "you deal" : `${ctx.names[t.dealer]} deals`})`),
          h("div.mini-row", dealer.map((c) => ctx.card(c, { inert: true })),
            [...Array(Math.max(0, 3 - dealer.length))].map(() => h("span.card.back-card", { "aria-label": "not yet laid" }, "?")))),
        h("dl.pot",
          h("dt", "Pot"), h("dd.pot-amount", String(t.pot)),
          h("dt", "To call"), h("dd.to-call", String(t.to_call ?? 0)),
          h("dt", "Bet this round"), h("dd", String(t.current_bet ?? 0)),
          // With nothing bet yet the range is a bet's; a fixed limit has one size, not "2–2".
          t.raise_range ? [h("dt", t.current_bet ? "Raise to" : "Bet"), h("dd.raise-range", t.raise_range[0] === t.raise_range[1] ? String(t.raise_range[0]) : `${t.raise_range[0]}–${t.raise_range[1]}`)] : null,
          h("dt", "Raises"), h("dd", String(t.raises ?? 0)))),
      last ? day.showdownBox(last, ctx) : null,
      h("p.legend", "Win conditions, best first: Day / Full Day 6, Full Consecutive 5, Consecutive 4, Eclipse 3, X of a kind 2, Highest Card 1; a swap costs one point."),
    ];
  },
  showdownBox(r, ctx) {
    return h("details.showdown", { open: ctx.view.table.phase !== "first betting" && ctx.view.table.phase !== "final betting" ? true : null },
      h("summary", `Last hand (${r.hand}): ${day.resultLines(r, ctx.names)[0]}`),
      h("ul", day.resultLines(r, ctx.names).slice(1).map((l) => h("li", l))));
  },
  prompt(ctx) {
    const t = ctx.view.table;
    if (ctx.legal.includes("keep")) return "Keep your two cards, or pick one to swap for the top card of the deck.";
    return `Your bet: ${t.to_call ? `${t.to_call} to call` : "nothing to call"}.`;
  },
  resultTitle(r) { return `Hand ${r.hand}`; },
  resultLines(r, names) {
    const out = [];
    const pots = r.pots || [];
    out.push(pots.map((p, i) => `${names[p.winner]} won ${pots.length > 1 ? (i ? `side pot ${i}` : "the main pot") : "the pot"} of ${p.amount}`).join("; ") || "no pot");
    out.push(`Board: ${(r.board || []).join(", ")}`);
    if (r.showdown) for (const s of r.showdown) out.push(`${names[s.seat]}: ${s.cards.join(", ")}: ${s.condition}${s.detail ? ` (${s.detail})` : ""}, ${s.points} point${s.points === 1 ? "" : "s"}${s.substituted ? " after the swap" : ""}`);
    else out.push("Everyone else folded: no cards shown.");
    if (r.folded && r.folded.length) out.push(`Folded: ${r.folded.map((s) => names[s]).join(", ")}`);
    out.push(`Stacks: ${names.map((n, i) => `${n} ${r.stacks[i]}`).join(", ")}`);
    return out;
  },
};

// ---- any other game: notation as it is ----------------------------------------------------
const generic = {
  face(code) { return code; },
  cardClass() { return ""; },
  name(code, f) { return (f && f.label) || code; },
  groups: [],
  parse(move) { return { kind: "other", cards: [], label: move }; },
  intents() { return []; },
  status(ctx) { return ctx.title; },
  seatInfo(ctx, s) { return ctx.view.table && ctx.view.table.scores ? `total ${ctx.view.table.scores[s]}` : ""; },
  board() { return []; },
  prompt() { return "Choose a move."; },
};

const ADAPTERS = { daylily, "say-rummy": sayRummy, "dummy-rummy": contract, liverpool: contract, day };

export function adapterFor(game) {
  return { ...generic, ...(ADAPTERS[game] || {}) };
}

// A result row in general terms, for games without their own words.
export function genericResultLines(r, names) {
  const out = [];
  for (const [key, value] of Object.entries(r)) {
    if (Array.isArray(value) && value.length === names.length && value.every((x) => typeof x === "number")) {
      out.push(`${key.replaceAll("_", " ")}: ${names.map((n, i) => `${n} ${value[i]}`).join(", ")}`);
    } else if (typeof value === "string") out.push(`${key.replaceAll("_", " ")}: ${value}`);
  }
  return out;
}
