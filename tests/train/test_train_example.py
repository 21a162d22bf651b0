"""The training example of issue 14 runs as a person would run it: a short training, a few
whole matches against the random bot, and a win rate reported (PyTorch's CPU build is in the
test set-up through the ``train`` extra)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_daylily.py"


def test_the_daylily_example_trains_and_reports_its_win_rate() -> None:
    done = subprocess.run(
        [sys.executable, str(EXAMPLE), "--rounds", "16", "--batch", "8", "--matches", "6"],
        capture_output=True, text=True, timeout=600, check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.startswith("device cpu;")
    found = re.search(r"trained on (\d+) rounds .* won (\d+) of 6 \((\d+\.\d)%, 95% interval "
                      r"(\d+\.\d)%-(\d+\.\d)%\)", done.stdout)
    assert found, done.stdout
    trained, wins = int(found[1]), int(found[2])
    assert trained >= 16 and 0 <= wins <= 6
    assert float(found[4]) <= float(found[3]) <= float(found[5])
