"""A referee for a real Day table: who wins the showdown, with which condition and points.

The answer comes from the evaluator the engine plays by (:mod:`cardtable.games.day.showdown`),
under the table's options (``moon_value``, ``kind_scope``, ``full_day_points``), so the referee
can never contradict a hand played in cardtable. The front end is
``cardtable judge day showdown --dealer "C1, C2, FINAL" --player "A, B" [--player ...]
[--substituted I ...]``; it finds the question through :func:`questions_for`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cardtable.engine.errors import ImpossibleCards, NotationError, OptionError
from cardtable.engine.game import game_class
from cardtable.engine.options import validate_options
from cardtable.engine.text import quoted, whole_number
from cardtable.games.day.cards import code, parse_cards
from cardtable.games.day.showdown import (
    CONDITION_NAMES,
    Evaluator,
    best_of,
    condition_of,
    evaluator_for,
    points_of,
)

DEALER_CARDS = 3
PLAYER_CARDS = 2


def _cards(text: str, count: int, what: str) -> list[int]:
    cards = parse_cards(text)
    if len(cards) != count:
        example = '"7 Rising, 9 Risen, 5 Setting"' if count == 3 else '"Crown, 4 Risen"'
        raise NotationError(
            f"{what} has {count} cards, not {len(cards)}: write them comma-separated, "
            f"e.g. {example}"
        )
    return cards


@dataclass(frozen=True, slots=True)
class Table:
    """A showdown as read from the command line."""

    dealer: list[int]
    players: list[list[int]]
    substituted: list[bool]


def read_table(args: Sequence[str]) -> Table:
    """Read ``--dealer``, ``--player`` (repeated) and ``--substituted I ...`` (0-based).

    NotationError when they cannot be read; ImpossibleCards when a card is named twice (the
    deck holds one of each), which the judge answers as no real showdown.
    """
    dealer: list[int] | None = None
    players: list[list[int]] = []
    subs: list[str] = []
    flag = ""
    for item in args:
        key, eq, value = item.partition("=")
        if item.startswith("--"):
            flag = key
            if flag not in ("--dealer", "--player", "--substituted"):
                raise NotationError(
                    f"unknown flag {quoted(key)}: the showdown takes --dealer, --player and "
                    "--substituted"
                )
            if not eq:
                continue
            item = value
        if flag == "--dealer":
            if dealer is not None:
                raise NotationError("--dealer is given twice: the dealer has one set of cards")
            dealer = _cards(item, DEALER_CARDS, "the dealer")
            flag = ""
        elif flag == "--player":
            players.append(_cards(item, PLAYER_CARDS, f"player {len(players)}"))
            flag = ""
        elif flag == "--substituted":
            subs.extend(part for part in item.replace(",", " ").split() if part)
        else:
            raise NotationError(
                f"{quoted(item)} belongs to no flag: write --dealer \"C1, C2, FINAL\" and "
                "--player \"A, B\" for each player"
            )
    if flag in ("--dealer", "--player"):
        raise NotationError(f"{flag} needs its cards after it")
    if dealer is None:
        raise NotationError('name the dealer\'s three cards: --dealer "C1, C2, FINAL"')
    if not players:
        raise NotationError('name at least one player\'s cards: --player "A, B"')
    substituted = [False] * len(players)
    for text in subs:
        number = whole_number(text)
        if number is None or number >= len(players):
            raise NotationError(
                f"--substituted {quoted(text)}: give player numbers from 0 to {len(players) - 1}"
            )
        substituted[number] = True
    seen: set[int] = set()
    for c in [*dealer, *(c for p in players for c in p)]:
        if c in seen:
            raise ImpossibleCards(f"{code(c)} is named twice, but the deck holds only one")
        seen.add(c)
    return Table(dealer, players, substituted)


def judge_showdown(table: Table, evaluator: Evaluator) -> dict[str, Any]:
    """Each player's condition and points (after any substitution) and who shares the best."""
    keys = evaluator.keys(table.dealer, table.players, table.substituted)
    return {
        "conditions": [CONDITION_NAMES[condition_of(k)] for k in keys],
        "points": [points_of(k) for k in keys],
        "best": best_of(keys),
    }


@dataclass(frozen=True, slots=True)
class Question:
    name: str
    usage: str
    summary: str
    evaluator: Evaluator
    blank: dict[str, Any]  # the answer's keys when the cards are no real showdown

    def answer(self, args: Sequence[str]) -> dict[str, Any]:
        return judge_showdown(read_table(args), self.evaluator)


def questions_for(name: str, options: Mapping[str, Any]) -> dict[str, Question]:
    """The Day referee's questions under ``options`` (the showdown options matter)."""
    o = validate_options(game_class(name).option_specs, dict(options))
    if o["rake_cap"] is not None and not o["rake"]:
        raise OptionError("option rake_cap needs a rake: set rake to a percentage too")
    ev = evaluator_for(o["moon_value"], o["kind_scope"], o["full_day_points"])
    return {
        "showdown": Question(
            "showdown",
            '--dealer "C1, C2, FINAL" --player "A, B" [--player "A, B" ...] '
            "[--substituted I ...]",
            "who wins the showdown -> conditions (highest-card, kind, eclipse, consecutive, "
            "full-consecutive, day, full-day), points after any substitution, best (players "
            "sharing the best result; several: the tie-breaker draw decides). Players are "
            "numbered from 0 in the order given.",
            ev,
            {"conditions": [], "points": [], "best": []},
        )
    }


CARD_HELP = (
    "Day cards: a value 1-12 or Moon and a suit Rising, Risen or Setting, or Crown; any case; "
    "lists comma-separated in one argument, e.g. \"7 Rising, Moon Setting, Crown\". Options "
    "(-o moon_value=13, kind_scope=hand, full_day_points=7) change the showdown judged."
)


EXAMPLES: tuple[str, ...] = (
    'cardtable judge day showdown --dealer "7 Rising, 9 Risen, 5 Setting" '
    '--player "Crown, 4 Risen" --player "7 Risen, 10 Setting" --substituted 1',
)
"""Command lines for ``cardtable judge --help`` to show."""
