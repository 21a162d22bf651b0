"""A referee for a real Say Rummy table: is this a word, is this a fair extension, what does a
hand cost.

The answers come from the same lexicon and scoring tables the engine plays by, under the
table's options (``--option schwa_merge=false``, ``--option dialect_merges=ɑ=ɔ``,
``--scoring graphemes``), so the referee can never contradict a game played in cardtable.
Sounds are typed in IPA, one argument each or several in one quoted argument; ``*`` is a wild
card standing for any sound, ``*ɔ`` a wild card already declared as /ɔ/.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cardtable.engine.errors import ImpossibleCards, NotationError, OptionError
from cardtable.games.sayrummy.game import SayRummyGame, card_values
from cardtable.games.sayrummy.sounds import (
    WILD,
    WILD_SYMBOL,
    code,
    parse_card,
    parse_sound,
    split_sounds,
)

Slot = tuple[int | None, bool]


def _times(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else many or one + 's'}"
  # (sound, or None for a bare wild card; is it a wild card)


def read_slots(args: Sequence[str], what: str = "sounds") -> list[Slot]:
    """Sounds as typed: ``ɔ`` a sound card, ``*`` a wild card, ``*ɔ`` a wild card said /ɔ/."""
    slots: list[Slot] = []
    for text in split_sounds(list(args)):
        if text == WILD_SYMBOL:
            slots.append((None, True))
        elif text.startswith(WILD_SYMBOL):
            slots.append((parse_sound(text[len(WILD_SYMBOL):]), True))
        else:
            slots.append((parse_sound(text), False))
    if not slots:
        raise NotationError(f"name the {what}, e.g. d ɔ g (IPA; * is a wild card)")
    return slots


class Referee:
    """The questions of one table (its options decide merges, word length and scoring)."""

    def __init__(self, game: SayRummyGame) -> None:
        self.game = game

    def _check_pack(self, cards: Sequence[int]) -> None:
        """ImpossibleCards when ``cards`` (card ids, WILD for a wild card) hold more copies of
        a card than the deck of this table has (``copies`` of each sound, ``wilds`` wilds)."""
        copies, wilds = self.game.options["copies"], self.game.options["wilds"]
        counted = Counter(cards)
        named = counted.pop(WILD, 0)
        if named > wilds:
            raise ImpossibleCards(f"{_times(named, 'wild card')} named, but the deck holds "
                                  f"{wilds}")
        for card, n in sorted(counted.items()):
            if n > copies:
                raise ImpossibleCards(f"{code(card)} is named {n} times, but the deck holds "
                                      f"{_times(copies, 'copy', 'copies')} of each sound")

    def _check_slots(self, slots: Sequence[Slot]) -> None:
        self._check_pack([WILD if wild or s is None else s for s, wild in slots])

    def _words(self, slots: Sequence[Slot]) -> list[str]:
        lex = self.game.lexicon
        pattern = [s for s, _wild in slots]
        found: set[str] = set()
        for pron in lex.matching(pattern):
            found.update(lex.spellings[pron])
        return sorted(found)

    def word(self, args: Sequence[str]) -> dict[str, Any]:
        """Do these cards, in order, say an English word, and which?"""
        slots = read_slots(args)
        self._check_slots(slots)
        if all(wild for _s, wild in slots) or len(slots) < self.game.options["min_word_length"]:
            return {"valid": False, "words": []}
        words = self._words(slots)
        return {"valid": bool(words), "words": words}

    def extend(self, args: Sequence[str]) -> dict[str, Any]:
        """Is RESULT a word made from the table word BASE by adding cards anywhere?"""
        if len(args) != 2:
            raise NotationError(
                'extend takes two arguments, each a quoted sound string: "d ɔ g" "d ɔ g i"'
            )
        base = read_slots([args[0]], "base word's sounds")
        if any(s is None for s, _wild in base):
            raise NotationError(
                "a card on the table has a sound: write a wild card there as *ɔ, not *"
            )
        result = read_slots([args[1]], "new word's sounds")
        self._check_slots(result)
        invalid: dict[str, Any] = {"valid": False, "words": []}
        if len(result) <= len(base) or len(result) < self.game.options["min_word_length"]:
            return invalid
        if all(wild for _s, wild in result):
            return invalid
        canon = self.game.lexicon.canon
        wanted = [canon[s] for s, _wild in base if s is not None]
        j = 0
        for s, _wild in result:  # the base's sounds, in order, among the result's known sounds
            if j < len(wanted) and s is not None and canon[s] == wanted[j]:
                j += 1
        if j < len(wanted):
            return invalid
        words = self._words(result)
        return {"valid": bool(words), "words": words}

    def score(self, args: Sequence[str]) -> dict[str, Any]:
        """Penalty points of these cards left in hand, under ``--scoring SCHEME`` (else the
        table's ``scoring`` option)."""
        scheme = self.game.options["scoring"]
        texts: list[str] = []
        it = iter(args)
        for arg in it:
            if arg == "--scoring":
                value = next(it, None)
                if value is None:
                    raise OptionError("--scoring needs a scheme: cards, graphemes or vowels")
                scheme = value
            elif arg.startswith("--scoring="):
                scheme = arg.partition("=")[2]
            elif arg.startswith("--"):
                raise OptionError(f"score takes --scoring, not {arg}")
            else:
                texts.append(arg)
        values = card_values(scheme.strip().lower())
        cards = [WILD if t.startswith(WILD_SYMBOL) else parse_card(t) for t in split_sounds(texts)]
        self._check_pack(cards)
        return {"points": sum(values[c] for c in cards)}  # an empty hand costs nothing


@dataclass(frozen=True, slots=True)
class Question:
    name: str
    usage: str
    summary: str
    judge: Callable[[Referee, Sequence[str]], dict[str, Any]]
    referee: Referee
    blank: dict[str, Any]  # the answer's keys when the cards are no real hand

    def answer(self, args: Sequence[str]) -> dict[str, Any]:
        return self.judge(self.referee, args)


_ASKED: tuple[tuple[str, str, str, Callable[[Referee, Sequence[str]], dict[str, Any]],
                    dict[str, Any]], ...] = (
    (
        "word", "SOUND...",
        "do these cards, in order, say a word? -> valid, words (the English spellings; a "
        "wild card * may be any sound, but a word needs one sound card)",
        Referee.word,
        {"valid": False, "words": []},
    ),
    (
        "extend", '"BASE" "RESULT"',
        "is RESULT a word made by adding at least one card to the table word BASE, BASE's "
        "sounds kept in order? -> valid, words",
        Referee.extend,
        {"valid": False, "words": []},
    ),
    (
        "score", "[--scoring cards|graphemes|vowels] [CARD...]",
        "penalty points of these cards left in hand -> points (a wild card * costs the "
        "most of the scheme; no cards cost 0)",
        Referee.score,
        {"points": None},
    ),
)


def questions_for(name: str, options: Mapping[str, Any]) -> dict[str, Question]:
    """The questions under ``options`` (the game's defaults otherwise)."""
    referee = Referee(SayRummyGame(2, options))
    return {q: Question(q, usage, summary, judge, referee, blank)
            for q, usage, summary, judge, blank in _ASKED}


CARD_HELP = (
    "Say Rummy sounds in IPA, one argument each or several in one quoted argument: d ɔ g, "
    "tʃ, oʊ, ɝ (CMU names such as AO or CH work too); * is a wild card, *ɔ a wild card "
    "declared as /ɔ/. Cards beyond the deck's copies of a sound (or its wild cards) are no "
    "real hand: \"valid\": false with the reason. Options: --scoring for score; "
    "--option schwa_merge=false, "
    "--option dialect_merges=ɑ=ɔ, --option min_word_length=2 change what counts as a word."
)
