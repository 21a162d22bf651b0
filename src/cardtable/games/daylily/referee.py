"""A referee for a real Daylily table: answers about melds, a loser's hand and going out.

People playing with the printed cards disagree about what counts; these functions settle it with
the same meld tables and solvers the engine plays by, so the referee can never contradict a game
played in cardtable. Every answer is a plain JSON-able dict; reading the cards from text and
printing the answer are left to the front end (``cardtable judge daylily ...``), which finds the
questions through :data:`QUESTIONS`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from cardtable.engine.errors import ImpossibleCards, NotationError
from cardtable.games.daylily.cards import (
    ATTRIBUTES,
    blooms_of,
    cards_of,
    family_of,
    flower_of,
    mask_of,
    name,
    parse_card,
    parse_cards,
)
from cardtable.games.daylily.melds import (
    PAIR,
    QUAD,
    TRIO_RUN,
    Meld,
    classify,
    coverable,
    why_not_meld,
)
from cardtable.games.daylily.solver import best_arrangement, best_going_out

GOING_OUT_CARDS = 11  # ten melded cards plus the final discard


# ---- reading the cards -----------------------------------------------------------------------

def read_cards(args: Sequence[str]) -> list[int]:
    """The cards named by ``args``, one card an argument (several in one argument also work).

    Raises NotationError for anything that is not a card and for no cards at all, and
    ImpossibleCards for a card named twice: the deck holds each card once, so such a list was
    read but describes no real table.
    """
    cards: list[int] = []
    for arg in args:
        if len(re.findall(r"[0-9]+", arg)) > 1:
            cards.extend(parse_cards(arg))  # "1MT 2MT 3MT" quoted as one argument
        else:
            cards.append(parse_card(arg))
    if not cards:
        raise NotationError("name at least one card, e.g. '2 Ming Toy'")
    seen: set[int] = set()
    for c in cards:
        if c in seen:
            raise ImpossibleCards(f"{name(c)} is named twice, but the deck holds only one")
        seen.add(c)
    return cards


def card_names(cards: Sequence[int]) -> list[str]:
    return [name(c) for c in cards]


def _and(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


# ---- describing a meld -----------------------------------------------------------------------

def _attribute(meld: Meld) -> str:
    flowers = {flower_of(c).name for c in meld.cards}
    for attr, a, b in ATTRIBUTES:
        if flowers == {a, b}:
            return attr
    raise AssertionError(f"pair without a shared attribute: {meld.cards}")  # melds are built so


def _trio_words(trio: Sequence[int], kind: str) -> str:
    """What a trio is, without its scoring: 'trio run of Ming Toy', 'Red trio set of 1 bloom'."""
    flowers = {flower_of(c).name for c in trio}
    family = family_of(trio[0])
    if kind == TRIO_RUN:
        if len(flowers) == 1:
            return f"trio run of {next(iter(flowers))}"
        return f"{family} trio run of mixed flowers"
    blooms = blooms_of(trio[0])
    return f"{family} trio set of {blooms} bloom{'s' if blooms > 1 else ''} each"


def describe_meld(meld: Meld) -> str:
    """A short description a player would say aloud, e.g. 'scoring trio run of Ming Toy'."""
    if meld.kind == PAIR:
        blooms = "same blooms" if meld.scoring else "blooms differ"
        text = f"{'scoring' if meld.scoring else 'safe'} {_attribute(meld)} pair ({blooms})"
    elif meld.kind == QUAD:
        accent = next(c for c in meld.cards if family_of(c) != "Purple")
        trio = [c for c in meld.cards if c != accent]
        trio_meld = classify(trio)
        assert trio_meld is not None  # a quad's purple cards are always a trio
        trio_text = f"{'scoring' if trio_meld.scoring else 'safe'} " + _trio_words(
            trio, trio_meld.kind
        )
        if meld.base_points > trio_meld.base_points:
            how = f"with a matching {name(accent)} accent, scoring 4 in all"
        else:
            how = f"with {name(accent)} as a safe accent"
        text = f"quad: {trio_text} {how}"
    else:
        text = f"{'scoring' if meld.scoring else 'safe'} {_trio_words(meld.cards, meld.kind)}"
    if meld.pandoras:
        text += f", plus {3 * meld.pandoras} Pandora's Box bonus"
    return text


# ---- the three questions ---------------------------------------------------------------------

def judge_meld(cards: Sequence[int]) -> dict[str, Any]:
    """Is this a meld, of which kind, and what does declaring it earn (bonus included)?"""
    meld = classify(list(cards))
    if meld is None:
        return {
            "valid": False,
            "kind": None,
            "scoring": False,
            "points": 0,
            "reason": why_not_meld(list(cards)),
        }
    return {
        "valid": True,
        "kind": meld.kind,
        "scoring": meld.scoring,
        "points": meld.points,
        "reason": describe_meld(meld),
    }


def judge_hand(cards: Sequence[int]) -> dict[str, Any]:
    """A loser's cards at a Festival: the in-hand melds best for them, the penalty, the strays.

    Follows the ruling: first keep every Pandora's Box inside an in-hand meld if possible, then
    give the winner as few cards as possible. In-hand melds earn nothing; each stray card goes to
    the winner, and a stray Pandora's Box also costs its holder 10.
    """
    arrangement = best_arrangement(mask_of(list(cards)))
    return {
        "melds": [card_names(m.cards) for m in arrangement.melds],
        "score": -arrangement.penalty,
        "to_winner": len(arrangement.strays),
        "strays": card_names(arrangement.strays),
    }


def judge_out(cards: Sequence[int]) -> dict[str, Any]:
    """Can these eleven cards go out (ten melded plus a discard), and for how many points at best?

    Points are meld points and Pandora's Box bonuses of the declaration; the Festival bonus and
    the cards the other players hand over are not counted, since they depend on the others.
    """
    if len(cards) != GOING_OUT_CARDS:
        return {
            "can_go_out": False,
            "melds": [],
            "discard": None,
            "points": 0,
            "reason": f"going out takes {GOING_OUT_CARDS} cards (ten melded and a final "
            f"discard), not {len(cards)}",
        }
    hand = mask_of(list(cards))
    found = best_going_out(hand)
    if found is None:
        lonely = cards_of(hand & ~coverable(hand))
        if len(lonely) > 1:
            reason = (
                f"{_and(card_names(lonely))} fit in no meld with the other cards, "
                "and only one card can be the final discard"
            )
        else:
            reason = "no way to split ten of these cards into pairs, trios and quads"
        return {"can_go_out": False, "melds": [], "discard": None, "points": 0, "reason": reason}
    return {
        "can_go_out": True,
        "melds": [card_names(m.cards) for m in found.melds],
        "discard": name(found.discard),
        "points": found.points,
    }


# ---- the question table the front end reads ----------------------------------------------------

@dataclass(frozen=True, slots=True)
class Question:
    """One question a referee answers: its name, the arguments it takes, what it answers."""

    name: str
    usage: str
    summary: str
    judge: Callable[[Sequence[int]], dict[str, Any]]
    blank: dict[str, Any]  # the answer's keys when the cards are no real hand

    def answer(self, args: Sequence[str]) -> dict[str, Any]:
        """Read the arguments (NotationError if they are not cards, ImpossibleCards if no real
        hand holds them) and answer."""
        return self.judge(read_cards(args))


QUESTIONS: dict[str, Question] = {
    q.name: q
    for q in (
        Question(
            "meld", "CARD...",
            "is this a meld? -> valid, kind (pair|trio-run|trio-set|quad), scoring, points "
            "when declared (Pandora's Box bonus included), reason",
            judge_meld,
            {"valid": False, "kind": None, "scoring": False, "points": 0},
        ),
        Question(
            "hand", "CARD...",
            "a loser's cards in hand at a Festival -> melds kept in hand, score (-10 per stray "
            "Pandora's Box), to_winner (cards handed to the winner), strays",
            judge_hand,
            {"melds": [], "score": None, "to_winner": None, "strays": []},
        ),
        Question(
            "out", "CARD x11",
            "can these eleven cards go out? -> can_go_out, melds, discard, points (Festival "
            "bonus and opponents' cards not counted); reason when not",
            judge_out,
            {"can_go_out": False, "melds": [], "discard": None, "points": 0},
        ),
    )
}

CARD_HELP = (
    "Cards: one argument each, blooms then flower, e.g. \"2 Ming Toy\", \"3 stella doro\" or "
    "\"1PB\"; flower names ignore case, spaces and punctuation. The deck holds each card once, "
    "so cards with one named twice are no real hand: the answer is \"valid\": false with the "
    "reason. Naming no card is an error (exit 2)."
)


EXAMPLES: tuple[str, ...] = (
    'cardtable judge daylily meld "1 Carlotta" "2 Ming Toy" "3 Fly Catcher"',
    'cardtable judge daylily hand "1 Pandora\'s Box" 1MT 2MT 3MT',
)
"""Command lines for ``cardtable judge --help`` to show."""
