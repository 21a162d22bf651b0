"""Every `cardtable ...` command the README shows runs as written on a fresh clone (issue 46,
item 4).

The commands are read from the README itself (the first column of its command table and any
``sh`` block), so a command added or changed there is tried here without touching this file.
They run in the README's order in one empty folder, as a newcomer would type them one after
another: a record the README shows how to make is there when a later command replays it.
Two liberties only: a long run (``--games`` above ``SMALL``) plays ``SMALL`` matches, and its
row must say how long the full one takes; ``serve`` gets a free port and is stopped once it
says where it listens. Input is what a newcomer trying a command would type: Enter at every
question of the menu, then ``q`` and ``quit``.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shlex
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
SMALL = 3  # matches played for a long run
LONG = 20  # more matches than this is a long run: its row says how long it takes
TYPED = "\n" * 6 + "q\nquit\n"
SAYS_HOW_LONG = re.compile(r"\b(about|takes?|under|over)\b[^|]*?\b(\d[\d,.]*|an?)\s*"
                           r"(seconds?|minutes?|hours?|min)\b")
RAY_ENV = "CARDTABLE_README_RAY"  # 1: also run the README's Ray example
SPAN = re.compile(r"`(cardtable [^`]+)`")


@dataclass(frozen=True)
class Shown:
    """A command as the README shows it, and the text around it (its table row)."""

    command: str
    context: str


def readme_commands(text: str) -> list[Shown]:
    """The ``cardtable`` commands of the README's table (first column) and ``sh`` blocks."""
    found: list[Shown] = []
    block: str | None = None
    for line in text.splitlines():
        if line.startswith("```"):
            block = line[3:].strip() if block is None else None
            continue
        if block is not None:
            if block in ("sh", "bash", "console", "shell"):
                command = line.split("  #", 1)[0].strip().removeprefix("$ ")
                if command.startswith("cardtable "):
                    found.append(Shown(command, line))
            continue
        if line.startswith("| `cardtable"):
            first = line.split(" | ", 1)[0]
            found.extend(Shown(c, line) for c in SPAN.findall(first))
    return found


def shortened(argv: list[str], context: str) -> list[str]:
    """``argv`` with a long run's ``--games`` cut to SMALL; its row must say how long the full
    run takes."""
    out = list(argv)
    for i, word in enumerate(out[:-1]):
        if word in ("--games", "-n") and out[i + 1].isdigit() and int(out[i + 1]) > LONG:
            assert SAYS_HOW_LONG.search(context), (
                f"the README runs {int(out[i + 1]):,} matches in {' '.join(argv)!r} without "
                "saying how long that takes")
            out[i + 1] = str(SMALL)
    return out


def ray_wanted() -> bool:
    return (os.environ.get(RAY_ENV, "0") not in ("", "0")
            and importlib.util.find_spec("ray") is not None)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def run_serve(argv: list[str], cwd: Path, env: dict[str, str]) -> str:
    """Start the server as written (on a free port), wait until it says where it listens,
    stop it; what it printed."""
    argv = [*argv, "--port", str(free_port())]
    with subprocess.Popen([sys.executable, "-m", "cardtable", *argv], cwd=cwd, env=env,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True) as proc:
        assert proc.stdout is not None
        said = ""
        deadline = time.monotonic() + 60
        while "http://" not in said and time.monotonic() < deadline:
            line = proc.stdout.readline()
            if not line:
                break
            said += line
        proc.terminate()
        proc.wait(timeout=30)
    assert "http://" in said, said
    return said


def test_the_readme_parses_to_commands() -> None:
    shown = readme_commands(README.read_text(encoding="utf-8"))
    assert len(shown) >= 20
    commands = [s.command for s in shown]
    assert "cardtable rules liverpool" in commands
    for s in shown:  # a placeholder is no command
        assert not re.search(r"\b[A-Z]{3,}\b|\[--", s.command), s.command


def test_every_readme_command_runs_as_written(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src"), "XDG_DATA_HOME": str(tmp_path / "d"),
           "CARDTABLE_PLAIN_INPUT": "1", "COLUMNS": "80"}
    env.pop("CARDTABLE_RECORDS", None)
    here = tmp_path / "clone"
    here.mkdir()
    failed: list[str] = []
    for shown in readme_commands(README.read_text(encoding="utf-8")):
        argv = shortened(shlex.split(shown.command)[1:], shown.context)
        # Ray's own start-up (a raylet and its store) is tested by test_ray_backend.py; on a
        # loaded machine it can time out by itself, which says nothing about the README: the
        # Ray example runs when asked to.
        if "ray" in argv and not ray_wanted():
            continue
        if argv[0] == "serve":
            run_serve(argv, here, env)
            continue
        done = subprocess.run([sys.executable, "-m", "cardtable", *argv], cwd=here, env=env,
                              input=TYPED, capture_output=True, text=True, timeout=300)
        if done.returncode != 0 or "Traceback" in done.stderr:
            failed.append(f"{shown.command}: exit {done.returncode}: "
                          f"{(done.stderr or done.stdout).strip()[-300:]}")
    assert failed == []
