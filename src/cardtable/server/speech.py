"""Sound for the page: a card's own recording, and the words laid at a table spoken by the
server.

A game whose kit has a ``card_sound`` extra (``card -> (bytes, media type) | None``) has its
cards' sounds served at ``GET /api/games/GAME/cards/CARD/sound``. A game whose kit names a
``voice`` has the words its board says aloud (each meld's ``speak`` text, as the seat asking
sees the board) synthesised by espeak-ng at ``GET /api/tables/ID/speech?meld=MELD``, when
espeak-ng is installed: classroom machines often have no English voice in the browser, and
headless browsers have none. Without espeak-ng the page falls back to the browser's voice,
then to the word in writing; the payload's ``speech`` says which the server offers
(:func:`speech_offer`). Only text already on the board is spoken, so the route cannot be used
to make the server say anything else; results are kept in a small cache.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from cardtable.audio import espeak, synthesise
from cardtable.engine.errors import CardtableError
from cardtable.engine.game import game_kit, game_names
from cardtable.engine.kit import presentation_for
from cardtable.server import auth
from cardtable.server.refusals import Refused, error
from cardtable.server.refusals import guarded as guard

if TYPE_CHECKING:
    from cardtable.engine.game import Game
    from cardtable.server.tables import Table, Tables

LONGEST_TEXT = 80


def voice_of(game: Game) -> str | None:
    voice = game_kit(game.name).part("voice")
    return str(voice) if voice else None


def speech_offer(game: Game) -> dict[str, Any]:
    """What the page is told about sound at this table: ``by`` is ``server`` (espeak-ng says
    the words), else ``browser`` (the page uses the browser's voice, and the words in writing
    when it has none); ``card_sound`` the address of a card's recording with ``{card}`` to
    fill in, or None."""
    kit = game_kit(game.name)
    by = "server" if espeak() is not None and kit.part("voice") else "browser"
    has_sounds = "card_sound" in kit.extras
    return {"by": by,
            "card_sound": f"/api/games/{quote(game.name)}/cards/{{card}}/sound"
            if has_sounds else None}


def spoken_text(table: Table, seat: int | None, meld: str) -> str:
    """The text the board says aloud for ``meld`` as ``seat`` sees it (Refused if none)."""
    game = table.game
    board = presentation_for(game).board(table.state.view(seat), [], [""] * game.players)
    for area in board.get("areas", []):
        for group in area.get("groups", []):
            for found in group.get("melds", []):
                if found.get("id") == meld and found.get("speak"):
                    return str(found["speak"])[:LONGEST_TEXT]
    raise Refused(404, f"there is nothing to say for {meld!r} on this table")


def speech_routes(tables: Callable[[], Tables]) -> list[BaseRoute]:
    """The card-sound and speech routes, for the server's route list."""
    def guarded(handler: Callable[[Request], Awaitable[Response]]
                ) -> Callable[[Request], Awaitable[Response]]:
        return guard(handler, redirect=False)  # the page's own routes, as the client's

    @guarded
    async def card_sound(request: Request) -> Response:
        name = request.path_params["game"]
        if name not in game_names():
            return error(404, f"there is no game {name!r}")
        sound = game_kit(name).part("card_sound")
        if sound is None:
            return error(404, f"the cards of {name} have no sounds")
        try:
            found = sound(request.path_params["card"])
        except CardtableError as exc:
            return error(404, str(exc))
        if found is None:
            return error(404, f"{request.path_params['card']} has no sound of its own")
        data, media = found
        return Response(data, media_type=media,
                        headers={"cache-control": "public, max-age=86400"})

    @guarded
    async def speech(request: Request) -> Response:
        token = auth.bearer(request.headers.get("authorization"),
                            request.query_params.get("token"))
        table, seat = await tables().seated(request.path_params["table_id"], token)
        meld = request.query_params.get("meld")
        if not meld:
            raise Refused(422, "say which word with ?meld=ID (a meld's id on the board)")
        voice = voice_of(table.game)
        if voice is None:
            raise Refused(404, f"{table.game.title} has no words to speak")
        text = spoken_text(table, seat, meld)
        if espeak() is None:
            raise Refused(503, "the server cannot speak (espeak-ng is not installed): use the "
                               "browser's voice")
        try:
            data = await asyncio.to_thread(synthesise, text, voice)
        except CardtableError as exc:
            raise Refused(503, str(exc)) from None
        return Response(data, media_type="audio/wav",
                        headers={"cache-control": "private, max-age=3600",
                                 "x-spoken-text": quote(text)})

    return [
        Route("/api/games/{game}/cards/{card}/sound", card_sound, methods=["GET"]),
        Route("/api/tables/{table_id}/speech", speech, methods=["GET"]),
    ]
