"""The batch showdown evaluator and the chance counts built on it (issue 16: a greedy bot fast
enough to be an opponent and a rollout policy, counting exactly what it counted before)."""

from __future__ import annotations

import json
import random
from itertools import combinations
from pathlib import Path

import numpy as np
import pytest

from cardtable.games.day.batch import batch_for, first_share
from cardtable.games.day.cards import CROWN, DECK_SIZE, MOONS, parse_cards
from cardtable.games.day.chance import _share, swap_chances, win_chance
from cardtable.games.day.showdown import CONDITION_NAMES, condition_of, evaluator_for

# The chances the greedy bot counted one showdown at a time before the batch evaluator
# (issue 16), recorded from that code: the oracle the batch is held to.
OLD = json.loads((Path(__file__).resolve().parent / "golden" / "day_win_chances.json")
                 .read_text(encoding="utf-8"))

RULES = [(0, "table", 6), (13, "table", 6), (0, "hand", 7), (13, "hand", 6)]


def random_showdowns(rng: random.Random, rows: int, hands: int) -> list[list[int]]:
    """Deals of the dealer's three cards and ``hands`` hands, the Crown and the Moons dealt
    far more often than chance would (they are where the special cases live)."""
    out = []
    for _ in range(rows):
        deck = list(range(DECK_SIZE))
        rng.shuffle(deck)
        if rng.random() < 0.5:  # bring the Crown and Moons to the front
            for c in (CROWN, *MOONS):
                if rng.random() < 0.6:
                    deck.remove(c)
                    deck.insert(rng.randrange(3 + 2 * hands), c)
        out.append(deck[:3 + 2 * hands])
    return out


@pytest.mark.parametrize("rules", RULES)
@pytest.mark.parametrize("hands", [2, 3, 8])
def test_the_batch_gives_the_evaluators_results_and_shares(
    rules: tuple[int, str, int], hands: int
) -> None:
    ev = evaluator_for(*rules)
    batch = batch_for(*rules)
    rng = random.Random(hands * 100 + rules[0])
    deals = random_showdowns(rng, 2000, hands)
    cards = np.array(deals)
    subs = [rng.random() < 0.3 for _ in range(hands)]
    keys = batch.keys(cards[:, 0], cards[:, 1], cards[:, 2],
                      [(cards[:, 3 + 2 * h], cards[:, 4 + 2 * h]) for h in range(hands)], subs)
    shares = first_share(keys)
    seen: set[str] = set()
    for n, deal in enumerate(deals):
        want = ev.keys(deal[:3], [(deal[3 + 2 * h], deal[4 + 2 * h]) for h in range(hands)],
                       subs)
        assert [int(k[n]) for k in keys] == want, deal
        assert shares[n] == pytest.approx(_share(want))
        seen.update(CONDITION_NAMES[condition_of(k)] for k in want)
    assert seen >= {"highest-card", "kind", "eclipse", "consecutive", "full-consecutive"}


def test_every_heads_up_showdown_on_a_day_board_matches() -> None:
    """A board that allows Days: every hand against every other, all at once."""
    ev = evaluator_for()
    batch = batch_for()
    board = parse_cards("4 Setting, 5 Setting, 6 Risen")
    rest = [c for c in range(DECK_SIZE) if c not in board]
    pairs = list(combinations(rest, 2))
    mine = np.array([p for p in pairs for _ in pairs])
    theirs = np.array([q for _ in pairs for q in pairs])
    keep = [i for i in range(len(mine)) if not set(mine[i]) & set(theirs[i])][::7]
    mine, theirs = mine[keep], theirs[keep]
    keys = batch.keys(board[0], board[1], board[2],
                      [(mine[:, 0], mine[:, 1]), (theirs[:, 0], theirs[:, 1])],
                      [False, True])
    names = set()
    for n in range(len(mine)):
        want = ev.keys(board, [tuple(mine[n]), tuple(theirs[n])], [False, True])
        assert [int(keys[0][n]), int(keys[1][n])] == want
        names.add(CONDITION_NAMES[condition_of(want[0])])
    assert {"day", "full-day"} <= names


@pytest.mark.parametrize("board", ["7 Setting, 9 Risen", "4 Setting, 5 Setting, 6 Risen",
                                   "Crown, Moon Rising", "2 Rising, 3 Rising, Moon Setting"])
@pytest.mark.parametrize("hand", ["7 Rising, 10 Setting", "Moon Risen, Crown",
                                  "11 Rising, 1 Rising"])
def test_heads_up_chances_are_the_old_exact_counts(board: str, hand: str) -> None:
    ev = evaluator_for()
    cards, table = parse_cards(hand), parse_cards(board)
    if set(cards) & set(table):
        return
    was = OLD["exact"][f"{hand} | {board}"]
    for subs in ([False], [True]):
        new = win_chance(ev, cards, table, subs, substituted=True)
        assert new[1]
        assert new[0] == pytest.approx(was["substituted" if subs[0] else "plain"], abs=1e-12)
    dead = [c for c in range(DECK_SIZE) if c not in cards and c not in table][:1]
    assert win_chance(ev, cards, table, [False], dead=dead)[0] == pytest.approx(
        was["one_dead"], abs=1e-12)


def test_sampled_chances_agree_with_the_old_estimates_within_their_error() -> None:
    ev = evaluator_for()
    hand, board = parse_cards("7 Rising, 10 Setting"), parse_cards("7 Setting, 9 Risen")
    for k in (2, 4):
        new, exact = win_chance(ev, hand, board, [False] * k, rng=random.Random(1),
                                samples=20_000)
        was = OLD["sampled"][str(k)]
        assert not exact and abs(new - was) < 0.02
    keep, first, second = swap_chances(ev, hand, board, [False, True], random.Random(3), 20_000)
    assert keep > first  # the 7 pairs the dealer's 7: giving it up costs
    assert min(keep, first, second) > 0 and max(keep, first, second) < 1
    again = swap_chances(ev, hand, board, [False, True], random.Random(3), 20_000)
    assert again == (keep, first, second)  # the same seed, the same deals
