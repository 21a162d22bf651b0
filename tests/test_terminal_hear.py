"""``hear`` at the terminal (issue 44, item 2): a player asks and hears a card's sound, or a
word on the table spoken by espeak-ng, through the machine's sound player.

The player here is a stand-in named by ``$CARDTABLE_AUDIO_PLAYER`` that keeps each file it is
given, so the test can decode what would have come out of the speakers.
"""

from __future__ import annotations

import io
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from cardtable.audio import PLAYER_ENV
from cardtable.bots import Decision, make_bot
from cardtable.cli import main
from cardtable.engine.game import load_game
from cardtable.engine.kit import presentation_for
from cardtable.terminal.hearing import Hearing

KEEPER = """import shutil, sys, pathlib
out = pathlib.Path(sys.argv[1]); n = len(list(out.iterdir()))
shutil.copy(sys.argv[2], out / f"{n:02d}{pathlib.Path(sys.argv[2]).suffix}")
"""


@pytest.fixture
def heard(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The folder the stand-in player keeps what it plays in, in order."""
    script = tmp_path / "keeper.py"
    script.write_text(KEEPER)
    out = tmp_path / "heard"
    out.mkdir()
    monkeypatch.setenv(PLAYER_ENV, f"{sys.executable} {script} {out}")
    monkeypatch.chdir(tmp_path)
    return out


def seconds(path: Path) -> float:
    """How long the audio in ``path`` lasts, decoded by sox."""
    done = subprocess.run(["sox", str(path), "-n", "stat"], capture_output=True, check=True)
    found = re.search(r"Length \(seconds\):\s+([\d.]+)", done.stderr.decode())
    assert found
    return float(found.group(1))


def play(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], game: str,
         typed: str) -> str:
    monkeypatch.setattr(sys, "stdin", io.StringIO(typed))
    assert main(["play", game, "--seed", "3", "--bots", "random"]) == 0
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return out


def test_hear_plays_the_hand_and_named_cards(
        heard: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    assert shutil.which("sox"), "scripts/system-packages.sh installs sox"
    out = play(monkeypatch, capsys, "say-rummy",
               "help\nhear ɔ tʃ\nhear\nhear 1\nhear 2\nhear zz\nq\n")
    assert "hear" in out.split("Commands:")[1]  # listed where the commands are
    files = sorted(heard.iterdir())
    hand = re.findall(r"(\S+): played$", out, re.M)[2:]
    assert len(hand) == 7  # seven cards dealt; seat 2 leads and has laid "pie"
    assert len(files) == 2 + 7 + 1  # two named cards, the hand, then word 1 spoken
    assert all(f.suffix == ".ogg" and seconds(f) > 0.05 for f in files[:-1])
    assert files[0].read_bytes() != files[1].read_bytes()  # /ɔ/ is not /tʃ/
    assert "ɔ: played" in out and "tʃ: played" in out
    assert files[-1].suffix == ".wav" and seconds(files[-1]) > 0.1
    assert "word 1: pie" in out
    assert "there is no word 2 on the table" in out
    assert "zz" in out and "Traceback" not in out


def test_a_word_on_the_table_is_spoken(heard: Path) -> None:
    assert shutil.which("espeak-ng"), "scripts/system-packages.sh installs espeak-ng"
    game = load_game("say-rummy", 2, {})
    state = game.new_state(11)
    bots = [make_bot("greedy", game, seed=s) for s in range(2)]
    board = presentation_for(game).board(state.view(0), [], ["You", "Them"])
    while not any(a["groups"] and a["groups"][0]["melds"] for a in board["areas"]):
        seat = state.actors[0]
        state.apply(seat, bots[seat].choose(Decision.for_bot(state, seat, bots[seat])))
        board = presentation_for(game).board(state.view(0), [], ["You", "Them"])
    said = Hearing(game).hear("1", [], board)
    word = said[0].split(": ", 1)[1]
    assert said == [f"word 1: {word}"] and word.isalpha()
    (spoken,) = heard.iterdir()
    assert spoken.suffix == ".wav" and seconds(spoken) > 0.1


def test_a_game_without_sounds_has_no_hear(
        heard: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    out = play(monkeypatch, capsys, "daylily", "help\nq\n")
    assert "hear" not in out.split("Commands:")[1].split("Shortcuts:")[0]
    assert not Hearing(load_game("daylily", 2, {})).offered
    assert not list(heard.iterdir())


def test_no_sound_player_is_said_in_one_sentence(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv(PLAYER_ENV, "")
    monkeypatch.setenv("PATH", str(tmp_path))  # no player to be found
    out = play(monkeypatch, capsys, "say-rummy", "hear ɔ\nq\n")
    assert "no program to play sound was found" in out
