"""The 45-card Daylily deck: fifteen flowers, each with one, two and three blooms.

A card is an ``int`` 0..44 (``flower * 3 + blooms - 1``) so that a hand is a bit mask and the meld
tables can be indexed by masked hands; names and short codes exist only at the edges.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from cardtable.engine.errors import NotationError
from cardtable.engine.text import quoted, whole_number


@dataclass(frozen=True, slots=True)
class Flower:
    name: str
    code: str
    family: str


FAMILIES: tuple[str, ...] = ("Red", "Yellow", "Pink", "Purple", "Orange", "Pandora")

FLOWERS: tuple[Flower, ...] = (
    Flower("Ming Toy", "MT", "Red"),
    Flower("Fly Catcher", "FC", "Red"),
    Flower("Carlotta", "CA", "Red"),
    Flower("Stella d'Oro", "SD", "Yellow"),
    Flower("Shady Lady", "SL", "Yellow"),
    Flower("Allenhurst Frances", "AF", "Yellow"),
    Flower("Flamboyant Vamp", "FV", "Pink"),
    Flower("Dublin Elaine", "DE", "Pink"),
    Flower("Persian Market", "PM", "Pink"),
    Flower("Manhattan Night", "MN", "Purple"),
    Flower("Trahlyta", "TR", "Purple"),
    Flower("Allenhurst Royalty", "AR", "Purple"),
    Flower("Infinity", "IN", "Orange"),
    Flower("Goebel Porter", "GP", "Orange"),
    Flower("Pandora's Box", "PB", "Pandora"),
)

# Each attribute is shared by exactly two flowers; a pair takes one card of each.
ATTRIBUTES: tuple[tuple[str, str, str], ...] = (
    ("early bloomer", "Ming Toy", "Stella d'Oro"),
    ("spider", "Fly Catcher", "Flamboyant Vamp"),
    ("double bloom", "Dublin Elaine", "Infinity"),
    ("orange", "Infinity", "Goebel Porter"),
    ("purple accent", "Shady Lady", "Pandora's Box"),
)

DECK_SIZE = len(FLOWERS) * 3
FULL_DECK = (1 << DECK_SIZE) - 1
FLOWER_INDEX = {flower.name: i for i, flower in enumerate(FLOWERS)}
PANDORA = FLOWER_INDEX["Pandora's Box"]
SHADY_LADY = FLOWER_INDEX["Shady Lady"]
PANDORA_MASK = 0b111 << (PANDORA * 3)


def card(flower: str, blooms: int) -> int:
    return FLOWER_INDEX[flower] * 3 + blooms - 1


def flower_of(c: int) -> Flower:
    return FLOWERS[c // 3]


def blooms_of(c: int) -> int:
    return c % 3 + 1


def family_of(c: int) -> str:
    return FLOWERS[c // 3].family


def code(c: int) -> str:
    """The short notation of a card, e.g. ``2MT`` for two-bloom Ming Toy."""
    return f"{c % 3 + 1}{FLOWERS[c // 3].code}"


CODES: tuple[str, ...] = tuple(code(c) for c in range(DECK_SIZE))
"""Every card's notation by its number: events and deals name cards by table lookup."""


def name(c: int) -> str:
    """The full name of a card, e.g. ``2 Ming Toy``."""
    return f"{c % 3 + 1} {FLOWERS[c // 3].name}"


def _squash(text: str) -> str:
    return re.sub(r"[^a-z]", "", text.lower())


_LOOKUP: dict[str, int] = {}
for _i, _f in enumerate(FLOWERS):
    _LOOKUP[_squash(_f.name)] = _i
    _LOOKUP[_squash(_f.code)] = _i
_LOOKUP["flycatcher"] = FLOWER_INDEX["Fly Catcher"]
_LOOKUP["pandorasbox"] = PANDORA
_LOOKUP["pandora"] = PANDORA


def parse_card(text: str) -> int:
    """Read ``"2 Ming Toy"``, ``"2MT"`` or ``"2 mingtoy"``.

    Flower names ignore case, spaces and punctuation, as players write them every which way.
    """
    match = re.fullmatch(r"\s*([0-9]+)\s*([^0-9]+?)\s*", text)
    blooms = whole_number(match.group(1)) if match else None
    if not match or blooms is None:
        raise NotationError(
            f"{quoted(text.strip())} is not a card: write blooms then flower, e.g. '2 Ming Toy'"
        )
    flower = _LOOKUP.get(_squash(match.group(2)))
    if flower is None:
        raise NotationError(f"{quoted(match.group(2).strip())} is not a flower of the Daylily deck")
    if blooms not in (1, 2, 3):
        raise NotationError(f"a Daylily card has 1, 2 or 3 blooms, not {blooms}")
    return flower * 3 + blooms - 1


def parse_cards(text: str) -> list[int]:
    """Read several cards: ``"1MT 2MT 3MT"``, ``"1 Ming Toy, 2 Ming Toy"`` or one per item."""
    pieces = re.findall(r"[0-9]+\s*[^0-9,]+", text)
    leftover = re.sub(r"[0-9]+\s*[^0-9,]+", "", text).replace(",", "").strip()
    if leftover:
        raise NotationError(f"{leftover!r} is not part of any card")
    return [parse_card(piece) for piece in pieces]


def cards_of(mask: int) -> list[int]:
    """The cards of a mask, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def mask_of(cards: list[int] | tuple[int, ...]) -> int:
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask
