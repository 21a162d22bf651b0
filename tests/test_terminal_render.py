"""The pieces every table renderer shares: shortcuts, the match's standings, fresh file names."""

from __future__ import annotations

import io
from pathlib import Path

from rich.console import Console

from cardtable.terminal.render import expand_words, standings, unused_path

SHORTCUTS = {"s": "draw stock", "x": "discard {}"}


def test_shortcuts_expand_by_their_first_word_only() -> None:
    assert expand_words("s", SHORTCUTS) == "draw stock"
    assert expand_words(" S ", SHORTCUTS) == "draw stock"
    assert expand_words("x 7H", SHORTCUTS) == "discard 7H"
    assert expand_words("s 7H", SHORTCUTS) == "s 7H"  # "s" takes nothing after it
    assert expand_words("sx", SHORTCUTS) == "sx"
    assert expand_words("", SHORTCUTS) == ""


def test_standings_put_the_best_first_either_way_round() -> None:
    def shown(lowest: bool) -> list[str]:
        screen = io.StringIO()
        Console(file=screen, width=80, color_system=None).print(standings(
            "Match over", ["You", "Ann", "Bob"], [5, 9, 2], [2 if lowest else 1],
            lowest_wins=lowest, played="3 rounds"))
        return screen.getvalue().splitlines()

    high = shown(False)
    assert [line.split()[0] for line in high[1:4]] == ["Ann", "You", "Bob"]
    assert high[1].endswith("winner") and high[-1] == "3 rounds played."
    low = shown(True)
    assert [line.split()[0] for line in low[1:4]] == ["Bob", "You", "Ann"]
    assert low[1].endswith("winner")


def test_unused_path_never_names_an_existing_file(tmp_path: Path) -> None:
    first = unused_path(tmp_path, "daylily-4")
    assert first.name == "daylily-4.json"
    first.write_text("{}")
    second = unused_path(tmp_path, "daylily-4")
    assert second.name == "daylily-4-2.json"
