"""Chips are never created or lost, and every pot goes to a player eligible for it.

Hypothesis draws tables (2 to 8 players, short stacks so that all-ins and side pots are
everyday events, every limit structure, rake on and off) and plays whole sessions at random,
typing odd bet sizes now and then; the state's own checks run after every decision and an
independent audit reads every hand at the end. This keeps the suite fast with a few hundred
hands; ``benchmarks/day_chips.py`` runs the same property over 100,000 hands.
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable import load_game
from cardtable.games.day.audit import play_and_audit

TABLES = st.fixed_dictionaries(
    {
        "stack": st.integers(1, 40),
        "ante": st.integers(0, 3),
        "limit": st.sampled_from(["fixed", "pot", "no"]),
        "bet_size": st.integers(1, 6),
        "max_raises": st.integers(0, 4),
        "dealer": st.sampled_from(["rotating", "house"]),
        "rake": st.sampled_from([0, 0, 5, 10, 33]),
        "hands": st.integers(1, 12),
    }
)


def table_options(options: dict[str, Any], cap: int | None) -> dict[str, Any]:
    if options["rake"] and cap is not None:
        return options | {"rake_cap": cap}
    return options


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(2, 8),
    options=TABLES,
    cap=st.one_of(st.none(), st.integers(0, 6)),
    seed=st.integers(0, 2**32),
    policy=st.integers(0, 2**32),
)
def test_chips_are_conserved_and_pots_go_to_eligible_players(
    players: int, options: dict[str, Any], cap: int | None, seed: int, policy: int
) -> None:
    game = load_game("day", players, table_options(options, cap))
    hands, problems = play_and_audit(game, seed, policy)
    assert problems == []
    assert hands >= 1
