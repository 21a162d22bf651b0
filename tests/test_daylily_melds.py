"""Daylily melds checked against an oracle written here, straight from the rules.

The oracle knows the deck only by flower names, colour families and the five shared attributes,
and decides every meld question by the rules' own wording. The engine's tables (melds.py) and
searches (solver.py) are built differently, for speed; if both agree on every 2-, 3- and 4-card
combination of the 45 cards, a wrong table entry has nowhere to hide.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import combinations

import pytest

from cardtable.games.daylily import cards as deck
from cardtable.games.daylily.cards import card, mask_of
from cardtable.games.daylily.melds import (
    MELDS,
    PAIR,
    QUAD,
    TRIO_RUN,
    TRIO_SET,
    classify,
    coverable,
    melds_in,
    why_not_meld,
)
from cardtable.games.daylily.solver import best_arrangement, best_going_out

# ---- the deck as the rules describe it -------------------------------------------------------

FAMILY = {
    "Ming Toy": "Red", "Fly Catcher": "Red", "Carlotta": "Red",
    "Stella d'Oro": "Yellow", "Shady Lady": "Yellow", "Allenhurst Frances": "Yellow",
    "Flamboyant Vamp": "Pink", "Dublin Elaine": "Pink", "Persian Market": "Pink",
    "Manhattan Night": "Purple", "Trahlyta": "Purple", "Allenhurst Royalty": "Purple",
    "Infinity": "Orange", "Goebel Porter": "Orange",
    "Pandora's Box": "Pandora's Box",  # a family of its own
}
SHARED_ATTRIBUTE = {
    frozenset({"Ming Toy", "Stella d'Oro"}): "early bloomer",
    frozenset({"Fly Catcher", "Flamboyant Vamp"}): "spider",
    frozenset({"Dublin Elaine", "Infinity"}): "double bloom",
    frozenset({"Infinity", "Goebel Porter"}): "orange",
    frozenset({"Shady Lady", "Pandora's Box"}): "purple accent",
}
ACCENTS = {"Shady Lady", "Pandora's Box"}
ALL_CARDS = [(flower, blooms) for flower in FAMILY for blooms in (1, 2, 3)]
ID = {fb: card(*fb) for fb in ALL_CARDS}
BY_ID = {v: k for k, v in ID.items()}


def pandoras(hand: list[tuple[str, int]]) -> int:
    return sum(1 for flower, _ in hand if flower == "Pandora's Box")


def trio(hand: list[tuple[str, int]]) -> tuple[str, int] | None:
    """(kind, meld points) of three cards as a trio, or None; no Pandora bonus here."""
    families = {FAMILY[f] for f, _ in hand}
    if len(families) != 1:
        return None
    blooms = sorted(b for _, b in hand)
    flowers = {f for f, _ in hand}
    if blooms == [1, 2, 3]:
        return (TRIO_RUN, 3 if len(flowers) == 1 else 0)
    family = families.pop()
    family_size = sum(1 for fam in FAMILY.values() if fam == family)
    if len(set(blooms)) == 1 and len(flowers) == 3 and family_size == 3:
        return (TRIO_SET, 3)
    return None


def oracle(hand: list[tuple[str, int]]) -> tuple[str, int] | None:
    """(kind, points when declared, Pandora's Box bonus included) or None for a non-meld."""
    found: tuple[str, int] | None = None
    if len(hand) == 2:
        (fa, ba), (fb, bb) = hand
        if fa != fb and frozenset({fa, fb}) in SHARED_ATTRIBUTE:
            found = (PAIR, 2 if ba == bb else 0)
    elif len(hand) == 3:
        found = trio(hand)
    elif len(hand) == 4:
        accents = [c for c in hand if c[0] in ACCENTS]
        purples = [c for c in hand if FAMILY[c[0]] == "Purple"]
        if len(accents) == 1 and len(purples) == 3:
            inner = trio(purples)
            if inner is not None:
                kind, points = inner
                same_blooms = {b for _, b in purples} == {accents[0][1]}
                found = (QUAD, 4 if kind == TRIO_SET and same_blooms else points)
    if found is None:
        return None
    return (found[0], found[1] + 3 * pandoras(hand))


def ids(*names: tuple[str, int]) -> list[int]:
    return [ID[n] for n in names]


# ---- the deck ---------------------------------------------------------------------------------

def test_deck_has_fifteen_flowers_in_three_bloom_counts_with_the_rules_families() -> None:
    assert sorted(ID.values()) == list(range(45))
    for (flower, blooms), c in ID.items():
        assert deck.flower_of(c).name == flower
        assert deck.blooms_of(c) == blooms
        family = FAMILY[flower]
        assert deck.family_of(c) == ("Pandora" if family == "Pandora's Box" else family)
        assert deck.name(c) == f"{blooms} {flower}"
    assert {frozenset(pair): attr for attr, *pair in deck.ATTRIBUTES} == SHARED_ATTRIBUTE
    assert len({deck.code(c) for c in range(45)}) == 45


# ---- examples from the rule text ---------------------------------------------------------------

@pytest.mark.parametrize(
    ("hand", "kind", "points"),
    [
        # runs: mixed flowers of one family are safe, one flower throughout scores
        ([("Carlotta", 1), ("Ming Toy", 2), ("Fly Catcher", 3)], TRIO_RUN, 0),
        ([("Carlotta", 1), ("Ming Toy", 2), ("Ming Toy", 3)], TRIO_RUN, 0),
        ([("Ming Toy", 1), ("Ming Toy", 2), ("Ming Toy", 3)], TRIO_RUN, 3),
        ([("Infinity", 1), ("Goebel Porter", 2), ("Infinity", 3)], TRIO_RUN, 0),
        # sets: one bloom count across the family's three flowers, always scoring
        ([("Carlotta", 1), ("Ming Toy", 1), ("Fly Catcher", 1)], TRIO_SET, 3),
        ([("Manhattan Night", 1), ("Trahlyta", 1), ("Allenhurst Royalty", 1)], TRIO_SET, 3),
        ([("Flamboyant Vamp", 2), ("Dublin Elaine", 2), ("Persian Market", 2)], TRIO_SET, 3),
        ([("Stella d'Oro", 3), ("Shady Lady", 3), ("Allenhurst Frances", 3)], TRIO_SET, 3),
        # Pandora's Box 1-2-3: three for the scoring run plus three for each box
        ([("Pandora's Box", 1), ("Pandora's Box", 2), ("Pandora's Box", 3)], TRIO_RUN, 12),
        # pairs: same blooms score two, different blooms are safe
        ([("Ming Toy", 2), ("Stella d'Oro", 2)], PAIR, 2),
        ([("Ming Toy", 1), ("Stella d'Oro", 3)], PAIR, 0),
        ([("Fly Catcher", 3), ("Flamboyant Vamp", 3)], PAIR, 2),
        ([("Dublin Elaine", 1), ("Infinity", 1)], PAIR, 2),
        ([("Infinity", 2), ("Goebel Porter", 1)], PAIR, 0),  # Infinity's second attribute
        ([("Shady Lady", 1), ("Pandora's Box", 1)], PAIR, 5),
        ([("Shady Lady", 1), ("Pandora's Box", 2)], PAIR, 3),  # safe, but the bonus counts
        # quads: a purple trio and one accent, declared together
        ([("Manhattan Night", 2), ("Trahlyta", 2), ("Allenhurst Royalty", 2), ("Shady Lady", 2)],
         QUAD, 4),
        ([("Manhattan Night", 2), ("Trahlyta", 2), ("Allenhurst Royalty", 2), ("Shady Lady", 3)],
         QUAD, 3),
        ([("Trahlyta", 1), ("Trahlyta", 2), ("Trahlyta", 3), ("Shady Lady", 1)], QUAD, 3),
        ([("Trahlyta", 1), ("Manhattan Night", 2), ("Trahlyta", 3), ("Shady Lady", 1)], QUAD, 0),
        ([("Trahlyta", 1), ("Manhattan Night", 2), ("Trahlyta", 3), ("Pandora's Box", 2)],
         QUAD, 3),
        ([("Manhattan Night", 3), ("Trahlyta", 3), ("Allenhurst Royalty", 3),
          ("Pandora's Box", 3)], QUAD, 7),
    ],
)
def test_rule_text_melds_are_recognised_with_their_points(
    hand: list[tuple[str, int]], kind: str, points: int
) -> None:
    meld = classify(ids(*hand))
    assert meld is not None, why_not_meld(ids(*hand))
    assert (meld.kind, meld.points) == (kind, points)
    assert meld.scoring == (meld.base_points > 0)
    assert oracle(hand) == (kind, points)


@pytest.mark.parametrize(
    ("hand", "reason"),
    [
        ([("Carlotta", 1), ("Ming Toy", 2), ("Fly Catcher", 2)], "1, 2, 3"),
        ([("Carlotta", 1), ("Ming Toy", 1), ("Trahlyta", 1)], "one colour family"),
        ([("Ming Toy", 1), ("Stella d'Oro", 1), ("Dublin Elaine", 1)], "one colour family"),
        ([("Ming Toy", 1), ("Ming Toy", 2)], "different flowers"),
        ([("Ming Toy", 1), ("Fly Catcher", 1)], "share no attribute"),
        ([("Manhattan Night", 1), ("Trahlyta", 2), ("Allenhurst Royalty", 3), ("Shady Lady", 1),
          ("Pandora's Box", 1)], "2, 3 or 4 cards"),
        ([("Manhattan Night", 1), ("Trahlyta", 2), ("Shady Lady", 3), ("Pandora's Box", 1)],
         "purple trio plus one"),
        ([("Manhattan Night", 1), ("Trahlyta", 1), ("Allenhurst Royalty", 2),
          ("Shady Lady", 1)], "not a trio"),
        ([("Trahlyta", 1)], "2, 3 or 4 cards"),
    ],
)
def test_rule_text_non_melds_are_refused_with_a_readable_reason(
    hand: list[tuple[str, int]], reason: str
) -> None:
    assert classify(ids(*hand)) is None
    assert oracle(hand) is None
    assert reason in why_not_meld(ids(*hand))


def test_a_purple_accent_cannot_stand_inside_a_purple_trio() -> None:
    # Shady Lady is yellow and Pandora's Box is its own family, so neither completes a purple
    # trio; each only rides along as the fourth card of a quad.
    assert classify(ids(("Trahlyta", 1), ("Trahlyta", 2), ("Shady Lady", 3))) is None
    assert classify(ids(("Trahlyta", 1), ("Trahlyta", 2), ("Pandora's Box", 3))) is None
    assert classify(ids(("Manhattan Night", 2), ("Trahlyta", 2), ("Pandora's Box", 2))) is None


def test_orange_and_pandora_have_no_sets() -> None:
    assert classify(ids(("Infinity", 2), ("Goebel Porter", 2))) is not None  # a pair, though
    sets = [m for m in MELDS if m.kind == TRIO_SET]
    assert {deck.family_of(m.cards[0]) for m in sets} == {"Red", "Yellow", "Pink", "Purple"}


# ---- exhaustive agreement with the oracle ------------------------------------------------------

def every_combination() -> Iterator[tuple[int, ...]]:
    for size in (2, 3, 4):
        yield from combinations(range(45), size)


def test_every_two_three_and_four_card_combination_agrees_with_the_oracle() -> None:
    disagreements: list[str] = []
    found = 0
    for combo in every_combination():
        expected = oracle([BY_ID[c] for c in combo])
        meld = classify(combo)
        got = None if meld is None else (meld.kind, meld.points)
        if got != expected:
            disagreements.append(f"{[deck.code(c) for c in combo]}: {got} != {expected}")
        if meld is not None:
            found += 1
            assert meld.cards == combo
            assert meld.size == len(combo)
            assert meld.pandoras == pandoras([BY_ID[c] for c in combo])
    assert not disagreements, disagreements[:10]
    assert found == len(MELDS) == 354


def test_every_non_meld_gets_a_reason_a_player_can_act_on() -> None:
    reasons: set[str] = set()
    for combo in every_combination():
        if classify(combo) is None:
            reason = why_not_meld(combo)
            assert reason and "unreachable" not in reason, [deck.code(c) for c in combo]
            reasons.add(reason)
    assert len(reasons) >= 5


def test_meld_counts_by_kind_match_the_rules() -> None:
    by_kind: dict[str, int] = {}
    for meld in MELDS:
        by_kind[meld.kind] = by_kind.get(meld.kind, 0) + 1
    # 5 attributes x 3 x 3 blooms; 4 families x 27 runs + 8 orange + 1 Pandora; 4 families x 3
    # sets; 30 purple trios x 6 accents.
    assert by_kind == {PAIR: 45, TRIO_RUN: 117, TRIO_SET: 12, QUAD: 180}


# ---- finding melds in a hand -------------------------------------------------------------------

def random_hands(count: int, seed: int) -> Iterator[int]:
    rng = random.Random(seed)
    purple_heavy = [c for c in range(45) if deck.family_of(c) in ("Purple", "Yellow", "Pandora")]
    for i in range(count):
        pool = purple_heavy if i % 2 else list(range(45))
        yield mask_of(rng.sample(pool, rng.randint(0, min(len(pool), 14))))


def test_melds_in_a_hand_are_exactly_the_melds_made_of_its_cards() -> None:
    for hand in random_hands(2000, 7):
        expected = {m.mask for m in MELDS if m.mask & hand == m.mask}
        got = [m.mask for m in melds_in(hand)]
        assert len(got) == len(set(got))
        assert set(got) == expected
        union = 0
        for m in expected:
            union |= m
        assert coverable(hand) == union


# ---- the searches, against brute force -----------------------------------------------------------

def packings(melds: list[tuple[int, int]], used: int = 0, start: int = 0
             ) -> Iterator[tuple[int, int, list[int]]]:
    """Every set of pairwise disjoint melds: (cards covered, points, meld masks)."""
    yield used, 0, []
    for i in range(start, len(melds)):
        mask, points = melds[i]
        if mask & used:
            continue
        for covered, more, chosen in packings(melds, used | mask, i + 1):
            yield covered, points + more, [mask, *chosen]


def oracle_melds_in(hand: int) -> list[tuple[int, int]]:
    out = []
    cards = [c for c in range(45) if hand >> c & 1]
    for size in (2, 3, 4):
        for combo in combinations(cards, size):
            found = oracle([BY_ID[c] for c in combo])
            if found is not None:
                out.append((mask_of(combo), found[1]))
    return out


PB_MASK = mask_of([ID[("Pandora's Box", b)] for b in (1, 2, 3)])


def going_out_hands(count: int, seed: int) -> Iterator[int]:
    """Eleven-card hands, most built from ten melded cards plus one, some purely random."""
    rng = random.Random(seed)
    for i in range(count):
        if i % 4 == 3:
            yield mask_of(rng.sample(range(45), 11))
            continue
        used = 0
        while used.bit_count() < 10:
            meld = rng.choice(MELDS)
            if not meld.mask & used and used.bit_count() + meld.size <= 10:
                used |= meld.mask
            elif rng.random() < 0.02:
                used = 0
        spare = rng.choice([c for c in range(45) if not used >> c & 1])
        yield used | 1 << spare


def test_best_going_out_finds_the_highest_scoring_ten_card_declaration() -> None:
    for hand in going_out_hands(300, 11):
        melds = oracle_melds_in(hand)
        best = None
        for covered, points, _ in packings(melds):
            if covered.bit_count() == 10 and (best is None or points > best):
                best = points
        got = best_going_out(hand)
        if best is None:
            assert got is None
            continue
        assert got is not None
        assert got.points == best
        covered = 0
        for meld in got.melds:
            assert meld.mask & covered == 0
            covered |= meld.mask
        assert covered | 1 << got.discard == hand and not covered >> got.discard & 1
        assert sum(m.points for m in got.melds) == got.points


def loser_hands(count: int, seed: int) -> Iterator[int]:
    rng = random.Random(seed)
    tempting = [c for c in range(45) if deck.family_of(c) in ("Purple", "Yellow", "Pandora")]
    for i in range(count):
        pool = tempting if i % 3 else list(range(45))
        yield mask_of(rng.sample(pool, rng.randint(1, 10)))


def test_a_losers_hand_is_arranged_to_dodge_pandora_first_then_to_give_fewest_cards() -> None:
    for hand in loser_hands(400, 5):
        best: tuple[int, int] | None = None
        for covered, _points, _ in packings(oracle_melds_in(hand)):
            strays = hand & ~covered
            cost = ((strays & PB_MASK).bit_count(), strays.bit_count())
            best = cost if best is None or cost < best else best
        got = best_arrangement(hand)
        assert (got.stray_pandoras, len(got.strays)) == best
        assert got.penalty == 10 * got.stray_pandoras
        covered = 0
        for meld in got.melds:
            assert meld.mask & covered == 0
            covered |= meld.mask
        assert covered | mask_of(got.strays) == hand
        assert covered & mask_of(got.strays) == 0


def test_a_pandora_pair_beats_a_longer_meld_that_strands_the_box() -> None:
    # Yellow 1-2-3 would leave only one card over, but that card would be a Pandora's Box.
    hand = mask_of(ids(("Stella d'Oro", 1), ("Shady Lady", 2), ("Allenhurst Frances", 3),
                       ("Pandora's Box", 1)))
    got = best_arrangement(hand)
    assert got.stray_pandoras == 0
    assert [m.kind for m in got.melds] == [PAIR]
    assert sorted(got.strays) == sorted(ids(("Stella d'Oro", 1), ("Allenhurst Frances", 3)))
