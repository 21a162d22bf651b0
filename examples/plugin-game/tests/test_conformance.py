"""cardtable's conformance suite, imported from cardtable's own tests, on Crazy Eights: every
table size and both draw rules, seeded random matches checked at every move (soundness,
conservation, secrecy, sealed observations, clones, stale moves, records, termination)."""

from __future__ import annotations

from typing import Any

import pytest
from cardtable.engine.game import game_class, load_game
from conformance import play_checked

VARIANTS: list[dict[str, Any]] = [{}, {"draw": "until"}, {"hands": 2, "target": 30}]
SEEDS = 4


@pytest.mark.parametrize("options", VARIANTS, ids=["draw-one", "draw-until", "two-hands"])
@pytest.mark.parametrize("players", game_class("crazy-eights").player_counts)
def test_random_matches_keep_every_property(players: int, options: dict[str, Any]) -> None:
    game = load_game("crazy-eights", players, options)
    heavy = differing = 0
    for seed in range(SEEDS):
        state, report = play_checked(game, seed)
        assert not report.problems, "\n".join(report.problems)
        assert state.is_over
        heavy += report.heavy_checks
        differing += report.samples_differing
    assert heavy > 0
    assert differing > 0  # the secrecy checks had hidden cards to deal differently
