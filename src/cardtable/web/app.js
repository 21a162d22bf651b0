// @ts-check
// The cardtable browser client: the lobby at "/", a table at "/t/ID?invite=CODE" (a seat's
// invitation, exchanged for the seat's own token when first opened), "/t/ID?seat=N" (a seat this
// browser holds), "/t/ID?token=T" (a seat's own token, as programs and older pages link it) or
// "/t/ID" (a spectator). Plain ES modules served by the server itself.
import { h, clear, toast } from "./dom.js";
import { api, games, inviteLink, seatLink, shareOrigin, tableLink } from "./api.js";
import { openTable } from "./table.js";
import { mySeats, rememberCreated, seatByInvite, tokenOf } from "./seats.js";
import { exchangeInvite, showQr, takeSeat } from "./invite.js";
import { focusMemo, refocus } from "./keys.js";

// The page shell's own elements (index.html): always there.
const main = /** @type {HTMLElement} */ (document.getElementById("main"));
const where = /** @type {HTMLElement} */ (document.getElementById("where"));
// A live table's spectator link: the table as anyone may watch it, never a seat.
const watchLink = (/** @type {string} */ table) => `/watch/${encodeURIComponent(table)}`;

function route() {
  const path = location.pathname;
  const match = path.match(/^\/t\/([^/]+)$/);
  const other = path.match(/^\/(watch|replay)\/([^/]+)$/);
  const classroom = path.match(/^\/classroom\/([^/]+)$/);
  if (classroom) {
    import("./classroom.js").then((m) => m.openClassroom(main, decodeURIComponent(classroom[1])));
  } else if (other) {
    const id = decodeURIComponent(other[2]);
    if (other[1] === "watch") openTable(main, id, null); // a spectator's link: no seat, ever
    else import("./replay.js").then((m) => m.openReplay(main, id));
  } else if (match) {
    const id = decodeURIComponent(match[1]);
    const params = new URLSearchParams(location.search);
    if (params.get("invite")) openInvitation(id, params.get("invite"));
    else if (params.get("token")) openTable(main, id, params.get("token"));
    else if (params.get("seat") !== null) openTable(main, id, tokenOf(id, Number(params.get("seat"))));
    else openTable(main, id, null);
  } else {
    lobby();
  }
}

// An invitation link opened: exchanged for the seat's own token, which this browser keeps; the
// code leaves the address bar and the history (it opens nothing any more, and nobody looking
// at the screen need read it). Opened again here, it opens the seat it gave; anywhere else it
// is refused in a sentence.
async function openInvitation(id, invite) {
  where.textContent = "Invitation";
  clear(main, h("p.loading", "Opening your seat…"));
  let got;
  try {
    got = await exchangeInvite(id, invite);
  } catch (err) {
    const held = seatByInvite(id, invite);
    if (held) {
      history.replaceState(null, "", seatLink(id, held.seat, ""));
      openTable(main, id, held.token);
      return;
    }
    if (err.status) history.replaceState(null, "", `/t/${encodeURIComponent(id)}`);
    const sentence = err.message.charAt(0).toUpperCase() + err.message.slice(1).replace(/\.?$/, ".");
    clear(main, h("div.problem.invitation-refused", h("h1", "This invitation cannot open a seat"),
      h("p.error", { role: "alert" }, sentence),
      h("p", h("a", { href: tableLink(id) }, "Watch the table"), " · ", h("a", { href: "/" }, "Back to the lobby"))));
    return;
  }
  history.replaceState(null, "", seatLink(id, got.seat, ""));
  openTable(main, id, got.token);
}

// ---- the lobby ------------------------------------------------------------------------------
const SEAT_KINDS_DEFAULT = "greedy";
let lobbyTimer = null;

async function lobby() {
  document.title = "cardtable: lobby";
  where.textContent = "Lobby";
  clear(main, h("p.loading", "Loading the games…"));
  let list;
  try {
    list = await games();
  } catch (err) {
    clear(main, h("p.error", `The games could not be loaded: ${err.message}`));
    return;
  }
  const created = h("section.created", { "aria-live": "polite", hidden: true });
  const open = h("section.open", { "aria-labelledby": "open-h" });
  // A person coming back finds their seats first, above the form for a new table.
  const yours = h("section.yours", { "aria-labelledby": "yours-h", hidden: true });
  clear(main,
    h("div.lobby",
      yours,
      h("section.create", { "aria-labelledby": "create-h" },
        h("h1#create-h", "New table"), createForm(list, created)),
      created,
      open));
  open.id = "open-tables";
  refreshOpen(open, list, yours);
  clearInterval(lobbyTimer);
  lobbyTimer = setInterval(() => {
    if (!document.body.contains(open)) { clearInterval(lobbyTimer); return; }
    refreshOpen(open, list, yours);
  }, 5000);
}

function field(label, control, doc) {
  const id = control.id || `f-${Math.random().toString(36).slice(2, 9)}`;
  control.id = id;
  const docId = doc ? `${id}-doc` : null;
  if (docId) control.setAttribute("aria-describedby", docId);
  return h("div.field", h("label", { for: id }, label), control, doc ? h("small.doc", { id: docId }, doc) : null);
}

function optionControl(spec) {
  const name = `opt-${spec.name}`;
  if (spec.type === "bool") {
    return h("input", { type: "checkbox", id: name, name: spec.name, checked: !!spec.default, dataset: { type: "bool" } });
  }
  if (spec.choices) {
    return h("select", { id: name, name: spec.name, dataset: { type: spec.type } },
      spec.choices.map((c) => h("option", { value: String(c), selected: c === spec.default }, String(c))));
  }
  if (spec.type === "int") {
    return h("input", {
      type: "number", id: name, name: spec.name, inputmode: "numeric", step: 1,
      min: spec.minimum ?? undefined, max: spec.maximum ?? undefined,
      value: spec.default === null ? "" : String(spec.default),
      placeholder: spec.nullable ? "none" : "", dataset: { type: "int", nullable: spec.nullable ? "1" : "" },
    });
  }
  return h("input", { type: "text", id: name, name: spec.name, value: spec.default ?? "",
    placeholder: spec.nullable ? "none" : "", dataset: { type: "str", nullable: spec.nullable ? "1" : "" } });
}

function createForm(list, created) {
  const gameSelect = h("select#game", { name: "game" },
    list.map((g) => h("option", { value: g.name }, g.title)));
  const playersSelect = h("select#players", { name: "players" });
  const seatsBox = h("fieldset.seats", h("legend", "Seats"));
  const optionsBox = h("details.options", h("summary", "Options"));
  const seedInput = h("input#seed", { type: "number", min: 0, step: 1, placeholder: "random", inputmode: "numeric" });
  const thinkInput = h("input#think", { type: "number", min: 0, max: 30, step: 0.1, value: "0.8" });
  const windowInput = h("input#window", { type: "number", min: 1, max: 3600, step: 1, value: "20" });
  const turnInput = h("input#turn", { type: "number", min: 5, max: 86400, step: 1, placeholder: "no limit", inputmode: "numeric" });
  const rules = h("details.rules", h("summary", "Rules in brief"), h("pre.rules-text"));
  const error = h("p.error", { role: "alert" });

  function game() { return list.find((g) => g.name === gameSelect.value); }

  function fillPlayers() {
    const g = game();
    const keep = Number(playersSelect.value);
    clear(playersSelect, g.player_counts.map((n) => h("option", { value: n }, String(n))));
    const preferred = g.player_counts.includes(keep) ? keep : (g.player_counts.includes(3) ? 3 : g.player_counts[0]);
    playersSelect.value = String(preferred);
    fillSeats();
  }

  function fillSeats() {
    const g = game();
    const n = Number(playersSelect.value);
    const old = [...seatsBox.querySelectorAll("select")].map((s) => s.value);
    const oldNames = [...seatsBox.querySelectorAll("input.person-name")].map((s) => s.value);
    const oldOpen = [...seatsBox.querySelectorAll("input.open-seat")].map((s) => s.checked);
    clear(seatsBox, h("legend", "Seats: a person or a bot"));
    for (let i = 0; i < n; i++) {
      const choice = old[i] || (i === 0 ? "human" : (g.bots.includes(SEAT_KINDS_DEFAULT) ? SEAT_KINDS_DEFAULT : g.bots[0]));
      // A bot's name says little to a newcomer: how it plays is shown under the seat.
      const about = (kind) => (kind === "human" ? "" : (g.bot_about || {})[kind] || "");
      const select = h("select", { id: `seat-${i}`, name: `seat-${i}` },
        h("option", { value: "human", selected: choice === "human" }, "a person"),
        g.bots.map((b) => h("option", { value: b, selected: choice === b }, `${(g.bot_titles || {})[b] || b} bot`)));
      const box = field(`Seat ${i + 1}`, select, about(choice) || " ");
      // A person's seat may be named now ("Grandma"), so the others read names, not numbers;
      // whoever sits there can change it at the table.
      const name = h("input.person-name", { type: "text", id: `name-${i}`, maxlength: 20, value: oldNames[i] || "", placeholder: "Name (optional)", "aria-label": `Name of the person in seat ${i + 1} (optional)`, hidden: choice !== "human" });
      box.insertBefore(name, box.querySelector("small.doc"));
      // A person's seat waits for the person given its invitation; ticked, anyone may take it
      // from the lobby (a table for whoever comes).
      const open = h("input.open-seat", { type: "checkbox", id: `open-${i}`, checked: !!oldOpen[i] });
      const openLabel = h("label.open-label", { for: `open-${i}`, hidden: choice !== "human" }, open, " anyone may sit here (listed in the lobby)");
      box.insertBefore(openLabel, box.querySelector("small.doc"));
      select.addEventListener("change", () => {
        box.querySelector("small.doc").textContent = about(select.value) || " ";
        name.hidden = select.value !== "human";
        openLabel.hidden = select.value !== "human";
      });
      seatsBox.append(box);
    }
  }

  function fillOptions() {
    const g = game();
    clear(optionsBox, h("summary", `Options (${g.options.length}, defaults shown)`),
      g.options.map((spec) => field(spec.name.replaceAll("_", " "), optionControl(spec),
        `${spec.doc}${spec.nullable ? " (empty: none)" : ""}. Default: ${spec.default === null ? "none" : spec.default}.`)));
    rules.querySelector("pre").textContent = g.rules;
  }

  function readOptions() {
    const g = game();
    const options = {};
    for (const spec of g.options) {
      const el = optionsBox.querySelector(`[name="${spec.name}"]`);
      let value;
      if (spec.type === "bool") value = el.checked;
      else if (spec.type === "int") {
        if (el.value.trim() === "") value = spec.nullable ? null : spec.default;
        else value = Number(el.value);
        if (spec.choices) value = Number(el.value);
      } else {
        value = el.value.trim() === "" && spec.nullable ? null : el.value;
      }
      if (JSON.stringify(value) !== JSON.stringify(spec.default)) options[spec.name] = value;
    }
    return options;
  }

  gameSelect.addEventListener("change", () => { fillPlayers(); fillOptions(); });
  playersSelect.addEventListener("change", fillSeats);

  const form = h("form.create-form", {
    async onsubmit(event) {
      event.preventDefault();
      error.textContent = "";
      const n = Number(playersSelect.value);
      const body = {
        game: gameSelect.value, players: n,
        seats: [...Array(n).keys()].map((i) => {
          const kind = seatsBox.querySelector(`#seat-${i}`).value;
          const name = seatsBox.querySelector(`#name-${i}`).value.trim();
          const open = seatsBox.querySelector(`#open-${i}`).checked;
          if (kind !== "human" || (!name && !open)) return kind;
          return { kind, ...(name ? { name } : {}), ...(open ? { open } : {}) };
        }),
        options: readOptions(),
        table: { think: Number(thinkInput.value || 0), window: Number(windowInput.value || 20) },
      };
      if (seedInput.value.trim() !== "") body.seed = Number(seedInput.value);
      if (turnInput.value.trim() !== "") body.table.turn = Number(turnInput.value);
      const button = form.querySelector("button[type=submit]");
      button.disabled = true;
      try {
        const made = await api("/api/tables", { method: "POST", body });
        rememberCreated(made);
        await showCreated(created, made, game());
      } catch (err) {
        error.textContent = err.message;
      } finally {
        button.disabled = false;
      }
    },
  },
  h("div.row", field("Game", gameSelect), field("Players", playersSelect)),
  seatsBox, optionsBox,
  h("details.advanced", h("summary", "Seed and timing"),
    field("Seed", seedInput, "the same seed deals the same cards, so whoever chose it can know every hand: every seat is told the deal was chosen. Empty: a deal nobody can know"),
    field("Bot think time (s)", thinkInput, "how long bots wait before they move, so people can follow"),
    field("Answer time (s)", windowInput, "how long a buying or rummy window waits for people"),
    field("Turn time (s)", turnInput, "empty: no limit; a person who takes longer has a bot play for them until they come back, so nobody waits on someone gone to bed")),
  rules, error,
  h("button.primary", { type: "submit" }, "Create table"));
  fillPlayers();
  fillOptions();
  return form;
}

function copyButton(text, label) {
  return h("button.small", {
    type: "button", "aria-label": label,
    async onclick() {
      try { await navigator.clipboard.writeText(text); toast("Link copied"); } catch (err) { toast("Copy the link by hand: select it and copy"); }
    },
  }, "Copy");
}

function qrButton(link, who, label) {
  return h("button.small", { type: "button", "aria-label": label, onclick: () => showQr(link, who) }, "QR code");
}

// The invitations to send: `origin` is where the others reach this server (see shareOrigin).
// Each opens its seat once, for whoever opens it first; "Sit here" is the maker taking theirs.
export function invitationList(made, origin = location.origin) {
  return h("ul.invites",
    made.seats.map((s) => {
      if (!s.invite) return h("li", h("span.who", `Seat ${s.seat + 1}`), h("span.bot", `${s.title || s.kind} bot`));
      const who = s.name && s.name !== `Player ${s.seat + 1}` ? `Seat ${s.seat + 1}: ${s.name}` : `Seat ${s.seat + 1}`;
      const link = inviteLink(made.table, s.invite, origin);
      return h("li", h("span.who", who, s.open ? h("span.muted", " (anyone may sit here)") : null),
        h("input.link", { readonly: true, value: link, "aria-label": `Invitation link for seat ${s.seat + 1}`, onfocus(e) { e.target.select(); } }),
        copyButton(link, `Copy the link of seat ${s.seat + 1}`),
        qrButton(link, who, `Show the link of seat ${s.seat + 1} as a QR code`),
        h("a.button.small", { href: inviteLink(made.table, s.invite), dataset: { seat: s.seat } }, `Sit here`));
    }),
    h("li", h("span.who", "Watch"),
      h("input.link", { readonly: true, value: tableLink(made.table, null, origin), "aria-label": "Spectator link" }),
      copyButton(tableLink(made.table, null, origin), "Copy the spectator link"),
      qrButton(tableLink(made.table, null, origin), "Watch the table", "Show the spectator link as a QR code"),
      h("a.button.small", { href: tableLink(made.table) }, "Watch")));
}

async function showCreated(created, made, game) {
  const origin = await shareOrigin();
  created.hidden = false;
  clear(created,
    h("h2", `${game.title}: table ${made.table}`),
    h("p", "Send each person the link of their seat, or show them its QR code to scan. Each link opens its seat once, for whoever opens it first, and that browser keeps the seat (the lobby lists it under \u201cYour seats\u201d)."),
    made.chosen_seed !== null && made.chosen_seed !== undefined ? h("p.chosen-seed", `You chose the deal (seed ${made.chosen_seed}): every seat is told so.`) : null,
    invitationList(made, origin));
  created.scrollIntoView({ block: "nearest" });
  const first = created.querySelector("a.button");
  if (first) first.focus();
}

async function refreshOpen(box, list, yoursBox) {
  let data;
  try { data = await api("/api/tables"); } catch (err) { return; }
  const titles = Object.fromEntries(list.map((g) => [g.name, g.title]));
  const rows = data.tables.slice(0, 30); // the lobby's first page: the newest tables
  // The seats this browser sat at, on tables still being played: a closed tab is not a lost game.
  const open = new Map(data.tables.map((t) => [t.table, t]));
  const older = data.pages > 1 ? [...new Set(mySeats().map((s) => s.table))].filter((id) => !open.has(id)).slice(0, 50) : [];
  if (older.length) { // yours beyond the first page, asked for by id
    try { (await api(`/api/tables?ids=${older.join(",")}`)).tables.forEach((t) => open.set(t.table, t)); } catch (err) { /* shown without them */ }
  }
  const mine = mySeats().filter((s) => open.has(s.table)).slice(0, 10);
  // The lists are drawn afresh every few seconds: a person reading them with the keyboard keeps
  // their place (the same table's button), and is never sent back to the top of the page.
  const focused = focusMemo(main);
  yoursBox.hidden = mine.length === 0;
  clear(yoursBox, mine.length ? [h("h2#yours-h", "Your seats"),
    h("ul.open-list.yours-list", mine.map((s) => {
      const t = open.get(s.table);
      const seat = t.seats[s.seat] || {};
      return h("li.open-table.your-seat", { dataset: { table: s.table } },
        h("span.title", `${titles[t.game] || t.game} · seat ${s.seat + 1}${seat.chosen ? ` (${seat.chosen})` : ""}`),
        h("a.button.small.primary", { href: seatLink(s.table, s.seat), "aria-label": `Back to your seat ${s.seat + 1} of table ${s.table}` }, "Back to my seat"));
    }))] : null);
  clear(box, h("h2#open-h", "Open tables"),
    rows.length === 0 ? h("p.muted", "No tables are being played. Create one above.") : h("ul.open-list",
      rows.map((t) => h("li.open-table", { dataset: { table: t.table } },
        h("span.title", `${titles[t.game] || t.game} · ${t.players} players`),
        h("span.seatline", t.seats.map((s) => {
          const word = s.taken ? "taken" : s.open ? "free" : "invited";
          return h("span", { class: `seat-chip ${s.kind === "human" ? word : "bot"}` },
            `${s.seat + 1}: ${s.kind === "human" ? `${s.chosen ? `${s.chosen}, ` : ""}${word}` : s.title || s.kind}`);
        })),
        h("span.actions",
          t.free.map((seat) => h("button.small", {
            type: "button", "aria-label": `Join seat ${seat + 1} of table ${t.table}`,
            async onclick() {
              try { await takeSeat(t.table, seat); } catch (err) { toast(err.message); refreshOpen(box, list, yoursBox); }
            },
          }, `Join seat ${seat + 1}${(t.seats[seat] || {}).chosen ? ` as ${t.seats[seat].chosen}` : ""}`)),
          h("a.button.small", { href: watchLink(t.table), "aria-label": `Watch table ${t.table}` }, "Watch"))))),
    // Finished matches, to replay in the browser as a spectator saw them (or as your seat did).
    (data.finished || []).length ? [h("h2#finished-h", "Finished matches"), h("ul.open-list.finished-list",
      data.finished.map((t) => h("li.finished-table", { dataset: { table: t.table } },
        h("span.title", `${titles[t.game] || t.game} · ${t.names.join(", ")} · ${t.moves} moves`),
        h("span.actions", h("a.button.small", { href: `/replay/${encodeURIComponent(t.table)}`, "aria-label": `Replay table ${t.table}` }, "Replay")))))] : null);
  // Its control gone (the table ended, the seat was taken): the focus stays in the list.
  if (focused && !refocus(main, focused)) { box.tabIndex = -1; box.focus({ preventScroll: true }); }
}

window.addEventListener("popstate", route);
route();
