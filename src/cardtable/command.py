"""How to run ``cardtable`` again, as the person who started it can type it.

``make run`` installs into ``.venv`` without putting it on the PATH, so a message that says
"cardtable play --resume" would send a newcomer to "command not found". Messages that tell
someone what to type next take the command from here.
"""

from __future__ import annotations

import os
import shlex
import shutil
import sys
from pathlib import Path

NAME = "cardtable"


def cardtable_command() -> str:
    """The command that starts cardtable from the current folder: plain ``cardtable`` when the
    shell finds it on the PATH, else the script this process was started from (``.venv/bin/
    cardtable`` beside a clone), else this interpreter with ``-m cardtable.cli``."""
    if shutil.which(NAME) is not None:
        return NAME
    started = Path(sys.argv[0]) if sys.argv and sys.argv[0] else None
    if started is not None and started.name == NAME and started.is_file():
        return _typed(started)
    beside = Path(sys.executable).parent / NAME
    if beside.is_file():
        return _typed(beside)
    return f"{_typed(Path(sys.executable))} -m cardtable"


def _typed(path: Path) -> str:
    """A path as it is typed from the current folder: relative below it (not below ``/``, where
    the absolute path reads better), absolute elsewhere."""
    absolute = Path(os.path.abspath(path))
    try:
        here = Path.cwd()
        shown = str(absolute.relative_to(here)) if here.parent != here else str(absolute)
    except (ValueError, OSError):
        shown = str(absolute)
    return shlex.quote(shown if os.sep in shown else f".{os.sep}{shown}")
