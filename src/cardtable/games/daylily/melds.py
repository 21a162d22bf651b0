"""Every legal Daylily meld, built once as bit masks, and the lookups play needs.

The deck is small enough that all 354 melds can be listed up front; a hand's possible melds are
then found by masking the hand with a few "components" (a colour family, an attribute's two
flowers, the purple family with its accents) and looking the masked hand up in a table, which is
what keeps legal-move generation cheap enough for millions of simulated deals.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product

from cardtable.games.daylily.cards import (
    ATTRIBUTES,
    FLOWER_INDEX,
    FLOWERS,
    PANDORA,
    PANDORA_MASK,
    SHADY_LADY,
    cards_of,
    mask_of,
)

PANDORA_BONUS = 3
PAIR, TRIO_RUN, TRIO_SET, QUAD = "pair", "trio-run", "trio-set", "quad"


@dataclass(frozen=True, slots=True)
class Meld:
    """A legal meld: its cards, kind, and what it earns when declared."""

    mask: int
    cards: tuple[int, ...]
    kind: str
    scoring: bool  # earns meld points (one a card, or the trio's 3 in a quad with a safe accent)
    base_points: int  # meld points without the Pandora's Box bonus
    pandoras: int

    @property
    def points(self) -> int:
        """What the meld earns when declared: meld points plus 3 per Pandora's Box."""
        return self.base_points + PANDORA_BONUS * self.pandoras

    @property
    def size(self) -> int:
        return len(self.cards)


def _flowers_of_family(family: str) -> list[int]:
    return [i for i, f in enumerate(FLOWERS) if f.family == family]


def _make(cards: list[int], kind: str, base_points: int) -> Meld:
    mask = mask_of(cards)
    pandoras = (mask & PANDORA_MASK).bit_count()
    return Meld(mask, tuple(sorted(cards)), kind, base_points > 0, base_points, pandoras)


def _build() -> list[Meld]:
    melds: list[Meld] = []
    for _attr, a, b in ATTRIBUTES:
        fa, fb = FLOWER_INDEX[a], FLOWER_INDEX[b]
        for ba, bb in product((1, 2, 3), repeat=2):
            melds.append(_make([fa * 3 + ba - 1, fb * 3 + bb - 1], PAIR, 2 if ba == bb else 0))
    purple_trios: list[Meld] = []
    for family in ("Red", "Yellow", "Pink", "Purple", "Orange", "Pandora"):
        flowers = _flowers_of_family(family)
        trios: list[Meld] = []
        for f1, f2, f3 in product(flowers, repeat=3):
            scoring = f1 == f2 == f3
            trios.append(_make([f1 * 3, f2 * 3 + 1, f3 * 3 + 2], TRIO_RUN, 3 if scoring else 0))
        if len(flowers) == 3:  # Orange has two flowers and Pandora's Box one: no sets
            for blooms in (1, 2, 3):
                trios.append(_make([f * 3 + blooms - 1 for f in flowers], TRIO_SET, 3))
        melds.extend(trios)
        if family == "Purple":
            purple_trios = trios
    accents = [SHADY_LADY * 3 + b for b in range(3)] + [PANDORA * 3 + b for b in range(3)]
    for trio in purple_trios:
        for accent in accents:
            if trio.kind == TRIO_SET and trio.cards[0] % 3 == accent % 3:
                base = 4
            else:
                base = trio.base_points
            melds.append(_make([*trio.cards, accent], QUAD, base))
    return melds


MELDS: tuple[Meld, ...] = tuple(_build())
MELD_BY_MASK: dict[int, Meld] = {m.mask: m for m in MELDS}
assert len(MELD_BY_MASK) == len(MELDS), "two melds share the same cards"


def classify(cards: list[int] | tuple[int, ...]) -> Meld | None:
    """The meld these exact cards form, or None."""
    if len(set(cards)) != len(cards):
        return None
    return MELD_BY_MASK.get(mask_of(list(cards)))


def why_not_meld(cards: list[int] | tuple[int, ...]) -> str:
    """A player-readable reason why these cards are not a meld (assumes they are not)."""
    from cardtable.games.daylily.cards import blooms_of, family_of, flower_of

    if len(set(cards)) != len(cards):
        return "a card appears twice"
    n = len(cards)
    if n < 2 or n > 4:
        return f"a meld has 2, 3 or 4 cards, not {n}"
    if n == 2:
        a, b = flower_of(cards[0]).name, flower_of(cards[1]).name
        if a == b:
            return f"a pair takes two different flowers that share an attribute, not two {a}"
        for attr, x, y in ATTRIBUTES:
            if {a, b} == {x, y}:
                return f"those two share the {attr} attribute but do not make a pair"  # unreachable
        return f"{a} and {b} share no attribute, so they are not a pair"
    if n == 3:
        families = {family_of(c) for c in cards}
        if len(families) > 1:
            return "a trio must come from one colour family"
        blooms = sorted(blooms_of(c) for c in cards)
        if blooms == [1, 2, 3]:
            return "that is not a trio run"  # unreachable: every 1-2-3 in a family is a run
        if len(set(blooms)) == 1:
            return "a trio set needs the three different flowers of its family (Orange has none)"
        return "a trio is either 1, 2, 3 blooms (a run) or one number of blooms (a set)"
    purple = [c for c in cards if family_of(c) == "Purple"]
    accents = [c for c in cards if flower_of(c).name in ("Shady Lady", "Pandora's Box")]
    if len(purple) != 3 or len(accents) != 1:
        return "a quad is a purple trio plus one Shady Lady or Pandora's Box"
    return "the three purple cards are not a trio"


# ---- lookups by component --------------------------------------------------------------------

def _component_masks() -> list[int]:
    comps: list[int] = []
    for family in ("Red", "Yellow", "Pink", "Purple", "Orange", "Pandora"):
        comps.append(mask_of([f * 3 + b for f in _flowers_of_family(family) for b in range(3)]))
    for _attr, a, b in ATTRIBUTES:
        fa, fb = FLOWER_INDEX[a], FLOWER_INDEX[b]
        comps.append(mask_of([f * 3 + x for f in (fa, fb) for x in range(3)]))
    comps.append(comps[3] | mask_of([f * 3 + x for f in (SHADY_LADY, PANDORA) for x in range(3)]))
    return comps


_COMPONENTS = _component_masks()
# Each meld lies inside exactly one component; remember which, for the masked-hand tables.
_MELDS_IN: list[list[Meld]] = [[] for _ in _COMPONENTS]
for _m in MELDS:
    if _m.kind == QUAD:
        _MELDS_IN[-1].append(_m)
    elif _m.kind == PAIR:
        _MELDS_IN[next(i for i in range(6, 11) if _m.mask & _COMPONENTS[i] == _m.mask)].append(_m)
    else:
        _MELDS_IN[next(i for i in range(6) if _m.mask & _COMPONENTS[i] == _m.mask)].append(_m)
_TABLES: list[dict[int, tuple[tuple[Meld, ...], int]]] = [{} for _ in _COMPONENTS]
COMPONENT_TABLES = tuple(zip(_COMPONENTS, _TABLES, _MELDS_IN, strict=True))


def _lookup(table: dict[int, tuple[tuple[Meld, ...], int]], members: list[Meld], sub: int
            ) -> tuple[tuple[Meld, ...], int]:
    found = tuple(m for m in members if m.mask & sub == m.mask)
    union = 0
    for m in found:
        union |= m.mask
    table[sub] = (found, union)
    return found, union


def melds_in(hand: int) -> list[Meld]:
    """Every meld that can be made from the cards of ``hand``."""
    out: list[Meld] = []
    for comp, table, members in COMPONENT_TABLES:
        sub = hand & comp
        entry = table.get(sub)
        if entry is None:
            entry = _lookup(table, members, sub)
        if entry[1]:
            out.extend(entry[0])
    return out


def coverable(hand: int) -> int:
    """The cards of ``hand`` that lie in at least one meld made from ``hand``."""
    union = 0
    for comp, table, members in COMPONENT_TABLES:
        sub = hand & comp
        entry = table.get(sub)
        if entry is None:
            entry = _lookup(table, members, sub)
        union |= entry[1]
    return union


# Melds indexed by their lowest card: the solvers branch on the lowest card still unplaced.
BY_LOW: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((m.mask, m.points) for m in MELDS if (m.mask & -m.mask).bit_length() - 1 == c)
    for c in range(45)
)


def describe(meld: Meld) -> str:
    from cardtable.games.daylily.cards import name

    return ", ".join(name(c) for c in meld.cards)


__all__ = [
    "MELDS",
    "MELD_BY_MASK",
    "PAIR",
    "QUAD",
    "TRIO_RUN",
    "TRIO_SET",
    "Meld",
    "cards_of",
    "classify",
    "melds_in",
    "why_not_meld",
]
