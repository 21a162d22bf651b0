"""Game records: JSON files that replay a match exactly.

A record holds the game, players, options, seed and every action with its seat; replaying it
re-deals from the seed and re-applies the actions through the same legality checks as play, so a
doctored record is refused rather than believed.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema

from cardtable.engine.errors import CardtableError, RecordError
from cardtable.engine.game import State, load_game

RECORD_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["game", "players", "options", "seed", "actions"],
    "properties": {
        "game": {"type": "string"},
        "players": {"type": "integer", "minimum": 1},
        "options": {"type": "object"},
        "seed": {"type": "integer"},
        "actions": {
            "type": "array",
            "items": {
                "type": "array",
                "prefixItems": [{"type": "integer", "minimum": 0}, {"type": "string"}],
                "minItems": 2,
                "maxItems": 2,
            },
        },
        "over": {"type": "boolean"},
        "scores": {"type": "array", "items": {"type": "integer"}},
        "winners": {"type": "array", "items": {"type": "integer"}},
    },
}


def save_record(state: State, path: str | Path) -> Path:
    out = Path(path)
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_suffix(out.suffix + ".tmp")
    tmp.write_text(json.dumps(state.record(), indent=1) + "\n", encoding="utf-8")
    tmp.replace(out)  # never leave a half-written record behind
    return out


def load_record(path: str | Path) -> dict[str, Any]:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise RecordError(f"cannot read {path}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise RecordError(f"{path} is not a text file, so not a game record") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"{path} is not JSON (line {exc.lineno}: {exc.msg})") from None
    try:
        jsonschema.validate(data, RECORD_SCHEMA)
    except jsonschema.ValidationError as exc:
        where = "/".join(str(p) for p in exc.absolute_path) or "the top level"
        raise RecordError(f"{path} is not a game record ({where}: {exc.message})") from None
    return data  # type: ignore[no-any-return]


def replay(data: dict[str, Any]) -> State:
    """Re-run a record's actions from its seed; raise RecordError at the first one refused."""
    try:
        game = load_game(data["game"], data["players"], data["options"])
    except CardtableError as exc:
        raise RecordError(f"the record's game cannot be set up: {exc}") from None
    state = game.new_state(data["seed"])
    for number, (seat, text) in enumerate(data["actions"], start=1):
        try:
            state.apply(seat, game.parse_action(text))
        except CardtableError as exc:
            raise RecordError(
                f"action {number} ({text!r} by seat {seat}) is refused: {exc}"
            ) from None
    return state


def verify(data: dict[str, Any]) -> tuple[State, list[str]]:
    """Replay a record and list every way its stated result differs from the replayed one."""
    state = replay(data)
    problems: list[str] = []
    if "scores" in data and list(data["scores"]) != list(state.scores):
        problems.append(f"scores recorded {data['scores']} but replay gives {state.scores}")
    if "winners" in data and list(data["winners"]) != list(state.winners):
        problems.append(f"winners recorded {data['winners']} but replay gives {state.winners}")
    if "over" in data and bool(data["over"]) != state.is_over:
        problems.append(
            f"record says the match is {'over' if data['over'] else 'unfinished'} "
            f"but replay gives {'over' if state.is_over else 'unfinished'}"
        )
    return state, problems
