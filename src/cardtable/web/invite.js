// Inviting people who sit at the same real table: a link shown as a QR code for a phone's
// camera (drawn by the server, GET /api/qr), and taking a free seat with one tap.
import { h, showModal } from "./dom.js";
import { api, tableLink } from "./api.js";

// A link as a QR code, big enough to scan from across the table.
export function showQr(link, title, words = "Point the phone's camera at the code and open the link it finds.") {
  showModal(h("dialog.result.qr", { "aria-labelledby": "qr-h" },
    h("h2#qr-h", title),
    h("img.qr", { src: `/api/qr?text=${encodeURIComponent(link)}`, alt: `QR code of the link: ${link}`, width: 288, height: 288 }),
    h("p", words),
    h("p.qr-link", link),
    h("form", { method: "dialog" }, h("button.primary", { value: "ok" }, "Close"))));
}

// Sit down at a free seat (nobody has used its link yet): the seat gets a fresh link, which
// this page then opens, so this browser holds it.
export async function takeSeat(table, seat) {
  const got = await api(`/api/tables/${encodeURIComponent(table)}/join`, { method: "POST", body: { seat } });
  location.href = tableLink(got.table, got.token);
}
