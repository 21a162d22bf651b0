"""`cardtable judge GAME QUESTION ARGS...`: a referee for a real table, answering in JSON.

The command line only finds the game's referee, hands it the arguments and prints the answer;
what the questions are and how they are answered lives with each game: its kit names a referee
module (``GameKit(referee="module")``) holding the questions (``QUESTIONS``, or
``questions_for(game, options)`` when one module serves several games or takes options), the
help on writing its cards (``CARD_HELP``) and example command lines (``EXAMPLES``). A new game
adds its referee in its own package without touching anything here.

Exit 0 whenever the input was read, whatever the answer (an invalid meld is still an answer, and
so is a set of cards no real table holds, such as one card named twice from a single deck: the
answer says ``"valid": false`` and why); exit 2 with one line when it was not (unknown game,
question or card).
"""

from __future__ import annotations

import argparse
import json
import textwrap
from collections.abc import Mapping, Sequence
from types import ModuleType
from typing import Any, Protocol

from cardtable.engine.errors import ImpossibleCards, OptionError
from cardtable.engine.game import game_kit, game_kits
from cardtable.engine.kit import GameKit
from cardtable.engine.options import parse_option_assignments
from cardtable.engine.text import clip, quoted


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


def refereed() -> list[str]:
    """The registered games whose kit names a referee, by name."""
    return [kit.name for kit in game_kits() if kit.referee is not None]


def _referee_of(game: str) -> tuple[GameKit, ModuleType]:
    """The kit of ``game`` (a name or an alias) and its referee module; OptionError with one
    sentence for an unknown game or one whose kit names no referee."""
    try:
        kit = game_kit(game)
    except OptionError:
        kit = None
    module: ModuleType | None = None if kit is None else kit.part("referee")
    if kit is None or module is None:
        known = ", ".join(refereed()) or "none"
        raise OptionError(f"no referee for game {quoted(game)} (games with a referee: {known})")
    return kit, module


def questions(game: str, options: Sequence[str] = ()) -> Mapping[str, Question]:
    """The questions the referee of ``game`` answers under ``options`` (``key=value`` texts).

    OptionError if the game has no referee, or an option is unknown, badly written, or given
    to a referee that takes none.
    """
    kit, module = _referee_of(game)
    make = getattr(module, "questions_for", None)
    if make is not None:
        chosen = parse_option_assignments(kit.game.option_specs, list(options))
        made: Mapping[str, Question] = make(kit.name, chosen)
        return made
    if options:
        raise OptionError(f"the {kit.name} referee takes no options")
    found: Mapping[str, Question] = module.QUESTIONS
    return found


def _epilog() -> str:
    lines = ["questions:"]
    # One block per referee module, its games' questions and then its help on cards (a module
    # serving two games says it once), in the order of the games' names.
    by_module: dict[str, list[str]] = {}
    for kit in game_kits():
        if kit.referee is not None:
            by_module.setdefault(kit.referee, []).append(kit.name)
    examples: list[str] = []
    for games in by_module.values():
        for game in games:
            for q in questions(game).values():
                lines.append(f"  {game} {q.name} {q.usage}")
                lines.extend(textwrap.wrap(q.summary, 90, initial_indent="      ",
                                           subsequent_indent="      "))
        module = _referee_of(games[0])[1]
        card_help = getattr(module, "CARD_HELP", "")
        if card_help:
            lines.extend(textwrap.wrap(card_help, 90, initial_indent="  ",
                                       subsequent_indent="  "))
        examples.extend(f"  {line}" for line in getattr(module, "EXAMPLES", ()))
    lines += [
        "",
        "Answers are one JSON object on stdout. Exit 0 whenever the input was read (an invalid",
        "meld is an answer too, and so are cards no real table holds together, such as a card",
        'named more often than the pack holds it: "valid": false with the reason, beside the',
        "question's own keys left empty); exit 2 with one line on stderr when it was not.",
    ]
    if examples:
        lines += ["", "examples:", *examples]
    return "\n".join(lines)


def add_parser(sub: Any) -> None:
    p: argparse.ArgumentParser = sub.add_parser(
        "judge",
        help="referee a real table: is this a meld, how does a hand score, can it go out (JSON)",
        description="Answer a rules question about real cards, as JSON on stdout.",
        epilog=_epilog(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("game", metavar="GAME", help=f"game to judge ({', '.join(refereed())})")
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
        else:
            rest.append(item)
    return rest, options


def question_help(game: str, question: Question) -> str:
    """``judge GAME QUESTION --help``: that question's arguments and answer, and how the game's
    cards are written, rather than a pointer to the whole list."""
    kit, module = _referee_of(game)
    lines = [f"usage: cardtable judge {kit.name} {question.name} {question.usage}", ""]
    lines += textwrap.wrap(question.summary, 78)
    card_help = getattr(module, "CARD_HELP", "")
    if card_help:
        lines += ["", *textwrap.wrap(card_help, 78)]
    lines += ["", "Every question of every game: cardtable judge --help"]
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    wants_help = any(item in ("-h", "--help") for item in args.args)
    rest, more_options = _split_options([a for a in args.args if a not in ("-h", "--help")])
    asked = questions(args.game, [*args.option, *more_options])
    question = asked.get(args.question.strip().lower())
    if question is None:
        known = ", ".join(asked)
        raise OptionError(f"the {clip(args.game)} referee has no question "
                          f"{quoted(args.question)} (questions: {known})")
    if wants_help:
        print(question_help(args.game, question))
        return 0
    try:
        answer = question.answer(rest)
    except ImpossibleCards as exc:
        blank: Mapping[str, Any] = getattr(question, "blank", {})
        answer = {**blank, "valid": False, "reason": str(exc)}
    print(json.dumps(answer))
    return 0
