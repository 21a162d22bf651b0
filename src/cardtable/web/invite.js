// @ts-check
// Inviting people who sit at the same real table: a link shown as a QR code for a phone's
// camera (drawn by the server, GET /api/qr); an invitation exchanged for its seat's own token
// when first opened; a seat its table's maker opened to anyone taken with one tap.
import { h } from "./dom.js";
import { showModal } from "./dialogs.js";
import { api, seatLink } from "./api.js";
import { rememberMine } from "./seats.js";

// A link as a QR code, big enough to scan from across the table.
export function showQr(link, title, words = "Point the phone's camera at the code and open the link it finds.") {
  showModal(h("dialog.result.qr", { "aria-labelledby": "qr-h" },
    h("h2#qr-h", title),
    h("img.qr", { src: `/api/qr?text=${encodeURIComponent(link)}`, alt: `QR code of the link: ${link}`, width: 288, height: 288 }),
    h("p", words),
    h("p.qr-link", link),
    h("form", { method: "dialog" }, h("button.primary", { value: "ok" }, "Close"))));
}

// An invitation link opened: the server gives its seat a token of its own (once: the code then
// opens nothing), which this browser keeps; {seat, token}.
export async function exchangeInvite(table, invite) {
  const got = await api(`/api/tables/${encodeURIComponent(table)}/seat`, { method: "POST", body: { invite } });
  rememberMine(table, got.seat, got.token, got.game, invite);
  return got;
}

// Sit down at a seat the table's maker opened to anyone: the seat gets a fresh token, which
// this browser keeps, and the page opens the seat.
export async function takeSeat(table, seat) {
  const got = await api(`/api/tables/${encodeURIComponent(table)}/join`, { method: "POST", body: { seat } });
  rememberMine(got.table, got.seat, got.token);
  location.href = seatLink(got.table, got.seat);
}
