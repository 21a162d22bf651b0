"""One registration per game: the layers outside the game packages name no game, and each asks
the game's kit for what it needs, so a game registered from elsewhere gets everything.

The first test reads the sources of the front ends and tools for the five games' names. The
others register Tally (tests/registration_game.py), a game written in a test, through
``register_kit`` as a plug-in package's entry point would, and hold the bots, the RL layer,
balance and the judge to finding its parts, or to one clear sentence when it has none.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import cardtable
import cardtable.engine.game as registry
from cardtable import rl
from cardtable.bots import Decision, bot_names, make_bot
from cardtable.cli import main
from cardtable.engine.game import State, game_kit, game_names, load_game, register_kit
from cardtable.rl.games import codec_for
from cardtable.sim.measures import GENERIC_ONLY, SHAPE, measures_for
from registration_game import BARE, TALLY

SOURCE = Path(cardtable.__file__).resolve().parent

GAME_NAME = re.compile(
    r"(?i:daylily|say[ _-]?rummy|dummy[ _-]?rummy|liverpool|contract[ _-]rumm(?:y|ies)"
    r"|games[./](?:day|contract)\b|bots[./]day\b|['\"]day['\"])"
    r"|\bDay\b|\bDay(?=[A-Z_])"
)
"""The five games' names as code or text names them: titles and entry-point names, package and
module paths. Day is the one that is also an English word: it is caught written as a name
("Day", ``"day"``, ``games.day``, ``DayGame``) but not as "a day" or "today"."""

FIVE = ("day", "daylily", "dummy-rummy", "liverpool", "say-rummy")
CLEARED = ["sim", "rl", "cli", "web", "terminal", "server", "bots", "engine"]


def _naming_lines(folder: str) -> list[str]:
    found = []
    for path in sorted((SOURCE / folder).rglob("*")):
        if path.suffix not in (".py", ".js", ".html", ".css") or not path.is_file():
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if GAME_NAME.search(line):
                found.append(f"{path.relative_to(SOURCE)}:{number}: {line.strip()}")
    return found


@pytest.mark.parametrize("folder", CLEARED)
def test_no_layer_outside_the_game_packages_names_a_game(folder: str) -> None:
    found = _naming_lines(folder)
    assert not found, f"{folder}/ names games ({len(found)} lines):\n" + "\n".join(found)


def test_the_pattern_tells_the_game_day_from_the_word() -> None:
    named = ["Day's bet sizes", 'game == "day"', "from cardtable.games.day import cards",
             "DayGame", "Liverpool Rummy", "say-rummy", "sayrummy", "Dummy Rummy",
             "contract rummy", "Daylily"]
    words = ["about a day of a cluster", "today", "daylight", "day_limit", "a dummy value"]
    assert all(GAME_NAME.search(text) for text in named)
    assert not any(GAME_NAME.search(text) for text in words)


# ---- a game registered from outside ----------------------------------------------------------

@pytest.fixture
def kits(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Tally and Bare Tally registered for one test; the registry as it was afterwards."""
    game_names()  # the five from the entry points first, so the copies hold them
    monkeypatch.setattr(registry, "_KITS", dict(registry._KITS))
    monkeypatch.setattr(registry, "_ALIASES", dict(registry._ALIASES))
    register_kit(TALLY)
    register_kit(BARE)
    yield


def play(state: State, names: list[str]) -> State:
    bots = [make_bot(name, state.game, seat) for seat, name in enumerate(names)]
    while not state.is_over:
        seat = state.actors[0]
        state.apply(seat, bots[seat].choose(Decision.for_bot(state, seat, bots[seat])))
    return state


@pytest.mark.usefixtures("kits")
def test_a_registered_game_gets_its_own_bots_from_its_kit_and_the_generic_ones() -> None:
    assert {"random", "gentle", "ismcts", "highest"} <= set(bot_names("tally"))
    assert "highest" not in bot_names("bare-tally")
    for names in (["highest", "random"], ["gentle", "ismcts:iters=30"]):
        state = play(load_game("tally").new_state(3), names)
        assert state.is_over and state.winners
    state = play(load_game("bare-tally").new_state(3), ["gentle", "ismcts:iters=30"])
    assert state.is_over


@pytest.mark.usefixtures("kits")
def test_the_rl_layer_finds_a_codec_through_the_kit_and_says_when_there_is_none() -> None:
    assert "tally" in rl.GAMES and "bare-tally" not in rl.GAMES
    env = rl.env("tally")
    env.reset(seed=1)
    steps = 0
    for _agent in env.agent_iter():
        obs, _reward, done, _cut, _info = env.last()
        if done:
            env.step(None)
            continue
        assert obs["observation"][:6].sum() >= 1  # my hand, as Tally's codec encodes it
        env.step(int(obs["action_mask"].argmax()))
        steps += 1
    assert steps == 4
    with pytest.raises(ValueError, match=r"^Bare Tally has no RL codec, so no RL environment "
                                         r"\(games that have one: .*\btally\b"):
        codec_for(load_game("bare-tally"))
    with pytest.raises(ValueError, match="Bare Tally has no RL codec"):
        rl.env("bare-tally")


def balance_json(capsys: pytest.CaptureFixture[str], game: str) -> dict[str, Any]:
    code = main(["balance", game, "--games", "6", "--workers", "1", "--bots", "random",
                 "--json"])
    out = capsys.readouterr().out
    assert code == 0
    data: dict[str, Any] = json.loads(out)
    return data


@pytest.mark.usefixtures("kits")
def test_balance_measures_a_game_by_its_kit_or_by_the_generic_measures_only(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert measures_for("bare-tally") is GENERIC_ONLY
    bare = balance_json(capsys, "bare-tally")
    assert bare["diagnostics"] == {} and bare["families"] == {}
    assert set(bare["shape"]) == {r.key for r in SHAPE}
    assert bare["games"] == 6
    tally = balance_json(capsys, "tally")
    assert list(tally["diagnostics"]) == ["sixes"]
    sixes = tally["diagnostics"]["sixes"]
    assert sixes["label"] == "sixes played a match"
    assert 0 < sixes["total"] <= 6  # the six is dealt to a hand in two matches of three


@pytest.mark.usefixtures("kits")
def test_the_judge_asks_the_kit_for_the_referee_and_refuses_a_game_without_one(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["judge", "tally", "sum", "1", "5"]) == 0
    assert json.loads(capsys.readouterr().out) == {"total": 6}
    assert main(["judge", "bare-tally", "sum", "1"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1
    assert re.fullmatch(r"cardtable: no referee for game 'bare-tally' \(games with a referee: "
                        r"day, daylily, .*\btally\b.*\)", lines[0]), lines[0]
    assert "bare-tally," not in lines[0]
    with pytest.raises(SystemExit):
        main(["judge", "--help"])
    shown = capsys.readouterr().out
    assert "tally sum CARD..." in shown and "cardtable judge tally sum 1 5" in shown
    assert "Tally cards are the numbers 1 to 6." in shown


def test_every_part_a_kit_of_the_five_names_can_be_loaded() -> None:
    """The kits' references ("module:attr") point at what is there: a moved module would only
    be found when someone asked for its part."""
    for name in FIVE:
        kit = game_kit(name)
        for part in ("codec", "measures", "referee"):
            assert kit.part(part) is not None, (name, part)
        kit.load_bots()
        assert "greedy" in bot_names(name)
