// @ts-check
// The teacher's page of a class (/classroom/ID#key=KEY): every table live, as a spectator sees
// it (the words laid, whose turn it is, how many cards each child holds, who is stuck), never a
// card of any hand; and the sheet of QR codes with the children's names, to print. The key is
// the page's secret: it comes in the address's fragment (which no request carries), is kept in
// this browser, leaves the address bar at once, and goes to the server in a header only.
import { h, clear } from "./dom.js";
import { api } from "./api.js";
import { plural } from "./games.js";

const KEY = (/** @type {string} */ id) => `cardtable.classroom.${id}`;
const EVERY = 2000; // ms between two looks at the tables

/** @param {HTMLElement} main @param {string} id */
export async function openClassroom(main, id) {
  const where = document.getElementById("where");
  if (where) where.textContent = "Your class";
  document.title = "Your class · cardtable";
  const given = new URLSearchParams(location.hash.slice(1)).get("key");
  if (given) {
    try { localStorage.setItem(KEY(id), given); } catch (err) { /* private mode: this tab only */ }
    history.replaceState(null, "", location.pathname);
  }
  let key = given;
  try { key = key || localStorage.getItem(KEY(id)); } catch (err) { /* storage off */ }
  const page = new ClassroomPage(main, id, key);
  /** @type {any} */ (window).classroom = page; // for the curious and for tests
  await page.look();
}

class ClassroomPage {
  /** @param {HTMLElement} main @param {string} id @param {string | null} key */
  constructor(main, id, key) {
    this.main = main;
    this.id = id;
    this.key = key;
    /** @type {any} */
    this.data = null;
    this.renders = 0;
    this.timer = null;
  }

  async look() {
    if (!this.key) {
      clear(this.main, h("div.problem", h("h1", "This page needs the teacher's link"),
        h("p", "Open the link the server printed when it made the class (it ends with #key=…).")));
      return;
    }
    try {
      this.data = await api(`/api/classrooms/${encodeURIComponent(this.id)}`, { token: this.key });
      this.problem = null;
    } catch (err) {
      this.problem = err.message;
      if (err.status === 404) {
        clear(this.main, h("div.problem", h("h1", "This class cannot be shown"), h("p.error", err.message)));
        return;
      }
    }
    this.render();
    this.timer = setTimeout(() => this.look(), EVERY);
  }

  render() {
    const d = this.data;
    if (!d) return;
    this.renders += 1;
    const tables = d.tables.map((t, n) => tableBox(t, n));
    const stuck = d.tables.flatMap((t) => (t.seats || []).filter((s) => s.stuck).map((s) => `${s.name} ${s.stuck}`));
    clear(this.main, h("div.classroom",
      h("h1", `Your class: ${plural(d.sheet.length, "child", "children")} at ${plural(d.tables.length, "table")}`),
      h("p.muted", "Every table as it is played, updated every two seconds. No child's hand is shown here."),
      this.problem ? h("p.error", { role: "alert" }, `The server cannot be reached: ${this.problem}. Trying again…`) : null,
      h("section.class-stuck", { "aria-label": "Who may need help", role: "status" },
        h("h2", "Who may need help"),
        stuck.length ? h("ul", stuck.map((s) => h("li", s))) : h("p.muted", "Nobody is stuck.")),
      h("div.class-tables", tables),
      h("section.class-sheet", { "aria-label": "The sheet of QR codes" },
        h("h2", "The sheet of QR codes"),
        h("p", "Each child scans their own code with a tablet or phone: it opens their seat once. ",
          h("button.primary.print", { type: "button", onclick: () => window.print() }, "Print the sheet")),
        h("div.qr-sheet", d.sheet.map((s) => h("figure.qr-card",
          h("figcaption", h("strong", s.name), ` · table ${d.tables.findIndex((t) => t.table === s.table) + 1}`),
          h("img", { src: `/api/qr?text=${encodeURIComponent(s.link)}`, alt: `QR code of ${s.name}'s seat`, width: 160, height: 160 })))))));
  }
}

/** One table: its children and bots, whose turn, the words laid (as anyone watching sees). */
function tableBox(t, n) {
  if (t.unavailable) return h("section.class-table", { dataset: { table: t.table } }, h("h2", `Table ${n + 1}`), h("p.muted", "This table cannot be shown just now."));
  const turn = t.over ? `Finished: ${t.winners.join(" and ") || "nobody"} won` : `${t.turn.join(" and ")} to play`;
  return h("section.class-table", { dataset: { table: t.table, version: t.version }, "aria-label": `Table ${n + 1}` },
    h("h2", `Table ${n + 1}`, h("span.muted", ` · ${turn}`)),
    h("ol.class-seats", t.seats.map((s) => h("li", { class: `${s.acting ? "acting" : ""} ${s.stuck ? "stuck" : ""}`, dataset: { seat: s.seat } },
      h("span.seat-name", s.name), s.person ? null : h("span.muted", " (bot)"),
      s.acting ? h("span.turn-mark", " ● to play") : null,
      s.cards !== null && s.cards !== undefined ? h("span.muted", ` · ${plural(s.cards, "card")}`) : null,
      s.stuck ? h("strong.stuck-note", ` · ${s.stuck}`) : null))),
    h("h3", `Words laid (${t.words.length})`),
    t.words.length ? h("ol.class-words", t.words.map((w) => h("li", `${w.title}: ${w.note}`))) : h("p.muted", "No words yet."));
}
