"""Contract rummy melds checked against an oracle written here, straight from the rules.

The oracle reads a meld the slow way: for every suit and every bottom rank it tries to seat each
natural card at its own rank (an ace at 1 or 14, whichever the stretch holds) and lets the jokers
take the empty seats. For contracts it lists every meld a small deck can make, every combination
of the contract's melds that the deck can supply at once (no two runs of one suit touching), and
calls a hand "met" when it holds one of those combinations: a hand meets a contract exactly when
some partition of part of it does. The engine (melds.py) counts and prunes instead; on every
hand of each small deck up to a size the two must agree, and every lay-down the engine returns
must be made of valid, separate melds taken from the hand.
"""

from __future__ import annotations

import functools
import random
from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import combinations, combinations_with_replacement, product

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable.games.contract import melds
from cardtable.games.contract.cards import JOKER, make_deck, natural, parse_cards
from cardtable.games.contract.melds import (
    RUN,
    SET,
    Meld,
    MeldError,
    MeldRules,
    check_contract,
    contract_text,
    find_contract,
    lay_off_options,
    may_hold_contract,
    may_need_longer_melds,
    read_meld,
    swap_joker,
)

STANDARD = MeldRules()
NO_MAJORITY = MeldRules(natural_majority=False)
LIVERPOOL_CONTRACTS = [(2, 0), (1, 1), (0, 2), (3, 0), (2, 1), (1, 2), (0, 3)]

# ---- the oracle --------------------------------------------------------------------------------

Reading = tuple[str, int, int, int]  # ("set", rank, rank, -1) or ("run", bottom, top, suit)


def oracle_readings(cards: Sequence[int], rules: MeldRules) -> frozenset[Reading]:
    """Every way ``cards`` form one meld: as a set of a rank, or a run of a suit over a stretch."""
    return _readings(tuple(sorted(cards)), rules)


@functools.lru_cache(maxsize=1 << 16)
def _readings(cards: tuple[int, ...], rules: MeldRules) -> frozenset[Reading]:
    naturals = [c for c in cards if c != JOKER]
    jokers = len(cards) - len(naturals)
    if not naturals or (rules.natural_majority and len(naturals) <= jokers):
        return frozenset()
    out: set[Reading] = set()
    ranks = {c % 13 + 1 for c in naturals}
    if len(cards) >= rules.min_set and len(ranks) == 1:
        rank = ranks.pop()
        out.add((SET, rank, rank, -1))
    n = len(cards)
    if n < rules.min_run:
        return frozenset(out)
    for suit in range(4):
        if any(c // 13 != suit for c in naturals):
            continue
        for bottom in range(1, 15):
            top = bottom + n - 1
            if top > 14 or (bottom == 1 and top == 14):  # an ace is low or high, not both
                continue
            seats: set[int] = set()
            for c in naturals:
                rank = c % 13 + 1
                seat = rank if rank != 1 else (1 if bottom == 1 else 14)
                if not bottom <= seat <= top or seat in seats:
                    break
                seats.add(seat)
            else:
                out.add((RUN, bottom, top, suit))
    return frozenset(out)


def reading_of(meld: Meld) -> Reading:
    return (meld.kind, meld.low, meld.high, meld.suit)


def meld_is_sound(meld: Meld, rules: MeldRules) -> bool:
    """The meld's own account (kinds, ranks, suit) is one of the oracle's readings, and every
    natural sits at its own rank."""
    if len(meld.ranks) != len(meld.cards) or reading_of(meld) not in oracle_readings(
        meld.cards, rules
    ):
        return False
    for c, r in zip(meld.cards, meld.ranks, strict=True):
        if c != JOKER and (c % 13 + 1 != (1 if r == 14 else r)):
            return False
        if meld.kind == RUN and c != JOKER and c // 13 != meld.suit:
            return False
    if meld.kind == RUN:
        return list(meld.ranks) == list(range(meld.low, meld.high + 1))
    return len(set(meld.ranks)) == 1 and meld.suit == -1


def joins(a: Reading, b: Reading) -> bool:
    return a[0] == b[0] == RUN and a[3] == b[3] and (a[2] + 1 == b[1] or b[2] + 1 == a[1])


def met_hands(
    kinds: list[int], copies: int, jokers: int, sets: int, runs: int, rules: MeldRules,
    exact: bool, largest: int,
) -> set[tuple[int, ...]]:
    """Every hand (count vector over ``kinds`` + jokers, at most ``largest`` cards) that holds
    the contract: the hands containing some combination of the contract's melds."""
    limits = [copies] * len(kinds) + [jokers]
    cards = [*kinds, JOKER]
    melds: list[tuple[tuple[int, ...], Reading]] = []
    for vector in product(*(range(k + 1) for k in limits)):
        size = sum(vector)
        if size > largest or size < min(rules.min_set, rules.min_run):
            continue
        hand = [c for c, k in zip(cards, vector, strict=True) for _ in range(k)]
        for reading in oracle_readings(hand, rules):
            want = rules.min_set if reading[0] == SET else rules.min_run
            if not exact or size == want:
                melds.append((vector, reading))
    set_melds = [m for m in melds if m[1][0] == SET]
    run_melds = [m for m in melds if m[1][0] == RUN]
    lay_downs: set[tuple[int, ...]] = set()
    for chosen_sets in combinations_with_replacement(set_melds, sets):
        for chosen_runs in combinations_with_replacement(run_melds, runs):
            chosen = chosen_sets + chosen_runs
            total = tuple(sum(m[0][i] for m in chosen) for i in range(len(limits)))
            if sum(total) > largest or any(t > k for t, k in zip(total, limits, strict=True)):
                continue
            if any(joins(a[1], b[1]) for a, b in combinations(chosen_runs, 2)):
                continue
            lay_downs.add(total)
    # Hands that hold a lay-down: add cards one at a time, within the deck, up to the size.
    met = set(lay_downs)
    frontier = set(lay_downs)
    while frontier:
        grown = set()
        for vector in frontier:
            if sum(vector) >= largest:
                continue
            for i, k in enumerate(limits):
                if vector[i] < k:
                    bigger = (*vector[:i], vector[i] + 1, *vector[i + 1:])
                    if bigger not in met:
                        grown.add(bigger)
        met |= grown
        frontier = grown
    return met


def check_lay_down(
    hand: Sequence[int], melds: list[Meld], sets: int, runs: int, rules: MeldRules, exact: bool
) -> None:
    """A returned lay-down: sound melds, the contract's make-up, taken from the hand."""
    assert check_contract(melds, sets, runs) is None
    used: Counter[int] = Counter()
    for m in melds:
        assert meld_is_sound(m, rules), m
        if exact:
            assert len(m.cards) == (rules.min_set if m.kind == SET else rules.min_run)
        used.update(m.cards)
    assert not used - Counter(hand), (hand, melds)


# ---- exhaustive comparison on small decks ------------------------------------------------------

H, S = 2, 3  # hearts, spades


def deck_of(ranks: Sequence[int], suits: Sequence[int]) -> list[int]:
    return [natural(r, s) for s in suits for r in ranks]


# (name, card kinds, copies of each, jokers, rules, exact sizes, largest hand, contracts)
SmallDeck = tuple[str, list[int], int, int, MeldRules, bool, int, list[tuple[int, int]]]
SMALL_DECKS: list[SmallDeck] = [
    ("low aces", deck_of([1, 2, 3, 4, 5], [H, S]), 2, 2, STANDARD, True, 8,
     [(2, 0), (1, 1), (0, 2)]),
    ("high aces, no majority", deck_of([10, 11, 12, 13, 1], [H, S]), 2, 2, NO_MAJORITY, True, 7,
     [(2, 0), (1, 1)]),
    ("the corner, small melds", deck_of([12, 13, 1, 2, 3], [H, S]), 2, 2,
     MeldRules(min_set=2, min_run=3), True, 7, [(1, 1), (0, 2), (2, 1)]),
    ("one suit, three runs", deck_of([1, 2, 3, 4, 5, 6, 7], [H]), 2, 1,
     MeldRules(min_set=2, min_run=3), True, 9, [(0, 2), (0, 3), (1, 2)]),
    ("one suit, runs overlap", deck_of([1, 2, 3, 4, 5, 6], [H]), 2, 1,
     MeldRules(min_set=2, min_run=2), False, 8, [(0, 2), (0, 3), (1, 2)]),
    ("jokers keep a majority over a longer run", deck_of([1, 2, 3, 4, 5, 6, 7, 8], [H]), 1, 3,
     STANDARD, False, 8, [(0, 1), (0, 2)]),
    ("sets and runs share naturals", deck_of([2, 3, 4, 5], [H, S, 0]), 1, 2, STANDARD, False, 8,
     [(1, 1), (2, 0), (0, 2)]),
]
CASES = [(deck, contract) for deck in SMALL_DECKS for contract in deck[7]]


def small_hands(
    kinds: list[int], copies: int, jokers: int, largest: int
) -> Iterator[tuple[tuple[int, ...], list[int]]]:
    """Every hand of the small deck up to ``largest`` cards: (count vector, cards)."""
    limits = [copies] * len(kinds) + [jokers]
    cards = [*kinds, JOKER]
    for vector in product(*(range(k + 1) for k in limits)):
        if sum(vector) <= largest:
            yield vector, [c for c, k in zip(cards, vector, strict=True) for _ in range(k)]


@pytest.mark.parametrize(
    ("deck", "contract"), CASES, ids=[f"{d[0]}: {contract_text(*c)}" for d, c in CASES]
)
def test_find_contract_agrees_with_the_oracle_on_every_small_hand(
    deck: SmallDeck, contract: tuple[int, int]
) -> None:
    _, kinds, copies, jokers, rules, exact, largest, _ = deck
    sets, runs = contract
    met = met_hands(kinds, copies, jokers, sets, runs, rules, exact, largest)
    hands = list(small_hands(kinds, copies, jokers, largest))
    assert met and len(met) < len(hands)  # the deck can make the contract, but not always
    wrong = []
    for vector, hand in hands:
        if sum(vector) % 2:
            hand.reverse()  # the order of a hand never matters
        found = find_contract(hand, sets, runs, rules, exact_sizes=exact)
        if (found is not None) != (vector in met):
            wrong.append(hand)
        elif found is not None:
            check_lay_down(hand, found, sets, runs, rules, exact)
    assert not wrong, f"{len(wrong)} hands disagree, e.g. {sorted(wrong[0])}"


# ---- full decks: a per-hand partition oracle ---------------------------------------------------

def partition_oracle(hand: Sequence[int], sets: int, runs: int, rules: MeldRules) -> bool:
    """Does some choice of disjoint minimum-size melds from ``hand`` make the contract?"""
    cards = sorted(hand)
    have = Counter(hand)
    set_melds = sorted({combo for combo in combinations(cards, rules.min_set)
                        if any(r[0] == SET for r in oracle_readings(combo, rules))})
    run_melds = sorted({(combo, r) for combo in combinations(cards, rules.min_run)
                        for r in oracle_readings(combo, rules) if r[0] == RUN})

    def runs_from(start: int, left: int, used: Counter[int], laid: list[Reading]) -> bool:
        if left == 0:
            return True
        for i in range(start, len(run_melds)):
            combo, reading = run_melds[i]
            more = used + Counter(combo)
            if more - have or any(joins(reading, other) for other in laid):
                continue
            if runs_from(i, left - 1, more, [*laid, reading]):
                return True
        return False

    def sets_from(start: int, left: int, used: Counter[int]) -> bool:
        if left == 0:
            return runs_from(0, runs, used, [])
        for i in range(start, len(set_melds)):
            more = used + Counter(set_melds[i])
            if not more - have and sets_from(i, left - 1, more):
                return True
        return False

    return sets_from(0, sets, Counter())


LIVERPOOL_DECK = make_deck(2, 4)


def lifelike_hand(rng: random.Random, size: int) -> list[int]:
    """A hand that often nearly holds a contract: a few set and run fragments, some with
    jokers, topped up from the rest of the Liverpool deck."""
    pool = Counter(LIVERPOOL_DECK)
    hand: list[int] = []

    def take(c: int) -> None:
        if pool[c] and len(hand) < size:
            pool[c] -= 1
            hand.append(c)

    for _ in range(rng.randrange(0, 4)):
        if rng.random() < 0.5:
            rank = rng.randrange(1, 14)
            for _ in range(rng.randrange(2, 4)):
                take(natural(rank, rng.randrange(4)))
        else:
            suit, bottom = rng.randrange(4), rng.randrange(1, 12)
            for r in range(bottom, min(15, bottom + rng.randrange(3, 6))):
                take(JOKER if rng.random() < 0.15 else natural(r, suit))
    rest = list(pool.elements())
    rng.shuffle(rest)
    while len(hand) < size:
        take(rest.pop())
    return hand


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False), st.sampled_from([12, 13]))
def test_find_contract_agrees_with_a_partition_oracle_on_liverpool_hands(
    rng: random.Random, size: int
) -> None:
    hand = lifelike_hand(rng, size)
    for sets, runs in LIVERPOOL_CONTRACTS:
        found = find_contract(hand, sets, runs, STANDARD)
        assert (found is not None) == partition_oracle(hand, sets, runs, STANDARD), (
            sorted(hand), sets, runs)
        if found is not None:
            check_lay_down(hand, found, sets, runs, STANDARD, True)


def test_lifelike_hands_often_meet_the_contracts() -> None:
    """The partition-oracle comparison above sees both answers for every contract."""
    rng = random.Random(3)
    hands = [lifelike_hand(rng, 13) for _ in range(400)]
    for sets, runs in LIVERPOOL_CONTRACTS:
        met = sum(find_contract(h, sets, runs, STANDARD) is not None for h in hands)
        assert 0 < met < len(hands), (sets, runs, met)


def counts_of(hand: Sequence[int]) -> list[int]:
    counts = [0] * (JOKER + 1)
    for c in hand:
        counts[c] += 1
    return counts


def only_longer(hand: Sequence[int], sets: int, runs: int, rules: MeldRules) -> bool:
    """The hand lays the contract down with longer melds but not with minimal ones."""
    return find_contract(hand, sets, runs, rules) is None and (
        find_contract(hand, sets, runs, rules, exact_sizes=False) is not None)


@pytest.mark.parametrize(
    ("deck", "contract"), CASES, ids=[f"{d[0]}: {contract_text(*c)}" for d, c in CASES]
)
def test_the_longer_meld_shortcut_misses_no_small_hand(
    deck: SmallDeck, contract: tuple[int, int]
) -> None:
    """The legal moves skip the wider search when may_need_longer_melds says no: it must never
    say no to a hand that goes down only with a longer meld."""
    _, kinds, copies, jokers, rules, _, largest, _ = deck
    sets, runs = contract
    missed = [hand for _, hand in small_hands(kinds, copies, jokers, largest)
              if only_longer(hand, sets, runs, rules)
              and not may_need_longer_melds(counts_of(hand), runs, rules)]
    assert not missed, sorted(missed[0])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False), st.integers(12, 24), st.integers(0, 4))
def test_the_longer_meld_shortcut_misses_no_liverpool_hand(
    rng: random.Random, size: int, jokers: int
) -> None:
    hand = [c for c in lifelike_hand(rng, size) if c != JOKER][: size - jokers]
    hand += [JOKER] * jokers
    for sets, runs in LIVERPOOL_CONTRACTS:
        if only_longer(hand, sets, runs, STANDARD):
            assert may_need_longer_melds(counts_of(hand), runs, STANDARD), (sorted(hand), runs)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False), st.integers(8, 30), st.integers(0, 4))
def test_the_screen_on_counts_answers_as_the_screen_on_cards(
    rng: random.Random, size: int, jokers: int
) -> None:
    """The legal moves screen a hand from its counts (as the state keeps it); the search screens
    a list of cards. Both must answer alike, or a lay-down would vanish from (or be searched for
    in vain among) the moves: and a hand the screen refuses truly has no minimal lay-down."""
    hand = [c for c in lifelike_hand(rng, size) if c != JOKER][: size - jokers]
    hand += [JOKER] * jokers
    counts = bytearray(counts_of(hand))
    for rules in (STANDARD, NO_MAJORITY):
        for exact in (True, False):
            t = melds._tables(rules, exact)
            for sets, runs in LIVERPOOL_CONTRACTS:
                on_cards = melds._screen(hand, sets, runs, t) is not None
                assert melds._screen_counts(counts, sets, runs, t) == on_cards, (
                    sorted(hand), sets, runs, rules, exact)
        for sets, runs in LIVERPOOL_CONTRACTS:
            if not may_hold_contract(counts, sets, runs, rules):
                assert find_contract(hand, sets, runs, rules) is None, (sorted(hand), sets, runs)


def test_the_search_finds_the_same_whatever_it_has_kept() -> None:
    """The search keeps each suit's candidate runs per pattern of ranks (and jokers to spend,
    and seats a set may want); every hand must get the lay-down it gets on a cold start, or
    the legal moves would depend on what was played before."""
    rng = random.Random(16)
    cases = []
    for _ in range(300):
        size, jokers = rng.randint(10, 24), rng.randint(0, 4)
        hand = [c for c in lifelike_hand(rng, size) if c != JOKER][: size - jokers]
        hand += [JOKER] * jokers
        cases += [(hand, sets, runs, exact) for sets, runs in LIVERPOOL_CONTRACTS if runs
                  for exact in (True, False)]

    def search(hand: list[int], sets: int, runs: int, exact: bool) -> list[Meld] | None:
        return find_contract(hand, sets, runs, STANDARD, exact_sizes=exact)

    melds._TABLES.clear()
    warm = [search(*case) for case in cases]  # each hand after all those before it
    cold = []
    for case in cases:
        melds._TABLES.clear()
        cold.append(search(*case))
    assert warm == cold
    assert sum(found is not None for found in cold) > len(cases) // 4  # the search did find


# ---- full decks: properties of single melds ------------------------------------------------------

@st.composite
def meldish(draw: st.DrawFn) -> list[int]:
    """Cards that are a meld, or nearly one: a stretch of a suit or cards of a rank, with some
    cards turned into jokers or strays."""
    rng = draw(st.randoms(use_true_random=False))
    n = rng.randrange(1, 10)
    if rng.random() < 0.5:
        suit, bottom = rng.randrange(4), rng.randrange(1, 15)
        cards = [natural(min(r, 14), suit) for r in range(bottom, bottom + n)]
    else:
        rank = rng.randrange(1, 14)
        cards = [natural(rank, rng.randrange(4)) for _ in range(n)]
    for i in range(n):
        roll = rng.random()
        if roll < 0.25:
            cards[i] = JOKER
        elif roll < 0.32:
            cards[i] = rng.randrange(52)
    rng.shuffle(cards)
    return cards


RULE_CHOICES = st.sampled_from([STANDARD, NO_MAJORITY, MeldRules(min_set=2, min_run=3)])


def run_joker_ranks(cards: Sequence[int], bottom: int, top: int) -> list[int]:
    seats = {c % 13 + 1 for c in cards if c != JOKER}
    if 1 in seats and bottom != 1:
        seats = (seats - {1}) | {14}
    return [r for r in range(bottom, top + 1) if r not in seats]


@settings(max_examples=400, deadline=None)
@given(meldish(), RULE_CHOICES)
def test_read_meld_accepts_exactly_what_the_oracle_accepts(
    cards: list[int], rules: MeldRules
) -> None:
    readings = oracle_readings(cards, rules)
    try:
        meld = read_meld(cards, rules)
    except MeldError as error:
        assert not readings, f"{cards} refused: {error}"
        assert str(error) and "\n" not in str(error)
    else:
        assert reading_of(meld) in readings
        assert meld_is_sound(meld, rules)
        assert Counter(meld.cards) == Counter(cards)
    for want in (SET, RUN):
        possible = any(r[0] == want for r in readings)
        try:
            assert read_meld(cards, rules, want=want).kind == want
            assert possible
        except MeldError:
            assert not possible
    for reading in readings:
        if reading[0] == RUN:  # every seating of the jokers is reachable by naming it
            ranks = run_joker_ranks(cards, reading[1], reading[2])
            assert reading_of(read_meld(cards, rules, want=RUN, joker_ranks=ranks)) == reading


@settings(max_examples=300, deadline=None)
@given(meldish(), RULE_CHOICES, st.randoms(use_true_random=False))
def test_melds_read_back_the_same(cards: list[int], rules: MeldRules, rng: random.Random) -> None:
    try:
        meld = read_meld(cards, rules)
    except MeldError:
        return
    assert read_meld(meld.cards, rules, want=meld.kind, joker_ranks=meld.joker_ranks) == meld
    shuffled = list(meld.cards)
    rng.shuffle(shuffled)
    assert read_meld(shuffled, rules) == meld  # without named ranks, order does not matter


def expected_lay_offs(card: int, meld: Meld, rules: MeldRules) -> set[Reading]:
    """The oracle's lay-offs: readings of meld + card that keep every card where it was."""
    readings = oracle_readings([*meld.cards, card], rules)
    if meld.kind == SET:
        return {r for r in readings if r[0] == SET}
    out: set[Reading] = set()
    for bottom, top, seat in ((meld.low - 1, meld.high, meld.low - 1),
                              (meld.low, meld.high + 1, meld.high + 1)):
        fits = card == JOKER or (card // 13 == meld.suit
                                 and card % 13 + 1 == (1 if seat == 14 else seat))
        if fits and (RUN, bottom, top, meld.suit) in readings:
            out.add((RUN, bottom, top, meld.suit))
    return out


@settings(max_examples=300, deadline=None)
@given(meldish(), RULE_CHOICES)
def test_lay_offs_are_valid_melds_one_card_longer(cards: list[int], rules: MeldRules) -> None:
    try:
        meld = read_meld(cards, rules)
    except MeldError:
        return
    for card in range(53):
        options = lay_off_options(card, meld, rules)
        assert {reading_of(o) for o in options} == expected_lay_offs(card, meld, rules)
        assert len(options) == len({reading_of(o) for o in options})
        for new in options:
            assert meld_is_sound(new, rules)
            assert Counter(new.cards) == Counter(meld.cards) + Counter([card])
            if meld.kind == RUN:  # the old cards keep their places and meanings
                kept = (new.cards[1:], new.ranks[1:]) if new.low < meld.low else (
                    new.cards[:-1], new.ranks[:-1])
                assert kept == (meld.cards, meld.ranks)


@settings(max_examples=300, deadline=None)
@given(meldish(), RULE_CHOICES)
def test_joker_swaps_give_a_valid_run_with_one_joker_fewer(
    cards: list[int], rules: MeldRules
) -> None:
    try:
        meld = read_meld(cards, rules)
    except MeldError:
        return
    stands_for = {natural(r, meld.suit) for c, r in zip(meld.cards, meld.ranks, strict=True)
                  if c == JOKER} if meld.kind == RUN else set()
    for card in range(53):
        new = swap_joker(meld, card)
        assert (new is not None) == (card in stands_for)
        if new is not None:
            assert meld_is_sound(new, rules)
            assert new.jokers == meld.jokers - 1 and new.ranks == meld.ranks
            assert Counter(new.cards) == Counter(meld.cards) - Counter([JOKER]) + Counter([card])


# ---- examples from the rule texts and rulings ---------------------------------------------------

def cards(text: str) -> list[int]:
    return parse_cards(text)


@pytest.mark.parametrize("text", ["3H 4H 5H 6H", "AH 2H 3H 4H", "JH QH KH AH", "10S JS QS KS AS",
                                  "5C 6C JK 8C", "JK 2D 3D 4D"])
def test_runs_from_the_texts(text: str) -> None:
    assert read_meld(cards(text), STANDARD).kind == RUN


@pytest.mark.parametrize(("text", "why"), [
    ("KH AH 2H 3H", "turn the corner"),
    ("2H 3S 4H", "3S is not a heart"),
    ("2H 3S 4H 5H", "3S is not a heart"),
    ("3H 4H 5H", "three cards"),
    ("5H 5H 6H 7H", "5H is here twice"),
    ("5H 6H JK JK", "more natural cards than jokers"),
    ("5H 9H JK 10H", "takes three jokers"),
    ("JK JK JK JK", "jokers alone"),
])
def test_not_runs_and_why(text: str, why: str) -> None:
    with pytest.raises(MeldError, match=why):
        read_meld(cards(text), STANDARD, want=RUN)
    with pytest.raises(MeldError):
        read_meld(cards(text), STANDARD)


def test_sets_take_any_suits_and_duplicates_with_several_decks() -> None:
    meld = read_meld(cards("3C 3C 3S JK"), STANDARD)
    assert (meld.kind, meld.ranks, meld.suit) == (SET, (3, 3, 3, 3), -1)
    with pytest.raises(MeldError, match="4D is not a three"):
        read_meld(cards("3C 3S 4D"), STANDARD)
    with pytest.raises(MeldError, match="one natural card and two jokers"):
        read_meld(cards("3C JK JK"), STANDARD)
    assert read_meld(cards("3C JK JK"), NO_MAJORITY).kind == SET  # majority rule off


def test_a_lone_natural_with_jokers_reads_as_a_set_unless_asked_for_a_run() -> None:
    assert read_meld(cards("JK JK 5H JK"), NO_MAJORITY).kind == SET
    run = read_meld(cards("JK JK 5H JK"), NO_MAJORITY, want=RUN)
    assert (run.low, run.high) == (5, 8)  # spare jokers go up
    placed = read_meld(cards("JK JK 5H JK"), NO_MAJORITY, joker_ranks=[2, 3, 4])
    assert (placed.kind, placed.low, placed.high) == (RUN, 2, 5)


def test_jokers_fill_gaps_then_go_up_then_down_from_a_high_ace() -> None:
    assert str(read_meld(cards("5H 7H JK 8H JK"), STANDARD)) == "5H JK(6H) 7H 8H JK(9H)"
    assert str(read_meld(cards("QS KS JK AS JK"), STANDARD)) == "JK(10S) JK(JS) QS KS AS"
    assert str(read_meld(cards("AS 2S JK 3S"), STANDARD)) == "AS 2S 3S JK(4S)"
    meld = read_meld(cards("5H 6H 7H JK"), STANDARD, joker_ranks=[4])
    assert (meld.low, meld.high, meld.joker_ranks) == (4, 7, (4,))
    with pytest.raises(MeldError, match="do not make one unbroken run"):
        read_meld(cards("5H 6H 7H JK"), STANDARD, joker_ranks=[9])
    with pytest.raises(MeldError, match="one rank for each joker"):
        read_meld(cards("5H 6H 7H JK"), STANDARD, joker_ranks=[4, 8])
    with pytest.raises(MeldError, match="every joker is a nine"):
        read_meld(cards("9H 9S JK"), STANDARD, joker_ranks=[8])


def test_lay_offs_on_runs_and_sets() -> None:
    run = read_meld(cards("3H 4H 5H 6H"), STANDARD)
    assert [str(m) for m in lay_off_options(natural(7, H), run, STANDARD)] == ["3H 4H 5H 6H 7H"]
    assert [str(m) for m in lay_off_options(natural(2, H), run, STANDARD)] == ["2H 3H 4H 5H 6H"]
    assert lay_off_options(natural(7, S), run, STANDARD) == []
    assert lay_off_options(natural(5, H), run, STANDARD) == []
    assert [str(m) for m in lay_off_options(JOKER, run, STANDARD)] == [
        "JK(2H) 3H 4H 5H 6H", "3H 4H 5H 6H JK(7H)"]
    top = read_meld(cards("JH QH KH AH"), STANDARD)
    assert [m.high for m in lay_off_options(JOKER, top, STANDARD)] == [14]  # only below: no wrap
    assert lay_off_options(natural(2, H), top, STANDARD) == []
    assert [m.low for m in lay_off_options(natural(10, H), top, STANDARD)] == [10]
    bottom = read_meld(cards("2C 3C 4C 5C"), STANDARD)
    assert [m.ranks[0] for m in lay_off_options(natural(1, 0), bottom, STANDARD)] == [1]
    thin = read_meld(cards("2C 3C JK 5C JK"), STANDARD)  # three naturals, two jokers
    assert lay_off_options(JOKER, thin, STANDARD) == []
    kings = read_meld(cards("KC KD JK"), STANDARD)
    assert lay_off_options(JOKER, kings, STANDARD) == []
    assert [str(m) for m in lay_off_options(natural(13, H), kings, STANDARD)] == [
        "KC KD KH JK(K)"]


def test_a_joker_swapped_out_of_a_run_for_the_card_it_stands_for() -> None:
    run = read_meld(cards("JK QH KH AH"), STANDARD)
    assert swap_joker(run, natural(11, H)) == read_meld(cards("JH QH KH AH"), STANDARD)
    assert swap_joker(run, natural(11, S)) is None
    high = read_meld(cards("QH KH JK JH"), STANDARD, joker_ranks=[14])
    assert swap_joker(high, natural(1, H)) is not None  # the joker is the high ace
    assert swap_joker(read_meld(cards("QH QS JK"), STANDARD), natural(12, 0)) is None  # a set


def test_check_contract_counts_melds_and_keeps_runs_of_a_suit_apart() -> None:
    low = read_meld(cards("3H 4H 5H 6H"), STANDARD)
    touching = read_meld(cards("7H 8H 9H 10H"), STANDARD)
    overlapping = read_meld(cards("5H 6H 7H 8H"), STANDARD)
    other_suit = read_meld(cards("7S 8S 9S 10S"), STANDARD)
    sevens = read_meld(cards("7C 7D 7S"), STANDARD)
    assert check_contract([low, overlapping], 0, 2) is None
    assert check_contract([low, other_suit], 0, 2) is None
    why = check_contract([low, touching], 0, 2)
    assert why is not None and "3H-6H and 7H-10H would join" in why
    why = check_contract([sevens, low], 0, 2)
    assert why == ("this deal's contract is two runs; these melds are a set and a run")
    assert check_contract([sevens, low], 1, 1) is None


def test_find_contract_examples() -> None:
    hand = cards("5H 5S 5C 7D 7C JK 2H 3H 4H 9S KD QC")
    found = find_contract(hand, 1, 1, STANDARD)
    assert found is not None and [m.kind for m in found] == [SET, RUN]
    assert find_contract(hand, 0, 2, STANDARD) is None
    # Jokers are shared slack: two sets and a run need three jokers here, and there are two.
    assert find_contract(cards("5H 5S 8C 8D 2H 3H 4H JK JK KD"), 2, 1, STANDARD) is None
    assert find_contract(cards("5H 5S 8C 8D 2H 3H 4H JK JK 5D"), 2, 1, STANDARD) is not None
    # A natural wanted by a set is replaced by a joker in the run.
    found = find_contract(cards("5H 5S 3H 4H 6H JK"), 0, 1, STANDARD)
    assert found is not None
    found = find_contract(cards("5H 5S JK 3H 4H 6H JK"), 1, 1, STANDARD)
    assert found is not None
    assert [str(m) for m in found] == ["5H 5S JK(5)", "3H 4H JK(5H) 6H"]


def test_longer_melds_need_saying_so() -> None:
    """Lay-downs the rules allow only with a meld longer than the minimum."""
    wide = cards("AH 2H JK JK 5H 7C 7D 7S")  # A-5 with two jokers: no valid part of four
    assert find_contract(wide, 1, 1, STANDARD) is None
    assert find_contract(wide, 1, 1, STANDARD, exact_sizes=False) is not None
    three = cards("AH 2H 3H 4H 4H 5H 6H 7H 8H 8H 9H 10H JH")  # A-4, 4-8, 8-J of hearts
    assert find_contract(three, 0, 3, STANDARD) is None
    found = find_contract(three, 0, 3, STANDARD, exact_sizes=False)
    assert found is not None
    assert sorted((m.low, m.high) for m in found) == [(1, 4), (4, 8), (8, 11)]
    check_lay_down(three, found, 0, 3, STANDARD, False)


@pytest.mark.parametrize(("sets", "runs"), [(6, 0), (0, 4), (3, 3)])
def test_extended_contracts_on_built_hands(sets: int, runs: int) -> None:
    rng = random.Random(sets * 10 + runs)
    deck = make_deck(3, 6)
    for _ in range(15):
        pool = Counter(deck)
        hand: list[int] = []
        ranks = rng.sample(range(1, 14), sets)
        for rank in ranks:
            for _ in range(3):
                c = natural(rank, rng.randrange(4)) if rng.random() > 0.1 else JOKER
                if pool[c]:
                    pool[c] -= 1
                    hand.append(c)
        for i in range(runs):
            suit, bottom = i % 4, rng.randrange(1, 12)
            for r in range(bottom, bottom + 4):
                c = natural(r, suit)
                if pool[c]:
                    pool[c] -= 1
                    hand.append(c)
        rest = list(pool.elements())
        rng.shuffle(rest)
        hand += rest[:rng.randrange(0, 4)]
        found = find_contract(hand, sets, runs, STANDARD)
        if found is not None:
            check_lay_down(hand, found, sets, runs, STANDARD, True)
        assert (found is not None) == partition_oracle(hand, sets, runs, STANDARD)


def test_contract_edges() -> None:
    assert find_contract(cards("5H"), 0, 0, STANDARD) == []
    assert find_contract(cards("5H 5S"), 1, 0, STANDARD) is None  # too few cards
    assert find_contract([], 0, 1, STANDARD) is None
    with pytest.raises(ValueError):
        find_contract(cards("5H"), -1, 0, STANDARD)
    with pytest.raises(ValueError):
        find_contract([JOKER] * 128, 1, 0, STANDARD)
