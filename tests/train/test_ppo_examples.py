"""The MaskablePPO examples run as a person runs them: sb3-contrib's MaskablePPO takes
``single_agent("dummy-rummy", players=2, opponents="greedy")`` with no wrapper and trains
20,000 steps (the issue's bar), and the self-play league runs its generations; each then plays
whole matches against ``random`` and ``greedy`` and reports win rates with 95% intervals."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
RESULT = re.compile(r"won (\d+) of (\d+) against (random|greedy) \((\d+\.\d)%, 95% interval "
                    r"(\d+\.\d)%-(\d+\.\d)%\)")


def _run(script: str, *args: str) -> str:
    done = subprocess.run([sys.executable, str(EXAMPLES / script), *args], capture_output=True,
                          text=True, timeout=900, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def _check_results(out: str, matches: int) -> None:
    found = RESULT.findall(out)
    assert [f[2] for f in found] == ["random", "greedy"], out
    for wins, n, _bot, rate, low, high in found:
        assert int(n) == matches and 0 <= int(wins) <= matches
        assert float(low) <= float(rate) <= float(high)


def test_maskable_ppo_trains_20000_steps_against_greedy_with_no_wrapper() -> None:
    out = _run("ppo_vs_greedy.py", "--game", "dummy-rummy", "--players", "2",
               "--steps", "20000", "--matches", "2")
    trained = re.search(r"trained (\d+) steps in ([\d.]+) s \((\d+) steps/s\)", out)
    assert trained, out
    assert int(trained[1]) >= 20_000
    _check_results(out, 2)


def test_the_league_plays_its_past_copies_and_greedy() -> None:
    out = _run("league.py", "--generations", "3", "--steps", "256", "--matches", "1")
    against = re.findall(r"generation (\d): against (greedy|copy \d)", out)
    assert [g for g, _ in against] == ["0", "1", "2"], out
    assert against[0][1] == "greedy"  # the pool holds only greedy at first
    _check_results(out, 1)
