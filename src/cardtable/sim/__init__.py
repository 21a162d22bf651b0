"""Batch self-play between bots: totals, win rates and invariant checks over many matches."""

from cardtable.sim.runner import (
    MAX_DECISIONS,
    SimConfig,
    SimReport,
    derive_seed,
    play_match,
    prepare,
    rotated,
    rounds_played,
    run_range,
    seat_bots,
    simulate,
    standings,
)
from cardtable.sim.stats import MAX_MESSAGES, MatchOutcome, Tally

__all__ = [
    "MAX_DECISIONS",
    "MAX_MESSAGES",
    "MatchOutcome",
    "SimConfig",
    "SimReport",
    "Tally",
    "derive_seed",
    "play_match",
    "prepare",
    "rotated",
    "rounds_played",
    "run_range",
    "seat_bots",
    "simulate",
    "standings",
]
