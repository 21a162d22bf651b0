"""Live tables: one match in memory with its seats, bots, timers and connections.

The path of one move, the same from an HTTP request, a WebSocket message and a bot:
:meth:`Table.move` reads what the network sent, :meth:`Table.submit` checks that it is the seat's
turn, parses it and has the state ``apply`` it (which refuses a stale or illegal move and changes
nothing), hands it to the store and waits for the commit, and only then answers and sends every
connection what its seat may now know, in one message built from ``state.events(seat)``,
``state.view(seat)`` and its legal moves alone. The table's own moves (bots, timers) are played by
:mod:`cardtable.server.bot_turns`; SQL is the store's (:mod:`cardtable.server.store`).
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import json
import logging
import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from cardtable.bots import bot_names, seat_title
from cardtable.engine.deals import RECORD_FORMAT
from cardtable.engine.errors import CardtableError, IllegalAction, NotationError
from cardtable.engine.game import Action, Game, State, game_kits, load_game
from cardtable.engine.record import replay
from cardtable.engine.text import quoted, shorten
from cardtable.engine.typed import typed_move
from cardtable.server import auth
from cardtable.server.bot_turns import drive, timed_seats
from cardtable.server.client_api import (
    client_payload,
    described_table,
    seat_names,
    seats_json,
    time_left,
)
from cardtable.server.clocks import Clock, PersonSeat
from cardtable.server.limits import TableLimits
from cardtable.server.names import HUMAN, BadName, check_free, clean_name, default_name
from cardtable.server.refusals import Elsewhere, Refused, read_body
from cardtable.server.store import (
    ENDED,
    OVER,
    PLAYING,
    Append,
    LostClaim,
    Store,
    StoreError,
    claim,
    claim_seat,
    dumps,
    end_idle,
    end_table,
    insert_table,
    release,
    renew,
    say_again,
    set_seat,
    why_failed,
)
from cardtable.server.thinkers import HINT_BOT, Thinkers, check_offered

SPECTATOR_RECORD = "cardtable-spectator/1"
"""The format of a finished match as a stranger gets it: what a spectator saw, no deal."""
SEAT_RECORD = "cardtable-seat/1"
"""The format of a finished match as a seat gets it at a table of several people: what that
seat saw, no deal."""
TYPED_LIMIT = 200
"""The longest typed move read: the longest key of any game's move is a word of a few sounds
or a meld of a dozen cards, far shorter; a longer text is refused before it is read."""


def readable_seats(rows: list[dict[str, Any]], token: str | None) -> tuple[int | None, set[int]]:
    """The seat whose token ``token`` is (None without one) and the seats whose views of a
    finished match it may read: its own and the bots'. A seat of a person stays theirs after
    the end too: a game may never show a hand given up, and the same people may play again. At a
    table of bots only, every seat is anyone's. Refused(401) for a token of no seat here."""
    mine = None
    if token is not None:
        digest = auth.token_hash(token)
        mine = next((int(r["seat"]) for r in rows if r["token_hash"] == digest), None)
        if mine is None:
            raise Refused(401, "this token opens no seat at this table")
    return mine, {int(r["seat"]) for r in rows if r["kind"] != HUMAN or int(r["seat"]) == mine}


@dataclass(slots=True)
class Settings:
    """Table options of the server (not of the game): timings and the stand-in bot."""

    think: float = 0.8
    window: float = 20.0
    turn: float | None = None
    stand_in: str = "greedy"

    @classmethod
    def read(cls, data: Any, game: str) -> Settings:
        if data is None:
            data = {}
        if not isinstance(data, dict):
            raise Refused(422, "table settings must be a JSON object")
        unknown = set(data) - {"think", "window", "turn", "stand_in"}
        if unknown:
            raise Refused(422, f"unknown table setting {sorted(unknown)[0]!r} "
                               "(settings: think, window, turn, stand_in)")
        out = cls()
        if "greedy" not in bot_names(game):
            out.stand_in = "random"
        for name, low, high in (("think", 0.0, 30.0), ("window", 0.05, 3600.0),
                                ("turn", 0.05, 86400.0)):
            if name not in data:
                continue
            value = data[name]
            if value is None and name == "turn":
                continue
            if isinstance(value, bool) or not isinstance(value, int | float) or not (
                    low <= value <= high):
                raise Refused(422, f"table setting {name!r} must be a number of seconds "
                                   f"from {low:g} to {high:g}")
            setattr(out, name, float(value))
        if "stand_in" in data:
            try:
                out.stand_in = check_offered(data["stand_in"], game, "the stand-in bot",
                                             person=False)
            except ValueError as exc:
                raise Refused(422, str(exc)) from None
        return out

    def to_json(self) -> dict[str, Any]:
        return {"think": self.think, "window": self.window, "turn": self.turn,
                "stand_in": self.stand_in}


@dataclass(slots=True)
class Seat:
    kind: str  # "human" or a bot's name
    token_hash: str | None
    taken: bool = False
    away: bool = False
    name: str | None = None  # what the person chose to be called; None: "Player N"
    invite_hash: str | None = None  # the digest of the seat's one-time invitation code
    open: bool = False  # the table's maker let anyone take it from the lobby

    def shown(self, number: int) -> str:
        """The seat's name as everyone sees it."""
        return self.name or default_name(self.kind, number)


@dataclass(eq=False)
class Subscriber:
    """One WebSocket: its seat (None: a spectator) and the last version it was told of."""

    seat: int | None
    sent: int
    queue: asyncio.Queue[dict[str, Any] | None] = field(
        default_factory=lambda: asyncio.Queue(maxsize=256))


log = logging.getLogger("cardtable.server")


class Table:
    """One match being played by this process."""

    def __init__(self, manager: Tables, table_id: str, game: Game, state: State,
                 seats: list[Seat], settings: Settings) -> None:
        self.manager = manager
        self.id = table_id
        self.game = game
        self.state = state
        self.seats = seats
        self.settings = settings
        self.lock = asyncio.Lock()
        self.changed = asyncio.Event()
        self.subscribers: set[Subscriber] = set()
        self.by_hash = {s.token_hash: n for n, s in enumerate(seats) if s.token_hash}
        self.actor_since: dict[int, float] = {}
        """When each seat on move came to be, on the table's clock (``clock.now()``)."""
        self.clock = Clock(lambda: [PersonSeat(s.kind == HUMAN and not s.away, s.taken)
                                    for s in self.seats], self.online)
        self._deal_sig = self._deals_signature()
        self.closed = False
        self.driver: asyncio.Task[None] | None = None
        self.chosen_seed: int | None = None
        self.again: dict[str, Any] | None = None
        """A finished table's "play again": ``{"ready", "waiting", "table"}`` once someone has
        said yes (``table``: the next match's id once it has started), else None."""
        """The seed, when whoever made the table chose it (told to every seat); None when the
        server drew it, which nobody is told until the match is over."""

    # ---- seats -----------------------------------------------------------------------------
    def seat_of(self, token: str | None) -> int | None:
        """The seat a token opens (None: no token, a spectator); Refused(401) for a bad one."""
        if token is None:
            return None
        seat = self.by_hash.get(auth.token_hash(token))
        if seat is None:
            raise Refused(401, "this token opens no seat at this table")
        return seat

    async def exchange(self, code: object) -> tuple[int, str]:
        """An invitation opened for the first time: its seat gets a fresh token of its own,
        stored (as its digest) before it is answered, and the invitation stops working, so
        whoever made the table and still holds the link cannot open the seat after its
        person has."""
        if not isinstance(code, str) or not code or len(code) > 200:
            raise Refused(422, 'the body must be {"invite": "CODE"}, the code of the '
                               "invitation link")
        digest = auth.token_hash(code)

        def invited() -> int:
            seat = next((n for n, s in enumerate(self.seats) if s.invite_hash == digest), None)
            if seat is None:
                raise Refused(403, "this invitation opens no seat at this table")
            if self.seats[seat].token_hash is not None:
                raise Refused(410, "this invitation has been used already: the seat belongs "
                                   "to whoever opened the link first")
            return seat

        return await self.seat_person(invited)

    async def seat_person(self, choose: Callable[[], int]) -> tuple[int, str]:
        """Sit a person at the seat ``choose`` picks (it raises Refused when there is none):
        the seat gets a fresh token of its own, stored (as its digest) before it is answered,
        and whatever opened it before (an invitation, an earlier token) opens it no more.
        The way in for an invitation and for a seat opened to anyone alike; in a task of its
        own, so a client gone mid-write cannot leave the table believing other than what is
        stored."""
        task = asyncio.ensure_future(self._seat_person_now(choose))
        task.add_done_callback(_retrieve)
        return await asyncio.shield(task)

    async def _seat_person_now(self, choose: Callable[[], int]) -> tuple[int, str]:
        async with self.lock:
            if self.state.is_over:
                # A seat taken now would open the finished match's record: nobody sits down.
                raise Refused(409, "the match is over: nobody takes a seat at it now; its "
                                   "replay shows it as a spectator saw it")
            seat = choose()
            s = self.seats[seat]
            token = auth.new_token()
            new = auth.token_hash(token)
            table_id = self.id

            def job(conn: Any) -> None:
                set_seat(conn, table_id, seat, token_hash=new, taken=True, away=False)

            try:
                await asyncio.wrap_future(self.manager.store.write(job))
            except Exception as exc:
                raise Refused(503, f"seat {seat + 1} could not be stored ({why_failed(exc)}); "
                                   "try again") from None
            if s.token_hash is not None:
                self.by_hash.pop(s.token_hash, None)
            s.token_hash, s.taken, s.away = new, True, False
            self.by_hash[new] = seat
        self.changed.set()
        self.seats_changed()
        if self.clock.settle():
            self.clock_changed()
        return seat, token

    async def arrive(self, seat: int | None) -> None:
        """A person used their link: the seat is theirs again (a stand-in bot steps aside).
        Stored before the request that brought them is answered; Refused(503) if it cannot be."""
        if seat is None:
            return
        s = self.seats[seat]
        if s.taken and not s.away:
            return
        await self._change_seat(seat, lambda s: (True, False))

    async def leave(self, seat: int) -> None:
        """The person leaves: the stand-in bot plays the seat until they come back. Answered
        only once stored (a leave acknowledged and then lost would hand the seat back to
        someone who walked away); Refused(503) if it cannot be."""
        await self._change_seat(seat, lambda s: (s.taken, True))

    async def hand_to_stand_in(self, by: int, seat: object) -> None:
        """Someone else at the table lets the stand-in bot play a person's seat whose page is not
        open (a phone gone flat, a seat nobody has taken yet), so the table does not wait on
        them; the person takes the seat back by opening their link, as after leaving. Only a
        seat nobody is at: a person with the table open is thinking, and the turn time (if the
        table has one) is how to hurry them."""
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(self.seats):
            raise Refused(422, f"'seat' must be a seat number from 0 to {len(self.seats) - 1}")
        if seat == by:
            raise Refused(409, "to have a bot play your own seat, leave the table")

        def decide(s: Seat) -> tuple[bool, bool]:  # under the lock: as the seat is now
            if self.state.is_over:
                raise Refused(409, "the match is over")
            if s.kind != HUMAN or s.away:
                raise Refused(409, f"a bot plays seat {seat + 1} already")
            if self.online(seat):
                raise Refused(409, f"{s.shown(seat)} has the table open; only a seat nobody "
                                   f"is at can be handed to a bot")
            return s.taken, True

        await self._change_seat(seat, decide, announce=True)

    async def _change_seat(self, seat: int, decide: Callable[[Seat], tuple[bool, bool]],
                           announce: bool = False) -> None:
        """Give ``seat`` the flags ``(taken, away)`` that ``decide`` picks from the seat as it
        is, stored first: the table (its bots, and its connections when ``announce``) hears of
        it only once it is committed, as a move. Runs in a task of its own, so that a client
        gone mid-write cannot leave the table believing other than what is stored."""
        task = asyncio.ensure_future(self._change_seat_now(seat, decide, announce))
        task.add_done_callback(_retrieve)
        await asyncio.shield(task)

    async def _change_seat_now(self, seat: int, decide: Callable[[Seat], tuple[bool, bool]],
                               announce: bool) -> None:
        async with self.lock:  # one change of the table at a time, moves included
            s = self.seats[seat]
            taken, away = decide(s)
            if (taken, away) == (s.taken, s.away):
                return
            table_id = self.id

            def job(conn: Any) -> None:
                set_seat(conn, table_id, seat, taken=taken, away=away)

            try:
                await asyncio.wrap_future(self.manager.store.write(job))
            except Exception as exc:
                raise Refused(503, f"seat {seat + 1}'s change could not be stored "
                                   f"({why_failed(exc)}); try again") from None
            s.taken, s.away = taken, away
        self.changed.set()
        if announce:
            self.seats_changed()
        if self.clock.settle():
            self.clock_changed()

    async def rename(self, seat: int, text: object) -> str:
        """The person in ``seat`` takes a name (or goes back to the default with an empty one);
        stored before it is answered, then every connection is told the seats changed."""
        table_id = self.id
        async with self.lock:  # two people taking one name at once: the second is refused
            try:
                name = clean_name(text)
                check_free(name, seat, [s.shown(n) for n, s in enumerate(self.seats)])
            except BadName as exc:
                raise Refused(422, str(exc)) from None

            def job(conn: Any) -> None:
                set_seat(conn, table_id, seat, name=name)

            try:
                await asyncio.wrap_future(self.manager.store.write(job))
            except StoreError:
                raise Refused(503, "the name could not be stored; try again") from None
            self.seats[seat].name = name
        self.seats_changed()
        return self.seats[seat].shown(seat)

    def online(self, seat: int) -> bool:
        """Whether the seat's page is open here now (it holds a connection to the table)."""
        return any(sub.seat == seat for sub in self.subscribers)

    def subscribe(self, sub: Subscriber) -> None:
        arrived = sub.seat is not None and not self.online(sub.seat)
        self.subscribers.add(sub)
        if arrived:  # the others are told the seat is online; the newcomer reads it all anyway
            self.seats_changed(but=sub)
        if sub.seat is not None and self.clock.connected(sub.seat):
            self.clock_changed()

    def unsubscribe(self, sub: Subscriber) -> None:
        if sub not in self.subscribers:
            return
        self.subscribers.discard(sub)
        if sub.seat is not None and not self.online(sub.seat):
            self.seats_changed()
            self.clock.disconnected(sub.seat)
            self.changed.set()  # the driver: the clock may stop after the page's grace

    def clock_changed(self) -> None:
        """Tell every connection where the timed decision stands (the clock started, stopped or
        went on): ``{"type": "timer", "version", "timer"}``, the update's timer for its seat.
        The driver plans again, since what runs out when has changed."""
        self.changed.set()
        if not timed_seats(self):
            return  # nothing is timed: nothing to tell
        told: dict[int | None, dict[str, Any]] = {}
        for sub in list(self.subscribers):
            message = told.get(sub.seat)
            if message is None:
                message = told[sub.seat] = {"type": "timer", "version": self.state.version,
                                            "timer": time_left(self, sub.seat)}
            with contextlib.suppress(asyncio.QueueFull):
                sub.queue.put_nowait(message)

    def seats_changed(self, but: Subscriber | None = None) -> None:
        """Tell every connection (``but`` one, now joining, already added) that the seats
        changed (a name, a person coming or going), not the match: the seats as its reader
        sees them, in the one message."""
        told: dict[int | None, dict[str, Any]] = {}
        for sub in list(self.subscribers):
            if sub is but:
                continue
            message = told.get(sub.seat)
            if message is None:
                names = seat_names(self, sub.seat)
                message = told[sub.seat] = {"type": "seats", "version": self.state.version,
                                            "seats": seats_json(self, names), "names": names}
            with contextlib.suppress(asyncio.QueueFull):
                sub.queue.put_nowait(message)

    def told_again(self) -> None:
        """Tell every connection who has said yes to playing again (and the next match's id
        once it has started): ``{"type": "again", "ready", "waiting", "table"}``."""
        message = {"type": "again", "version": self.state.version, **(self.again or {})}
        for sub in list(self.subscribers):
            with contextlib.suppress(asyncio.QueueFull):
                sub.queue.put_nowait(message)

    def bot_for(self, seat: int) -> str | None:
        """The bot that plays ``seat`` now: its own, or the stand-in of an absent person."""
        kind = self.seats[seat].kind
        if kind != HUMAN:
            return kind
        if self.seats[seat].away:
            return self.settings.stand_in
        return None

    # ---- what a seat may know ------------------------------------------------------------
    def payload(self, seat: int | None, since: int = -1) -> dict[str, Any]:
        """Everything ``seat`` (None: a spectator) may know now, events after ``since``."""
        return self._payload(seat, since, self._seen(seat))

    def _seen(self, seat: int | None) -> tuple[dict[str, Any], list[Action]]:
        """The seat's view and its legal moves now (none for a spectator or a seat not to
        act), worked out once for all that is sent from them."""
        st = self.state
        acting = seat is not None and seat in st.actors and not st.is_over
        return st.view(seat), list(st.legal_actions(seat)) if seat is not None and acting else []

    def _payload(self, seat: int | None, since: int,
                 seen: tuple[dict[str, Any], list[Action]]) -> dict[str, Any]:
        st = self.state
        view, actions = seen
        # Whether those moves answer an out-of-turn window (a buy, a call out of turn) rather
        # than make a turn: only the game knows its windows, so a front end is told, not left
        # to guess from the moves' names.
        window = seat is not None and seat in st.actors and st.window_answer(seat) is not None
        return {"table": self.id, "version": st.version, "seat": seat,
                "actors": list(st.actors), "legal": [str(a) for a in actions],
                "window": window, "view": view,
                "events": st.events(seat, since), "over": st.is_over,
                "scores": list(st.scores), "winners": list(st.winners),
                # A deal chosen by whoever made the table is told to everyone before play; a
                # drawn seed predicts every card, so no payload carries it.
                "chosen_seed": self.chosen_seed}

    def update(self, seat: int | None, since: int = -1) -> dict[str, Any]:
        """The one WebSocket message a connection gets after a move: :meth:`payload` with what
        the page draws from it (:func:`client_payload`: the seats, the log in words, the legal
        moves described, the timer), from one view and one list of legal moves, so a page
        renders once per move and asks for nothing."""
        seen = self._seen(seat)
        return {"type": "update", **self._payload(seat, since, seen),
                **client_payload(self, seat, since, seen)}

    def broadcast(self) -> None:
        cache: dict[tuple[int | None, int], dict[str, Any]] = {}
        for sub in list(self.subscribers):
            if sub.sent >= self.state.version:
                continue
            key = (sub.seat, sub.sent)
            message = cache.get(key)
            if message is None:
                message = cache[key] = self.update(sub.seat, sub.sent)
            sub.sent = self.state.version
            try:
                sub.queue.put_nowait(message)
            except asyncio.QueueFull:  # a client that reads nothing is let go
                self.subscribers.discard(sub)
                with contextlib.suppress(asyncio.QueueFull):
                    sub.queue.put_nowait(None)

    # ---- the move --------------------------------------------------------------------------
    def _deals_signature(self) -> tuple[int, int]:
        deals = self.state.deals
        if not deals:
            return (0, 0)
        return (len(deals), sum(len(v) for v in deals[-1].values() if isinstance(v, list)))

    async def move(self, seat: int | None, raw: bytes | str) -> int:
        """A person's move as the network sent it (an HTTP request's body or a WebSocket
        message, the same JSON ``{"action": "...", "version": n}``), read one way whatever it
        came by, so the same bad move is refused with the same status and sentence; the new
        version once stored. ``seat`` None: a spectator, who cannot move."""
        if seat is None:
            raise Refused(401, "a move needs the seat's token: a spectator cannot move")
        body = read_body(raw, "the move")
        if not isinstance(body, dict):
            raise Refused(422, 'a move is {"action": "...", "version": n}')
        await self.arrive(seat)
        action = body.get("action")
        if action is None and "typed" in body:
            action = await self.typed(seat, body["typed"])
        return await self.submit(seat, action, body.get("version"))

    async def typed(self, seat: int, text: Any) -> str:
        """The move a person typed (``{"typed": "l 9H 2", "version": n}``) in the game's
        notation, read against the seat's legal moves as the terminal reads its command line
        (:func:`cardtable.engine.typed.typed_move`). Words that several legal moves answer are
        refused, naming them, rather than one of them guessed."""
        if not isinstance(text, str):
            raise Refused(422, "a typed move must be a string, as a person typed it")
        if len(text) > TYPED_LIMIT:
            raise Refused(422, f"a typed move is at most {TYPED_LIMIT} characters")
        async with self.lock:
            st = self.state
            if st.is_over:
                raise Refused(409, "the match is over")
            if seat not in st.actors:
                raise Refused(409, "it is not your move")
            moves = described_table(self.game, st.view(seat), list(st.legal_actions(seat)),
                                    seat_names(self, seat))["moves"]
        read = typed_move(text, moves)
        if read.move is None:
            raise Refused(422, read.why(text))
        return read.move

    async def submit(self, seat: int, text: Any, version: Any) -> int:
        """Apply ``seat``'s move made at ``version`` and store it; the new version once the
        store has committed it. Refused (and nothing changed) otherwise.

        The move runs in a task of its own that a caller's cancellation (a client gone) does not
        stop: once applied, a move is always stored (or undone) and announced."""
        if not isinstance(text, str):
            raise Refused(422, "the action must be a string in the game's notation")
        if isinstance(version, bool) or not isinstance(version, int):
            raise Refused(422, "the version must be a whole number (the version you saw)")
        started = time.perf_counter()
        task = asyncio.ensure_future(self._submit(seat, text, version))
        task.add_done_callback(_retrieve)
        new_version = await asyncio.shield(task)
        self.manager.timings.append(time.perf_counter() - started)
        return new_version

    async def _submit(self, seat: int, text: str, version: int) -> int:
        async with self.lock:
            if self.closed:
                raise Refused(503, "this table is being reloaded; try again in a moment")
            st = self.state
            # The turn in the player's words ("your move"); whether the move is legal, and made
            # on the table as it is now, is the rules' to say (``apply`` below).
            if st.is_over:
                raise Refused(409, "the match is over")
            if seat not in st.actors:
                raise Refused(409, "it is not your move")
            cap = self.manager.table_limits.actions
            if cap and st.version >= cap:
                self.manager.end(self, f"this match reached the server's limit of {cap:,} "
                                       f"moves and was ended unfinished")
                raise Refused(409, f"this match reached the server's limit of {cap:,} moves "
                                   f"and was ended unfinished")
            try:
                action = self.game.parse_action(text)
            except (NotationError, ValueError) as exc:
                # Quoted clipped and the whole cut to size: the text is whatever a client sent,
                # up to a body's 16 KiB, and the parser's reason may quote it again.
                raise Refused(422, shorten(f"{quoted(text)} is not a move of "
                                           f"{self.game.title}: {exc}")) from None
            try:
                st.apply(seat, action, version=version)
            except IllegalAction as exc:
                raise Refused.of_move(exc) from None
            sig = self._deals_signature()
            deals = None
            if sig != self._deal_sig:
                deals, self._deal_sig = dumps(st.deals), sig
            item = Append(self.id, self.manager.node, st.version, seat, str(action), deals,
                          dumps(st.record()) if st.is_over else None)
            try:
                await asyncio.wrap_future(self.manager.store.append(item))
            except LostClaim as exc:
                self.closed = True
                self.manager.drop(self)
                raise Refused(409, str(exc)) from None
            except StoreError as exc:
                # Not stored, so not acknowledged: the state goes back to what the store holds.
                await self._reload()
                raise Refused(503, str(exc)) from None
            new_version = st.version
        self.after_change()
        return new_version

    async def _reload(self) -> None:
        try:
            self.state = await asyncio.to_thread(self.manager.replay_state, self.id)
            self._deal_sig = self._deals_signature()
        except Exception:
            self.closed = True
            self.manager.drop(self)

    def after_change(self) -> None:
        now = self.clock.now()
        actors = set(self.state.actors)
        for seat in list(self.actor_since):
            if seat not in actors:
                del self.actor_since[seat]
        for seat in actors:
            self.actor_since.setdefault(seat, now)
        self.broadcast()
        self.changed.set()
        if self.state.is_over:
            self.manager.finished(self)


def _read_seats(entries: list[Any], game: str
                ) -> tuple[list[str], list[str | None], set[int]]:
    """The seats of a new table: each a kind ("human" or a bot's name) or an object
    ``{"kind": ..., "name": ..., "open": true}`` naming a person's seat or opening it to
    anyone in the lobby; and which seats are so opened. Refused with one sentence otherwise."""
    kinds: list[str] = []
    names: list[str | None] = []
    opened: set[int] = set()
    for n, entry in enumerate(entries):
        name: str | None = None
        if isinstance(entry, dict):
            unknown = set(entry) - {"kind", "name", "open"}
            if unknown:
                raise Refused(422, f"seat {n + 1}: unknown field {sorted(unknown)[0]!r} "
                                   "(a seat has 'kind', 'name' and 'open')")
            kind = entry.get("kind", HUMAN)
            if not isinstance(entry.get("open", False), bool):
                raise Refused(422, f"seat {n + 1}: 'open' must be true or false")
            if entry.get("open") and kind != HUMAN:
                raise Refused(422, f"seat {n + 1}: only a person's seat can be open to anyone")
            if entry.get("open"):
                opened.add(n)
            try:
                name = clean_name(entry.get("name"))
            except BadName as exc:
                raise Refused(422, f"seat {n + 1}: {exc}") from None
        else:
            kind = entry
        if kind != HUMAN:
            try:
                check_offered(kind, game, f"seat {n + 1}")
            except ValueError as exc:
                raise Refused(422, str(exc)) from None
        if name is not None and kind != HUMAN:
            raise Refused(422, f"seat {n + 1}: only a person's seat takes a name; a bot is "
                               "called by how it plays")
        kinds.append(str(kind))
        names.append(name)
    shown = [name or default_name(kind, n)
             for n, (kind, name) in enumerate(zip(kinds, names, strict=True))]
    for n in reversed(range(len(names))):  # the later of two seats of one name is refused
        try:
            check_free(names[n], n, shown)
        except BadName as exc:
            raise Refused(422, f"seat {n + 1}: {exc}") from None
    return kinds, names, opened


def _retrieve(task: asyncio.Task[Any]) -> None:
    """Mark a move task's outcome as seen (its caller may have gone away)."""
    if not task.cancelled():
        task.exception()


@dataclass(slots=True)
class _Loading:
    """One table being looked up: its lock, and how many requests wait for it."""

    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    waiting: int = 0


class Tables:
    """Every table this process plays, and the claims that make them its own."""

    def __init__(self, store: Store, node: str, url: str, lease: float = 15.0,
                 thinkers: Thinkers | None = None, hint_bot: str = HINT_BOT,
                 table_limits: TableLimits | None = None) -> None:
        self.store = store
        self.table_limits = table_limits or TableLimits()
        self._made: dict[str, set[str]] = {}
        """The unfinished tables each client address made here (``--tables-per-client``)."""
        self._maker_of: dict[str, str] = {}
        self._longest: int | None = None
        """The longest match any game here plays at its default rules (its decision bound)."""
        self.thinkers = thinkers or Thinkers()
        self.hint_bot = hint_bot
        self.timings: collections.deque[float] = collections.deque(maxlen=10_000)
        """Seconds from each accepted move's arrival to its acknowledgement (the latest)."""
        self.node = node
        self.url = url
        self.lease = lease
        self.live: dict[str, Table] = {}
        self.finished_cache: dict[str, Table] = {}
        self._loading: dict[str, _Loading] = {}
        """The tables being looked up now, each with the requests waiting on it: gone once the
        last has its answer, so unknown ids asked for keep nothing."""
        self._tasks: set[asyncio.Task[None]] = set()

    # ---- life of the process ----------------------------------------------------------------
    async def start(self) -> None:
        """Nothing is read at start, so a restart takes as long with 10,000 tables stored as
        with none: a table is loaded (its actions replayed) when first asked for, by a page,
        a socket or a move, and its bots and timers carry on from there. A table nobody asks
        for (all bots, say) waits in the database, in the lobby, until someone opens it or
        ``--idle-hours`` end it."""
        self._spawn(self._heartbeat())
        if self.table_limits.idle > 0:
            self._spawn(self._end_idle())

    async def stop(self) -> None:
        for table in list(self.live.values()):
            table.closed = True
            table.changed.set()
        for task in list(self._tasks):
            task.cancel()
        self.thinkers.close()
        with contextlib.suppress(Exception):
            await asyncio.wrap_future(self.store.write(lambda c: release(c, self.node)))

    def _spawn(self, coro: Any) -> asyncio.Task[None]:
        task: asyncio.Task[None] = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def _heartbeat(self) -> None:
        while True:
            await asyncio.sleep(self.lease / 3)
            with contextlib.suppress(Exception):
                await asyncio.wrap_future(
                    self.store.write(lambda c: renew(c, self.node, self.lease)))

    async def _end_idle(self) -> None:
        """End the tables without a move for ``--idle-hours``, here and in the database."""
        idle = self.table_limits.idle
        while True:
            await asyncio.sleep(min(60.0, max(0.5, idle / 4)))
            try:
                ended = await asyncio.wrap_future(
                    self.store.write(lambda c: end_idle(c, self.node, idle)))
            except Exception:
                log.exception("ending idle tables failed; trying again later")
                continue
            for table_id in ended:
                table = self.live.get(table_id)
                if table is not None:
                    self.end(table, f"this table had no move for {idle / 3600:g} hours and "
                                    f"was ended", store=False)

    def end(self, table: Table, why: str, store: bool = True) -> None:
        """End an unfinished table: stored as ended, out of memory and of the lobby; its
        connections are told why and closed."""
        table.closed = True
        self.drop(table)
        self._forget(table.id)
        for sub in list(table.subscribers):
            with contextlib.suppress(asyncio.QueueFull):
                sub.queue.put_nowait({"type": "error", "status": 410, "error": why})
            with contextlib.suppress(asyncio.QueueFull):
                sub.queue.put_nowait(None)
        if store:
            table_id = table.id
            self.store.write(lambda c: end_table(c, table_id))

    def _forget(self, table_id: str) -> None:
        maker = self._maker_of.pop(table_id, None)
        if maker is not None:
            made = self._made.get(maker, set())
            made.discard(table_id)
            if not made:
                self._made.pop(maker, None)

    def _check_length(self, game: Game) -> None:
        """Refuse options that let a match run longer than the longest match any game here
        plays at its default rules. The bound is the server's, the same for every game: a
        bound per game refused its own named ways of playing (a betting game's pot limit bets
        more rounds than its fixed limit, so its match could be made of one hand only), while an
        option that stretches a match a thousandfold is still refused."""
        if self._longest is None:
            self._longest = max(load_game(kit.game.name, players).decision_bound()
                                for kit in game_kits() for players in kit.game.player_counts)
        bound = game.decision_bound()
        if bound > self._longest:
            raise Refused(422, f"these options let a match of {game.title} run to {bound:,} "
                               f"moves, longer than the longest any game here runs at its "
                               f"default rules ({self._longest:,}): choose options that end "
                               f"the match sooner")

    def health(self) -> dict[str, Any]:
        """The number of live tables and the acknowledgement times of the latest moves."""
        times = sorted(self.timings)

        def at(q: float) -> float | None:
            return round(times[min(len(times) - 1, int(q * len(times)))] * 1000, 2) \
                if times else None
        return {"tables": len(self.live), "loading": len(self._loading), "moves": len(times),
                "ack_ms": {"p50": at(0.5), "p95": at(0.95), "p99": at(0.99)},
                "bots": self.thinkers.health()}

    def drop(self, table: Table) -> None:
        if self.live.get(table.id) is table:
            del self.live[table.id]
        table.changed.set()

    def finished(self, table: Table) -> None:
        self._forget(table.id)
        if self.live.get(table.id) is table:
            del self.live[table.id]
            self.finished_cache[table.id] = table
            while len(self.finished_cache) > 500:
                self.finished_cache.pop(next(iter(self.finished_cache)))

    # ---- creating a table ------------------------------------------------------------------
    async def create(self, body: Any, maker: str | None = None) -> dict[str, Any]:
        """Open a table for client address ``maker`` (None: not counted against any)."""
        per_client = self.table_limits.per_client
        if maker is not None and per_client and len(self._made.get(maker, ())) >= per_client:
            raise Refused(429, f"your address has {per_client} unfinished tables on this "
                               f"server already; finish one (or wait until it is ended idle) "
                               f"before opening another")
        if not isinstance(body, dict):
            raise Refused(422, "the body must be a JSON object")
        unknown = set(body) - {"game", "players", "seats", "options", "seed", "table"}
        if unknown:
            raise Refused(422, f"unknown field {sorted(unknown)[0]!r}")
        name, players, kinds = body.get("game"), body.get("players"), body.get("seats")
        options, seed = body.get("options") or {}, body.get("seed")
        if not isinstance(name, str):
            raise Refused(422, "'game' must name a game")
        if not isinstance(options, dict):
            raise Refused(422, "'options' must be a JSON object")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)
                                 or not 0 <= seed < 2 ** 62):
            raise Refused(422, "'seed' must be a whole number from 0 to 2**62")
        try:
            game = load_game(name, players, options)
        except CardtableError as exc:
            raise Refused(422, str(exc)) from None
        if kinds is None:
            kinds = [HUMAN] * game.players
        if not isinstance(kinds, list) or len(kinds) != game.players:
            raise Refused(422, f"'seats' must list {game.players} seats")
        self._check_length(game)
        kinds, names, opened = _read_seats(kinds, game.name)
        settings = Settings.read(body.get("table"), game.name)
        chosen = seed is not None
        if seed is None:
            seed = random.SystemRandom().getrandbits(62)
        state = game.new_state(seed)
        table_id = auth.new_table_id()
        # Each person's seat gets a one-time invitation, not a token: the seat's token is made
        # when its person opens the link (``exchange``), so the maker never holds it.
        invites = [auth.new_token() if kind == HUMAN else None for kind in kinds]
        seats = [Seat(kind, None, name=name, invite_hash=auth.token_hash(i) if i else None,
                      open=kind == HUMAN and n in opened)
                 for n, (kind, i, name) in enumerate(zip(kinds, invites, names, strict=True))]
        now = time.time()
        row = {"id": table_id, "game": game.name, "players": game.players,
               "options": dumps(game.options), "settings": dumps(settings.to_json()),
               "seed": seed, "deals": dumps(state.deals), "version": 0, "status": PLAYING,
               "record": None, "owner": self.node, "owner_url": self.url,
               "lease_until": now + self.lease, "created": now, "updated": now,
               "seed_chosen": chosen}
        seat_rows = [{"table_id": table_id, "seat": n, "kind": s.kind,
                      "token_hash": None, "taken": False, "away": False,
                      "name": s.name, "invite_hash": s.invite_hash, "open": s.open}
                     for n, s in enumerate(seats)]

        most = self.table_limits.total

        def job(conn: Any) -> bool:
            return insert_table(conn, row, seat_rows, most)

        if maker is not None:  # held from now, so two opened at once count as two
            self._made.setdefault(maker, set()).add(table_id)
            self._maker_of[table_id] = maker
        try:
            stored = await asyncio.wrap_future(self.store.write(job))
        except Exception:
            self._forget(table_id)
            raise Refused(503, "the table could not be stored; try again") from None
        if not stored:
            self._forget(table_id)
            raise Refused(503, f"this server holds {most:,} unfinished tables, its limit; "
                               f"try again when some have finished")
        table = Table(self, table_id, game, state, seats, settings)
        table.chosen_seed = seed if chosen else None
        self.live[table_id] = table
        table.driver = self._spawn(drive(table))
        return {"table": table_id, "game": game.name, "players": game.players,
                "seats": [{"seat": n, "kind": s.kind, "title": seat_title(s.kind),
                           "name": s.shown(n), "invite": i, "open": s.open,
                           # what to send the person: the table's page, which exchanges the
                           # invitation for the seat's own token when first opened
                           "link": f"{self.url}/t/{table_id}?invite={i}" if i else None,
                           # for programs: POST {"invite": i} here for the seat's token
                           "url": f"{self.url}/api/tables/{table_id}/seat" if i else None}
                          for n, (s, i) in enumerate(zip(seats, invites, strict=True))],
                "chosen_seed": seed if chosen else None,
                "spectate": f"{self.url}/api/tables/{table_id}",
                "watch": f"{self.url}/t/{table_id}",
                "websocket": f"{self.ws_url}/ws/tables/{table_id}"}

    # ---- playing again -----------------------------------------------------------------
    async def play_again(self, table: Table, seat: int, token: str) -> dict[str, Any]:
        """Seat ``seat`` of a finished table says yes to another match with the same seats and
        people, a new deal (a seed the server draws) and the same options and table settings.
        The next match starts once every person at the table when it ended (a person's seat
        taken and not played by the stand-in) has said yes; bots come along, and a person's
        seat whose person was away comes along played by the stand-in until they say yes too.
        Each person's seat there opens with a token derived from their own
        (:func:`auth.again_token`), which this answer gives once the match has started.
        Stored before it is answered; everyone at the old table is told (``{"type": "again"}``)."""
        if not table.state.is_over:
            raise Refused(409, "the match is not over yet: play again once it has ended")
        required = [n for n, s in enumerate(table.seats)
                    if s.kind == HUMAN and s.taken and not s.away]
        game, settings = table.game, table.settings
        seed = random.SystemRandom().getrandbits(62)
        state = game.new_state(seed)
        candidate = auth.new_table_id()
        now = time.time()
        most = self.table_limits.total
        table_id = table.id

        def derived(next_id: str) -> str:
            return auth.token_hash(auth.again_token(token, next_id))

        def job(conn: Any) -> tuple[str, dict[int, str], bool, bool]:
            next_id, yes, made = say_again(conn, table_id, seat, candidate, derived)
            if made:  # a late yes: the seat, played by the stand-in, opens with its token
                claim_seat(conn, next_id, seat, yes[seat])
                return next_id, yes, True, False
            if not set(required) <= set(yes):
                return next_id, yes, False, False
            row = {"id": next_id, "game": game.name, "players": game.players,
                   "options": dumps(game.options), "settings": dumps(settings.to_json()),
                   "seed": seed, "deals": dumps(state.deals), "version": 0,
                   "status": PLAYING, "record": None, "owner": self.node,
                   "owner_url": self.url, "lease_until": now + self.lease, "created": now,
                   "updated": now, "seed_chosen": False}
            seat_rows = [{"table_id": next_id, "seat": n, "kind": s.kind,
                          "token_hash": yes.get(n), "taken": n in yes,
                          "away": s.kind == HUMAN and n not in yes, "name": s.name,
                          "invite_hash": None, "open": False}
                         for n, s in enumerate(table.seats)]
            stored = insert_table(conn, row, seat_rows, most)
            return next_id, yes, stored, stored

        try:
            next_id, yes, started, created = await asyncio.wrap_future(self.store.write(job))
        except Exception as exc:
            raise Refused(503, f"your yes could not be stored ({why_failed(exc)}); try "
                               "again") from None
        if created:
            seats = [Seat(s.kind, yes.get(n), n in yes, s.kind == HUMAN and n not in yes,
                          s.name) for n, s in enumerate(table.seats)]
            fresh = Table(self, next_id, game, state, seats,
                          Settings(**settings.to_json()))
            self.live[next_id] = fresh
            fresh.driver = self._spawn(drive(fresh))
        elif started and next_id in self.live:  # a late yes, seen by the live table here
            fresh = self.live[next_id]
            s = fresh.seats[seat]
            if s.token_hash != yes[seat]:
                s.token_hash, s.taken = yes[seat], True
                fresh.by_hash[yes[seat]] = seat
        waiting = [n for n in required if n not in yes]
        if not started and not waiting:
            raise Refused(503, f"this server holds {most:,} unfinished tables, its limit; "
                               "say yes again when some have finished")
        table.again = {"ready": sorted(yes), "waiting": waiting,
                       "table": next_id if started else None}
        table.told_again()
        return {"seat": seat, **table.again,
                "token": auth.again_token(token, next_id) if started else None}

    @property
    def ws_url(self) -> str:
        return "ws" + self.url[len("http"):] if self.url.startswith("http") else self.url

    # ---- finding a table -------------------------------------------------------------------
    def replay_state(self, table_id: str) -> State:
        """The table's match rebuilt from the store: its deals and every stored action."""
        row = self.store.table_row(table_id)
        if row is None:
            raise Refused(404, "there is no such table")
        record = {"format": RECORD_FORMAT, "game": row["game"], "players": row["players"],
                  "options": json.loads(row["options"]), "seed": row["seed"],
                  "deals": json.loads(row["deals"]),
                  "actions": self.store.actions(table_id)}
        if record["seed"] is None:
            del record["seed"]
        return replay(record)

    def _load(self, table_id: str, row: Mapping[str, Any]) -> Table:
        state = self.replay_state(table_id)
        seats = [Seat(r["kind"], r["token_hash"], bool(r["taken"]), bool(r["away"]), r["name"],
                      r["invite_hash"], bool(r["open"]))
                 for r in self.store.seat_rows(table_id)]
        settings_data = json.loads(row["settings"])
        settings = Settings(**settings_data)
        table = Table(self, table_id, state.game, state, seats, settings)
        table.chosen_seed = row["seed"] if row["seed_chosen"] else None
        if row["status"] == OVER:
            next_id, ready = self.store.again(table_id)
            if next_id is not None:
                required = [n for n, s in enumerate(seats)
                            if s.kind == HUMAN and s.taken and not s.away]
                started = self.store.table_row(next_id) is not None
                table.again = {"ready": ready, "table": next_id if started else None,
                               "waiting": [n for n in required if n not in ready]}
        return table

    async def seated(self, table_id: str, token: str | None) -> tuple[Table, int | None]:
        """The table and the seat ``token`` opens at it (None: no token, a spectator): the one
        lookup of every route and of the WebSocket. Refused(401) for a token opening none."""
        table = await self.get(table_id)
        return table, table.seat_of(token)

    async def get(self, table_id: str) -> Table:
        """The live table (claiming and reloading it if no live process holds it), a finished
        one read back, Refused(404), or Elsewhere when another process plays it."""
        table = self.live.get(table_id) or self.finished_cache.get(table_id)
        if table is not None:
            return table
        if len(table_id) > 32:
            raise Refused(404, "there is no such table")
        loading = self._loading.get(table_id)
        if loading is None:
            loading = self._loading[table_id] = _Loading()
        loading.waiting += 1
        try:
            async with loading.lock:
                return await self._get_once(table_id)
        finally:
            loading.waiting -= 1
            if loading.waiting == 0 and self._loading.get(table_id) is loading:
                del self._loading[table_id]

    async def _get_once(self, table_id: str) -> Table:
        """:meth:`get`, with the table's loading lock held."""
        table = self.live.get(table_id) or self.finished_cache.get(table_id)
        if table is not None:
            return table
        row = await asyncio.to_thread(self.store.table_row, table_id)
        if row is None:
            raise Refused(404, "there is no such table")
        if row["status"] == ENDED:
            raise Refused(410, "this table was ended unfinished (idle too long, or longer than "
                               "the server's limit of moves); it is no longer played")
        if row["status"] == PLAYING:
            try:
                won = await asyncio.wrap_future(self.store.write(
                    lambda c: claim(c, table_id, self.node, self.url, self.lease)))
            except Exception as exc:
                raise Refused(503, f"the table cannot be opened now ({why_failed(exc)}); try "
                                   f"again") from None
            if not won:
                raise Elsewhere(row["owner_url"])
        try:
            table = await asyncio.to_thread(self._load, table_id, row)
        except CardtableError as exc:
            raise Refused(503, f"the table cannot be reloaded: {exc}") from None
        if row["status"] == OVER or table.state.is_over:
            self.finished_cache[table_id] = table
        else:
            self.live[table_id] = table
            table.driver = self._spawn(drive(table))
        return table

    def record(self, table_id: str) -> dict[str, Any]:
        row = self.store.table_row(table_id) if len(table_id) <= 32 else None
        if row is None:
            raise Refused(404, "there is no such table")
        if row["status"] != OVER or not row["record"]:
            raise Refused(403, "the record is given once the match is over")
        data: dict[str, Any] = json.loads(row["record"])
        # The players as the table knew them ("Grandma", "Greedy bot 3"): `cardtable replay`
        # tells the story with these names. Read at download, so a late rename is in it too.
        data["names"] = [r["name"] or default_name(r["kind"], r["seat"])
                         for r in self.store.seat_rows(table_id)]
        return data

    async def record_for(self, table_id: str, token: str | None) -> dict[str, Any]:
        """The finished match as the asker may know it. The whole record (every deal, every
        hand, the seed) goes to a seat of the table where no other person sat, and to anyone at
        a table of bots only (a designer's or a researcher's: its matches replay and check with
        ``cardtable replay``). At a table of several people a seat gets what it saw, and anyone
        else what a spectator saw: nobody ever reads another person's hand that was not shown
        (a hand folded in a betting game). Refused(403) before the end, as the record is."""
        data = await asyncio.to_thread(self.record, table_id)
        rows = await asyncio.to_thread(self.store.seat_rows, table_id)
        mine, readable = readable_seats(rows, token)
        if len(readable) == len(rows):
            return data
        table = await self.get(table_id)
        st = table.state
        account = {"format": SPECTATOR_RECORD if mine is None else SEAT_RECORD,
                   "game": data["game"], "players": data["players"],
                   "options": data.get("options", {}), "names": data["names"],
                   "chosen_seed": table.chosen_seed}
        if mine is not None:
            account["seat"] = mine
        return {**account, "events": st.events(mine), "view": st.view(mine),
                "scores": list(st.scores), "winners": list(st.winners)}


__all__ = ["HUMAN", "SEAT_RECORD", "SPECTATOR_RECORD", "Elsewhere", "Refused", "Settings",
           "Subscriber", "Table", "Tables", "Thinkers", "readable_seats"]
