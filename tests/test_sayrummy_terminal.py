"""Say Rummy at the terminal: the ASCII names of the sounds are shown wherever sounds are, and
``help`` stays short when wild cards make thousands of words possible.

Seed 170 deals the person (seat 0, moving first) a hand that, after drawing, holds two wild
cards: 971 words can be laid, which ``help`` used to print one a line.
"""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path

import pytest
from rich.console import Console

from cardtable.cli import main
from cardtable.cli.rules import render
from cardtable.engine.game import load_game
from cardtable.engine.record import load_record, replay
from cardtable.games.sayrummy.actions import Discard, Word
from cardtable.games.sayrummy.game import SayRummyGame
from cardtable.games.sayrummy.sounds import SOUNDS, ascii_label
from cardtable.terminal import renderer_for
from cardtable.terminal.presented import HELP_FIRST, PresentedRenderer

WILD_SEED = 170


def table(**options: object) -> SayRummyGame:
    game = load_game("say-rummy", 2, options)
    assert isinstance(game, SayRummyGame)
    return game


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # records are saved under the current directory


def play(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], seed: int,
         typed: str) -> str:
    monkeypatch.setattr(sys, "stdin", io.StringIO(typed))
    assert main(["play", "say-rummy", "--seed", str(seed), "--bots", "random"]) == 0
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return out


def helps(out: str) -> list[str]:
    """Each help's list of moves, as printed."""
    return [part.split("Commands:")[0] for part in out.split("Legal moves now:")[1:]]


def test_help_summarises_thousands_of_words_and_pages_them_on_request(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = play(monkeypatch, capsys, WILD_SEED, "s\nhelp\nhelp words\nhelp all\nq\n")
    state = replay(load_record(f"records/say-rummy-{WILD_SEED}.json"))
    legal = state.legal_actions(0)
    words = [a for a in legal if isinstance(a, Word)]
    assert state.view(0)["zones"]["hand:0"]["cards"].count("*") == 2  # two wild cards in hand
    assert len(words) > 500
    summary, all_words, everything = helps(out)
    assert len(summary.splitlines()) < 20
    assert f"Words: {len(words)} moves making" in summary and "help words" in summary
    shown = re.findall(r"^ +(word [^(]+?)  \(", summary, re.MULTILINE)
    assert len(shown) == HELP_FIRST
    assert all(state.game.parse_action(text) in words for text in shown)
    assert len({text.replace("*", "") for text in shown}) == HELP_FIRST  # different words
    assert min(len(t.split()) for t in shown) >= 4  # the longest first
    discards = [a for a in legal if isinstance(a, Discard)]
    assert f"Discards ({len(discards)})" in summary  # short groups stay whole
    listed = re.findall(r"^ +(word [^(]+?)  \(", all_words, re.MULTILINE)
    assert {state.game.parse_action(t) for t in listed} == set(words)
    assert "Discards" not in all_words  # help words: the words only
    moves = re.findall(r"^ +((?:word|discard) [^(]+?)  \(", everything, re.MULTILINE)
    assert {state.game.parse_action(t) for t in moves} == set(legal)


def test_cards_show_the_ascii_name_of_their_sound() -> None:
    renderer = renderer_for(table())
    assert isinstance(renderer, PresentedRenderer)
    # the spellings a child reads first (the default face), then the sound as it is typed
    assert renderer.held("ɔ").plain == "aw·au·o·al ɔ AO"
    assert renderer.held("d").plain == "d·dd·ed d"  # typed as it is written
    assert renderer.held("j").plain == "y·i j Y"  # "j" would mislead
    sound_first = renderer_for(load_game("say-rummy", 2, {"card_face": "sound"}))
    assert isinstance(sound_first, PresentedRenderer)
    assert sound_first.held("ɔ").plain == "ɔ AO aw·au·o·al"
    assert sound_first.held("j").plain == "j Y y·i"


def test_the_hand_and_help_show_the_ascii_names_and_they_can_be_typed(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    game = table()
    view = game.new_state(WILD_SEED).view(0)
    screen = io.StringIO()
    Console(file=screen, width=100, color_system=None).print(
        renderer_for(game).hand(view, ["You", "Bot"]))
    for code in view["zones"]["hand:0"]["cards"]:
        sound = next((s for s in SOUNDS if s.ipa == code), None)
        if sound is not None and ascii_label(sound.id):
            assert f"{sound.ipa} {sound.ascii}" in screen.getvalue()
    out = play(monkeypatch, capsys, WILD_SEED, "s\nhelp\nq\n")
    assert "x …" in out and "w …" in out  # the keys of the moves, with an example each
    assert game.parse_action("word D AO G") == game.parse_action("word d ɔ g")
    assert game.parse_action("word k *ae t") == game.parse_action("word k *æ t")


def test_every_sound_is_listed_with_its_ascii_name_in_the_rules() -> None:
    text = render("say-rummy")
    for sound in SOUNDS:
        name = ascii_label(sound.id)
        assert re.search(rf"/{re.escape(sound.ipa)}/ {name}\s+{re.escape(sound.spellings[0])}"
                         if name else rf"/{re.escape(sound.ipa)}/\s+", text), sound.ipa
    assert "plays_per_turn" in text and "word_list" in text


def test_the_prompt_says_what_is_left_of_the_turn() -> None:
    game = table(games=1)
    renderer = renderer_for(game)
    state = game.new_state(WILD_SEED)
    state.apply(0, game.parse_action("draw stock"))
    labels = ["You", "Bot"]
    assert renderer.prompt(state.view(0), labels, state.legal_actions(0)) == (
        "Lay one new word or add to words on the table (not both), then discard one card")
    state.apply(0, next(a for a in state.legal_actions(0) if isinstance(a, Word)))
    assert renderer.prompt(state.view(0), labels, state.legal_actions(0)) == (
        "You laid your word: discard one card to end your turn")
