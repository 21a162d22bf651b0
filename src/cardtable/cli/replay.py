"""`cardtable replay FILE`: re-run a game record and confirm the result it states.

The replay goes through the same legality checks as play, so a record is only confirmed if every
action in it was legal and the re-dealt match ends with the scores and winners it claims.

Exit 0 when confirmed, 1 when the replayed result differs (each difference on its own line),
2 when the file cannot be read as a record or one of its actions is refused.

``--events --seat N`` prints instead the match's event stream as seat N saw it (``--seat
spectator``: as the public saw it), one JSON object a line, for tools and for checking by eye
what each player was shown; ``--words`` prints the same stream as the move log reads.

``--step --seat N`` walks through the match in the terminal as seat N saw it: the table as
the game's renderer draws it, then Enter for each next move in the events' words, the score
sheet at each round's end (``q`` stops, a number jumps that many moves on).
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from cardtable.engine.errors import OptionError, RecordError
from cardtable.engine.game import State
from cardtable.engine.record import load_record, seat_names, verify

RESULT_DIFFERS = 1


def _seats(seats: list[int]) -> str:
    if not seats:
        return "none"
    return ", ".join(f"seat {s}" for s in seats)


def summary(data: dict[str, Any], state: State) -> str:
    """One line a person can check against their memory of the match."""
    scores = ", ".join(str(s) for s in state.scores)
    status = "over" if state.is_over else "unfinished"
    dealt = f"seed {data['seed']}" if "seed" in data else "dealt by hand"
    return (
        f"{state.game.title} ({data['game']}), {data['players']} players, {dealt}, "
        f"{len(data['actions'])} actions, {status}; final scores {scores}; "
        f"winners {_seats(list(state.winners))}"
    )


def add_parser(sub: Any) -> None:
    p: argparse.ArgumentParser = sub.add_parser(
        "replay",
        help="re-run a saved game record and confirm its final scores",
        description=(
            "Re-deal a game record from its seed, re-apply every action through the rules and "
            "compare the final scores and winners with those the record states. Exit 0 when "
            "they match, 1 when they differ, 2 when the file is not a readable record or an "
            "action in it is refused."
        ),
    )
    p.add_argument("file", metavar="FILE", help="a game record (JSON), as saved by play")
    p.add_argument("--events", action="store_true",
                   help="print the event stream as --seat saw it, one JSON object a line")
    p.add_argument("--words", action="store_true",
                   help="print the event stream as --seat saw it, as the move log words it")
    p.add_argument("--step", action="store_true",
                   help="step through the match in the terminal: Enter for each next move")
    p.add_argument("--seat", metavar="N|spectator", default=None,
                   help="whose eyes the events are seen through (with --events, --words or "
                   "--step; --step alone: seat 0), counted from 0 as in the record; --step "
                   "shows seats counted from 1, so --seat 1 is 'seat 2' there")
    p.set_defaults(run=run)


def _viewer(text: str | None, players: int) -> int | None:
    """The seat named on the command line, or None for a spectator."""
    if text is None:
        raise OptionError("--events and --words need --seat N (a seat number) or --seat spectator")
    if text.strip().lower() == "spectator":
        return None
    try:
        seat = int(text)
    except ValueError:
        raise OptionError(f"--seat must be a seat number or 'spectator', not {text!r}") from None
    if not 0 <= seat < players:
        raise OptionError(f"--seat {seat}: this record's table has seats 0 to {players - 1}")
    return seat


def run(args: argparse.Namespace) -> int:
    try:
        data = load_record(args.file)  # RecordError -> one line and exit 2, from main()
    except UnicodeDecodeError:  # load_record catches OSError only; a binary file lands here
        raise RecordError(f"{args.file} is not a game record (not UTF-8 text)") from None
    if args.seat is not None and not (args.events or args.words or args.step):
        raise OptionError("--seat goes with --events, --words or --step")
    if args.step and (args.events or args.words):
        raise OptionError("--step shows the match on its own: leave out --events and --words")
    state, problems = verify(data)  # an action refused -> RecordError, likewise
    if args.step:
        from cardtable.terminal.stepper import step_through

        seat = _viewer("0" if args.seat is None else args.seat, state.game.players)
        step_through(data, seat)
        return RESULT_DIFFERS if problems else 0
    if args.events or args.words:
        seat = _viewer(args.seat, state.game.players)
        labels = seat_names(data)
        for event in state.events(seat):
            if args.words:
                print(state.game.log_line(event, labels))
            else:
                print(json.dumps(event, ensure_ascii=False))
        return RESULT_DIFFERS if problems else 0
    print(summary(data, state))
    if problems:
        for problem in problems:
            print(f"mismatch: {problem}")
        print("result NOT confirmed")
        return RESULT_DIFFERS
    if not any(key in data for key in ("scores", "winners", "over")):
        print("every action replayed; the record states no result to confirm")
        return 0
    print("result confirmed")
    return 0
