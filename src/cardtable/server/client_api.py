"""What the browser client needs beyond the table API: the games with their option schemas and
card faces, the move log in words, the game's description of the board and of each legal move
(:mod:`cardtable.engine.presentation`), time left in a window, and a hint.

Everything a seat is told here is built from that seat's own events, view and legal moves (the
hint from a bot that asks for the view only), as in :mod:`cardtable.server.app`. The routes are
mounted next to the server's own with :func:`client_routes`, which also serves the static client
(:mod:`cardtable.server.static`).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from cardtable.bots import bot_about, bot_names, bot_title, seat_title
from cardtable.engine.errors import CardtableError
from cardtable.engine.game import Action, Game, State, game_class, game_names, load_game
from cardtable.engine.kit import presentation_for
from cardtable.engine.presentation import Face, Presentation, View, in_words
from cardtable.server import auth, bot_turns
from cardtable.server.clocks import RECONNECT
from cardtable.server.invites import BadLink, check_link, qr_svg
from cardtable.server.refusals import Refused, error, read_body
from cardtable.server.refusals import guarded as guard
from cardtable.server.speech import speech_offer
from cardtable.server.static import static_routes

if TYPE_CHECKING:
    from cardtable.server.tables import Table, Tables

log = logging.getLogger("cardtable.server")



# ---- games ----------------------------------------------------------------------------------
def _option_json(spec: Any) -> dict[str, Any]:
    return {"name": spec.name, "type": spec.kind.__name__, "default": spec.default,
            "doc": spec.doc, "minimum": spec.minimum, "maximum": spec.maximum,
            "choices": list(spec.choices) if spec.choices is not None else None,
            "nullable": spec.nullable}


@lru_cache(maxsize=64)
def card_faces(name: str) -> dict[str, Face]:
    """Every distinct card of the game by its notation, with what its face shows, as the game's
    presentation describes it at its default options (a table's own, which its options may
    change, come with the table's first payload)."""
    return presentation_for(load_game(name)).faces()


@lru_cache(maxsize=1)
def games_json() -> list[dict[str, Any]]:
    out = []
    for name in game_names():
        cls = game_class(name)
        try:
            summary = load_game(name).rules_summary()
        except CardtableError:  # pragma: no cover
            summary = ""
        out.append({"name": name, "title": cls.title, "player_counts": list(cls.player_counts),
                    "options": [_option_json(o) for o in cls.option_specs],
                    "bots": bot_names(name), "rules": summary,
                    "bot_about": {bot: bot_about(name, bot) for bot in bot_names(name)},
                    "bot_titles": {bot: bot_title(bot) for bot in bot_names(name)}})
    return out


# ---- what a seat reads ---------------------------------------------------------------------
def seat_names(table: Table, seat: int | None) -> list[str]:
    """The seats' labels for the move log and the screen: "You" for the reader, the name a
    person chose ("Grandma"), or the seat's default ("Player 3", "Search bot 2")."""
    return ["You" if n == seat else s.shown(n) for n, s in enumerate(table.seats)]


def seats_json(table: Table, names: Sequence[str]) -> list[dict[str, Any]]:
    """The seats as a reader sees them (``names`` from :func:`seat_names`): who plays each,
    whether taken, away (a stand-in plays) or online, and what it is called."""
    return [{"seat": n, "kind": s.kind, "taken": s.taken or s.kind != "human",
             "away": s.away, "name": names[n], "title": seat_title(s.kind),
             "called": s.shown(n), "chosen": s.name,
             "online": s.kind == "human" and table.online(n),
             "open": s.kind == "human" and s.open}
            for n, s in enumerate(table.seats)]


def log_lines(game: Game, state: State, seat: int | None, since: int,
              names: Sequence[str]) -> list[dict[str, Any]]:
    lines = []
    for event in state.events(seat, since):
        try:
            text = game.log_line(event, names)
        except Exception:  # a game's wording must never break the table
            text = str(event.get("kind", "event")).replace("_", " ")
        lines.append({"version": event.get("version"), "kind": event.get("kind"),
                      "seat": event.get("seat"), "text": text})
    return lines


def time_left(table: Table, seat: int | None, view: View | None = None) -> dict[str, Any] | None:
    """The table's next timed decision as ``seat`` (None: a spectator) is told of it: the
    seat's own when it is timed (``mine``), else the soonest of the others', or None when
    nothing is timed. ``seconds`` count on the table's clock (``running``: false while it stands
    still, with ``held`` saying why in a sentence), and ``then`` says in words what happens when
    the time runs out: for a window, in the game's own words (its presentation's ``timeout``)."""
    timed = bot_turns.timed_seats(table)
    if not timed:
        return None
    clock = table.clock
    now = clock.now()
    left = {s: max(0.0, table.actor_since.get(s, now) + limit - now) for s, _, limit in timed}
    own = [t for t in timed if t[0] == seat]
    first = own[0] if own else min(timed, key=lambda t: left[t[0]])
    _, kind, limit = first
    names = seat_names(table, seat)
    together = [s for s, k, _ in timed if k == kind and abs(left[s] - left[first[0]]) < 0.5]
    return {"kind": kind, "seconds": left[first[0]], "limit": limit, "mine": bool(own),
            "seats": together, "running": clock.running, "held": held_words(table, names),
            "then": then_words(table, seat, kind, together, names, view)}


def held_words(table: Table, names: Sequence[str]) -> str | None:
    """Why the table's clock stands still, in a sentence (None while it runs)."""
    hold = table.clock.hold()
    if table.clock.running or not hold:
        return None
    if hold.unopened:
        who = in_words([names[s] for s in hold.unopened])
        return (f"The clock starts once everyone has opened their seat: waiting for {who} "
                "(or let a bot play the seat).")
    pages = [("your" if names[s] == "You" else f"{names[s]}'s") for s in hold.reconnecting]
    verb = "reconnects" if len(pages) == 1 else "reconnect"
    noun = "page" if len(pages) == 1 else "pages"
    return (f"The clock is stopped while {in_words(pages)} {noun} {verb} (for at most "
            f"{RECONNECT:g} s).")


def then_words(table: Table, seat: int | None, kind: str, seats: Sequence[int],
               names: Sequence[str], view: View | None) -> str:
    """What the table does when the time runs out: the game's words for a window (or the
    answer it gives, named), the stand-in bot's coming for a turn."""
    bot = table.settings.stand_in
    if kind == "turn":
        if list(seats) == [seat]:
            return f"If your time runs out, a {bot} bot plays for you until you come back."
        who = in_words([names[s] for s in seats])
        return f"If {who}'s time runs out, a {bot} bot plays for them until they come back."
    st = table.state
    shown = view if view is not None else st.view(seat)
    try:
        words = presentation_for(table.game).timeout(shown, names)
    except Exception:  # a game's wording must never break the table
        log.exception("%s's presentation failed to word a window's end", table.game.name)
        words = None
    if words:
        return words
    answers = {str(st.window_answer(s)) for s in seats}
    answer = answers.pop() if len(answers) == 1 else "its default"
    who = "you" if seats == [seat] else in_words([names[s] for s in seats])
    return f"If the time runs out, the table answers “{answer}” for {who}."


def described_table(game: Game, view: View, actions: Sequence[Action],
                    names: Sequence[str]) -> dict[str, Any]:
    """The payload's ``moves``, ``board``, ``results`` and ``presentation``: the game's own
    words for this view, or (should the game's wording fail) the generic presentation's, so a
    slip in a game's sentences never keeps a person from the table."""
    try:
        return _described(presentation_for(game), view, actions, names)
    except Exception:
        log.exception("%s's presentation failed: the table is shown in notation", game.name)
        return _described(Presentation(game), view, actions, names)


def _described(shown: Presentation, view: View, actions: Sequence[Action],
               names: Sequence[str]) -> dict[str, Any]:
    moves = shown.moves(view, actions, names)
    results = (view.get("table") or {}).get("results")
    return {
        "moves": moves,
        "board": shown.board(view, moves, names),
        "results": [shown.result(r, names) for r in results] if isinstance(results, list)
        else [],
        "presentation": {"round_word": shown.round_word, "totals_title": shown.totals_title,
                         "totals_unit": shown.totals_unit},
    }


def client_payload(table: Table, seat: int | None, since: int,
                   seen: tuple[View, list[Action]] | None = None) -> dict[str, Any]:
    """What the page draws for ``seat`` (None: a spectator) beside the view: the seats, the log
    in words, and the game's own description of the board, the legal moves and the rounds'
    ends, all worked out from that seat's one view and its legal moves (``seen``, when the
    caller has them already: the WebSocket's update, which sends them too)."""
    st = table.state
    names = seat_names(table, seat)
    if seen is None:
        seen = (st.view(seat), list(st.legal_actions(seat))
                if seat is not None and seat in st.actors and not st.is_over else [])
    view, actions = seen
    game = table.game
    described = described_table(game, view, actions, names)
    if since < 0:  # the page opening: the faces of this table's set-up (options may change them)
        described["faces"] = presentation_for(game).faces()
    return {
        "table": table.id, "version": st.version, "seat": seat,
        "game": {"name": game.name, "title": game.title, "players": game.players,
                 "options": game.options},
        "seats": seats_json(table, names),
        "names": names,
        "log": log_lines(game, st, seat, since, names),
        **described,
        "timer": time_left(table, seat, view),
        "settings": table.settings.to_json(),
        "over": st.is_over,
        "chosen_seed": table.chosen_seed,
        "speech": speech_offer(game),
        "again": table.again,
    }


async def take_free_seat(table: Table, seat: int) -> dict[str, Any]:
    """A person sits down from the lobby at a seat the table's maker opened to anyone: the seat
    gets a fresh token (its unused invitation stops working) and is taken. Refused for a bot's
    seat, a taken one, and a seat kept for the person invited to it: a stranger must not lock
    that person out by sitting there first."""
    def free() -> int:
        s = table.seats[seat]
        if s.kind != "human":
            raise Refused(409, f"seat {seat + 1} is played by a bot")
        if s.taken:
            raise Refused(409, f"seat {seat + 1} is taken; ask its player for the link")
        if not s.open:
            raise Refused(403, f"seat {seat + 1} is kept for the person invited to it; only a "
                               "seat its table's maker opened to anyone can be joined")
        return seat

    _, token = await table.seat_person(free)
    return {"table": table.id, "seat": seat, "token": token}


# ---- routes ---------------------------------------------------------------------------------
def client_routes(tables: Callable[[], Tables]) -> list[BaseRoute]:
    """The client's routes and the static client, for the server's route list."""
    async def table_and_seat(request: Request) -> tuple[Table, int | None]:
        token = auth.bearer(request.headers.get("authorization"),
                            request.query_params.get("token"))
        return await tables().seated(request.path_params["table_id"], token)

    async def json_body(request: Request) -> Any:
        return read_body(await request.body())

    def guarded(handler: Callable[[Request], Awaitable[Response]]) -> Callable[
            [Request], Awaitable[Response]]:
        return guard(handler, redirect=False)

    async def games(request: Request) -> Response:
        return JSONResponse({"games": games_json()})

    async def server(request: Request) -> Response:
        # The address seat links should name: the page may have been opened on the server's own
        # computer (127.0.0.1), which the invited phones cannot reach.
        return JSONResponse({"url": tables().url})

    async def qr(request: Request) -> Response:
        try:
            link, table_id = check_link(request.query_params.get("text"), tables().url)
        except BadLink as exc:
            return error(400, str(exc))
        held = tables()
        if table_id not in held.live and table_id not in held.finished_cache and \
                await asyncio.to_thread(held.store.table_row, table_id) is None:
            return error(404, "'text' links to no table of this server")
        svg = await asyncio.to_thread(qr_svg, link, "Scan to open the table")
        return Response(svg, media_type="image/svg+xml",
                        headers={"cache-control": "private, max-age=86400"})

    async def faces(request: Request) -> Response:
        name = request.path_params["game"]
        if name not in game_names():
            return error(404, f"there is no game {name!r}")
        return JSONResponse({"game": name, "cards": card_faces(name)})

    @guarded
    async def client(request: Request) -> Response:
        table, seat = await table_and_seat(request)
        try:
            since = int(request.query_params.get("since", "-1"))
        except ValueError:
            raise Refused(400, "'since' must be a whole number (a version)") from None
        # The page asks this (since=-1) when it opens, before its socket does: a seat's own
        # link opened is the person arriving, so the first drawing of the seats already shows
        # the seat as theirs, never as free. Other fetches (a page reading the log again after a
        # rename, a program catching up) do not count: a second tab still open must not undo
        # a Leave made in another.
        if since < 0:
            await table.arrive(seat)
        return JSONResponse(client_payload(table, seat, since))

    @guarded
    async def hint(request: Request) -> Response:
        table, seat = await table_and_seat(request)
        if seat is None:
            raise Refused(401, "a hint needs the seat's token")
        return JSONResponse(await bot_turns.hint(table, seat))

    @guarded
    async def join(request: Request) -> Response:
        table, _ = await table_and_seat(request)
        body = await json_body(request)
        seat = body.get("seat") if isinstance(body, dict) else None
        if isinstance(seat, bool) or not isinstance(seat, int) or not (
                0 <= seat < len(table.seats)):
            raise Refused(422, f"'seat' must be a seat number from 0 to "
                               f"{len(table.seats) - 1}")
        return JSONResponse(await take_free_seat(table, seat))

    @guarded
    async def sit(request: Request) -> Response:
        table, _ = await table_and_seat(request)
        body = await json_body(request)
        if not isinstance(body, dict) or "invite" not in body:
            raise Refused(422, 'the body must be {"invite": "CODE"}, the code of the '
                               "invitation link")
        seat, token = await table.exchange(body["invite"])
        base = tables().url
        return JSONResponse({"table": table.id, "seat": seat, "token": token,
                             "name": table.seats[seat].shown(seat), "game": table.game.name,
                             "link": f"{base}/t/{table.id}?token={token}"})

    @guarded
    async def again(request: Request) -> Response:
        table, seat = await table_and_seat(request)
        token = auth.bearer(request.headers.get("authorization"),
                            request.query_params.get("token"))
        if seat is None or token is None:
            raise Refused(401, "playing again needs your seat's token")
        return JSONResponse(await tables().play_again(table, seat, token))

    @guarded
    async def rename(request: Request) -> Response:
        table, seat = await table_and_seat(request)
        if seat is None:
            raise Refused(401, "choosing a name needs the seat's token")
        body = await json_body(request)
        if not isinstance(body, dict) or "name" not in body:
            raise Refused(422, 'the body must be {"name": "..."} (empty for the default)')
        called = await table.rename(seat, body["name"])
        return JSONResponse({"seat": seat, "name": called, "chosen": table.seats[seat].name})

    return [
        Route("/api/games", games, methods=["GET"]),
        Route("/api/server", server, methods=["GET"]),
        Route("/api/qr", qr, methods=["GET"]),
        Route("/api/tables/{table_id}/name", rename, methods=["POST"]),
        Route("/api/tables/{table_id}/again", again, methods=["POST"]),
        Route("/api/tables/{table_id}/join", join, methods=["POST"]),
        Route("/api/tables/{table_id}/seat", sit, methods=["POST"]),
        Route("/api/games/{game}/cards", faces, methods=["GET"]),
        Route("/api/tables/{table_id}/client", client, methods=["GET"]),
        Route("/api/tables/{table_id}/hint", hint, methods=["GET"]),
        *static_routes(),
    ]


__all__ = ["card_faces", "client_payload", "client_routes", "games_json", "seat_names",
           "seats_json"]
