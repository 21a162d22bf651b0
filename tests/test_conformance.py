"""The shared conformance suite: every registered game, every player count, many seeded matches.

``CARDTABLE_CONFORMANCE_MATCHES`` sets the number of matches per game and player count. The
default, 300, keeps ``make test`` within the CI's time on two cores; ``make conformance`` plays
the full 1,000 that every game must pass before a release (set it lower for a quick local run).
"""

from __future__ import annotations

import os
from typing import Any

import pytest

from cardtable.engine import game_class, game_names, load_game
from conformance import play_checked

MATCHES = int(os.environ.get("CARDTABLE_CONFORMANCE_MATCHES", "300"))

# Option sets worth exercising besides the defaults, per game (house rules change the flow).
VARIANTS: dict[str, list[dict[str, Any]]] = {
    "day": [
        {"limit": "no", "rake": 5, "rake_cap": 2, "dealer": "house", "stack": 20},
        {"limit": "pot", "moon_value": 13, "kind_scope": "hand", "full_day_points": 7, "ante": 0},
        {"stack": 7, "ante": 2, "bet_size": 3, "max_raises": 0, "hands": 30},
    ],
    "daylily": [
        {"no_return_discard": True},
        {"max_stock_rebuilds": 0, "target": 40},
        {"rounds": 2},
    ],
    "dummy-rummy": [
        {"jokers": 4, "joker_swaps": True, "call_rummy": True, "go_out": "discard"},
        {"claims": "first", "buy_limit": None, "contracts": "2S,3R", "deal_sizes": "11,12"},
    ],
    "say-rummy": [
        {"copies": 1, "wilds": 8, "scoring": "graphemes", "min_word_length": 2},
        {"schwa_merge": False, "dialect_merges": "ɑ=ɔ", "scoring": "vowels", "games": 2},
        {"wilds": 0, "copies": 3, "max_turns": 30},
    ],
    "liverpool": [
        {"extended": True, "contracts": "2S", "deal_sizes": "12"},
        {"claims": "first", "buy_limit": 2, "go_out": "play", "return_discard": True},
        {"natural_majority": False, "cut": False, "buy_after_down": False},
    ],
}

CHUNK = 100  # matches per test case, so that pytest-xdist can spread the work over the cores


def _cases() -> list[tuple[str, int, int, int]]:
    """(game, players, first seed, matches) for every registered game and player count.

    A game played by two player counts (Daylily) gets MATCHES matches for each; a game with
    many counts (contract rummy, 2 to 12) spreads MATCHES over all of them, so every count is
    played and a 12-seat table does not multiply the run time.
    """
    cases = []
    for name in game_names():
        counts = game_class(name).player_counts
        total = MATCHES * len(counts) if len(counts) <= 2 else MATCHES
        for i, players in enumerate(counts):
            share = total // len(counts) + (1 if i < total % len(counts) else 0)
            for start in range(0, share, CHUNK):
                cases.append((name, players, start, min(CHUNK, share - start)))
    return cases


CASES = _cases()


@pytest.mark.parametrize(
    ("name", "players", "start", "count"), CASES,
    ids=[f"{g}-{n}p-from{s}" for g, n, s, _ in CASES],
)
def test_random_matches_keep_every_property(
    name: str, players: int, start: int, count: int
) -> None:
    game = load_game(name, players)
    heavy = 0
    differing = 0
    for seed in range(start, start + count):
        state, report = play_checked(game, seed)
        assert not report.problems, "\n".join(report.problems)
        assert state.is_over
        heavy += report.heavy_checks
        differing += report.samples_differing
    assert heavy > 0
    # The secrecy check must have had something to hide: samples really redeal hidden cards.
    assert differing > 0


# One case per table size as well, so that the two workers share a game with many sizes
# (contract rummy's 2 to 12 seats were one test of three and a half minutes).
VARIANT_CASES = [(name, number, players) for name in game_names()
                 for number in range(len(VARIANTS.get(name, [{}])))
                 for players in game_class(name).player_counts]


@pytest.mark.parametrize(
    ("name", "number", "players"), VARIANT_CASES,
    ids=[f"{g}-{n}-{p}p" for g, n, p in VARIANT_CASES],
)
def test_house_rule_variants_keep_every_property(name: str, number: int, players: int) -> None:
    options = VARIANTS.get(name, [{}])[number]
    game = load_game(name, players, options)
    for seed in range(max(3, MATCHES // 50)):
        _state, report = play_checked(game, 10_000 + seed)
        assert not report.problems, f"{options}: " + "\n".join(report.problems)
