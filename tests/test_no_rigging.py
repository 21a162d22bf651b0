"""Tests set tables up the way a player or a record does: a written deal and real moves.

A test that assigns a state's attributes (``state.hands = ...``, ``state.phase = ...``) can
build a table no legal play reaches, and it keeps passing on a rule change that would have made
the position impossible: it tests the test, not the game. This check reads every file under
``tests/`` and refuses an assignment (plain, augmented, annotated, in a tuple, through an index,
or by ``setattr``) to an attribute of any local name, except the few objects below that are no
match state at all, or states damaged on purpose to show that the self-check notices.
"""

from __future__ import annotations

import ast
from collections import Counter
from functools import cache
from pathlib import Path

TESTS = Path(__file__).resolve().parent

# (file, name): why assigning its attributes is no rigging of a table.
NOT_A_TABLE: dict[tuple[str, str], str] = {
    ("conformance.py", "report"): "the suite's own report of what it checked",
    ("secrecy_worlds.py", "tally"): "the secrecy check's own counts",
    ("registration_game.py", "new"): "the test game's own clone, inside the game's code",
    ("server/test_migrations.py", "config"): "alembic's configuration object",
    ("server/test_server_durability.py", "t"): "the test's model of what the server holds",
    ("web/test_web_restart.py", "watch"): "the browser watcher's list of page errors",
    ("test_sayrummy_bot.py", "careless"): "a bot's weight, set as its constructor allows",
    ("test_sayrummy_bot.py", "old"): "a bot's weight, set as its constructor allows",
    ("test_sayrummy_speed.py", "cache"): "the word finder's memo limit, restored after",
    ("test_sayrummy_speed.py", "lost"): "a clone damaged on purpose: the self-check's test",
    ("test_sayrummy_speed.py", "miscounted"): "a clone damaged on purpose: the self-check's test",
    ("test_sayrummy_speed.py", "swapped"): "a clone damaged on purpose: the self-check's test",
    ("test_sayrummy_speed.py", "imagined"): "a clone damaged on purpose: the self-check's test",
    ("test_terminal_presented.py", "play"): "the terminal session's record path, a setting",
}

def _targets(node: ast.AST) -> list[ast.expr]:
    if isinstance(node, ast.Assign):
        found = list(node.targets)
    elif isinstance(node, ast.AugAssign | ast.AnnAssign):
        found = [node.target]
    else:
        return []
    flat: list[ast.expr] = []
    while found:
        target = found.pop()
        if isinstance(target, ast.Tuple | ast.List):
            found.extend(target.elts)
        elif isinstance(target, ast.Starred):
            found.append(target.value)
        else:
            flat.append(target)
    return flat


def _owner(target: ast.expr) -> str | None:
    """The local whose attribute ``target`` assigns (``state`` in ``state.hands[0][3] = 1``)."""
    while isinstance(target, ast.Subscript | ast.Attribute):
        if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name):
            return target.value.id
        target = target.value
    return None


def rigging(source: str) -> list[tuple[int, str]]:
    """Every assignment to a local's attribute in ``source``: (line, "name.attribute")."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        for target in _targets(node):
            name = _owner(target)
            if name is not None and name not in ("self", "cls"):
                found.append((target.lineno, ast.unparse(target)))
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id in ("setattr", "delattr") and node.args
                and isinstance(node.args[0], ast.Name)):
            found.append((node.lineno, f"{node.func.id}({node.args[0].id}, ...)"))
    return found


@cache
def _every_file() -> dict[str, list[tuple[int, str]]]:
    """Each file under tests/ (by its path there) with its assignments to attributes."""
    return {path.relative_to(TESTS).as_posix(): rigging(path.read_text(encoding="utf-8"))
            for path in sorted(TESTS.rglob("*.py"))}


def _rigged_files() -> dict[str, list[tuple[int, str]]]:
    out: dict[str, list[tuple[int, str]]] = {}
    for name, found in _every_file().items():
        hits = [(line, what) for line, what in found
                if (name, what.split(".")[0]) not in NOT_A_TABLE]
        if hits:
            out[name] = hits
    return out


def test_no_test_assigns_a_states_attributes() -> None:
    found = _rigged_files()
    problems = []
    for name, hits in found.items():
        lines = ", ".join(f"line {line} ({what})" for line, what in hits[:5])
        problems.append(f"{name} assigns a state's attributes {len(hits)} times: {lines}; "
                        f"deal the table with new_state(seed, deals=...) (tests/dealing.py) "
                        f"and play to it instead")
    assert problems == []


def test_the_check_sees_every_way_of_rigging() -> None:
    source = (
        "def t(state, other):\n"
        "    state.phase = 'play'\n"
        "    state.hands[0][3] = 1\n"
        "    state.sizes[1] += 1\n"
        "    state.current, other.turn = 1, 2\n"
        "    state.known: list[int] = []\n"
        "    setattr(state, 'taken', -1)\n"
        "    self.fine = 1\n"
        "    hands = state.hands\n"
        "    hands[0] = 2\n"
    )
    assert Counter(what.split(".")[0].split("(")[0] for _, what in rigging(source)) == {
        "state": 5, "other": 1, "setattr": 1}


def test_every_allowance_is_still_needed() -> None:
    """An allowance left over after its file changed would let rigging back in under its name."""
    used = {(name, what.split(".")[0]) for name, found in _every_file().items()
            for _, what in found}
    assert sorted(set(NOT_A_TABLE) - used) == []
