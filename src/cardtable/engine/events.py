"""Events: what a player notices when an action is applied, and who may see which part of it.

Every front end (terminal, server, browser) and every log is built from these, so there is one
place per game that decides what happened and one rule that decides who sees it. A field named in
an event's ``private`` table is shown only to the seat held by the field it points at; everyone
else gets the placeholder ``None`` (one per card for a list of cards, so the count stays public).
A leak would need a wrong entry in that table, which the conformance suite looks for by comparing
every stream against the full state.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Self

Card = str
"""A card in the game's own notation ("7H", "2 Ming Toy", "/ʃ/"); ``None`` when hidden."""


@dataclass(slots=True)
class Event:
    """Something that happened at the table. Subclasses name their ``kind`` and their secrets.

    Events are never changed once emitted (logs, clones and samples share them), but they are
    not frozen dataclasses: a frozen one costs nearly three times as much to make, and self-play
    makes one or two per decision.

    ``seat`` is the seat the event is about (who drew, who bet), or ``None`` for the table as a
    whole (a deal, a round's score). Field values are plain data: ints, strings, ``None``, and
    tuples or mappings of those; cards are given in the game's notation.
    """

    kind: ClassVar[str] = "event"
    #: field name -> the name of the field holding the one seat that may see it
    private: ClassVar[Mapping[str, str]] = {}

    seat: int | None

    def seen_by(self, viewer: int | None) -> Self:
        """This event as ``viewer`` (a seat, or ``None`` for a spectator) may know it."""
        if not self.private:  # most events are public: the fast path of every stream
            return self
        hidden = [
            name
            for name, owner in self.private.items()
            if viewer is None or getattr(self, owner) != viewer
        ]
        if not hidden:
            return self
        cls = type(self)
        masked = object.__new__(cls)  # a copy with the secrets blanked
        for name in _field_names(cls):
            value = getattr(self, name)
            setattr(masked, name, _hide(value) if name in hidden else value)
        return masked

    def to_json(self, viewer: int | None, version: int) -> dict[str, Any]:
        """Plain JSON-able data for ``viewer``; ``version`` is the state version it led to."""
        shown = self.seen_by(viewer)
        data: dict[str, Any] = {"version": version, "kind": self.kind}
        for name in _field_names(type(self)):
            value = getattr(shown, name)
            data[name] = value if value is None or type(value) in _SCALARS else _plain(value)
        return data


_SCALARS = frozenset({int, str, bool, float})
_NAMES: dict[type, tuple[str, ...]] = {}


def _field_names(cls: type) -> tuple[str, ...]:
    names = _NAMES.get(cls)
    if names is None:
        names = _NAMES[cls] = tuple(f.name for f in dataclasses.fields(cls))
    return names


def _hide(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return tuple(_hide(v) for v in value)
    return None


def _plain(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    return value


def cards_named(data: Any) -> list[str]:
    """Every string inside a JSON-able event (in no particular order), for leak checks: card
    names are strings, and an over-broad list (words, kinds) only makes such a check stricter,
    never blind."""
    found: list[str] = []
    stack = [data]
    while stack:
        item = stack.pop()
        kind = type(item)
        if kind is str:
            found.append(item)
        elif kind is dict or isinstance(item, Mapping):
            stack.extend(item.values())
        elif kind is list or kind is tuple:
            stack.extend(item)
    return found


# ---- events most games share -------------------------------------------------------------------
@dataclass(slots=True)
class Dealt(Event):
    """A round (deal, hand) begins: who deals, how many cards each seat holds, the face-up cards.

    Each seat's own cards come in a :class:`DealtHand` of its own, private to that seat.
    """

    kind: ClassVar[str] = "dealt"
    round: int
    dealer: int | None
    hand_sizes: tuple[int, ...]
    up: tuple[Card, ...]
    stock: int


@dataclass(slots=True)
class DealtHand(Event):
    """The cards dealt to ``seat``: the seat sees them, everyone else sees how many."""

    kind: ClassVar[str] = "dealt_hand"
    private: ClassVar[Mapping[str, str]] = {"cards": "seat"}
    cards: tuple[Card, ...]


@dataclass(slots=True)
class DrewStock(Event):
    """``seat`` drew from the stock: the card is the drawer's alone."""

    kind: ClassVar[str] = "drew_stock"
    private: ClassVar[Mapping[str, str]] = {"card": "seat"}
    card: Card | None


@dataclass(slots=True)
class DrewDiscard(Event):
    """``seat`` took the top of the discard pile, which everyone saw."""

    kind: ClassVar[str] = "drew_discard"
    card: Card


@dataclass(slots=True)
class Discarded(Event):
    kind: ClassVar[str] = "discarded"
    card: Card


@dataclass(slots=True)
class StockRebuilt(Event):
    """The stock ran out and was made again from the discard pile (``kept`` stays face up)."""

    kind: ClassVar[str] = "stock_rebuilt"
    cards: int
    kept: tuple[Card, ...]


@dataclass(slots=True)
class RoundScored(Event):
    """A round ended: the game's own summary of it (the same entry ``public_info`` lists)."""

    kind: ClassVar[str] = "round_scored"
    round: int
    result: Mapping[str, Any]


@dataclass(slots=True)
class MatchOver(Event):
    kind: ClassVar[str] = "match_over"
    scores: tuple[int, ...]
    winners: tuple[int, ...]


# ---- words ---------------------------------------------------------------------------------------
def a_card(card: Any) -> str:
    """"the 7H" when the card is known to the reader, "a card" when it is hidden."""
    return "a card" if card is None else f"the {card}"


def cards_phrase(cards: Any) -> str:
    """A list of cards as the reader may know them: named, or counted when hidden."""
    known = [c for c in cards if c is not None]
    hidden = len(cards) - len(known)
    parts = [" ".join(str(c) for c in known)] if known else []
    if hidden:
        parts.append("a card" if hidden == 1 else f"{hidden} cards")
    return " and ".join(parts) if parts else "no cards"


def describe_common(
    event: Mapping[str, Any], names: Any, say: Callable[[Any], str] = a_card
) -> str:
    """The wording of the kinds most games share; a game words its own kinds first. ``say``
    names a card the game's way ("the 7H", "2 Ming Toy", "/ɔ/"; "a card" when hidden)."""
    kind = event["kind"]
    who = names[event["seat"]] if event.get("seat") is not None else "The table"
    if kind == "dealt":
        dealer = event.get("dealer")
        by = f" by {names[dealer]}" if dealer is not None else ""
        up = f"; face up: {' '.join(event['up'])}" if event.get("up") else ""
        return f"Round {event['round']} is dealt{by}{up}."
    if kind == "dealt_hand":
        return f"{who} got {cards_phrase(event['cards'])}."
    if kind == "drew_stock":
        return f"{who} drew {say(event['card'])} from the stock."
    if kind == "drew_discard":
        return f"{who} took {say(event['card'])} from the discard pile."
    if kind == "discarded":
        return f"{who} discarded {say(event['card'])}."
    if kind == "stock_rebuilt":
        kept = f" ({' '.join(event['kept'])} stays face up)" if event.get("kept") else ""
        return f"The stock ran out: {event['cards']} discards were shuffled into a new stock{kept}."
    if kind == "round_scored":
        return f"Round {event['round']} is over."
    if kind == "match_over":
        winners = [names[s] for s in event["winners"]]
        scores = ", ".join(f"{names[s]} {t}" for s, t in enumerate(event["scores"]))
        return f"The match is over: {' and '.join(winners) or 'nobody'} won ({scores})."
    return f"{who}: {kind.replace('_', ' ')}."
