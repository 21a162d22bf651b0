"""The one way a request is turned down, over HTTP and over the WebSocket alike.

A route, a move or a seat's change that cannot be done raises :class:`Refused` with the HTTP
status and one sentence a player can act on; :func:`guarded` turns it into the JSON answer
``{"error": ...}``, and the WebSocket sends the same status and sentence as
``{"type": "error", ...}``. The engine's own refusals map onto it directly: a move made on a
table that has moved on since (``StaleAction``) is a conflict, 409; a move the rules do not
allow (``IllegalAction``) is 422.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from cardtable.engine.errors import IllegalAction, StaleAction
from cardtable.engine.text import shorten
from cardtable.server.bodies import BadBody, parse_json


class Refused(Exception):
    """A request the server turns down, with its HTTP status and one sentence."""

    def __init__(self, status: int, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.extra = extra

    @classmethod
    def of_move(cls, exc: IllegalAction) -> Refused:
        """The engine's refusal of a move: stale (the table moved on) 409, illegal 422. Cut to
        a sentence's size, since the rules may name the move, which a client wrote."""
        return cls(409 if isinstance(exc, StaleAction) else 422, shorten(str(exc)))


class Elsewhere(Exception):
    """The table is played by another server process, found at ``url``."""

    def __init__(self, url: str | None) -> None:
        super().__init__(url)
        self.url = url


def error(status: int, message: str, **extra: Any) -> JSONResponse:
    return JSONResponse({"error": message, **extra}, status_code=status)


def read_body(raw: bytes | str, what: str = "the request body") -> Any:
    """The JSON value the network sent, or Refused(400) with one sentence (bodies.parse_json)
    naming ``what`` was sent ("the request body", "the move")."""
    try:
        return parse_json(raw)
    except BadBody as exc:
        raise Refused(400, str(exc).replace("the body", what, 1)) from None


def guarded(handler: Callable[[Request], Awaitable[Response]], *, redirect: bool = True
            ) -> Callable[[Request], Awaitable[Response]]:
    """The route, with a refusal answered as its one sentence. A table another process plays
    is answered by a redirect there (``redirect``: the API, whose programs follow it), or by a
    503 to try again (the page's own routes: a browser does not follow a redirect to another
    origin with its token)."""
    async def run(request: Request) -> Response:
        try:
            return await handler(request)
        except Refused as exc:
            return error(exc.status, exc.message, **exc.extra)
        except Elsewhere as exc:
            if not exc.url or not redirect:
                return error(503, "another server holds this table; try again shortly")
            where = exc.url + request.url.path + (
                f"?{request.url.query}" if request.url.query else "")
            return JSONResponse({"error": "this table is played by another server",
                                 "server": exc.url}, status_code=307,
                                headers={"location": where})
    return run


__all__ = ["Elsewhere", "Refused", "error", "guarded", "read_body"]
