"""`cardtable replay FILE` and `cardtable rules GAME` as a player uses them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cardtable import load_game
from cardtable.bots import Decision, RandomBot
from cardtable.cli import main
from cardtable.engine.game import State
from cardtable.engine.record import save_record


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exc:  # argparse's usage errors and --help exit from inside main
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def random_match(seed: int, players: int = 3) -> State:
    game = load_game("daylily", players)
    state = game.new_state(seed)
    bot = RandomBot(game, seed)
    while not state.is_over:
        seat = state.actors[0]
        state.apply(seat, bot.choose(Decision.at(state, seat)))
    return state


@pytest.fixture(scope="module")
def match() -> State:
    return random_match(seed=11)


@pytest.fixture
def record(tmp_path: Path, match: State) -> Path:
    return save_record(match, tmp_path / "match.json")


def edit(path: Path, change: Any) -> Path:
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))
    return path


# ---- replay ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("seed", "players"), [(11, 3), (5, 2)])
def test_a_played_match_replays_and_is_confirmed(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, seed: int, players: int
) -> None:
    state = random_match(seed, players)
    path = save_record(state, tmp_path / "m.json")
    code, out, err = run(capsys, "replay", str(path))
    assert (code, err) == (0, "")
    first, last = out.strip().splitlines()[0], out.strip().splitlines()[-1]
    assert last == "result confirmed"
    assert "Daylily Rummy" in first
    assert f"{players} players" in first
    assert f"{len(state.history)} actions" in first
    assert ", ".join(str(s) for s in state.scores) in first
    assert all(f"seat {w}" in first for w in state.winners)


def test_a_tampered_score_is_caught(
    capsys: pytest.CaptureFixture[str], record: Path, match: State
) -> None:
    def bump(data: dict[str, Any]) -> None:
        data["scores"][0] += 5

    code, out, _err = run(capsys, "replay", str(edit(record, bump)))
    assert code == 1
    assert "result confirmed" not in out
    claimed = [match.scores[0] + 5, *match.scores[1:]]
    assert str(claimed) in out and str(list(match.scores)) in out


def test_a_tampered_winner_is_caught(
    capsys: pytest.CaptureFixture[str], record: Path, match: State
) -> None:
    loser = next(s for s in range(3) if s not in match.winners)

    def crown(data: dict[str, Any]) -> None:
        data["winners"] = [loser]

    code, out, _err = run(capsys, "replay", str(edit(record, crown)))
    assert code == 1
    assert "winners" in out


def test_a_truncated_record_no_longer_matches(
    capsys: pytest.CaptureFixture[str], record: Path
) -> None:
    def cut(data: dict[str, Any]) -> None:
        data["actions"] = data["actions"][: len(data["actions"]) // 2]

    code, out, _err = run(capsys, "replay", str(edit(record, cut)))
    assert code == 1
    assert "unfinished" in out


def test_an_illegal_action_in_a_record_is_refused(
    capsys: pytest.CaptureFixture[str], record: Path
) -> None:
    def cheat(data: dict[str, Any]) -> None:
        seat, _text = data["actions"][0]
        data["actions"][0] = [seat, "discard 1MT"]  # no one discards before drawing

    code, out, err = run(capsys, "replay", str(edit(record, cheat)))
    assert code == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1
    assert "action 1" in err


@pytest.mark.parametrize(
    ("content", "words"),
    [
        ("this is not json", "not JSON"),
        ('{"game": "daylily"}', "not a game record"),
        ('{"game": "whist", "players": 3, "options": {}, "seed": 1, "actions": []}', "whist"),
        ("[1, 2, 3]", "not a game record"),
        ('{"format": "cardtable-record/2", "game": "daylily", "players": 3, "options": {}, '
         '"seed": 1, "deals": [], "actions": [], "names": ["Ann", "Bo"]}', "names 2 players"),
        ('{"format": "cardtable-record/2", "game": "daylily", "players": 2, "options": {}, '
         '"seed": 1, "deals": [], "actions": [], "names": ["Ann", 7]}', "names/1"),
    ],
)
def test_a_file_that_is_not_a_record_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, content: str, words: str
) -> None:
    path = tmp_path / "junk.json"
    path.write_text(content)
    code, out, err = run(capsys, "replay", str(path))
    assert (code, out) == (2, "")
    assert len(err.strip().splitlines()) == 1
    assert words in err


def _record_text(seed: str = "1", actions: str = "[]") -> str:
    return ('{"format": "cardtable-record/2", "game": "daylily", "players": 3, "options": {}, '
            f'"seed": {seed}, "deals": [], "actions": {actions}}}')


@pytest.mark.parametrize(
    ("content", "words"),
    [
        # Python refuses to read an integer of more than 4,300 digits (a ValueError, once a
        # traceback); a record's numbers stop far short of that.
        (_record_text(seed="9" * 5000), "5,000 digits"),
        (_record_text(seed="-" + "9" * 5000), "5,000 digits"),
        (_record_text(seed="9" * 101), "at most 100"),
        # A seed within the number limit but beyond the seeds a match is dealt from.
        (_record_text(seed="9" * 90), "at most 77 digits"),
        # JSON Schema calls 0.0 an integer; as a seat it was a list index, and a TypeError.
        (_record_text(actions='[[0.0, "draw stock"]]'), "actions/0/0"),
        (_record_text(seed="1.0"), "seed"),
        # Nesting deeper than the parser's stack (a RecursionError, once a traceback).
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        ('{"game": ' + "[" * 100_000 + "]" * 100_000 + "}", "nested too deeply"),
    ],
)
def test_a_record_beyond_what_json_reading_survives_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, content: str, words: str
) -> None:
    path = tmp_path / "odd.json"
    path.write_text(content)
    code, out, err = run(capsys, "replay", str(path))
    assert (code, out) == (2, "")
    assert len(err.strip().splitlines()) == 1
    assert words in err


def test_a_megabyte_action_is_quoted_short(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "long.json"
    path.write_text(_record_text(actions=json.dumps([[0, "é" * 1_000_000]])))
    code, out, err = run(capsys, "replay", str(path))
    assert (code, out) == (2, "")
    assert len(err.strip().splitlines()) == 1
    assert "action 1" in err and "…" in err
    assert len(err) < 1000


def test_a_binary_file_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "photo.json"
    path.write_bytes(bytes(range(128, 256)))
    code, out, err = run(capsys, "replay", str(path))
    assert (code, out) == (2, "")
    assert "not a game record" in err and len(err.strip().splitlines()) == 1


def test_a_missing_file_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, err = run(capsys, "replay", str(tmp_path / "nowhere.json"))
    assert (code, out) == (2, "")
    assert "cannot read" in err and len(err.strip().splitlines()) == 1


# ---- rules ----------------------------------------------------------------------------------

def test_rules_show_the_summary_and_every_option_with_its_default(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(capsys, "rules", "daylily")
    assert (code, err) == (0, "")
    game = load_game("daylily")
    assert " ".join(game.rules_summary().split()) in " ".join(out.split())  # wrapped again
    rows = {line.split()[0]: line.split()[1] for line in out.splitlines()
            if line and not line.startswith(" ") and len(line.split()) >= 2}
    for spec in game.option_specs:
        assert rows.get(spec.name) == spec.describe_default(), spec.name
        assert spec.doc.split()[0] in out
    assert rows["target"] == "100"
    assert rows["rounds"] == "none"
    assert rows["no_return_discard"] == "false"


def test_rules_for_an_unknown_game_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(capsys, "rules", "canasta")
    assert (code, out) == (2, "")
    assert "canasta" in err and "daylily" in err
    assert len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("command", ["replay", "rules", "judge"])
def test_each_command_has_help(capsys: pytest.CaptureFixture[str], command: str) -> None:
    code, out, _err = run(capsys, command, "--help")
    assert code == 0
    assert f"usage: cardtable {command}" in out
