"""Accents a teacher picks by name (issue 44, item 5): cot-caught, pin-pen, Mary-marry-merry.

A class that says *pen* like *pin* must be able to spell *pen* with the cards of *pin*, yet
*bet* must not become *bit*: pin-pen joins /ɪ/ and /ɛ/ before m, n and ng only. The referee
answers as a table with that option would.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from cardtable import load_game
from cardtable.cli import main
from cardtable.games.sayrummy.game import SayRummyGame


def judge(capsys: pytest.CaptureFixture[str], sounds: str, accent: str | None = None
          ) -> dict[str, Any]:
    options = [] if accent is None else ["--option", f"dialect_merges={accent}"]
    code = main(["judge", "say-rummy", "word", sounds, *options])
    out, err = capsys.readouterr()
    assert code == 0, err
    answer: dict[str, Any] = json.loads(out)
    return answer


@pytest.mark.parametrize(("accent", "sounds", "word"), [
    ("pin-pen", "t ɪ n", "ten"),
    ("pin-pen", "p ɛ n", "pin"),
    ("mary-marry-merry", "b æ r i", "berry"),
    ("mary-marry-merry", "f eɪ r i", "ferry"),
    ("cot-caught", "s t ɑ k", "stalk"),
    ("cot-caught", "h ɑ k", "hawk"),
])
def test_an_accent_spells_its_words_with_the_sounds_it_says(
        capsys: pytest.CaptureFixture[str], accent: str, sounds: str, word: str) -> None:
    assert word not in judge(capsys, sounds)["words"]  # not without the accent
    assert word in judge(capsys, sounds, accent)["words"]


@pytest.mark.parametrize(("accent", "sounds", "word"), [
    ("pin-pen", "b ɪ t", "bet"),   # not before a nasal: bit and bet stay apart
    ("pin-pen", "s ɪ t", "set"),
    ("mary-marry-merry", "b æ t", "bet"),  # not before r
])
def test_a_merge_in_context_stays_in_its_context(
        capsys: pytest.CaptureFixture[str], accent: str, sounds: str, word: str) -> None:
    assert word not in judge(capsys, sounds, accent)["words"]


def test_accents_combine_with_each_other_and_with_sound_merges(
        capsys: pytest.CaptureFixture[str]) -> None:
    both = judge(capsys, "t ɪ n", "cot-caught,pin-pen")["words"]
    assert "ten" in both and "tin" in both
    assert "hawk" in judge(capsys, "h ɑ k", "pin-pen,ɑ=ɔ")["words"]


def test_an_unknown_accent_is_refused_in_one_sentence(
        capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["judge", "say-rummy", "word", "t ɛ n", "--option",
                 "dialect_merges=pin-pan"])
    out, err = capsys.readouterr()
    assert code != 0 and not out
    assert "pin-pan" in err and "pin-pen" in err and "Traceback" not in err
    assert err.count("\n") == 1


def test_the_table_and_its_bots_use_the_accent() -> None:
    """The option reaches the table: its lexicon, which bots, hints and the referee share."""
    plain_game = load_game("say-rummy", 2, {})
    accent_game = load_game("say-rummy", 2, {"dialect_merges": "pin-pen"})
    assert isinstance(plain_game, SayRummyGame) and isinstance(accent_game, SayRummyGame)
    plain, accent = plain_game.lexicon, accent_game.lexicon
    tin = next(p for p, words in plain.spellings.items() if words == ("tin",))
    assert "ten" in accent.words_for(tin) and "ten" not in plain.words_for(tin)
    assert len(accent.spellings) > len(plain.spellings)
