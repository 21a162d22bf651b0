"""A referee for a real contract-rummy table: melds, contracts and the cost of a hand.

Families argue over whether ``K A 2 3`` is a run or what a joker stands for; these answers come
from the same meld engine the game plays by (:mod:`cardtable.games.contract.melds`), under the
rule set's own options, so the referee can never contradict a match played in cardtable. The
front end (``cardtable judge dummy-rummy|liverpool ...``) finds the questions through
:func:`questions_for`, since one module referees both rule sets and each has its own options.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cardtable.engine.errors import ImpossibleCards, NotationError, OptionError
from cardtable.engine.game import game_class, load_game
from cardtable.engine.text import quoted, whole_number
from cardtable.games.contract.cards import (
    JOKER,
    RANK_TEXT,
    SUIT_NAMES,
    SUITS,
    code,
    parse_card,
    parse_cards,
)
from cardtable.games.contract.game import ContractGame
from cardtable.games.contract.melds import (
    RUN,
    Meld,
    MeldError,
    contract_text,
    find_contract,
    read_written_meld,
)

_NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                 "ten", "eleven", "twelve", "thirteen")
_RANK_PLURALS = ("", "aces", "twos", "threes", "fours", "fives", "sixes", "sevens", "eights",
                 "nines", "tens", "jacks", "queens", "kings", "aces")


def _count(n: int, word: str) -> str:
    number = _NUMBER_WORDS[n] if n < len(_NUMBER_WORDS) else str(n)
    return f"{number} {word}{'' if n == 1 else 's'}"


# The meld search packs its counts in bytes and takes hands of at most this many cards; no hand
# dealt and drawn at a real table comes near it.
MOST_CARDS = 127

# ---- the table the referee stands at ---------------------------------------------------------

def referee_game(name: str, options: Mapping[str, Any]) -> ContractGame:
    """The rule set with these options, at the biggest table it allows.

    The player count matters to a referee only through the pack: the biggest table has the most
    decks and jokers, so every hand a real table of this rule set can hold is accepted.
    """
    cls = game_class(name)
    problem: OptionError | None = None
    for players in sorted(cls.player_counts, reverse=True):
        try:
            game = load_game(cls.name, players, dict(options))
        except OptionError as exc:  # e.g. decks=1 is too few for the biggest table
            problem = exc
            continue
        assert isinstance(game, ContractGame)
        return game
    assert problem is not None
    raise problem


def read_cards(args: Sequence[str], game: ContractGame) -> list[int]:
    """The cards named by ``args`` (one an argument; a quoted ``"5H 6H"`` also works).

    NotationError for anything that is not a card; ImpossibleCards for more copies of a card
    than the pack holds: a joker at a Dummy Rummy table, or a third QS with two decks, was read
    but is no real hand.
    """
    cards: list[int] = []
    for arg in args:
        try:
            cards.append(parse_card(arg))
        except NotationError:
            if not re.search(r"[\s,]", arg.strip()):
                raise
            cards.extend(parse_cards(arg))
    rules = game.rules
    jokers = cards.count(JOKER)
    if jokers > rules.jokers:
        if rules.jokers == 0:
            raise ImpossibleCards(f"{game.title} is played without jokers here "
                                  "(--option jokers=N adds them)")
        raise ImpossibleCards(f"{_count(jokers, 'joker')} named, but the pack holds only "
                              f"{rules.jokers}")
    for c in set(cards) - {JOKER}:
        copies = cards.count(c)
        if copies > rules.decks:
            raise ImpossibleCards(f"{code(c)} is named {copies} times, but {game.title} is "
                                  f"played with at most {_count(rules.decks, 'deck')}")
    return cards


# ---- describing a meld ---------------------------------------------------------------------

def joker_meanings(cards: Sequence[int], meld: Meld) -> dict[str, str]:
    """What each joker stands for, keyed by its position in ``cards`` (as a string).

    Jokers are alike, so the first joker given takes the lowest place the meld gives a joker.
    A run's joker stands for a card (``7H``); a set's for a rank only (``Q``), as in a set the
    joker has no suit.
    """
    places = [i for i, c in enumerate(cards) if c == JOKER]
    out: dict[str, str] = {}
    for i, rank in zip(places, meld.joker_ranks, strict=True):
        out[str(i)] = RANK_TEXT[rank] + (SUITS[meld.suit] if meld.kind == RUN else "")
    return out


def describe_meld(meld: Meld) -> str:
    """``a run of hearts, 5H to 8H`` / ``a set of queens``, with its size and jokers."""
    size = _count(len(meld.cards), "card")
    if meld.kind == RUN:
        suit = SUITS[meld.suit]
        text = (f"a run of {SUIT_NAMES[meld.suit]}, {RANK_TEXT[meld.low]}{suit} to "
                f"{RANK_TEXT[meld.high]}{suit} ({size}")
        if meld.low == 1:
            text += ", ace low"
        elif meld.high == 14:
            text += ", ace high"
    else:
        text = f"a set of {_RANK_PLURALS[meld.low]} ({size}"
    if meld.jokers:
        text += f", {_count(meld.jokers, 'joker')}"
    return text + ")"


# ---- the three questions ---------------------------------------------------------------------

def judge_meld(game: ContractGame, args: Sequence[str]) -> dict[str, Any]:
    """Is this a set or a run, and what does each joker stand for?"""
    cards = read_cards(args, game)
    if not cards:
        raise NotationError("name the cards of the meld, e.g. 5H 6H JK 8H")
    try:
        meld = read_written_meld(cards, game.rules.melds)
    except MeldError as exc:
        return {"valid": False, "kind": None, "jokers": {}, "reason": str(exc)}
    return {
        "valid": True,
        "kind": meld.kind,
        "jokers": joker_meanings(cards, meld),
        "reason": describe_meld(meld),
    }


def read_deal(text: str, game: ContractGame) -> int:
    """The deal number, checked against this rule set's deals (NotationError if not one)."""
    deals = len(game.rules.contracts)
    deal = whole_number(text)
    if deal is None:
        raise NotationError(f"{quoted(text.strip())} is not a deal: give its number, 1 to {deals}")
    if 1 <= deal <= deals:
        return deal
    if not game.options["extended"] and deals < deal <= deals + 3:
        raise NotationError(f"deal {deal} is played only with --option extended=true "
                            f"(deals 1 to {deals} otherwise)")
    raise NotationError(f"there is no deal {deal}: {game.title} has deals 1 to {deals} here")


def judge_contract(game: ContractGame, args: Sequence[str]) -> dict[str, Any]:
    """Do these cards hold deal DEAL's contract (extra cards allowed), and one way to lay it down.

    Longer melds are allowed, as a player may lay down more than the minimum.
    """
    if not args:
        raise NotationError("give the deal number, then the cards: e.g. 2 QS QH JK 5H 6H 7H 8H")
    deal = read_deal(args[0], game)
    contract = game.rules.contracts[deal - 1]
    wanted = contract_text(contract.sets, contract.runs)
    try:
        cards = read_cards(args[1:], game)
    except ImpossibleCards as exc:
        return {"met": False, "melds": [], "contract": wanted, "valid": False, "reason": str(exc)}
    if len(cards) > MOST_CARDS:
        raise NotationError(f"the referee judges a contract in hands of up to {MOST_CARDS} cards, "
                            f"not {len(cards)}")
    found = find_contract(cards, contract.sets, contract.runs, game.rules.melds,
                          exact_sizes=False)
    return {
        "met": found is not None,
        "melds": [[code(c) for c in m.cards] for m in found] if found is not None else [],
        "contract": wanted,
    }


def judge_score(game: ContractGame, args: Sequence[str]) -> dict[str, Any]:
    """What these cards cost when left in hand at the end of a deal (no cards: nothing)."""
    values = game.rules.values
    return {"points": sum(values[c] for c in read_cards(args, game))}


# ---- the question table the front end reads ----------------------------------------------------

@dataclass(frozen=True, slots=True)
class Question:
    """One question, bound to a rule set and its options."""

    name: str
    usage: str
    summary: str
    judge: Callable[[ContractGame, Sequence[str]], dict[str, Any]]
    game: ContractGame
    blank: dict[str, Any]  # the answer's keys when the cards are no real hand

    def answer(self, args: Sequence[str]) -> dict[str, Any]:
        """Read the arguments (NotationError if they are not what the question takes) and answer."""
        return self.judge(self.game, args)


_ASKED: tuple[tuple[str, str, str, Callable[[ContractGame, Sequence[str]], dict[str, Any]],
                    dict[str, Any]], ...] = (
    ("meld", "CARD...",
     "is this a set or a run? -> valid, kind (set|run|null), jokers (position in the list -> "
     "what it stands for: 7H in a run, Q in a set), reason. Runs may be given in any order; "
     "jokers fill gaps first, then extend the run upward",
     judge_meld, {"valid": False, "kind": None, "jokers": {}}),
    ("contract", "DEAL CARD...",
     "do these cards (extras allowed) hold the contract of deal DEAL? -> met, melds (one way "
     "to lay it down), contract. Deals 8-10 need --option extended=true",
     judge_contract, {"met": False, "melds": [], "contract": None}),
    ("score", "[CARD...]",
     "what these cards cost, left in hand when a deal ends -> points",
     judge_score, {"points": None}),
)


def questions_for(name: str, options: Mapping[str, Any]) -> dict[str, Question]:
    """The questions for rule set ``name`` under ``options`` (the rule set's defaults otherwise)."""
    game = referee_game(name, options)
    return {q: Question(q, usage, summary, judge, game, blank)
            for q, usage, summary, judge, blank in _ASKED}


CARD_HELP = (
    "Contract rummy cards: rank then suit, one argument each, e.g. 10H, qs, TD, A♠; JK is a "
    "joker. Options (--option KEY=VALUE, see 'cardtable rules GAME') change the rules judged, "
    "e.g. natural_majority=false; write options before the question or after all the cards. "
    "A card may be named as often as the biggest table of the "
    "rule set has decks (jokers: as many as its pack holds; Dummy Rummy has none); more copies "
    "are no real hand, answered with \"valid\": false and the reason."
)


EXAMPLES: tuple[str, ...] = (
    "cardtable judge liverpool meld 5H 6H JK 8H",
    "cardtable judge liverpool contract 2 QS QH JK 5H 6H 7H 8H 2C",
    "cardtable judge dummy-rummy score AS 8H 3C",
)
"""Command lines for ``cardtable judge --help`` to show."""
