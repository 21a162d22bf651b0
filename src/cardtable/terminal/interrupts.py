"""Ctrl-C at the terminal, never lost.

Python turns Ctrl-C into a KeyboardInterrupt raised wherever the main thread happens to be.
When that is inside a weakref callback or a ``__del__`` (the garbage collector runs them at any
moment: while a bot thinks, while the line editor starts up), Python prints "Exception ignored
in ..." with a traceback and drops the exception: the person saw a traceback, and their Ctrl-C
did nothing, the match neither stopped nor saved. Seen in CI, at the line editor's start.

So while a session plays, the handler notes the press before raising, and the session asks
before each prompt (:meth:`CtrlC.check`), as the line editor does once its own SIGINT handler
is in place (:meth:`CtrlC.check_in_editor`); the dropped exception's report is not printed.
"""

from __future__ import annotations

import contextlib
import signal
import sys
import threading
from collections.abc import Iterator
from types import FrameType
from typing import Any


class CtrlC:
    """Whether Ctrl-C was pressed during the session, even if its exception was dropped."""

    def __init__(self) -> None:
        self.pressed = False

    def _handler(self, signum: int, frame: FrameType | None) -> None:
        self.pressed = True
        raise KeyboardInterrupt

    def _unraisable(self, previous: Any) -> Any:
        def hook(report: Any) -> None:
            if isinstance(report.exc_value, KeyboardInterrupt):
                self.pressed = True  # noted above already; its traceback helps nobody
                return
            previous(report)
        return hook

    @contextlib.contextmanager
    def watching(self) -> Iterator[CtrlC]:
        """Watch for Ctrl-C while the block runs. Only where Python's own Ctrl-C handling is in
        force: an ignored SIGINT (a job started in the background) stays ignored, and a
        program that embeds the session keeps its handler."""
        self.pressed = False
        if (threading.current_thread() is not threading.main_thread()
                or signal.getsignal(signal.SIGINT) is not signal.default_int_handler):
            yield self
            return
        previous_hook = sys.unraisablehook
        signal.signal(signal.SIGINT, self._handler)
        sys.unraisablehook = self._unraisable(previous_hook)
        try:
            yield self
        finally:
            signal.signal(signal.SIGINT, signal.default_int_handler)
            sys.unraisablehook = previous_hook
            self.pressed = False  # a press belongs to the session it stopped, not the next

    def check(self) -> None:
        """Raise the KeyboardInterrupt of a Ctrl-C whose exception was dropped."""
        if self.pressed:
            raise KeyboardInterrupt

    def check_in_editor(self) -> None:
        """For prompt_toolkit's ``pre_run``: by then its own SIGINT handler is in place, so a
        press noted before (while the prompt was being set up) ends the prompt as a press now
        would."""
        if self.pressed:
            from prompt_toolkit.application.current import get_app

            get_app().exit(exception=KeyboardInterrupt, style="class:aborting")


CTRL_C = CtrlC()
