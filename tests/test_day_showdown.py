"""The Day showdown: every win condition, the Crown, the options, and the rule text's example.

The fast evaluator (bit masks and precomputed runs) is checked against a plain reference written
from the rulings, which tries every card the Crown could become; and on hand-picked tables that
show each ruling the way a player would check it at a real table.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from cardtable.games.day.cards import (
    CROWN,
    DECK_SIZE,
    MOON_RANK,
    RISEN,
    RISING,
    SETTING,
    code,
    parse_card,
    parse_cards,
)
from cardtable.games.day.showdown import (
    CONDITION_NAMES,
    CROWN_HIGH,
    ECLIPSE,
    FULL_CONSECUTIVE,
    FULL_DAY,
    HIGHEST,
    KIND,
    best_of,
    condition_of,
    evaluator_for,
    points_of,
    rank_of,
)

OPTION_SETS = [
    (0, "table", 6), (13, "table", 6), (0, "hand", 7), (13, "hand", 6),
]


def cs(text: str) -> list[int]:
    return parse_cards(text)


def judge(dealer: str, *players: str, substituted: Sequence[int] = (), moon: int = 0,
          scope: str = "table", full_day: int = 6) -> tuple[list[str], list[int], list[int]]:
    """Conditions, points and best players of a showdown written as a real table would say it."""
    ev = evaluator_for(moon, scope, full_day)
    hands = [tuple(cs(p)) for p in players]
    subs = [i in substituted for i in range(len(players))]
    keys = ev.keys(cs(dealer), hands, subs)
    return [CONDITION_NAMES[condition_of(k)] for k in keys], [points_of(k) for k in keys], \
        best_of(keys)


# ---- a reference written straight from the rulings --------------------------------------------

def _value(c: int, moon: int) -> int:
    return moon if c % 13 == MOON_RANK else c % 13 + 1


def _reference_one(i: int, dealer: list[int], hands: list[tuple[int, int]], moon: int,
                   scope: str, full_day: int) -> int:
    """Player ``i``'s packed result: every card the Crown could become is tried."""
    own = list(hands[i])
    real = [c for c in range(39)]
    own_options = [[c] if c != CROWN else real for c in own]
    dealer_options = [[c] if c != CROWN else real for c in dealer]
    best = -1
    for a in own_options[0]:
        for b in own_options[1]:
            for d1 in dealer_options[0]:
                for d2 in dealer_options[1]:
                    for f in dealer_options[2]:
                        best = max(best, _reference_fixed(
                            i, (a, b), (d1, d2, f), dealer, hands, moon, scope, full_day))
    return best


def _reference_fixed(i: int, own: tuple[int, int], board: tuple[int, int, int],
                     dealer: list[int], hands: list[tuple[int, int]], moon: int, scope: str,
                     full_day: int) -> int:
    va, vb = (_value(c, moon) for c in own)
    dv = [_value(c, moon) for c in board]
    points = (1, 2, 3, 4, 5, 6, full_day)
    conds: list[tuple[int, int]] = []  # (condition, rank)
    five = sorted([va, vb, *dv])
    if len(set(five)) == 5 and five[-1] - five[0] == 4:
        conds.append((FULL_CONSECUTIVE, 0))
    if va != vb:
        for x in range(3):
            for y in range(x + 1, 3):
                four = {va, vb, dv[x], dv[y]}
                if len(four) == 4 and max(four) - min(four) == 3:
                    conds.append((3, 0))
    suits = [c // 13 for c in own]
    dsuits = [c // 13 for c in board]
    for mine, theirs in ((RISING, SETTING), (SETTING, RISING)):
        if suits == [mine, mine] and dsuits[:2] == [theirs, theirs] and dsuits[2] == RISEN:
            conds.append((FULL_DAY if (FULL_CONSECUTIVE, 0) in conds else 5, 0))
    # Revealed cards as this player counts them: its own (Crown as chosen), the dealer's (the
    # dealer's Crown as chosen), the other players' real cards (their Crowns count for nobody).
    others = [c for j, h in enumerate(hands) if j != i for c in h if c != CROWN]
    moons = {c for c in [*own, *board, *others] if c % 13 == MOON_RANK}
    if len(moons) == 3 and any(c % 13 == MOON_RANK for c in own):
        conds.append((ECLIPSE, 0))
    counted = [*own, *board] + (others if scope == "table" else [])
    for v in {va, vb}:
        n = sum(1 for c in counted if _value(c, moon) == v)
        if n >= 2:
            conds.append((KIND, n << 4 | v))
    orig = hands[i]
    tops = sorted((CROWN_HIGH if c == CROWN else _value(c, moon) for c in orig), reverse=True)
    conds.append((HIGHEST, tops[0] << 4 | tops[1]))
    del dealer
    return max((points[c] << 24 | c << 20 | r) for c, r in conds)


def reference(dealer: list[int], hands: list[tuple[int, int]], subs: list[bool], moon: int,
              scope: str, full_day: int) -> list[int]:
    out = []
    for i in range(len(hands)):
        k = _reference_one(i, dealer, hands, moon, scope, full_day)
        p = k >> 24
        if subs[i] and p > 1:
            k -= 1 << 24
        out.append(k)
    return out


@pytest.mark.parametrize(("moon", "scope", "full_day"), OPTION_SETS)
def test_fast_evaluator_agrees_with_the_reference_on_random_tables(
    moon: int, scope: str, full_day: int
) -> None:
    ev = evaluator_for(moon, scope, full_day)
    rng = random.Random(moon * 7 + len(scope) + full_day)
    for trial in range(600):
        players = rng.randint(1, 6)
        cards = rng.sample(range(DECK_SIZE), 3 + 2 * players)
        if trial % 3 == 0 and CROWN not in cards:  # make the Crown common
            cards[rng.randrange(len(cards))] = CROWN
        dealer = cards[:3]
        hands = [(cards[3 + 2 * j], cards[4 + 2 * j]) for j in range(players)]
        subs = [rng.random() < 0.3 for _ in hands]
        got = ev.keys(dealer, hands, subs)
        want = reference(dealer, hands, subs, moon, scope, full_day)
        assert got == want, (
            [code(c) for c in dealer], [[code(c) for c in h] for h in hands], subs
        )


@pytest.mark.parametrize(("moon", "scope", "full_day"), OPTION_SETS)
def test_fast_evaluator_agrees_with_the_reference_when_conditions_are_close(
    moon: int, scope: str, full_day: int
) -> None:
    """Tables built near runs, Days and Moons, where random tables rarely go."""
    ev = evaluator_for(moon, scope, full_day)
    rng = random.Random(99 + moon)
    suited = [c for c in range(39)]
    for _ in range(500):
        start = rng.randint(0, 9)
        values = list(range(start, start + 5))
        rng.shuffle(values)
        pick: list[int] = []
        for v in values:
            r = MOON_RANK if v == 0 else v - 1
            if r > MOON_RANK:
                continue
            options = [s * 13 + r for s in range(3) if s * 13 + r not in pick]
            pick.append(rng.choice(options))
        rest = [c for c in suited if c not in pick]
        rng.shuffle(rest)
        cards = (pick + rest + [CROWN])[:5]
        if rng.random() < 0.4:
            cards[rng.randrange(5)] = CROWN
        others = [c for c in range(DECK_SIZE) if c not in cards]
        rng.shuffle(others)
        extra = rng.randint(0, 3)
        hand_cards = cards[:2] + others[: 2 * extra]
        dealer = cards[2:5]
        hands = [(hand_cards[2 * j], hand_cards[2 * j + 1]) for j in range(len(hand_cards) // 2)]
        subs = [False] * len(hands)
        assert ev.keys(dealer, hands, subs) == reference(dealer, hands, subs, moon, scope,
                                                         full_day)


# ---- the rule text's example --------------------------------------------------------------------

def test_the_rule_texts_example_game_comes_out_as_it_says() -> None:
    """Crown and 4 make 4-5-6-7 with the dealer's 7 and 5 (the Crown a 6): Consecutive wins; the
    other two each hold one 7 and count three 7s on the table, and would have tied."""
    conds, points, best = judge(
        "7 Rising, 9 Risen, 5 Setting", "Crown, 4 Risen", "7 Risen, 10 Setting",
        "7 Setting, 3 Rising",
    )
    assert conds == ["consecutive", "kind", "kind"]
    assert points == [4, 2, 2]
    assert best == [0]
    _, _, without_winner = judge(
        "7 Rising, 9 Risen, 5 Setting", "7 Risen, 10 Setting", "7 Setting, 3 Rising",
    )
    assert without_winner == [0, 1]


# ---- each condition ----------------------------------------------------------------------------

def test_highest_card_compares_the_higher_card_then_the_other() -> None:
    conds, _, best = judge("1 Rising, 3 Risen, 5 Setting", "12 Rising, 2 Risen",
                           "12 Setting, 8 Rising", "11 Risen, 10 Risen")
    assert conds == ["kind", "kind", "highest-card"]  # two 12s revealed: a pair of 12s each
    conds, _, best = judge("1 Rising, 3 Risen, 5 Setting", "12 Rising, 2 Risen",
                           "11 Setting, 8 Rising", "11 Risen, 10 Risen")
    assert conds == ["highest-card", "kind", "kind"]
    conds, _, best = judge("1 Rising, 3 Risen, 5 Setting", "12 Rising, 2 Risen",
                           "12 Setting, 8 Rising", scope="hand")
    assert conds == ["highest-card", "highest-card"]
    assert best == [1]


def test_equal_high_cards_tie() -> None:
    _, _, best = judge("1 Rising, 3 Risen, 5 Setting", "12 Rising, 8 Risen",
                       "12 Setting, 8 Rising")
    assert best == [0, 1]


def test_the_crown_is_the_highest_card_of_all() -> None:
    ev = evaluator_for(13)
    keys = ev.keys(cs("1 Rising, 3 Risen, 5 Setting"),
                   [tuple(cs("Moon Rising, 12 Risen")), tuple(cs("Crown, 11 Risen"))])
    # The Crown holder has a kind (Crown as a match): still, as a plain card it is top.
    assert rank_of(keys[1]) > 0
    assert CROWN_HIGH > 13


def test_more_cards_of_a_kind_beat_a_higher_value() -> None:
    # Three 2s against three 9s: same count, the higher value wins.
    conds, _, best = judge("2 Rising, 2 Risen, 9 Setting", "2 Setting, 11 Rising",
                           "9 Rising, 9 Risen")
    assert conds == ["kind", "kind"]
    assert best == [1]
    # Three 2s against two 9s: more cards win.
    conds, _, best = judge("2 Rising, 2 Risen, 9 Setting", "2 Setting, 11 Rising",
                           "9 Rising, 12 Risen")
    assert conds == ["kind", "kind"]
    assert best == [0]


def test_a_kind_counts_the_other_players_cards_unless_scope_is_hand() -> None:
    conds, _, best = judge("1 Rising, 3 Risen, 5 Setting", "8 Rising, 12 Risen",
                           "8 Setting, 10 Rising")
    assert conds == ["kind", "kind"]
    assert best == [1, 0] or best == [0, 1]
    conds, _, best = judge("1 Rising, 3 Risen, 5 Setting", "8 Rising, 12 Risen",
                           "8 Setting, 10 Rising", scope="hand")
    assert conds == ["highest-card", "highest-card"]
    assert best == [0]


def test_eclipse_needs_all_three_moons_revealed_and_one_held() -> None:
    conds, points, _ = judge("Moon Rising, 3 Risen, 9 Setting", "Moon Risen, 12 Risen",
                             "Moon Setting, 10 Rising", "4 Rising, 6 Setting")
    assert conds == ["eclipse", "eclipse", "highest-card"]
    assert points[:2] == [3, 3]


def test_a_crown_can_stand_in_for_the_missing_moon() -> None:
    conds, _, _ = judge("Moon Rising, 3 Risen, 9 Setting", "Crown, 12 Risen",
                        "Moon Setting, 10 Rising")
    assert conds == ["eclipse", "kind"]  # the second player's Moon makes only two Moons
    conds, _, _ = judge("Moon Rising, 3 Risen, Crown", "Moon Risen, 12 Risen")
    assert conds[0] == "eclipse"


def test_consecutive_uses_both_own_cards_and_two_of_the_dealers() -> None:
    conds, points, _ = judge("4 Rising, 5 Risen, 12 Setting", "6 Rising, 7 Risen")
    assert (conds, points) == (["consecutive"], [4])
    conds, _, _ = judge("4 Rising, 5 Risen, 12 Setting", "6 Rising, 8 Risen")
    assert conds == ["highest-card"]


def test_full_consecutive_uses_all_five_and_sequences_do_not_wrap() -> None:
    conds, points, _ = judge("4 Rising, 5 Risen, 8 Setting", "6 Setting, 7 Risen")
    assert (conds, points) == (["full-consecutive"], [5])
    conds, _, _ = judge("4 Rising, 5 Risen, 8 Setting", "3 Setting, 7 Risen")
    assert conds == ["highest-card"]  # 3 4 5 . 7 8: no run holds both of the player's cards
    # 12, Moon, 1, 2 would be a run only if 12 wrapped round to 1.
    for moon in (0, 13):
        conds, _, _ = judge("12 Rising, 1 Risen, 5 Setting", "Moon Setting, 2 Rising", moon=moon)
        assert conds == ["highest-card"]


def test_the_moon_value_option_moves_the_moon_to_either_end() -> None:
    conds, _, _ = judge("1 Rising, 2 Risen, 3 Setting", "Moon Setting, 4 Rising")
    assert conds == ["full-consecutive"]
    conds, _, _ = judge("1 Rising, 2 Risen, 3 Setting", "Moon Setting, 4 Rising", moon=13)
    assert conds == ["highest-card"]  # 13 and 4 are in no run together
    conds, _, _ = judge("10 Rising, 11 Risen, 9 Setting", "Moon Setting, 12 Rising", moon=13)
    assert conds == ["full-consecutive"]


def test_day_and_full_day() -> None:
    conds, points, best = judge(
        "2 Setting, 8 Setting, 5 Risen", "11 Rising, 1 Rising", "3 Rising, 4 Rising"
    )
    assert conds == ["day", "day"]
    conds, points, best = judge(
        "2 Setting, 5 Setting, 4 Risen", "3 Rising, 6 Rising", "11 Rising, 1 Rising"
    )
    assert conds == ["full-day", "day"]
    assert points == [6, 6]
    assert best == [0, 1]  # equal points from different conditions: the draw decides
    _, points, best = judge(
        "2 Setting, 5 Setting, 4 Risen", "3 Rising, 6 Rising", "11 Rising, 1 Rising",
        full_day=7,
    )
    assert points == [7, 6] and best == [0]
    conds, _, _ = judge("2 Rising, 8 Rising, 5 Risen", "11 Setting, 1 Setting")
    assert conds == ["day"]
    conds, _, _ = judge("2 Rising, 8 Rising, 5 Risen", "11 Risen, 1 Risen")
    assert conds == ["highest-card"]  # Risen is never the player's suit of a Day
    conds, _, _ = judge("2 Rising, 8 Rising, 5 Setting", "11 Setting, 1 Setting")
    assert conds == ["highest-card"]  # the final card must be Risen


def test_the_dealers_crown_is_wild_for_each_player_separately() -> None:
    # For the first player the Crown is a Setting card (a Day); for the second a 6 (a run).
    conds, _, _ = judge("2 Setting, Crown, 9 Risen", "11 Rising, 1 Rising",
                        "7 Risen, 8 Rising")
    assert conds == ["day", "consecutive"]


def test_substitution_costs_a_point_but_never_below_one() -> None:
    conds, points, best = judge("4 Rising, 5 Risen, 12 Setting", "6 Rising, 7 Risen",
                                "12 Rising, 11 Risen", substituted=[0, 1])
    assert conds == ["consecutive", "kind"]
    assert points == [3, 1]
    assert best == [0]
    _, points, _ = judge("1 Rising, 3 Risen, 5 Setting", "12 Rising, 8 Risen", substituted=[0])
    assert points == [1]


def test_equal_points_from_different_conditions_tie_but_ranked_ones_still_rank() -> None:
    # A substituted kind (1 point) against a Highest Card (1 point) and a weaker kind.
    conds, points, best = judge(
        "9 Rising, 9 Risen, 1 Setting", "9 Setting, 2 Rising", "12 Rising, 11 Risen",
        "1 Rising, 3 Setting", substituted=[0, 2],
    )
    assert conds == ["kind", "highest-card", "kind"]
    assert points == [1, 1, 1]
    assert best == [0, 1]  # the weaker kind loses to the stronger; the Highest Card ties


def test_card_notation_round_trips_and_reads_loosely() -> None:
    for c in range(DECK_SIZE):
        assert parse_card(code(c)) == c
        assert parse_card(code(c).upper()) == c
    assert parse_card("moon setting") == parse_card("Moon Setting")
    assert parse_card("12 of risen") == parse_card("12 Risen")
    assert parse_card("*") == CROWN
    assert parse_cards("7 Rising, Crown") == [6, CROWN]
