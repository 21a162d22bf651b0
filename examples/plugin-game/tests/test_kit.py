"""The game reaches cardtable only through its entry point: cardtable's source never names
it, and every part of its kit loads from this package."""

from __future__ import annotations

from importlib.metadata import entry_points
from pathlib import Path

import cardtable
from cardtable.bots import bot_about, bot_names, make_bot
from cardtable.engine.game import game_kit, game_names, load_game
from cardtable.engine.kit import presentation_for

from crazy_eights.kit import KIT
from crazy_eights.presentation import CrazyEightsPresentation


def test_the_entry_point_of_this_package_announces_the_kit() -> None:
    points = [p for p in entry_points(group="cardtable.games") if p.name == "crazy-eights"]
    assert [p.value for p in points] == ["crazy_eights.kit:KIT"]
    assert points[0].dist is not None and points[0].dist.name == "cardtable-crazy-eights"
    assert "crazy-eights" in game_names()
    assert game_kit("Eights") is KIT
    assert load_game("crazy8s", 5).title == "Crazy Eights"


def test_cardtable_itself_names_no_part_of_the_game() -> None:
    source = Path(cardtable.__file__).parent
    for path in source.rglob("*"):
        if path.suffix in (".py", ".js", ".html", ".css", ".json", ".toml"):
            text = path.read_text(encoding="utf-8", errors="replace").lower()
            assert "crazy" not in text, path


def test_the_kit_gives_the_presentation_the_bots_and_the_codec() -> None:
    game = load_game("crazy-eights", 3)
    assert isinstance(presentation_for(game), CrazyEightsPresentation)
    assert len(presentation_for(game).faces()) == 52
    assert {"greedy", "ismcts", "random"} <= set(bot_names("crazy-eights"))
    assert "eights" in bot_about("crazy-eights", "greedy")
    assert make_bot("greedy", game).name == "greedy"
    codec = KIT.part("codec")(game)
    assert codec.action_size == 70
