"""Ctrl-C at the terminal stops the match and saves it, even when it lands where Python drops
the KeyboardInterrupt (a weakref callback or a ``__del__``, run by the garbage collector at any
moment). In CI a Ctrl-C sent while the line editor was starting up printed "Exception ignored
in ... KeyboardInterrupt" and was lost: the match waited at the prompt, unsaved."""

from __future__ import annotations

import io
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from rich.console import Console

from cardtable.bots import make_bot
from cardtable.engine.game import load_game
from cardtable.engine.record import load_record
from cardtable.terminal.interrupts import CTRL_C
from cardtable.terminal.session import EXIT_INTERRUPTED, PlaySession, _editing_reader


@pytest.fixture
def python_ctrl_c() -> Iterator[None]:
    """Python's own Ctrl-C handling, as at a terminal (a test runner's worker may differ)."""
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)


class PressedWhileCollected:
    """An object whose finaliser is running when Ctrl-C comes: Python reports the exception
    as unraisable and goes on."""

    def __del__(self) -> None:
        signal.raise_signal(signal.SIGINT)


def test_a_ctrl_c_python_dropped_still_stops_the_match_and_saves_it(
    tmp_path: Path, python_ctrl_c: None, capsys: pytest.CaptureFixture[str],
) -> None:
    game = load_game("daylily", 2)
    screen = io.StringIO()
    console = Console(file=screen, width=100, highlight=False, color_system=None)
    prompts: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        if len(prompts) > 3:
            raise EOFError  # the Ctrl-C was lost: the person's input ends here
        doomed = PressedWhileCollected()
        del doomed  # Ctrl-C, in a finaliser: Python drops the exception
        return "s"  # the person's line, typed before the Ctrl-C

    record = tmp_path / "r.json"
    session = PlaySession(game, 30, 0, {1: make_bot("random", game, 1)}, record, console,
                          read=read)
    assert session.run() == EXIT_INTERRUPTED
    assert len(prompts) == 1, prompts  # the match stopped at the next prompt, not later
    assert "Interrupted." in screen.getvalue()
    saved = load_record(record)
    assert saved["actions"], "the move before the Ctrl-C was lost"
    err = capsys.readouterr().err
    assert "Traceback" not in err and "Exception ignored" not in err, err
    # the handlers are Python's own again once the match is over
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_the_line_editor_ends_on_a_ctrl_c_noted_while_it_started(python_ctrl_c: None) -> None:
    with create_pipe_input() as keys, create_app_session(input=keys, output=DummyOutput()):
        read = _editing_reader()
        with CTRL_C.watching():
            keys.send_text("s\r")
            assert read("Your move: ") == "s"
            doomed = PressedWhileCollected()
            del doomed  # Ctrl-C while the editor was not reading: Python drops the exception
            keys.send_text("d\r")
            with pytest.raises(KeyboardInterrupt):
                read("Your move: ")
        # the press ended that session; a prompt after it reads on as usual
        keys.send_text("d\r")
        assert read("Your move: ") == "d"


def test_an_ignored_ctrl_c_stays_ignored() -> None:
    """A match started in the background with SIGINT ignored keeps it ignored."""
    before = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        with CTRL_C.watching():
            assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
        assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    finally:
        signal.signal(signal.SIGINT, before)
