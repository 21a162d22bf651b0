"""A table's clock: the time its windows and timed turns count, which stands still while it
would be unfair to count it.

A buying window that runs out before the people at the table have even opened it, or while one
of their phones reconnects, answers for them without their having seen it ("You passed on the
2♠" before the first person sat down). So the seconds a window or a timed turn gives are counted
on this clock, not the wall's, and the clock runs only:

- once every person at the table has opened their seat at least once (taken it: its invitation
  exchanged or its link used). Bots and seats a stand-in plays are not waited for: a seat
  nobody has taken yet is handed to the stand-in by "Let a bot play", and then the clock runs.
  This wait has no bound of its own: a table whose person never comes waits as it would for
  their turn, and the others can let a bot play the seat;
- and while no person's page is reconnecting: a person whose page held a connection to the
  table and lost it stops the clock :data:`GRACE` seconds after the drop (a page's own
  reconnection usually takes less, and costs nobody anything) until they are back, for at most
  :data:`RECONNECT` seconds from the drop. After that the person counts as gone, not
  reconnecting (a phone put away, a tab closed), and the clock runs again, so one absent person
  holds a table up for at most that long per dropped connection; the others can then let a bot
  play the seat.

The clock is the table's, not a seat's: every timed decision of the table (each seat of a
window, a timed turn) counts on it. ``now()`` is a monotonic reading that advances only while
the clock runs; a decision that began at clock time ``t`` with a limit of ``L`` seconds runs out
at clock time ``t + L``.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

GRACE = 2.0
"""Seconds a person's page may be gone before the clock stops for it (a reconnection that quick
goes unnoticed by the clock)."""
RECONNECT = 30.0
"""The longest the clock waits for one dropped page, from the drop: then the person counts as
gone and the clock runs again."""


@dataclass(slots=True)
class Hold:
    """Why the clock stands still now: the seats it waits for, and for what."""

    unopened: list[int] = field(default_factory=list)  # people who have not opened their seat
    reconnecting: list[int] = field(default_factory=list)  # people whose page reconnects

    def __bool__(self) -> bool:
        return bool(self.unopened or self.reconnecting)


@dataclass(slots=True)
class PersonSeat:
    """What the clock needs to know of a seat: whether a person plays it (not a bot, not a
    stand-in) and whether they have opened it."""

    person: bool
    opened: bool


class Clock:
    """The time a table's windows and timed turns count (see the module's docstring).

    ``seats`` gives the seats as they are now (read at every question, since people sit down,
    leave and come back); ``online`` whether a seat's page holds a connection now."""

    def __init__(self, seats: Callable[[], Sequence[PersonSeat]],
                 online: Callable[[int], bool], grace: float = GRACE,
                 reconnect: float = RECONNECT) -> None:
        self._seats = seats
        self._online = online
        self.grace = grace
        self.reconnect = reconnect
        self.dropped: dict[int, float] = {}
        """Each person's seat whose page lost its last connection, with when (monotonic)."""
        self._stopped = 0.0  # seconds the clock stood still before ``_held_since``
        self._held_since: float | None = time.monotonic()  # standing still since then, or None
        self.settle()

    # ---- what happened -------------------------------------------------------------------
    def connected(self, seat: int) -> bool:
        """A page of ``seat`` opened a connection: it is not reconnecting any more. Whether
        the clock started (or stopped) with it."""
        self.dropped.pop(seat, None)
        return self.settle()

    def disconnected(self, seat: int) -> bool:
        """The last connection of ``seat``'s page closed (when others remain, it has not).
        Whether the clock stopped (or started) with it."""
        if not self._online(seat):
            self.dropped[seat] = time.monotonic()
        return self.settle()

    # ---- what the clock says ---------------------------------------------------------------
    def hold(self, at: float | None = None) -> Hold:
        """Why the clock stands still at monotonic time ``at`` (now): empty when it runs."""
        at = time.monotonic() if at is None else at
        out = Hold()
        for n, seat in enumerate(self._seats()):
            if not seat.person:
                continue
            if not seat.opened:
                out.unopened.append(n)
                continue
            since = self.dropped.get(n)
            if since is not None and not self._online(n) and \
                    since + self.grace <= at < since + self.reconnect:
                out.reconnecting.append(n)
        return out

    def settle(self, at: float | None = None) -> bool:
        """Bring the clock up to date at ``at`` (now): start or stop it as the table is now.
        Whether it changed between running and standing still."""
        at = time.monotonic() if at is None else at
        for seat in [s for s, t in self.dropped.items() if at >= t + self.reconnect]:
            del self.dropped[seat]  # gone for good, as far as the clock is concerned
        held = bool(self.hold(at))
        if held and self._held_since is None:
            self._held_since = at
            return True
        if not held and self._held_since is not None:
            self._stopped += at - self._held_since
            self._held_since = None
            return True
        return False

    @property
    def running(self) -> bool:
        return self._held_since is None

    def now(self, at: float | None = None) -> float:
        """The clock's reading: monotonic time less every second it stood still."""
        at = time.monotonic() if at is None else at
        return (self._held_since if self._held_since is not None else at) - self._stopped

    def next_change(self, at: float | None = None) -> float | None:
        """Seconds from ``at`` (now) until the clock may start or stop by itself (a dropped
        page's grace ending, or its wait): when to settle it again; None if nothing is due."""
        at = time.monotonic() if at is None else at
        due = [t + d for t in self.dropped.values() for d in (self.grace, self.reconnect)
               if t + d > at]
        return min(due) - at if due else None


__all__ = ["GRACE", "RECONNECT", "Clock", "Hold", "PersonSeat"]
