"""Behaviour unchanged by a change of structure: seeded random matches give the fingerprints
recorded before the registration rework (issue 42). CI replays the first matches of each table;
``benchmarks/fingerprints.py --check`` replays all 400."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
from fingerprints import GOLDEN, TABLES, fingerprint, table_key

IN_CI = 12
RECORDED = json.loads(GOLDEN.read_text(encoding="utf-8"))


@pytest.mark.parametrize(("name", "players"), TABLES, ids=[table_key(*t) for t in TABLES])
def test_seeded_random_matches_play_as_recorded(name: str, players: int) -> None:
    recorded = RECORDED[table_key(name, players)]
    assert len(recorded) == 400
    found = [fingerprint(name, players, seed) for seed in range(IN_CI)]
    differ = [seed for seed in range(IN_CI) if found[seed] != recorded[seed]]
    assert not differ, f"seeds {differ} of {name} at {players} no longer play as recorded"
