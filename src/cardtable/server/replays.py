"""Finished matches replayed in the browser, step by step, as one seat or a spectator saw them.

A replay is the match dealt again from its stored record and its actions applied through the
rules, as ``cardtable replay`` does; its event stream is the one ``replay --events --seat N``
prints. Who may see what is the record's rule (docs/server.md, "Records"): a seat's view, hand
and all, only for someone holding a seat's token of that table (who may download the whole
record anyway) or at a table of bots only; anyone else gets what a spectator saw, the
spectator's view at each version, never a card that was not shown.

``GET /api/tables/{id}/replay?seat=N`` gives the steps (each version's log lines in words, the
rounds' starts) and the event stream; ``GET /api/tables/{id}/replay/{version}?seat=N`` the
table at that version, described by the game's presentation as the page draws a live table.
"""

from __future__ import annotations

import asyncio
import collections
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from cardtable.engine.deals import RECORD_FORMAT
from cardtable.engine.errors import CardtableError
from cardtable.engine.game import State, load_game
from cardtable.engine.kit import presentation_for
from cardtable.engine.record import seat_names
from cardtable.server import auth
from cardtable.server.client_api import described_table, log_lines
from cardtable.server.refusals import Refused
from cardtable.server.refusals import guarded as guard
from cardtable.server.tables import readable_seats

if TYPE_CHECKING:
    from cardtable.server.tables import Tables

SNAPSHOT = 64
"""A copy of the state is kept every this many versions: any version is at most that many moves
from one (a match of 4,900 moves replays in 0.3 s, and keeps 77 copies)."""
KEPT = 8
"""Replays held in memory at once (the most recently asked for)."""


class Replay:
    """One finished match dealt again from its record, with a copy of its state every
    :data:`SNAPSHOT` versions."""

    def __init__(self, record: dict[str, Any]) -> None:
        self.record = record
        self.game = load_game(record["game"], record["players"], record.get("options") or {})
        deals = record.get("deals") if record.get("format") == RECORD_FORMAT else None
        state = self.game.new_state(record.get("seed"), deals)
        self.actions = [(int(seat), str(text)) for seat, text in record["actions"]]
        self.snapshots = {0: state.clone()}
        for number, (seat, text) in enumerate(self.actions, start=1):
            state.apply(seat, self.game.parse_action(text))
            if number % SNAPSHOT == 0:
                self.snapshots[number] = state.clone()
        self.final = state
        self.names = seat_names(record)

    @property
    def versions(self) -> int:
        return len(self.actions)

    def at(self, version: int) -> State:
        """The match as it stood at ``version`` (0: dealt, before any move)."""
        base = version - version % SNAPSHOT
        state = self.snapshots[base].clone()
        for seat, text in self.actions[base:version]:
            state.apply(seat, self.game.parse_action(text))
        return state

    def steps(self, seat: int | None) -> list[dict[str, Any]]:
        """Each version as ``seat`` saw it: who moved, and the log's lines in words."""
        lines: dict[int, list[dict[str, Any]]] = collections.defaultdict(list)
        for line in log_lines(self.game, self.final, seat, -1, self.names):
            lines[int(line["version"] or 0)].append(line)
        out = [{"version": 0, "seat": None, "lines": lines.get(0, [])}]
        for number, (actor, _) in enumerate(self.actions, start=1):
            out.append({"version": number, "seat": actor, "lines": lines.get(number, [])})
        return out

    def rounds(self, seat: int | None) -> list[int]:
        """The versions at which a round was dealt: where "next round" goes."""
        return sorted({int(e.get("version") or 0) for e in self.final.events(seat)
                       if e.get("kind") == "dealt"})

    def table(self, seat: int | None, version: int) -> dict[str, Any]:
        """The table at ``version`` as ``seat`` saw it, described as a live table is."""
        st = self.at(version)
        view = st.view(seat)
        acting = seat is not None and seat in st.actors and not st.is_over
        actions = list(st.legal_actions(seat)) if acting and seat is not None else []
        described = described_table(self.game, view, actions, self.names)
        return {"version": version, "seat": seat, "actors": list(st.actors), "view": view,
                "scores": list(st.scores), "over": st.is_over, "winners": list(st.winners),
                **described}


class Replays:
    """The replays asked for lately, each built once (in a thread: a long match takes a few
    tenths of a second) and kept for the next steps."""

    def __init__(self) -> None:
        self._kept: collections.OrderedDict[str, Replay] = collections.OrderedDict()
        self._lock = threading.Lock()

    def get(self, table_id: str, record: dict[str, Any]) -> Replay:
        with self._lock:
            got = self._kept.get(table_id)
            if got is not None:
                self._kept.move_to_end(table_id)
                return got
        made = Replay(record)
        with self._lock:
            self._kept[table_id] = made
            while len(self._kept) > KEPT:
                self._kept.popitem(last=False)
        return made


def _viewer(text: str | None, players: int) -> int | None:
    """The seat asked for (``?seat=N``, counted from 0) or None for the spectator's view."""
    if text is None or text in ("", "spectator"):
        return None
    try:
        seat = int(text)
    except ValueError:
        raise Refused(400, "'seat' must be a seat number or 'spectator'") from None
    if not 0 <= seat < players:
        raise Refused(400, f"'seat' must be a seat number from 0 to {players - 1}")
    return seat


def replay_routes(tables: Callable[[], Tables]) -> list[BaseRoute]:
    """The replay's routes, for the server's route list."""
    replays = Replays()

    async def opened(request: Request) -> tuple[Replay, int | None, set[int]]:
        """The replay, the seat whose view is asked for, and the seats whose views the asker
        may read (its own seat's and the bots', or every seat at a table of bots only:
        :func:`readable_seats`)."""
        held = tables()
        table_id = request.path_params["table_id"]
        record = await asyncio.to_thread(held.record, table_id)  # 404, 403 before the end
        rows = await asyncio.to_thread(held.store.seat_rows, table_id)
        token = auth.bearer(request.headers.get("authorization"),
                            request.query_params.get("token"))
        _, readable = readable_seats(rows, token)
        seat = _viewer(request.query_params.get("seat"), int(record["players"]))
        if seat is not None and seat not in readable:
            raise Refused(403, "a person's view of this match is theirs only (their seat's "
                               "token); anyone else replays it as a spectator saw it")
        try:
            replay = await asyncio.to_thread(replays.get, table_id, record)
        except CardtableError as exc:
            raise Refused(503, f"the match cannot be replayed: {exc}") from None
        return replay, seat, readable

    @guard
    async def steps(request: Request) -> Response:
        replay, seat, readable = await opened(request)
        game = replay.game
        events = await asyncio.to_thread(replay.final.events, seat)
        return JSONResponse({
            "table": request.path_params["table_id"], "seat": seat,
            "seats_open": len(readable) == game.players, "seats": sorted(readable),
            "game": {"name": game.name, "title": game.title, "players": game.players,
                     "options": game.options},
            "names": replay.names, "versions": replay.versions,
            "steps": await asyncio.to_thread(replay.steps, seat),
            "rounds": replay.rounds(seat), "events": events,
            "scores": list(replay.final.scores), "winners": list(replay.final.winners),
            "faces": presentation_for(game).faces()})

    @guard
    async def at(request: Request) -> Response:
        replay, seat, _ = await opened(request)
        try:
            version = int(request.path_params["version"])
        except ValueError:
            version = -1
        if not 0 <= version <= replay.versions:
            raise Refused(400, f"the version must be a whole number from 0 to "
                               f"{replay.versions}")
        return JSONResponse(await asyncio.to_thread(replay.table, seat, version))

    return [
        Route("/api/tables/{table_id}/replay", steps, methods=["GET"]),
        Route("/api/tables/{table_id}/replay/{version}", at, methods=["GET"]),
    ]


__all__ = ["Replay", "Replays", "replay_routes"]
