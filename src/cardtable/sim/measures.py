"""What one finished match says about its game, read from the public event stream.

A designer's questions (who wins, how long a match runs, how the lead moves, what happens in
each game's own terms) are answered from what a spectator sees: ``state.events(None)`` and the
seats that acted. The generic measures are here; a game's own are a :class:`GameMeasures` its
package defines and its kit names (``GameKit(measures="module:attr")``), so nothing here names
a game. Nothing here reads a hand or the stock, so every figure could be taken at a
real table, and a game's private representation can change without touching these measures.

Each match gives whole numbers only (counts, points, per-mille), so the totals of a run are
exact sums that come out the same however the run was split into batches and workers.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardtable.engine.game import Game, State, game_kit, lowest_wins

Values = dict[str, int]
Event = dict[str, Any]


@dataclass(frozen=True, slots=True)
class Ratio:
    """A measure shown as ``key`` over ``per`` summed across the run (``per=None``: per match),
    as a percentage when ``percent``."""

    key: str
    label: str
    per: str | None = None
    percent: bool = False


Diagnose = Callable[[list[Event], State], Values]
"""A game's own figures of one finished match, from its public events (and the state's history,
scores and options, which a spectator knows too)."""


@dataclass(frozen=True, slots=True)
class Breakdown:
    """A family of keys (``prefix`` + a value, e.g. ``"meld:pair"``) shown as a whole
    distribution rather than one ratio."""

    prefix: str
    caption: str
    every: Callable[[Game], Iterable[str]] | None = None
    """All the values the family can take at a table, so those never seen are listed at zero."""
    unused_key: str | None = None
    """With ``every``: the report's key listing the values never seen (e.g. a deck's cards that
    no match used), and ``unused_title`` its heading."""
    unused_title: str = ""


@dataclass(frozen=True, slots=True)
class GameMeasures:
    """One game's own balance measures: ``values`` reads them from a finished match, ``ratios``
    says how a report shows them (in order), ``breakdowns`` which families of keys it shows as
    whole distributions. A game without one gets the generic measures only."""

    values: Diagnose
    ratios: tuple[Ratio, ...] = ()
    breakdowns: tuple[Breakdown, ...] = ()


def _none_of_its_own(events: list[Event], state: State) -> Values:
    return {}


GENERIC_ONLY = GameMeasures(values=_none_of_its_own)
"""What a game that names no measures of its own is measured by besides the generic ones."""


def measures_for(game_name: str) -> GameMeasures:
    """The own measures of ``game_name`` from its kit (:data:`GENERIC_ONLY` when it has none);
    OptionError for a game that is not registered."""
    found: GameMeasures | None = game_kit(game_name).part("measures")
    return GENERIC_ONLY if found is None else found


@dataclass(slots=True)
class MatchMeasures:
    """One match, reduced to what the running totals of a balance run need."""

    winners: list[int]
    scores: list[int]
    first: int  # the seat that made the match's first decision
    values: Values = field(default_factory=dict)


SHAPE = (
    Ratio("rounds", "rounds a match"),
    Ratio("decisions", "decisions a match"),
    Ratio("lead_changes", "lead changes a match"),
    Ratio("drama", "drama: the winner's worst deficit, in points"),
    Ratio("comeback", "comebacks: the winner trailed after some round", None, True),
    Ratio("decided_permille", "decisiveness: share of the match played before the winner led "
          "for good", None, True),
    Ratio("limit_hit", "completion: matches that hit a round, turn or stock limit", None, True),
    Ratio("tie", "ties", None, True),
    Ratio("first_won", "first player won", None, True),
)
"""The measures every game has, in the order a report lists them."""

HISTOGRAMS = ("rounds", "decisions", "lead_changes", "drama", "decided_permille")
"""Per-match values whose whole distribution is kept (as counts per value)."""


def measure(state: State, decisions: int, winners: Sequence[int]) -> MatchMeasures:
    """Reduce a finished match to its measures (generic ones and its game's diagnostics).
    ``winners`` are the match's, or the seats on the best total of a match cut short after a
    number of rounds."""
    events = state.events(None)
    players = state.game.players
    winners = list(winners)
    scores = list(state.scores)
    first = state.history[0][0] if state.history else 0
    values: Values = {"rounds": state.rounds_played, "decisions": decisions,
                      "tie": int(len(winners) > 1), "first_won": int(first in winners)}
    values.update(_lead(events, winners, lowest_wins(state), players))
    values.update(measures_for(state.game.name).values(events, state))
    values["limit_hit"] = int(values.get("limited_rounds", 0) > 0
                              or values.get("match_limit", 0) > 0)
    return MatchMeasures(winners, scores, first, {k: v for k, v in values.items() if v})


def totals_of(event: Event) -> list[int] | None:
    """Each seat's total after a round, from its ``round_scored`` event (totals or stacks)."""
    result = event.get("result") or {}
    totals = result.get("totals", result.get("stacks"))
    return list(totals) if isinstance(totals, list) else None


def _lead(events: list[Event], winners: list[int], low: bool, players: int) -> Values:
    """Lead changes, drama and decisiveness, from the totals after every round.

    The leader is the one seat on the best total (a shared lead changes nothing). Drama is the
    widest gap, in points, between the eventual winner and the best total after any round;
    decisiveness the share of rounds played before the winner became and stayed sole leader.
    """
    if not winners:
        return {}
    after = [t for t in (totals_of(e) for e in events if e["kind"] == "round_scored")
             if t is not None and len(t) == players]
    if not after:
        return {}
    leader: int | None = None
    changes = worst = 0
    not_sole = -1
    for i, totals in enumerate(after):
        best = min(totals) if low else max(totals)
        leaders = [s for s, t in enumerate(totals) if t == best]
        if len(leaders) == 1:
            if leader is not None and leaders[0] != leader:
                changes += 1
            leader = leaders[0]
        worst = max(worst, min(abs(totals[w] - best) for w in winners))
        if len(winners) > 1 or leaders != winners:
            not_sole = i
    return {"lead_changes": changes, "drama": worst, "comeback": int(worst > 0),
            "decided_permille": 1000 * (not_sole + 1) // len(after)}


# ---- helpers for the games' own measures ------------------------------------------------------

def rounds_of(events: list[Event]) -> list[list[Event]]:
    """The events of each round, from its deal to its score."""
    rounds: list[list[Event]] = []
    for event in events:
        if event["kind"] == "dealt":
            rounds.append([])
        if rounds:
            rounds[-1].append(event)
    return rounds


def round_first(state: State, round_events: list[Event]) -> int | None:
    """The seat that made the first decision of a round: the action after its deal."""
    version = round_events[0]["version"]
    return state.history[version][0] if version < len(state.history) else None


def turns_in(round_events: list[Event]) -> int:
    """The turns of a round in a draw-and-discard game: its draws from the stock or the pile."""
    return sum(1 for e in round_events if e["kind"] in ("drew_stock", "drew_discard"))


def round_result(round_events: list[Event]) -> dict[str, Any] | None:
    """The result of the round's ``round_scored`` event (None: the round was not scored)."""
    for event in reversed(round_events):
        if event["kind"] == "round_scored":
            result: dict[str, Any] = event["result"]
            return result
    return None


def add(values: Values, key: str, amount: int = 1) -> None:
    """Count ``amount`` more under ``key``."""
    values[key] = values.get(key, 0) + amount
