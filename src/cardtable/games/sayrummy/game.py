"""Say Rummy as a registered game: its options (the rulings' house rules), deck and summary."""

from __future__ import annotations

import itertools
import random
from collections.abc import Mapping, Sequence
from functools import cached_property
from typing import Any

from cardtable.engine.deals import Deal
from cardtable.engine.errors import OptionError
from cardtable.engine.game import Game
from cardtable.engine.options import Option
from cardtable.games.sayrummy.actions import (
    DISCARDS,
    DRAW_DISCARD,
    DRAW_STOCK,
    Extend,
    SayAction,
    Word,
    parse_action,
)
from cardtable.games.sayrummy.dialects import Context, describe_presets, split_presets
from cardtable.games.sayrummy.events import describe
from cardtable.games.sayrummy.lexicon import (
    DEFAULT_WORD_LIST,
    SCHWA,
    STRUT,
    WORD_LISTS,
    Lexicon,
    lexicon,
    merge_classes,
    parse_merges,
)
from cardtable.games.sayrummy.sounds import (
    NCARDS,
    NSOUNDS,
    SOUNDS,
    WILD,
    WILD_TOKEN,
    ascii_label,
    code,
    parse_card,
)
from cardtable.games.sayrummy.state import HAND_SIZE, SayRummyState

SCORINGS = ("cards", "graphemes", "vowels")
TURN_PLAYS = ("one", "any")
MOST_PLAYS = HAND_SIZE + 1  # every word or extension lays at least one of at most 8 cards

RULES = """\
Say Rummy: 2 to 6 players, a deck of sound cards (the 40 sounds of American English, each
card showing its common spellings) plus wild cards. Seven cards each, one turned up.
On your turn take the top discard or the top stock card; then either lay down one new word,
or add cards to words already on the table (one or more of them; anywhere in the word, the
old cards keeping their order), not both; then discard one card. (plays_per_turn=any lets a
turn lay any number of words and additions.) A word is a row of cards whose sounds, in
order, say an ordinary English word of the CMU Pronouncing Dictionary (any listed
pronunciation; /ʌ/ and /ə/ count as one sound). The classroom list (the default) keeps
everyday words fit for a class; word_list=full takes every word, word_list=common every
everyday word.
A wild card stands for the sound you declare and keeps it; a word needs at least one sound
card. You may not discard the card you took from the discard pile.
Empty your hand (by laying down or by discarding) and you win the game. The first time the
stock runs out, the discard pile under its top card is shuffled into a new stock; the second
time, the game ends and the fewest cards in hand wins. Cards left in hand cost penalty points
(scoring: cards 1 each; graphemes = the spellings on the card; vowels 1, consonants 2; a wild
card costs the most of the scheme). Lowest total after all games wins the match.
Moves: draw stock | draw discard | word d ɔ g | extend 0 d ɔ g i | word k *æ t | discard ɔ
       (sounds in IPA, * is a wild card: *æ is a wild card played as /æ/)"""


def sound_table() -> str:
    """The deck as typed: each sound in IPA, its ASCII name where that differs (for keyboards
    without IPA; any case), its spellings and an example, in two columns."""
    cells = []
    for sound in SOUNDS:
        name = ascii_label(sound.id)
        typed = f"/{sound.ipa}/" + (f" {name}" if name else "")
        cells.append(f"{typed:<10}{' '.join(sound.spellings)} ({sound.example})")
    width = max(map(len, cells)) + 2
    half = (len(cells) + 1) // 2
    rows = [
        (left.ljust(width) + right).rstrip()
        for left, right in itertools.zip_longest(cells[:half], cells[half:], fillvalue="")
    ]
    return "\n".join([
        "Sounds: type the IPA symbol or the ASCII name beside it (d ɔ g = D AO G = d ao g):",
        *("  " + row for row in rows),
    ])


SUMMARY = RULES + "\n" + sound_table()


CARD_FACES = ("spellings", "sound")
"""What a Say Rummy card leads with (the option ``card_face``; the presentation draws it)."""


CLASSROOM = {"options": {"word_list": "classroom", "card_face": "spellings"}, "bot": "gentle"}
"""How a class plays Say Rummy (the kit's ``classroom`` extra, read by ``cardtable serve
--classroom``): the classroom word list, the spellings first, gentle bots in the empty seats."""


class SayRummyGame(Game):
    name = "say-rummy"
    title = "Say Rummy"
    player_counts = (2, 3, 4, 5, 6)
    option_specs = (
        Option("copies", int, 2, "copies of each of the 40 sound cards in the deck", 1, 4),
        Option("wilds", int, 4, "wild cards in the deck", 0, 12),
        Option(
            "min_word_length", int, 1,
            "fewest cards in a word (the rules say a word may be of any length)", 1, 8,
        ),
        Option(
            "plays_per_turn", str, "one",
            "one: a turn lays one new word or adds to words on the table, not both; any: any "
            "number of new words and additions (the old house rule)",
            choices=TURN_PLAYS,
        ),
        Option(
            "word_list", str, DEFAULT_WORD_LIST,
            "classroom: the everyday words, less rude, sexual, insulting and archaic ones "
            "(see 'cardtable rules say-rummy --report words-left-out'); full: every ordinary "
            "word of today's American English in the CMU dictionary; common: only the "
            "everyday words (by subtitle word frequency)",
            choices=WORD_LISTS,
        ),
        Option("schwa_merge", bool, True, "/ʌ/ and /ə/ count as the same sound"),
        Option(
            "dialect_merges", str, None,
            "more sounds that count as one: sounds joined by '=' (ɑ=ɔ, or ɑ=ɔ,ɪ=i) or an "
            f"accent by name: {describe_presets()}; several separated by commas; none by "
            "default",
            nullable=True,
        ),
        Option(
            "scoring", str, "cards",
            "penalty points for cards left in hand: cards (1 each), graphemes (the number of "
            "spellings on the card), vowels (vowel 1, consonant 2); a wild card counts the "
            "most of the scheme",
            choices=SCORINGS,
        ),
        Option(
            "card_face", str, "spellings",
            "what a card shows first: spellings (the spellings a child reads, large, the sound's "
            "symbol small in the corner, and an example word) or sound (the sound's symbol "
            "large, the spellings under it); how the cards look, not a rule",
            choices=CARD_FACES,
        ),
        Option("games", int, 5, "games in a match; lowest total wins", 1, 100, ends_match=True),
        Option(
            "max_turns", int, 500,
            "house rule for computer play: a game still going after this many turns ends as "
            "if the stock had run out a second time", 1,
        ),
    )

    def _check_options(self) -> None:
        equalities, presets = split_presets(self.options["dialect_merges"])
        groups = list(parse_merges(equalities))
        groups.extend(g for p in presets for g in p.merges)
        self.contexts: tuple[Context, ...] = tuple(c for p in presets for c in p.contexts)
        if self.options["schwa_merge"]:
            groups.append((STRUT, SCHWA))
        self.canon: tuple[int, ...] = merge_classes(groups)
        size = NSOUNDS * self.options["copies"] + self.options["wilds"]
        need = HAND_SIZE * self.players + 3
        if size < need:
            raise OptionError(
                f"a deck of {size} cards is too small for {self.players} players (seven cards "
                f"each, an upcard and a stock need {need}): add copies or wilds"
            )
        counts = [self.options["copies"]] * NSOUNDS + [self.options["wilds"]]
        self.deck_counts: list[int] = counts
        # The counts read as one number, a byte per card (for the state's quick self-check).
        self.deck_number = int.from_bytes(bytes(counts), "little")
        self.deck_cards: tuple[int, ...] = tuple(
            c for c in range(NCARDS) for _ in range(counts[c])
        )
        self.card_values: tuple[int, ...] = card_values(self.options["scoring"])

    @cached_property
    def lexicon(self) -> Lexicon:
        """Loaded on first use (from the cache, or built from the installed packages)."""
        return lexicon(self.canon, self.options["word_list"], self.contexts)

    def new_state(
        self, seed: int | None = None, deals: Sequence[Deal] | None = None
    ) -> SayRummyState:
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise OptionError(f"the seed must be a whole number, not {seed!r}")
        return SayRummyState(self, seed, deals)

    def card_notation(self, text: str) -> str:
        """A card as written by a person (``ɔ``, ``AO``, ``*``, ``wild``) in the deck's
        notation (``ɔ``, ``*``)."""
        return code(parse_card(text))

    def describe_event(self, event: Mapping[str, Any], names: Sequence[str]) -> str:
        return describe(event, names)

    def parse_action(self, text: str) -> SayAction:
        return parse_action(text, self.canon)

    def rules_summary(self) -> str:
        return SUMMARY

    def decision_bound(self) -> int:
        # A turn is one draw, at most eight plays (each lays a card) and one discard.
        return int(self.options["games"] * self.options["max_turns"] * (MOST_PLAYS + 2))

    def random_action(self, rng: random.Random) -> SayAction:
        roll = rng.random()
        if roll < 0.1:
            return DRAW_STOCK
        if roll < 0.2:
            return DRAW_DISCARD
        if roll < 0.5:
            return DISCARDS[rng.randrange(NCARDS)]
        tokens = bytes(
            WILD_TOKEN + rng.randrange(NSOUNDS) if rng.random() < 0.15 else rng.randrange(NSOUNDS)
            for _ in range(rng.randint(1, 5))
        )
        if roll < 0.75:
            return Word(tokens)
        return Extend(rng.randrange(4), tokens)

    def deck(self) -> list[str]:
        return [code(c) for c in self.deck_cards]


def card_values(scoring: str) -> tuple[int, ...]:
    """Penalty points of each card (40 sounds, then the wild card) under a scoring scheme."""
    if scoring == "cards":
        sounds = [1] * NSOUNDS
    elif scoring == "graphemes":
        sounds = [len(s.spellings) for s in SOUNDS]
    elif scoring == "vowels":
        sounds = [1 if s.vowel else 2 for s in SOUNDS]
    else:
        raise OptionError(f"scoring must be one of {', '.join(SCORINGS)}, not {scoring!r}")
    values = [*sounds, max(sounds)]
    assert len(values) == NCARDS and values[WILD] == max(sounds)
    return tuple(values)
