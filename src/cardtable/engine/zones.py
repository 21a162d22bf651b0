"""Zones and who may see them.

A seat's view is computed from the zones a game reports, never assembled field by field: a leak
would need a zone with the wrong visibility, which the secrecy tests look for, rather than one
forgotten field somewhere in a view function.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any


class Visibility(Enum):
    """Who sees the faces of the cards in a zone."""

    PUBLIC = "public"  # everyone, spectators included (discard pile, declared melds)
    OWNER = "owner"  # only the seat that owns the zone (a hand)
    NOBODY = "nobody"  # no one (the stock)


@dataclass(frozen=True, slots=True)
class Zone:
    """A place cards lie, with its cards in order (bottom first) and its visibility.

    ``known`` lists cards of a hidden zone that every player has seen go there, such as a card
    taken from the discard pile into a hand; they are shown to everyone.
    """

    name: str
    cards: tuple[str, ...]
    visibility: Visibility
    owner: int | None = None
    known: tuple[str, ...] = field(default=())

    def visible_to(self, seat: int | None) -> bool:
        if self.visibility is Visibility.PUBLIC:
            return True
        return self.visibility is Visibility.OWNER and seat is not None and seat == self.owner

    def view(self, seat: int | None) -> dict[str, Any]:
        entry: dict[str, Any] = {"owner": self.owner, "count": len(self.cards)}
        if self.visible_to(seat):
            entry["cards"] = list(self.cards)
        elif self.known:
            entry["known"] = list(self.known)
        return entry
