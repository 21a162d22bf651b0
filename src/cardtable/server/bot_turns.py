"""The moves a table makes itself: its bots' and stand-ins' turns, the default answer of a
window whose time ran out, the turn of a person whose clock ran out; and the hint a person asks
for. The thinking is done in the worker pool (:mod:`cardtable.server.thinkers`), from a
Decision built from the seat's own observation, never the state; the moves so chosen go
through :meth:`Table.submit` like a person's.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING, Any

from cardtable.bots import Decision
from cardtable.server.refusals import Refused
from cardtable.server.thinkers import Busy, bot_seed

if TYPE_CHECKING:
    from cardtable.server.tables import Table

log = logging.getLogger("cardtable.server")

Plan = tuple[float | None, list[tuple[int, str]]]


def timed_seats(table: Table) -> list[tuple[int, str, float]]:
    """The seats on move whose decision the table times, each with what it times (``window``:
    the game's out-of-turn window, answered by its default; ``turn``: a timed turn, then played
    by the stand-in) and its limit in seconds. A seat a bot plays is not timed."""
    st = table.state
    if st.is_over or table.closed:
        return []
    out = []
    for seat in st.actors:
        if table.bot_for(seat) is not None:
            continue
        if st.window_answer(seat) is not None:  # the game says: an out-of-turn window
            out.append((seat, "window", table.settings.window))
        elif table.settings.turn is not None:
            out.append((seat, "turn", table.settings.turn))
    return out


def plan(table: Table) -> Plan:
    """How long to wait, and then which seats the table moves for (``bot``: the seat's bot
    or stand-in; ``window``: the default answer; ``turn``: a timed-out turn, by the bot). The
    timed decisions count on the table's clock (:mod:`cardtable.server.clocks`): while it stands
    still nothing runs out, and the wait is until it may start or stop by itself."""
    st = table.state
    if st.is_over or table.closed:
        return None, []
    bots = [(s, "bot") for s in st.actors if table.bot_for(s) is not None]
    if bots:
        return table.settings.think, bots
    clock = table.clock
    wake = clock.next_change()
    best: tuple[float, list[tuple[int, str]]] | None = None
    if clock.running:
        now = clock.now()
        for seat, mode, limit in timed_seats(table):
            due = table.actor_since.get(seat, now) + limit - now
            if best is None or due < best[0]:
                best = (due, [(seat, mode)])
    if best is None or (wake is not None and wake < best[0]):
        return wake, []  # nothing runs out before the clock may change: look again then
    return max(0.0, best[0]), best[1]


async def drive(table: Table) -> None:
    """Play the bots' moves and the timers' for as long as the match goes on."""
    table.after_change()
    while not table.closed and not table.state.is_over:
        try:
            await _drive_once(table)
        except Exception:
            # A table whose driver died would wait for ever for its bots: log, wait a moment
            # and plan again from the state as it is (a refused or failed move changed nothing).
            log.exception("table %s: playing its bots' moves failed; planning again", table.id)
            await asyncio.sleep(1.0)


async def _drive_once(table: Table) -> None:
    """Wait for the next moves the table makes itself, then make them."""
    table.changed.clear()
    if table.clock.settle():  # a dropped page's grace or wait ended: the clock started or stopped
        table.clock_changed()
    delay, moves = plan(table)
    if not moves:
        if delay is None:
            await table.changed.wait()
        else:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(table.changed.wait(), timeout=delay)
        return
    version = table.state.version
    thinkers = table.manager.thinkers
    if any(mode != "window" for _, mode in moves):
        thinkers.start()  # its workers import while the table waits
    try:
        await asyncio.wait_for(table.changed.wait(), timeout=delay)
        return  # something happened first: plan again
    except TimeoutError:
        pass
    for seat, mode in moves:
        if table.closed or table.state.version != version:
            return
        if mode == "window":
            answer = table.state.window_answer(seat)
            if answer is None:
                return  # the window closed meanwhile: plan again
            text = str(answer)
        else:
            if seat not in table.state.actors:
                # The moves were planned together: one of them (a bot taking the discard out
                # of turn) can close a window the later seats were answering.
                return
            kind = table.bot_for(seat) if mode == "bot" else await _timed_out(table, seat)
            if kind is None:
                continue
            decision = Decision.at(table.state, seat, thinkers.needs(kind, table.game))
            text = await thinkers.choose(kind, table.game,
                                         bot_seed(table.state.seed, seat, version), decision,
                                         table=table.id)
            if table.closed or table.state.version != version:
                return  # the table moved on while the bot thought: plan again
        try:
            await table.submit(seat, text, version)
        except Refused:
            return
        version = table.state.version


async def _timed_out(table: Table, seat: int) -> str | None:
    """The person timed out: the stand-in plays on, once the seat is stored as away (a
    restart must not hand the turn back to the clock)."""
    try:
        await table.leave(seat)
    except Refused as exc:
        log.warning("table %s: %s; its turn waits", table.id, exc.message)
        await asyncio.sleep(1.0)  # then the driver plans again and retries
        return None
    return table.bot_for(seat)


async def hint(table: Table, seat: int) -> dict[str, Any]:
    """The move the hint bot would make for ``seat`` now, with its figures."""
    st = table.state
    if st.is_over or seat not in st.actors:
        raise Refused(409, "it is not your move, so there is nothing to hint")
    manager = table.manager
    bot_name = manager.hint_bot
    # The search is handed a Decision built from this seat's observation, never the state: a
    # copy taken here, so it thinks in a bot worker (most of a second) while the event loop
    # goes on serving every other table. Hints wait behind every table's bots, one at a time
    # per seat (asking again at the same version shares the answer).
    decision = Decision.at(st, seat, manager.thinkers.needs(bot_name, table.game))
    version = st.version
    try:
        advice = await manager.thinkers.hint(
            bot_name, table.game, bot_seed(st.seed, seat, version), decision,
            table=table.id, version=version)
    except Busy as exc:
        raise Refused(exc.status, exc.message) from None
    return {**advice, "bot": bot_name, "version": version}


__all__ = ["drive", "hint", "plan", "timed_seats"]
