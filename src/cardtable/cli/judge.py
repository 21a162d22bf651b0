"""`cardtable judge GAME QUESTION ARGS...`: a referee for a real table, answering in JSON.

The command line only finds the game's referee, hands it the arguments and prints the answer;
what the questions are and how they are answered lives with each game (for Daylily Rummy in
``cardtable.games.daylily.referee``), so a later game adds a referee module and one line to
:data:`REFEREES` without touching anything here.

Exit 0 whenever the input was read, whatever the answer (an invalid meld is still an answer, and
so is a set of cards no real table holds, such as one card named twice from a single deck: the
answer says ``"valid": false`` and why); exit 2 with one line when it was not (unknown game,
question or card).
"""

from __future__ import annotations

import argparse
import importlib
import json
import textwrap
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from cardtable.engine.errors import ImpossibleCards, OptionError
from cardtable.engine.game import game_class
from cardtable.engine.options import parse_option_assignments
from cardtable.engine.text import clip, quoted

# Game name -> module holding that game's QUESTIONS (and CARD_HELP). Imported only when asked.
# A module serving several games has ``questions_for(game, options)`` instead of QUESTIONS.
REFEREES: dict[str, str] = {
    "day": "cardtable.games.day.referee",
    "daylily": "cardtable.games.daylily.referee",
    "dummy-rummy": "cardtable.games.contract.referee",
    "liverpool": "cardtable.games.contract.referee",
    "say-rummy": "cardtable.games.sayrummy.referee",
}


class Question(Protocol):
    """What the judge needs from one of a referee's questions."""

    @property
    def name(self) -> str: ...

    @property
    def usage(self) -> str: ...

    @property
    def summary(self) -> str: ...

    def answer(self, args: Sequence[str]) -> dict[str, Any]:
        """The answer; NotationError when ``args`` cannot be read, ImpossibleCards when they
        name cards no real table holds together. A question may also have ``blank``, its
        answer's keys at their empty values, which the answer to impossible cards starts from."""
        ...


def _referee_key(game: str) -> str:
    try:
        key = game_class(game).name  # accept the game's aliases too
    except OptionError:
        key = game.strip().lower()
    if key not in REFEREES:
        known = ", ".join(sorted(REFEREES))
        raise OptionError(f"no referee for game {quoted(game)} (games with a referee: {known})")
    return key


def questions(game: str, options: Sequence[str] = ()) -> Mapping[str, Question]:
    """The questions the referee of ``game`` answers under ``options`` (``key=value`` texts).

    OptionError if the game has no referee, or an option is unknown, badly written, or given
    to a referee that takes none.
    """
    key = _referee_key(game)
    module = importlib.import_module(REFEREES[key])
    make = getattr(module, "questions_for", None)
    if make is not None:
        chosen = parse_option_assignments(game_class(key).option_specs, list(options))
        made: Mapping[str, Question] = make(key, chosen)
        return made
    if options:
        raise OptionError(f"the {key} referee takes no options")
    found: Mapping[str, Question] = module.QUESTIONS
    return found


def _epilog() -> str:
    lines = ["questions:"]
    by_module: dict[str, list[str]] = {}
    for game in sorted(REFEREES):
        by_module.setdefault(REFEREES[game], []).append(game)
    for module_name, games in by_module.items():
        for game in games:
            for q in questions(game).values():
                lines.append(f"  {game} {q.name} {q.usage}")
                lines.extend(textwrap.wrap(q.summary, 90, initial_indent="      ",
                                           subsequent_indent="      "))
        card_help = getattr(importlib.import_module(module_name), "CARD_HELP", "")
        if card_help:
            lines.extend(textwrap.wrap(card_help, 90, initial_indent="  ",
                                       subsequent_indent="  "))
    lines += [
        "",
        "Answers are one JSON object on stdout. Exit 0 whenever the input was read (an invalid",
        "meld is an answer too, and so are cards no real table holds together, such as a card",
        'named more often than the pack holds it: "valid": false with the reason, beside the',
        "question's own keys left empty); exit 2 with one line on stderr when it was not.",
        "",
        "examples:",
        '  cardtable judge daylily meld "1 Carlotta" "2 Ming Toy" "3 Fly Catcher"',
        '  cardtable judge daylily hand "1 Pandora\'s Box" 1MT 2MT 3MT',
        "  cardtable judge liverpool meld 5H 6H JK 8H",
        "  cardtable judge liverpool contract 2 QS QH JK 5H 6H 7H 8H 2C",
        "  cardtable judge dummy-rummy score AS 8H 3C",
        '  cardtable judge day showdown --dealer "7 Rising, 9 Risen, 5 Setting" '
        '--player "Crown, 4 Risen" --player "7 Risen, 10 Setting" --substituted 1',
    ]
    return "\n".join(lines)


def add_parser(sub: Any) -> None:
    p: argparse.ArgumentParser = sub.add_parser(
        "judge",
        help="referee a real table: is this a meld, how does a hand score, can it go out (JSON)",
        description="Answer a rules question about real cards, as JSON on stdout.",
        epilog=_epilog(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("game", metavar="GAME", help=f"game to judge ({', '.join(sorted(REFEREES))})")
    p.add_argument("question", metavar="QUESTION", help="what to judge (see below)")
    # REMAINDER: a question may take flags of its own (day showdown --dealer ... --player ...),
    # which argparse would otherwise refuse; --option written among them is picked out in run().
    p.add_argument("args", metavar="ARG", nargs=argparse.REMAINDER,
                   help="the cards, one argument each (and the question's own flags)")
    p.add_argument(
        "--option", "-o", action="append", default=[], metavar="KEY=VALUE",
        help="a rule option of the game, e.g. natural_majority=false (repeatable; see "
        "'cardtable rules GAME'); only for games whose referee takes options",
    )
    p.set_defaults(run=run)


def _split_options(items: Sequence[str]) -> tuple[list[str], list[str]]:
    """The question's arguments, and any ``--option KEY=VALUE`` written among or after them."""
    rest: list[str] = []
    options: list[str] = []
    it = iter(items)
    for item in it:
        if item in ("-o", "--option"):
            value = next(it, None)
            if value is None:
                raise OptionError(f"{item} needs a KEY=VALUE after it")
            options.append(value)
        elif item.startswith("--option="):
            options.append(item.partition("=")[2])
        elif item in ("-h", "--help"):
            raise OptionError("for the questions and their arguments see: cardtable judge --help")
        else:
            rest.append(item)
    return rest, options


def run(args: argparse.Namespace) -> int:
    rest, more_options = _split_options(args.args)
    asked = questions(args.game, [*args.option, *more_options])
    question = asked.get(args.question.strip().lower())
    if question is None:
        known = ", ".join(asked)
        raise OptionError(f"the {clip(args.game)} referee has no question "
                          f"{quoted(args.question)} (questions: {known})")
    try:
        answer = question.answer(rest)
    except ImpossibleCards as exc:
        blank: Mapping[str, Any] = getattr(question, "blank", {})
        answer = {**blank, "valid": False, "reason": str(exc)}
    print(json.dumps(answer))
    return 0
