"""Game records: JSON files that replay a match exactly.

Format 2 (``"format": "cardtable-record/2"``) holds the game, players, options, the cardtable
version that wrote it, every round's deal in the game's notation (see :mod:`deals`), every action
with its seat, and the result; the seed is optional. Replay deals from the recorded deals, so a
record does not depend on how Python shuffles and a real table's deal written by hand replays
too. Format 1 (no ``format`` key: seed and actions) still replays from its seed. Either way every
action goes through the same legality checks as play, so a doctored record is refused rather
than believed.
"""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path
from typing import Any

import jsonschema

from cardtable.engine.deals import RECORD_FORMAT
from cardtable.engine.errors import CardtableError, RecordError
from cardtable.engine.game import State, load_game
from cardtable.engine.text import MAX_DIGITS, clip, quoted, shorten, shown, whole_number

_CARD = {"type": ["string", "null"]}
_CARDS = {"type": "array", "items": _CARD}
DEAL_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["hands"],
    "properties": {
        "dealer": {"type": ["integer", "null"]},
        "hands": {"type": "array", "items": _CARDS},
        "stock": _CARDS,
        "up": _CARDS,
        "rebuilds": {"type": "array", "items": _CARDS},
    },
}

RECORD_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["game", "players", "options", "actions"],
    "properties": {
        "format": {"type": "string"},
        "cardtable": {"type": "string"},
        "game": {"type": "string"},
        "players": {"type": "integer", "minimum": 1},
        "options": {"type": "object"},
        "seed": {"type": "integer"},
        "deals": {"type": "array", "items": DEAL_SCHEMA},
        "actions": {
            "type": "array",
            "items": {
                "type": "array",
                "prefixItems": [{"type": "integer", "minimum": 0}, {"type": "string"}],
                "minItems": 2,
                "maxItems": 2,
            },
        },
        "names": {"type": "array", "items": {"type": "string", "maxLength": 64}},
        "over": {"type": "boolean"},
        "scores": {"type": "array", "items": {"type": "integer"}},
        "winners": {"type": "array", "items": {"type": "integer"}},
    },
}


def _whole(checker: Any, instance: Any) -> bool:
    return isinstance(instance, int) and not isinstance(instance, bool)


# JSON Schema counts 2.0 as an integer; a seat or a seed of 2.0 is no whole number to Python
# (a list index of 2.0 raises), so "integer" here means a JSON number written without a point.
_Validator = jsonschema.validators.extend(
    jsonschema.Draft202012Validator,
    type_checker=jsonschema.Draft202012Validator.TYPE_CHECKER.redefine("integer", _whole),
)
_RECORD_VALIDATOR = _Validator(RECORD_SCHEMA)


def save_record(state: State, path: str | Path) -> Path:
    out = Path(path)
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_suffix(out.suffix + ".tmp")
    tmp.write_text(json.dumps(state.record(), indent=1) + "\n", encoding="utf-8")
    tmp.replace(out)  # never leave a half-written record behind
    return out


MAX_RECORD_BYTES = 64 * 1024 * 1024
"""The largest file read as a record or a sitting. A long match's record is a few hundred
kilobytes (a match of twelve players and seven deals under one megabyte); the cap keeps a wrong
path (``/dev/zero``, a disk image) from filling the memory before it could be refused."""


def read_record_file(path: str | Path, what: str = "a game record") -> str:
    """A record's (or a sitting's) text, read no further than :data:`MAX_RECORD_BYTES`;
    RecordError with one sentence when it cannot be read, is longer, or is not UTF-8 text."""
    try:
        with Path(path).open("rb") as f:
            raw = f.read(MAX_RECORD_BYTES + 1)
    except OSError as exc:
        raise RecordError(f"cannot read {path}: {exc.strerror or exc}") from None
    if len(raw) > MAX_RECORD_BYTES:
        raise RecordError(f"{path} is larger than {MAX_RECORD_BYTES // (1024 * 1024)} MB, far "
                          f"more than {what} holds, so it is not one")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise RecordError(f"{path} is not a text file, so not {what}") from None


def load_record(path: str | Path) -> dict[str, Any]:
    text = read_record_file(path)
    data = read_record_text(text, str(path))
    check_record(data, str(path))
    return data  # type: ignore[no-any-return]


def _record_int(digits: str) -> int:
    """A JSON integer of a record: the same limit as every number a person types."""
    value = whole_number(digits, signed=True)
    if value is None:
        raise _TooLong(len(digits.lstrip("+-")))
    return value


class _TooLong(ValueError):
    def __init__(self, digits: int) -> None:
        super().__init__(digits)
        self.digits = digits


def read_record_text(text: str, name: str = "the record") -> Any:
    """The JSON of a record's text, or RecordError with one sentence: not JSON, a number longer
    than any a record holds (Python would refuse to read one of thousands of digits), or
    nesting deeper than the reader's stack."""
    try:
        return json.loads(text, parse_int=_record_int)
    except json.JSONDecodeError as exc:
        raise RecordError(f"{name} is not JSON (line {exc.lineno}: {exc.msg})") from None
    except _TooLong as exc:
        raise RecordError(
            f"{name} holds a number of {exc.digits:,} digits; a record's numbers (seeds, "
            f"seats, chips) have at most {MAX_DIGITS}"
        ) from None
    except RecursionError:
        raise RecordError(f"{name} is not a game record (its JSON is nested too deeply)") from None


def check_record(data: Any, name: str = "the record") -> None:
    """Raise RecordError with one sentence when ``data`` is not a record this version reads."""
    if not isinstance(data, dict):
        raise RecordError(f"{name} is not a game record (not a JSON object)")
    fmt = data.get("format")
    if fmt is not None and fmt != RECORD_FORMAT and "events" in data and "deals" not in data:
        # What a server gives a seat or a stranger where the deals hold others' hidden cards.
        seat = data.get("seat")
        who = f"seat {seat + 1}" if type(seat) is int and seat >= 0 else "a spectator"
        raise RecordError(
            f"{name} is what {who} saw of a match (format {shown(fmt)}: its events and its "
            f"view), not the match's record: it holds no deal, so it cannot be dealt again "
            f"and checked"
        )
    if fmt is not None and fmt != RECORD_FORMAT:
        raise RecordError(
            f"{name} is in format {shown(fmt)}, which this cardtable cannot read "
            f"(it reads {RECORD_FORMAT!r} and the older records without a format)"
        )
    try:
        error = jsonschema.exceptions.best_match(_RECORD_VALIDATOR.iter_errors(data))
        if error is not None:
            raise error
    except jsonschema.ValidationError as exc:
        where = "/".join(str(p) for p in exc.absolute_path) or "the top level"
        raise RecordError(
            f"{name} is not a game record ({clip(where)}: {shorten(exc.message, 200)})"
        ) from None
    names = data.get("names")
    if names is not None and len(names) != data["players"]:
        raise RecordError(f"{name} names {len(names)} players for a table of {data['players']}")
    # The names are written to a terminal and a page as they are: a control character (an
    # escape sequence clearing the screen, a bell, a right-to-left override) is refused here as
    # the server refuses it in a name typed.
    for seat, player in enumerate(names or ()):
        if any(unicodedata.category(ch)[0] == "C" for ch in player):
            raise RecordError(f"{name} names seat {seat} with control or invisible characters, "
                              "which no player's name holds")
    if fmt is None and "seed" not in data:
        raise RecordError(f"{name} is a format 1 record without a seed, so it cannot be dealt")
    if fmt is not None and "deals" not in data:
        raise RecordError(f"{name} is a format 2 record without its deals")


def seat_names(data: dict[str, Any]) -> list[str]:
    """What the record calls each seat: the players' names where it has them (a server's
    table, where people chose names), otherwise "Seat 1", "Seat 2"..., counted from 1 as
    everything a person reads counts seats (``--seat`` and the notation count from 0)."""
    names = data.get("names")
    if names:
        return [str(n) for n in names]
    return [f"Seat {s + 1}" for s in range(int(data["players"]))]


def replay(data: dict[str, Any]) -> State:
    """Re-run a record's actions from its deals (format 2) or its seed (format 1); raise
    RecordError at an impossible deal or at the first action refused."""
    try:
        game = load_game(data["game"], data["players"], data["options"])
    except CardtableError as exc:
        raise RecordError(f"the record's game cannot be set up: {exc}") from None
    deals = data.get("deals") if data.get("format") == RECORD_FORMAT else None
    try:
        state = game.new_state(data.get("seed"), deals)
    except RecordError:
        raise
    except CardtableError as exc:  # a seed out of range
        raise RecordError(f"the record's match cannot be dealt: {exc}") from None
    for number, (seat, text) in enumerate(data["actions"], start=1):
        try:
            state.apply(seat, game.parse_action(text))
        except RecordError:
            raise  # a later deal of the record is impossible: that sentence says it all
        except CardtableError as exc:
            raise RecordError(
                f"action {number} ({quoted(text)} by seat {seat}) is refused: {shorten(str(exc))}"
            ) from None
    return state


def _never_played(data: dict[str, Any], state: State) -> list[str]:
    """A record's deals and stock rebuilds that its actions never reached: a record added to
    after its match (or one whose actions were cut short) says it holds what was not played,
    and is not confirmed (what a record holds must be what was played, card for card)."""
    recorded = data.get("deals") if data.get("format") == RECORD_FORMAT else None
    if not recorded:
        return []
    played = state.deals
    if len(recorded) > len(played):
        return [f"the record holds {len(recorded)} deals, but its actions reach only "
                f"{len(played)}: deal {len(played) + 1} was never played"]
    problems = []
    for number, (deal, made) in enumerate(zip(recorded, played, strict=False), start=1):
        for key, value in deal.items():
            if key in ("dealer", "hands", "stock", "up") or not isinstance(value, list):
                continue
            done = made.get(key)
            count = len(done) if isinstance(done, list) else 0
            if len(value) > count:
                problems.append(f"deal {number} of the record lists {len(value)} {key}, but "
                                f"its play made only {count}: the rest never happened")
    return problems


def verify(data: dict[str, Any]) -> tuple[State, list[str]]:
    """Replay a record and list every way its stated result differs from the replayed one."""
    state = replay(data)
    problems = _never_played(data, state)
    if "scores" in data and list(data["scores"]) != list(state.scores):
        problems.append(
            f"scores recorded {shown(data['scores'])} but replay gives {state.scores}"
        )
    if "winners" in data and list(data["winners"]) != list(state.winners):
        problems.append(
            f"winners recorded {shown(data['winners'])} but replay gives {state.winners}"
        )
    if "over" in data and bool(data["over"]) != state.is_over:
        problems.append(
            f"record says the match is {'over' if data['over'] else 'unfinished'} "
            f"but replay gives {'over' if state.is_over else 'unfinished'}"
        )
    return state, problems
