"""Chips conserved and pots won only by eligible players, over 100,000 random Day hands.

The property of ``tests/test_day_chips.py`` at full size: Hypothesis draws tables (2 to 8
players, stacks of 1 to 40 chips so that all-ins and side pots are common, antes 0 to 3, every
limit structure, a rake of 0, 5, 10 or 33 percent with or without a cap, rotating or house
dealer) and plays whole sessions with a random policy that also types bet sizes the move list
leaves out. After every decision the state checks that every chip is in a stack, a pot or the
house's rake and every card in one place; after each session an independent audit reads every
hand: the pots add up to what was put in, each pot went to a player who had not folded and put
in at least the pot's level, nobody won more from anyone than they risked themselves, showdown
pots went to a best eligible hand (ties to a draw among exactly the tied), rake within its
percentage and cap, and every stack moved by exactly what it put in and won.

    .venv/bin/python benchmarks/day_chips.py [--hands 100000]
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable import load_game
from cardtable.games.day.audit import AuditTally, play_and_audit
from machine import print_machine

TABLES = st.fixed_dictionaries(
    {
        "stack": st.integers(1, 40),
        "ante": st.integers(0, 3),
        "limit": st.sampled_from(["fixed", "pot", "no"]),
        "bet_size": st.integers(1, 6),
        "max_raises": st.integers(0, 4),
        "dealer": st.sampled_from(["rotating", "house"]),
        "rake": st.sampled_from([0, 0, 5, 10, 33]),
        "hands": st.integers(1, 20),
    }
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--hands", type=int, default=100_000)
    args = parser.parse_args()
    print_machine()
    tally = AuditTally()
    by_limit: Counter[str] = Counter()
    by_rake: Counter[str] = Counter()
    by_players: Counter[int] = Counter()

    @settings(max_examples=2_000, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(
        players=st.integers(2, 8),
        options=TABLES,
        cap=st.one_of(st.none(), st.integers(0, 6)),
        seed=st.integers(0, 2**32),
        policy=st.integers(0, 2**32),
    )
    def session(players: int, options: dict[str, Any], cap: int | None, seed: int,
                policy: int) -> None:
        if options["rake"] and cap is not None:
            options = options | {"rake_cap": cap}
        game = load_game("day", players, options)
        hands, problems = play_and_audit(game, seed, policy, tally)
        assert problems == [], problems
        by_limit[options["limit"]] += hands
        by_rake["on" if options["rake"] else "off"] += hands
        by_players[players] += hands

    began = time.perf_counter()
    while tally.hands < args.hands:
        session()
    elapsed = time.perf_counter() - began
    t = tally
    print(f"\n{t.hands:,} hands in {t.sessions:,} sessions, no problem found "
          f"({elapsed:.0f} s)")
    print(f"  showdowns {t.showdowns:,}; hands with an all-in {t.all_in_hands:,}; with side "
          f"pots {t.side_pot_hands:,}; pots settled by a draw {t.draws:,}; raked hands "
          f"{t.raked_hands:,}")
    print("  hands by limit: " + ", ".join(f"{k} {v:,}" for k, v in sorted(by_limit.items())))
    print("  hands by rake: " + ", ".join(f"{k} {v:,}" for k, v in sorted(by_rake.items())))
    print("  hands by players: " + ", ".join(f"{k}: {v:,}" for k, v in sorted(by_players.items())))


if __name__ == "__main__":
    main()
