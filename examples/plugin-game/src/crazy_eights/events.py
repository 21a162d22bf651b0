"""Crazy Eights' own events and the words of its move log, the same in every front end."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from cardtable.engine.events import Card, Event, describe_common

from crazy_eights.cards import RANK_NAMES, SUIT_NAMES, SUIT_SYMBOLS, parse_card, rank_of, suit_of


@dataclass(slots=True)
class Played(Event):
    """``seat`` played ``card`` face up; an eight names ``suit`` (a suit's name), others None.
    ``left`` is how many cards the seat still holds: everyone counts them."""

    kind: ClassVar[str] = "played"
    card: Card
    suit: str | None
    left: int


@dataclass(slots=True)
class Passed(Event):
    """``seat`` ended its turn without playing."""

    kind: ClassVar[str] = "passed"


def short(card: str | None) -> str:
    """A card as sentences name it ("7♥"), or "a card" when hidden."""
    if card is None:
        return "a card"
    c = parse_card(card)
    rank = rank_of(c)
    text = {1: "A", 11: "J", 12: "Q", 13: "K"}.get(rank, str(rank))
    return text + SUIT_SYMBOLS[suit_of(c)]


def the(card: str | None) -> str:
    return "a card" if card is None else f"the {short(card)}"


def long_name(card: str) -> str:
    """"the seven of hearts"."""
    c = parse_card(card)
    return f"the {RANK_NAMES[rank_of(c)]} of {SUIT_NAMES[suit_of(c)]}"


def describe(event: Mapping[str, Any], names: Sequence[str]) -> str:
    kind = event["kind"]
    who = names[event["seat"]] if event.get("seat") is not None else "The table"
    if kind == "played":
        named = f" and named {event['suit']}" if event.get("suit") else ""
        left = event.get("left")
        tail = " and went out" if left == 0 else (" (one card left)" if left == 1 else "")
        return f"{who} played {the(event['card'])}{named}{tail}."
    if kind == "passed":
        return f"{who} passed."
    if kind == "dealt":
        sizes = event["hand_sizes"]
        starter = the(event["up"][0]) if event.get("up") else "nothing"
        return (f"Hand {event['round']} is dealt by {names[event['dealer']]}, "
                f"{sizes[0]} cards each; {starter} starts the discard pile.")
    if kind == "dealt_hand" and all(c is not None for c in event["cards"]):
        return f"{who} got {', '.join(short(c) for c in event['cards'])}."
    if kind == "round_scored":
        result = event["result"]
        out = result.get("out")
        if out is not None:
            return f"{names[out]} went out; hand {event['round']} is over."
        return f"Hand {event['round']} is blocked: nobody can play and the stock is empty."
    return describe_common(event, names, the)
