"""Daylily's own events and the words of its move log, shared by every front end."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from cardtable.engine.events import Card, Event, describe_common
from cardtable.games.daylily.cards import name, parse_card


@dataclass(slots=True)
class MeldDeclared(Event):
    """``seat`` declared a meld: public, final, and worth ``points`` at the round's end."""

    kind: ClassVar[str] = "meld_declared"
    cards: tuple[Card, ...]
    meld: str
    points: int


def flower(card: str | None) -> str:
    """A card by its flower's name and blooms ("2 Ming Toy"), or "a card" when hidden."""
    return "a card" if card is None else name(parse_card(card))


def describe(event: Mapping[str, Any], names: Sequence[str]) -> str:
    kind = event["kind"]
    who = names[event["seat"]] if event.get("seat") is not None else ""
    if kind == "meld_declared":
        cards = ", ".join(flower(c) for c in event["cards"])
        worth = f"{event['points']} points" if event["points"] != 1 else "1 point"
        return f"{who} declared a {event['meld']} ({cards}), worth {worth}."
    if kind == "dealt":
        up = flower(event["up"][0]) if event["up"] else "nothing"
        return (f"Round {event['round']} is dealt by {names[event['dealer']]}; "
                f"{up} starts the discard pile.")
    if kind == "dealt_hand" and all(c is not None for c in event["cards"]):
        # By name, as every other line names a flower: a browser shows no codes on its cards.
        return f"{who} got {', '.join(flower(c) for c in event['cards'])}."
    if kind == "stock_rebuilt":
        return f"The stock ran out: the {event['cards']} discards were shuffled into a new stock."
    if kind == "round_scored":
        result = event["result"]
        festival = result.get("festival")
        if festival is not None:
            return f"{names[festival]} presented the Festival; round {event['round']} is over."
        return f"Round {event['round']} ended without a Festival ({result['reason']})."
    return describe_common(event, names, flower)
