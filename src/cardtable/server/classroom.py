"""A class at the tables: a teacher makes a table for every few children in one go, prints one
sheet of QR codes with the children's names, and watches every table live from one page.

A game fit for a class says how a class plays it in its kit (the ``classroom`` extra: the
options in force and the bot that fills a table's empty seats); the server names no game.
``POST /api/classrooms`` with the children's names (or ``cardtable serve --classroom
NAMES``) splits them into tables of ``per_table`` children, as even as can be, each child a
named seat with its own one-time invitation, the seats left over given to the game's
classroom bot so every table has as many seats. The answer holds the teacher's key, a token
shown once and stored only as its digest: the teacher's page (``/classroom/ID#key=TOKEN``,
the key in the fragment, which no request carries) sends it as a bearer token to
``GET /api/classrooms/ID``, which answers every table as a spectator sees it (its words laid,
whose turn it is, who is stuck) and never a card of any hand; and the invitations, for the
sheet. Without the key the route answers 404, as for a classroom that does not exist.
"""

from __future__ import annotations

import asyncio
import hmac
import html
import json
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from cardtable.engine.errors import CardtableError
from cardtable.engine.game import game_kit, game_names
from cardtable.engine.kit import presentation_for
from cardtable.server import auth
from cardtable.server.invites import qr_svg
from cardtable.server.names import BadName, clean_name
from cardtable.server.refusals import Elsewhere, Refused, read_body
from cardtable.server.refusals import guarded as guard
from cardtable.server.store import insert_classroom

if TYPE_CHECKING:
    from cardtable.server.tables import Table, Tables

MOST_CHILDREN = 60
STUCK_SECONDS = 60.0
"""A child whose turn has lasted this long is shown as stuck on the teacher's page."""


def classroom_games() -> list[str]:
    """The games whose kit says how a class plays them."""
    return [name for name in game_names() if "classroom" in game_kit(name).extras]


def classroom_preset(game: str) -> dict[str, Any]:
    """The game's ``classroom`` extra: ``options`` and ``bot``; Refused for a game without."""
    preset = game_kit(game).part("classroom") if game in game_names() else None
    if not isinstance(preset, dict):
        offered = ", ".join(classroom_games()) or "none"
        raise Refused(422, f"{game!r} has no classroom mode (games with one: {offered})")
    return preset


def split(names: Sequence[str], per_table: int) -> list[list[str]]:
    """The children in tables of at most ``per_table``, as even as can be, in the order given
    (10 children, 3 a table: 3, 3, 2, 2)."""
    count = -(-len(names) // per_table)
    base, extra = divmod(len(names), count)
    out, at = [], 0
    for n in range(count):
        size = base + (n < extra)
        out.append(list(names[at:at + size]))
        at += size
    return out


def read_names(raw: object) -> list[str]:
    """The children's names: a list, or text with one name a line (blank lines and lines
    starting with # skipped); each a seat's name, no two alike."""
    if isinstance(raw, str):
        raw = [line.strip() for line in raw.splitlines()
               if line.strip() and not line.strip().startswith("#")]
    if not isinstance(raw, list) or not raw:
        raise Refused(422, "'names' must list the children's names (one name a line)")
    if len(raw) > MOST_CHILDREN:
        raise Refused(422, f"a classroom holds at most {MOST_CHILDREN} children, not {len(raw)}")
    names: list[str] = []
    for n, entry in enumerate(raw):
        try:
            name = clean_name(entry)
        except BadName as exc:
            raise Refused(422, f"name {n + 1}: {exc}") from None
        if not name:
            raise Refused(422, f"name {n + 1} is empty")
        if name.casefold() in {x.casefold() for x in names}:
            raise Refused(422, f"{name!r} is listed twice: give each child a name of their own")
        names.append(name)
    return names


async def make_classroom(tables: Tables, body: Any, maker: str | None = None
                         ) -> dict[str, Any]:
    """The tables of a class, stored with the teacher's key; what to tell the teacher."""
    if not isinstance(body, dict):
        raise Refused(422, "the body must be a JSON object")
    unknown = set(body) - {"game", "names", "per_table", "options"}
    if unknown:
        raise Refused(422, f"unknown field {sorted(unknown)[0]!r} "
                           "(a classroom has game, names, per_table and options)")
    offered = classroom_games()
    game = body.get("game") or (offered[0] if len(offered) == 1 else None)
    if not isinstance(game, str):
        raise Refused(422, f"say which game with 'game' ({', '.join(offered)})")
    preset = classroom_preset(game)
    names = read_names(body.get("names"))
    per_table = body.get("per_table", 3)
    if isinstance(per_table, bool) or not isinstance(per_table, int) or not 2 <= per_table <= 4:
        raise Refused(422, "'per_table' must be 2, 3 or 4 children a table")
    options = body.get("options") or {}
    if not isinstance(options, dict):
        raise Refused(422, "'options' must be a JSON object")
    groups = split(names, per_table)
    seats = max(2, max(len(g) for g in groups))
    bot = str(preset.get("bot", "random"))
    made = []
    for group in groups:
        created = await tables.create({
            "game": game, "players": seats,
            "options": {**preset.get("options", {}), **options},
            "seats": [*({"kind": "human", "name": child} for child in group),
                      *[bot] * (seats - len(group))],
            "table": {"stand_in": bot}}, maker)
        made.append({"table": created["table"],
                     "seats": [{"seat": s["seat"], "name": s["name"], "invite": s["invite"]}
                               for s in created["seats"] if s["invite"]]})
    classroom_id = auth.new_table_id()
    token = auth.new_token()
    row = {"id": classroom_id, "token_hash": auth.token_hash(token), "game": game,
           "created": time.time(), "tables": json.dumps(made)}
    await asyncio.wrap_future(tables.store.write(lambda conn: insert_classroom(conn, row)))
    url = tables.url
    return {"classroom": classroom_id, "game": game, "key": token,
            "teacher": f"{url}/classroom/{classroom_id}#key={token}",
            "tables": [{"table": t["table"],
                        "seats": [{**s, "link": invite_link(url, t["table"], s["invite"])}
                                  for s in t["seats"]]} for t in made]}


def invite_link(url: str, table: str, invite: str) -> str:
    return f"{url}/t/{table}?invite={invite}"


async def opened(tables: Tables, classroom_id: str, token: str | None) -> dict[str, Any]:
    """The classroom's row, for the holder of its key only: 404 otherwise, whether the
    classroom exists or not (a stranger learns nothing). Read in a thread, as every read of
    the store: the event loop serves the tables meanwhile."""
    row = (await asyncio.to_thread(tables.store.classroom, classroom_id)
           if len(classroom_id) <= 32 else None)
    if row is None or not token or not hmac.compare_digest(auth.token_hash(token),
                                                            row["token_hash"]):
        raise Refused(404, "there is no such classroom, or this is not its teacher's key")
    return row


def seen_table(table: Table) -> dict[str, Any]:
    """One table as the teacher sees it: what a spectator sees (words laid, cards held as
    counts), whose turn it is and for how long, who is stuck; never a hand."""
    st = table.state
    view = st.view(None)
    names = [s.shown(n) for n, s in enumerate(table.seats)]
    board = presentation_for(table.game).board(view, [], names)
    now = table.clock.now()
    seats = []
    held = {line["seat"]: line for line in board.get("seats", [])}
    for n, s in enumerate(table.seats):
        person = s.kind == "human"
        acting = n in st.actors and not st.is_over
        waited = now - table.actor_since.get(n, now) if acting else 0.0
        stuck = None
        if person and not st.is_over:
            if not s.taken:
                stuck = "has not opened their link yet"
            elif s.away:
                stuck = "left the table: a bot plays for them"
            elif not table.online(n):
                stuck = "their page is closed"
            elif acting and waited >= STUCK_SECONDS:
                stuck = f"has been on their turn for {int(waited)} s"
        line = held.get(n)
        seats.append({"seat": n, "name": names[n], "person": person, "acting": acting,
                      "waited": round(waited), "stuck": stuck,
                      "cards": line["cards"] if line else None,
                      "lines": list(line["lines"]) if line else []})
    words = [{"title": m["title"], "note": m.get("note", ""), "cards": list(m["cards"])}
             for area in board.get("areas", []) for group in area.get("groups", [])
             for m in group.get("melds", [])]
    return {"table": table.id, "version": st.version, "status": board.get("status", ""),
            "over": st.is_over, "seats": seats, "words": words,
            "turn": [names[a] for a in st.actors] if not st.is_over else [],
            "winners": [names[w] for w in st.winners] if st.is_over else []}


async def classroom_status(tables: Tables, classroom_id: str, token: str | None
                           ) -> dict[str, Any]:
    row = await opened(tables, classroom_id, token)
    made = json.loads(row["tables"])
    out = []
    for entry in made:
        try:
            out.append(seen_table(await tables.get(entry["table"])))
        except (Refused, Elsewhere, CardtableError):  # gone, or played by another process
            out.append({"table": entry["table"], "unavailable": True})
    url = tables.url
    return {"classroom": classroom_id, "game": row["game"], "tables": out,
            "sheet": [{"table": t["table"], "name": s["name"],
                       "link": invite_link(url, t["table"], s["invite"])}
                      for t in made for s in t["seats"]]}


def sheet_html(made: dict[str, Any], title: str = "Your table") -> str:
    """One printable page: each child's name over their seat's QR code (drawn here, no
    script), table by table."""
    cells = []
    for n, t in enumerate(made["tables"]):
        for s in t["seats"]:
            svg = qr_svg(s["link"], f"{s['name']}: scan to open your seat").decode()
            cells.append(f'<figure><figcaption><strong>{html.escape(s["name"])}</strong> '
                         f'· table {n + 1}</figcaption>{svg}</figure>')
    return ("<!doctype html><html lang=\"en\"><meta charset=\"utf-8\">"
            f"<title>{html.escape(title)}</title><style>"
            "body{font-family:sans-serif;margin:1cm}main{display:grid;"
            "grid-template-columns:repeat(3,1fr);gap:.6cm}figure{margin:0;break-inside:avoid;"
            "text-align:center;border:1px dashed #999;padding:.3cm}figcaption{font-size:16pt;"
            "margin-bottom:.2cm}svg{width:4.5cm;height:4.5cm}</style>"
            "<h1>Scan your own code to sit at your table</h1><main>"
            + "".join(cells) + "</main></html>")


def classroom_routes(tables: Callable[[], Tables], client_of: Callable[[Request], str | None]
                     ) -> list[BaseRoute]:
    def guarded(handler: Callable[[Request], Awaitable[Response]]
                ) -> Callable[[Request], Awaitable[Response]]:
        return guard(handler, redirect=False)

    @guarded
    async def create(request: Request) -> Response:
        made = await make_classroom(tables(), read_body(await request.body()),
                                    client_of(request))
        return JSONResponse(made, status_code=201, headers={"cache-control": "no-store"})

    @guarded
    async def status(request: Request) -> Response:
        # The key only in a header: an address with it would be kept in logs and histories.
        token = auth.bearer(request.headers.get("authorization"), None)
        got = await classroom_status(tables(), request.path_params["classroom_id"], token)
        return JSONResponse(got, headers={"cache-control": "no-store"})

    return [
        Route("/api/classrooms", create, methods=["POST"]),
        Route("/api/classrooms/{classroom_id}", status, methods=["GET"]),
    ]


__all__ = ["classroom_routes", "classroom_status", "make_classroom", "sheet_html", "split"]
