"""`cardtable replay FILE`: re-run a game record and confirm the result it states.

The replay goes through the same legality checks as play, so a record is only confirmed if every
action in it was legal and the re-dealt match ends with the scores and winners it claims.

Exit 0 when confirmed, 1 when the replayed result differs (each difference on its own line),
2 when the file cannot be read as a record or one of its actions is refused.
"""

from __future__ import annotations

import argparse
from typing import Any

from cardtable.engine.errors import RecordError
from cardtable.engine.game import State
from cardtable.engine.record import load_record, verify

RESULT_DIFFERS = 1


def _seats(seats: list[int]) -> str:
    if not seats:
        return "none"
    return ", ".join(f"seat {s}" for s in seats)


def summary(data: dict[str, Any], state: State) -> str:
    """One line a person can check against their memory of the match."""
    scores = ", ".join(str(s) for s in state.scores)
    status = "over" if state.is_over else "unfinished"
    return (
        f"{state.game.title} ({data['game']}), {data['players']} players, seed {data['seed']}, "
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
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    try:
        data = load_record(args.file)  # RecordError -> one line and exit 2, from main()
    except UnicodeDecodeError:  # load_record catches OSError only; a binary file lands here
        raise RecordError(f"{args.file} is not a game record (not UTF-8 text)") from None
    state, problems = verify(data)  # an action refused -> RecordError, likewise
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
