"""The ASGI application: HTTP routes, the WebSocket, limits and one-sentence errors.

Routes (docs/server.md has the full protocol):

- ``POST /api/tables``: open a table; ``GET /api/tables``: the lobby
- ``GET /api/tables/{id}``: what the token's seat (or a spectator) may know
- ``POST /api/tables/{id}/actions``: a move, acknowledged once stored
- ``POST /api/tables/{id}/leave``: a stand-in bot plays the seat until the person returns
- ``POST /api/tables/{id}/stand-in``: another person hands an absent person's seat to that bot
- ``GET /api/tables/{id}/record``: the record once the match is over
- ``GET /api/tables/{id}/replay`` (and ``/replay/{version}``): the finished match step by step
- ``WS /ws/tables/{id}``: pushes the seat's events and view, accepts moves
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from cardtable.bots import seat_title
from cardtable.engine.game import game_names
from cardtable.server import auth
from cardtable.server.classroom import classroom_routes
from cardtable.server.client_api import client_routes
from cardtable.server.limits import CLIENT, ClientLimits, Limits, TableLimits, parse_networks
from cardtable.server.names import default_name
from cardtable.server.openapi import OPENAPI
from cardtable.server.origin import SameOrigin, served_hosts
from cardtable.server.refusals import Elsewhere, Refused, error, guarded, read_body
from cardtable.server.replays import replay_routes
from cardtable.server.speech import speech_routes
from cardtable.server.store import Store
from cardtable.server.tables import Subscriber, Table, Tables
from cardtable.server.thinkers import BOT_ITERS, BOT_TIME, HINT_BOT, BotLimits, Thinkers

MAX_BODY = 16 * 1024
"""The largest request body (and WebSocket message) accepted, in bytes."""
LOBBY_PAGE = 50
"""Tables in one page of the lobby, newest first: its size is the server's, never the client's."""


@dataclass(slots=True)
class ServerConfig:
    db: str | None = None
    url: str = "http://127.0.0.1:8000"
    node: str = "127.0.0.1:8000"
    rate: float = 20.0  # requests per second per client (0: no per-client limits)
    burst: float = 200.0
    connections: int = 64  # WebSockets open at once per client address
    trusted_proxies: tuple[str, ...] = ()  # networks whose X-Forwarded-For is believed
    body_timeout: float = 10.0  # seconds a request body may take to arrive
    tables: TableLimits = field(default_factory=TableLimits)  # how many tables, how long
    lease: float = 15.0
    bot_workers: int | None = None  # processes the bots think in (None: cores - 1; 0: threads)
    hint_bot: str = HINT_BOT  # the bot behind the hint button (the search, within a second)
    bot_time: float = BOT_TIME  # seconds a search may think a decision (bots and hints)
    bot_iters: int = BOT_ITERS  # play-outs a search may run a decision
    host: str = "127.0.0.1"  # the address listened on: which names the server answers to
    allowed_hosts: tuple[str, ...] = ()  # more names it answers to (--allowed-host)
    on_start: Callable[[Tables], Awaitable[None]] | None = None
    """Run once the tables are served from (``serve --classroom`` makes a class's tables)."""


async def read_json(request: Request) -> Any:
    """The request's JSON body, or Refused(400) with one sentence."""
    return read_body(await request.body())


def create_app(config: ServerConfig) -> Starlette:
    holder: dict[str, Tables] = {}

    def tables() -> Tables:
        return holder["tables"]

    def token_of(request: Request | WebSocket) -> str | None:
        return auth.bearer(request.headers.get("authorization"),
                           request.query_params.get("token"))

    async def seated(request: Request) -> tuple[Table, int | None]:
        return await tables().seated(request.path_params["table_id"], token_of(request))

    @guarded
    async def create_table(request: Request) -> Response:
        body = await read_json(request)
        maker = request.scope.get(CLIENT) if limits.on else None
        return JSONResponse(await tables().create(body, maker), status_code=201)

    @guarded
    async def lobby(request: Request) -> Response:
        query = request.query_params
        try:
            page = int(query.get("page", "1"))
        except ValueError:
            page = 0
        if not 1 <= page <= 1_000_000:
            raise Refused(400, "'page' must be a whole number from 1")
        ids = [i for i in query.get("ids", "").split(",") if i][:LOBBY_PAGE] \
            if "ids" in query else None
        rows, total = await asyncio.to_thread(
            tables().store.lobby, (page - 1) * LOBBY_PAGE, LOBBY_PAGE, ids)
        for row in rows:  # what the list shows a bot seat as ("search", not "ismcts")
            for seat in row["seats"]:
                seat["title"] = seat_title(seat["kind"])
                seat["name"] = seat["chosen"] or default_name(seat["kind"], seat["seat"])
        finished = await asyncio.to_thread(tables().store.finished) if page == 1 else []
        for row in finished:  # to replay: the players as the table called them
            row["names"] = [s["chosen"] or default_name(s["kind"], s["seat"])
                            for s in row.pop("seats")]
        pages = max(1, -(-total // LOBBY_PAGE))
        return JSONResponse({"tables": rows, "games": game_names(), "page": page,
                             "pages": pages, "per_page": LOBBY_PAGE, "total": total,
                             "next": f"/api/tables?page={page + 1}" if page < pages else None,
                             "finished": finished})

    @guarded
    async def show_table(request: Request) -> Response:
        table, seat = await seated(request)
        since_text = request.query_params.get("since", "-1")
        try:
            since = int(since_text)
        except ValueError:
            raise Refused(400, "'since' must be a whole number (a version)") from None
        await table.arrive(seat)
        return JSONResponse(table.payload(seat, since))

    @guarded
    async def post_action(request: Request) -> Response:
        # The same reading of the move as a WebSocket message's (Table.move).
        table, seat = await seated(request)
        return JSONResponse({"version": await table.move(seat, await request.body())})

    @guarded
    async def leave(request: Request) -> Response:
        table, seat = await seated(request)
        if seat is None:
            raise Refused(401, "leaving needs the seat's token")
        await table.leave(seat)
        return JSONResponse({"seat": seat, "away": True, "stand_in": table.settings.stand_in})

    @guarded
    async def stand_in(request: Request) -> Response:
        body = await read_json(request)
        table, by = await seated(request)
        if by is None:
            raise Refused(401, "handing a seat to a bot needs your own seat's token")
        if not isinstance(body, dict) or "seat" not in body:
            raise Refused(422, 'the body must be {"seat": n}, the seat a bot should play')
        await table.hand_to_stand_in(by, body["seat"])
        return JSONResponse({"seat": body["seat"], "away": True,
                             "stand_in": table.settings.stand_in})

    @guarded
    async def get_record(request: Request) -> Response:
        # The whole record to the table's seats; to anyone else, what a spectator saw.
        data = await tables().record_for(request.path_params["table_id"], token_of(request))
        return JSONResponse(data)

    async def openapi(request: Request) -> Response:
        return JSONResponse(OPENAPI)

    async def health(request: Request) -> Response:
        return JSONResponse({"ok": True, "node": config.node, **tables().health()})

    def seat_at(table_id: str, token: str) -> int | None:
        """The seat a token opens at a table held here (the limits' key), or None."""
        held = holder.get("tables")
        table = held and (held.live.get(table_id) or held.finished_cache.get(table_id))
        return table.by_hash.get(auth.token_hash(token)) if table else None

    limits = ClientLimits(config.rate, config.burst, config.connections,
                          parse_networks(config.trusted_proxies), seat_at)

    async def websocket(ws: WebSocket) -> None:
        await ws.accept()
        try:
            table, seat = await tables().seated(ws.path_params["table_id"], token_of(ws))
        except Refused as exc:
            await ws.send_json({"type": "error", "status": exc.status, "error": exc.message})
            await ws.close(4000 + exc.status)
            return
        except Elsewhere as exc:
            await ws.send_json({"type": "error", "status": 307, "server": exc.url,
                                "error": "this table is played by another server"})
            await ws.close(4307)
            return
        try:
            await table.arrive(seat)
        except Refused as exc:
            await ws.send_json({"type": "error", "status": exc.status, "error": exc.message})
            await ws.close(4000 + exc.status)
            return
        since = -1
        with contextlib.suppress(ValueError):
            since = int(ws.query_params.get("since", "-1"))
        sub = table_subscribe(table, seat)
        await ws.send_json(table.update(seat, since))
        sender = asyncio.ensure_future(_pump(ws, sub.queue))
        # One budget per seat (or per address for a spectator), however many sockets it opens.
        key = f"seat:{table.id}:{seat}" if seat is not None else f"address:{ws.scope[CLIENT]}"
        try:
            while True:
                message = await ws.receive()
                if message["type"] == "websocket.disconnect":
                    break
                text = message.get("text")
                if text is None:
                    reply = {"type": "error", "status": 400,
                             "error": "a move is sent as a text message of JSON, not binary"}
                elif len(text) > MAX_BODY:
                    reply = {"type": "error", "status": 413, "error": "the message is too large"}
                elif not limits.allow(key):
                    reply = {"type": "error", "status": 429,
                             "error": "too many messages; slow down"}
                else:
                    reply = await _ws_move(table, seat, text)
                await sub.queue.put(reply)  # one sender per socket keeps the order
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            table.unsubscribe(sub)
            sender.cancel()

    def table_subscribe(table: Table, seat: int | None) -> Subscriber:
        sub = Subscriber(seat, table.state.version)
        table.subscribe(sub)
        return sub

    async def http_error(request: Request, exc: Exception) -> Response:
        status = getattr(exc, "status_code", 500)
        messages = {404: "there is no such route", 405: "this route does not take that method"}
        detail = getattr(exc, "detail", "")
        text = detail if isinstance(detail, str) and detail and status not in messages \
            else messages.get(status, "the request could not be served")
        return error(status, text)

    async def server_error(request: Request, exc: Exception) -> Response:
        return error(500, "the server failed on this request; it has been logged")

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        store = await asyncio.to_thread(Store, config.db)
        holder["tables"] = Tables(store, config.node, config.url, config.lease,
                                  Thinkers(config.bot_workers,
                                           BotLimits(config.bot_time, config.bot_iters)),
                                  config.hint_bot, config.tables)
        await holder["tables"].start()
        if config.on_start is not None:
            await config.on_start(holder["tables"])
        try:
            yield
        finally:
            await holder["tables"].stop()
            await asyncio.to_thread(store.close)

    routes = [
        Route("/api/tables", create_table, methods=["POST"]),
        Route("/api/tables", lobby, methods=["GET"]),
        Route("/api/tables/{table_id}", show_table, methods=["GET"]),
        Route("/api/tables/{table_id}/actions", post_action, methods=["POST"]),
        Route("/api/tables/{table_id}/leave", leave, methods=["POST"]),
        Route("/api/tables/{table_id}/stand-in", stand_in, methods=["POST"]),
        Route("/api/tables/{table_id}/record", get_record, methods=["GET"]),
        Route("/api/health", health, methods=["GET"]),
        Route("/openapi.json", openapi, methods=["GET"]),
        WebSocketRoute("/ws/tables/{table_id}", websocket),
    ]
    routes += speech_routes(tables)  # a card's sound, the table's words spoken
    # a class's tables made in one go, and the teacher's view of them
    routes += classroom_routes(tables, lambda r: r.scope.get(CLIENT) if limits.on else None)
    routes += replay_routes(tables)  # finished matches step by step, as a seat or spectator saw
    routes += client_routes(tables)  # the browser client: its own API and its static files
    app = Starlette(routes=routes, lifespan=lifespan,
                    exception_handlers={HTTPException: http_error, Exception: server_error})
    app.add_middleware(Limits, limits=limits, max_body=MAX_BODY,
                       body_timeout=config.body_timeout)
    # Outermost: a page of another site is refused before it counts against anyone's limit.
    app.add_middleware(SameOrigin, hosts=served_hosts(config.host, config.url,
                                                      config.allowed_hosts), url=config.url)
    return app


async def _pump(ws: WebSocket, queue: asyncio.Queue[dict[str, Any] | None]) -> None:
    with contextlib.suppress(Exception):
        while True:
            message = await queue.get()
            if message is None:
                await ws.close(4408)
                return
            await ws.send_json(message)


async def _ws_move(table: Table, seat: int | None, text: str) -> dict[str, Any]:
    """The reply to one WebSocket message: an ack with the new version, or the refusal an HTTP
    move would get (status and sentence), with the version the table is at."""
    try:
        version = await table.move(seat, text)
    except Refused as exc:
        return {"type": "error", "status": exc.status, "error": exc.message,
                "version": table.state.version}
    return {"type": "ack", "version": version}
