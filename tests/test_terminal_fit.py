"""The terminal at 80x24 (issue 46, item 8): `help` pages when it is taller than the screen,
rules texts wrap at the screen's width between words, never inside one."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from rich.console import Console

from cardtable.bots import make_bot
from cardtable.cli import main
from cardtable.engine.game import game_class, game_names, load_game
from cardtable.terminal.fit import reflow
from cardtable.terminal.session import PlaySession


def words(text: str) -> list[str]:
    return text.split()


@pytest.mark.parametrize("game", game_names())
def test_rules_fit_80_columns_in_a_pipe_without_breaking_a_word(
    game: str, capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["rules", game]) == 0
    out = capsys.readouterr().out
    assert max(len(line) for line in out.splitlines()) <= 80
    summary = game_class(game)(game_class(game).player_counts[0]).rules_summary()
    assert " ".join(words(summary)) in " ".join(words(out))  # every word whole, in order


def test_reflow_keeps_a_list_item_under_its_text_and_labelled_lines_apart() -> None:
    text = ("Melds:\n  pair      one card of each of the two flowers sharing an attribute (early "
            "bloomer: Ming Toy +\n            Stella d'Oro). Same blooms scores 2.\n"
            "Moves: draw stock | draw discard")
    assert reflow(text, 50).split("\n") == [
        "Melds:",
        "  pair      one card of each of the two flowers",
        "            sharing an attribute (early bloomer:",
        "            Ming Toy + Stella d'Oro). Same blooms",
        "            scores 2.",
        "Moves: draw stock | draw discard",
    ]


def terminal_session(tmp_path: Path, answers: list[str]) -> tuple[PlaySession, io.StringIO,
                                                                  list[str]]:
    """Say Rummy for three at an 80x24 terminal, the person answering from ``answers``."""
    game = load_game("say-rummy", 3)
    screen = io.StringIO()
    console = Console(file=screen, width=80, height=24, force_terminal=True,
                      color_system=None, highlight=False)
    prompts: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        screen.write(f"<<{prompt.strip()}>>\n")
        return answers.pop(0) if answers else "quit"

    bots = {s: make_bot("greedy", game, s) for s in (1, 2)}
    return PlaySession(game, 5, 0, bots, tmp_path / "r.json", console, read=read), screen, \
        prompts


def test_help_at_80x24_is_shown_a_screenful_at_a_time(tmp_path: Path) -> None:
    session, screen, prompts = terminal_session(tmp_path, ["draw stock", "help", "", "q",
                                                           "quit"])
    session.run()
    text = screen.getvalue()
    # What came between two questions; the third piece follows the one answered "help".
    shown = re.split(r"<<[^>]*>>\n", text, flags=re.S)[2]
    assert shown.startswith("Legal moves now:")
    assert len(shown.rstrip("\n").split("\n")) <= 22  # the pager's question, the prompt
    assert any(p.startswith("-- ") and "Enter for more, q to stop" in p for p in prompts)
    assert sum(p.startswith("-- ") for p in prompts) == 2  # q stopped it at the second
    assert all(len(line) <= 80 for line in text.splitlines())


def test_rules_at_an_80_column_terminal_break_between_words(tmp_path: Path) -> None:
    session, screen, _ = terminal_session(tmp_path, ["rules", "quit"])
    session.run()
    text = screen.getvalue()
    assert all(len(line) <= 80 for line in text.splitlines())
    summary = session.game.rules_summary()
    assert " ".join(words(summary)) in " ".join(words(text))


def test_long_questions_wrap_between_words_at_a_terminal(tmp_path: Path) -> None:
    session, _, prompts = terminal_session(tmp_path, ["quit"])
    session.run()
    for prompt in prompts:
        lines = prompt.split("\n")
        assert all(len(line) <= 80 for line in lines)
        assert all(not line or line[-1] in " ):" or line[-1].isalnum() for line in lines)
    asked = session.renderer.prompt(session.state.view(0), session.labels, session._legal())
    assert " ".join(words(prompts[0])) == f"Your move ({' '.join(words(asked))}):"
