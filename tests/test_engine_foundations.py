"""The engine foundations of wave 2, for every game: events as each seat sees them, records of
format 2 replayed from their deals (and refused when a deal is impossible), stale versions, sealed
decisions, and an engine that imports no game."""

from __future__ import annotations

import dataclasses
import gc
import json
import os
import random
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from cardtable.bots import Decision, RandomBot
from cardtable.cli import main
from cardtable.engine import StaleAction, State, game_names, load_game

CLI = [str(Path(sys.executable).parent / "cardtable")]
GAMES = {"daylily": 2, "say-rummy": 3, "day": 4, "dummy-rummy": 4, "liverpool": 3}


def played(name: str, players: int, seed: int, moves: int | None = None) -> State:
    """A random match (or its first ``moves`` moves), seeded."""
    game = load_game(name, players)
    state = game.new_state(seed)
    bot = RandomBot(game, seed)
    done = 0
    while not state.is_over and (moves is None or done < moves):
        seat = state.actors[0]
        state.apply(seat, bot.choose(Decision.at(state, seat, "legal")))
        done += 1
    return state


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_every_game_is_covered() -> None:
    assert sorted(GAMES) == game_names()


# ---- records of format 2 ------------------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(GAMES))
def test_simulated_records_replay_under_other_hash_seeds(name: str, tmp_path: Path) -> None:
    """Records from ``simulate --records`` replay in fresh interpreters whatever the string
    hashing, and without their seeds: the deals alone set every table."""
    folder = tmp_path / "records"
    subprocess.run(
        [*CLI, "simulate", name, "--players", str(GAMES[name]), "--games", "3",
         "--records", str(folder), "--json"],
        check=True, capture_output=True,
    )
    files = sorted(folder.glob("*.json"))
    assert len(files) == 3
    for path in files:
        data = json.loads(path.read_text())
        assert data["format"] == "cardtable-record/2"
        assert data["cardtable"]
        assert len(data["deals"]) >= 1
        del data["seed"]
        path.write_text(json.dumps(data))
    for hash_seed in ("0", "4242"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        for path in files:
            result = subprocess.run([*CLI, "replay", str(path)], capture_output=True, text=True,
                                    env=env)
            assert result.returncode == 0, result.stdout + result.stderr
            assert "result confirmed" in result.stdout
            assert "dealt by hand" in result.stdout


@pytest.mark.parametrize("name", sorted(GAMES))
def test_an_impossible_deal_is_refused_with_one_sentence(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = played(name, GAMES[name], 5, moves=30).record()
    hands = record["deals"][0]["hands"]
    full = [s for s, hand in enumerate(hands) if len(hand) >= 2]
    twice = json.loads(json.dumps(record))
    a, b = full[0], full[1]
    twice["deals"][0]["hands"][a][0] = twice["deals"][0]["hands"][b][0]  # one card, two hands
    short = json.loads(json.dumps(record))
    short["deals"][0]["hands"][a].pop()
    for bad, words in ((twice, "appears"), (short, f"seat {a} is dealt")):
        path = tmp_path / "bad.json"
        path.write_text(json.dumps(bad))
        code, out, err = run_cli(capsys, "replay", str(path))
        assert code == 2
        assert "Traceback" not in out + err
        assert err.count("\n") == 1 and "deal 1" in err and words in err, err


def test_a_record_of_format_1_still_replays(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                            ) -> None:
    record = played("daylily", 2, 9).record()
    old = {k: v for k, v in record.items() if k not in ("format", "cardtable", "deals")}
    path = tmp_path / "old.json"
    path.write_text(json.dumps(old))
    code, out, _ = run_cli(capsys, "replay", str(path))
    assert code == 0 and "result confirmed" in out
    unknown = dict(record, format="cardtable-record/9")
    path.write_text(json.dumps(unknown))
    code, _, err = run_cli(capsys, "replay", str(path))
    assert code == 2 and "cardtable-record/9" in err and err.count("\n") == 1


def test_a_hand_written_deal_sets_the_table() -> None:
    """A real table's deal, written by hand (full flower names accepted), is played as dealt."""
    game = load_game("daylily", 2)
    deck = game.deck()
    first = ["1 Ming Toy", *deck[1:10]]  # deck[0] is 1MT, written as a person would
    deal: dict[str, Any] = {"dealer": 1, "hands": [first, deck[10:20]], "stock": deck[21:],
                            "up": [deck[20]]}
    state = game.new_state(None, [deal])
    assert state.view(0)["zones"]["hand:0"]["cards"] == sorted(deck[0:10], key=deck.index)
    assert state.view(None)["zones"]["discard"]["cards"] == [deck[20]]
    state.apply(0, game.parse_action("draw stock"))
    assert deck[21] in state.view(0)["zones"]["hand:0"]["cards"]  # the stock is top first
    assert "seed" not in state.record()


# ---- events ------------------------------------------------------------------------------------
def test_replay_prints_a_seats_event_stream(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                            ) -> None:
    state = played("daylily", 2, 3)
    path = tmp_path / "match.json"
    path.write_text(json.dumps(state.record()))
    streams: dict[str, list[dict[str, Any]]] = {}
    for seat in ("0", "1", "spectator"):
        code, out, _ = run_cli(capsys, "replay", str(path), "--events", "--seat", seat)
        assert code == 0
        streams[seat] = [json.loads(line) for line in out.splitlines()]
    assert streams["0"] == state.events(0)
    assert streams["spectator"] == state.events(None)
    mine = [e for e in streams["0"] if e["kind"] == "drew_stock" and e["seat"] == 0]
    theirs = [e for e in streams["0"] if e["kind"] == "drew_stock" and e["seat"] == 1]
    assert mine and all(e["card"] is not None for e in mine)
    assert theirs and all(e["card"] is None for e in theirs)
    dealt = [e for e in streams["spectator"] if e["kind"] == "dealt_hand"]
    assert dealt and all(c is None for e in dealt for c in e["cards"])
    code, out, _ = run_cli(capsys, "replay", str(path), "--words", "--seat", "1")
    # Seats are counted from 1 in what a person reads (the record names none; --seat is 1).
    assert code == 0 and "Seat 1 drew a card from the stock." in out and "Seat 0" not in out
    code, _, err = run_cli(capsys, "replay", str(path), "--events", "--seat", "two")
    assert code == 2 and "--seat" in err


@pytest.mark.parametrize("name", sorted(GAMES))
def test_events_follow_versions_and_every_front_end_can_word_them(name: str) -> None:
    state = played(name, GAMES[name], 11, moves=200)
    events = state.events(0)
    versions = [e["version"] for e in events]
    assert versions == sorted(versions) and versions[0] == 0 and versions[-1] <= state.version
    assert state.events(0, since=versions[-1]) == []
    assert all(e["version"] > 50 for e in state.events(0, since=50))
    json.dumps(events)  # plain data
    labels = [f"P{s}" for s in range(GAMES[name])]
    for event in events:
        line = state.game.describe_event(event, labels)
        assert line and "\n" not in line and "{" not in line


# ---- versions ----------------------------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_stale_action_is_refused_and_changes_nothing(name: str) -> None:
    state = played(name, GAMES[name], 2, moves=12)
    seat = state.actors[0]
    action = state.legal_actions(seat)[0]
    before = json.dumps(state.record()), json.dumps(state.events(None))
    with pytest.raises(StaleAction, match=r"version 11.*version 12"):
        state.apply(seat, action, version=11)
    assert (json.dumps(state.record()), json.dumps(state.events(None))) == before
    state.apply(seat, action, version=12)
    assert state.version == 13


# ---- sealed decisions --------------------------------------------------------------------------
def _reachable(root: object) -> set[int]:
    """Every object reachable from ``root`` by references, as ids."""
    seen: set[int] = set()
    stack = [root]
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, type) or type(obj).__name__ == "module":
            continue
        seen.add(id(obj))
        stack.extend(gc.get_referents(obj))
    return seen


@pytest.mark.parametrize("name", sorted(GAMES))
def test_nothing_a_bot_is_handed_leads_to_the_real_state(name: str) -> None:
    state = played(name, GAMES[name], 4, moves=25)
    seat = state.actors[0]
    decision = Decision.at(state, seat, "observation")
    sample = decision.observe().sample(random.Random(1))
    secrets = {id(state)} | {
        id(value) for value in vars(state).values() if isinstance(value, list | dict | set)
    }
    for handed in (decision, sample):
        assert not secrets & _reachable(handed), f"{name}: a bot can reach the real state"
    assert sample.seed is None


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_bot_reads_the_current_round_without_the_whole_match(name: str) -> None:
    """``round_events`` is the seat's event stream from the current round's deal on: the same
    events as the tail of the whole stream, and none of an earlier round."""
    state = played(name, GAMES[name], 6, moves=400)
    seat = state.actors[0] if state.actors else 0
    observation = Decision.at(state, seat, "observation").observe()
    whole = observation.events()
    mine = observation.round_events()
    assert mine and mine[0]["kind"] == "dealt"
    assert [e["kind"] for e in mine[1:]].count("dealt") == 0
    assert whole[len(whole) - len(mine):] == mine
    if state.rounds_played:
        assert len(mine) < len(whole)


# ---- one-way imports ---------------------------------------------------------------------------
def test_the_engine_imports_no_game() -> None:
    code = "import sys, cardtable.engine; print([m for m in sys.modules if 'cardtable.games' in m])"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True)
    assert result.stdout.strip() == "[]"
    engine = Path(__file__).parent.parent / "src" / "cardtable" / "engine"
    for source in engine.glob("*.py"):
        text = source.read_text()
        assert "import cardtable.games" not in text and "from cardtable.games" not in text
        assert "cardtable.bots" not in text, source.name


def test_a_third_party_game_registers_through_an_entry_point(tmp_path: Path) -> None:
    (tmp_path / "tinylily.py").write_text(textwrap.dedent('''
        from cardtable.games.daylily.game import DaylilyGame

        class TinyLily(DaylilyGame):
            name = "tinylily"
            title = "Tiny Lily"
    '''))
    info = tmp_path / "tinylily-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: tinylily\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[cardtable.games]\ntinylily = tinylily:TinyLily\n")
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    code = "from cardtable import load_game; g = load_game('tinylily', 2); print(g.title)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            env=env)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "Tiny Lily"


def test_every_event_kind_is_documented() -> None:
    """docs/events.md names every kind of event any game emits, with its fields."""
    from cardtable.engine.events import Event
    from cardtable.engine.game import game_class

    for name in game_names():
        game_class(name)  # loads every game's modules, and so its event classes
    kinds: dict[str, list[str]] = {}
    stack: list[type[Event]] = [Event]
    while stack:
        cls = stack.pop()
        stack.extend(cls.__subclasses__())
        # Only cardtable's own games are documented there: a game written in a test (or a
        # plug-in loaded beside) documents its own events.
        if cls is not Event and cls.__module__.startswith("cardtable."):
            kinds[cls.kind] = [f.name for f in dataclasses.fields(cls) if f.name != "seat"]
    docs = (Path(__file__).parent.parent / "docs" / "events.md").read_text()
    for kind, fields in kinds.items():
        assert f"`{kind}`" in docs, f"docs/events.md does not describe {kind}"
        # A game may widen a shared kind (contract rummy's deal): its fields may be told in the
        # game's own section.
        units = [unit for block in docs.split("\n\n")
                 for unit in (block.splitlines() if block.startswith("|") else [block])]
        told = "\n".join(unit for unit in units if f"`{kind}`" in unit)
        for field in fields:
            assert f"`{field}`" in told, f"docs/events.md: {kind} does not list its field {field}"


@pytest.mark.parametrize("name", ["liverpool", "dummy-rummy", "daylily", "say-rummy", "day"])
def test_only_an_out_of_turn_window_has_a_silent_answer(name: str) -> None:
    """The server's window clock asks the game, not the move names, whether a seat is answering
    a window: the contract rummies' buying (and rummy) windows answer pass for a silent seat;
    a turn of one's own never has a silent answer."""
    options = {"call_rummy": True} if name == "dummy-rummy" else {}
    game = load_game(name, 4 if name != "daylily" else 3, options)
    state = game.new_state(3)
    policy = random.Random(3)
    windows = 0
    while not state.is_over and state.version < 400:
        for seat in range(game.players):
            answer = state.window_answer(seat)
            legal = [str(a) for a in state.legal_actions(seat)]
            if answer is None:
                assert not (set(legal) and set(legal) <= {"pass", "buy", "rummy"})
                continue
            windows += 1
            assert str(answer) == "pass" and "pass" in legal and seat in state.actors
        seat = state.actors[0]
        legal_actions = list(state.legal_actions(seat))
        state.apply(seat, legal_actions[int(policy.random() * len(legal_actions))])
    assert (windows > 0) == (name in ("liverpool", "dummy-rummy"))
