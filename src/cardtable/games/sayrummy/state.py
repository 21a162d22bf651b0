"""A Say Rummy match in progress: games, turns, words on the table and the score sheet.

Hands are count vectors over the 41 cards (40 sounds and the wild card); the stock and the
discard pile are lists of card ids (top last); a word on the table is its tuple of tokens (which
card lies where, a wild card with the sound it was declared as). The word finder turns a hand
into legal plays; :meth:`SayRummyState.refusal` checks any play directly against the lexicon, so
both agree without one calling the other.

A turn lays one new word or adds to words already on the table, not both (``plays_per_turn``
``one``, the default); ``laid`` remembers which of the two the turn has begun, and the legal
moves and refusals follow from it. With ``any`` a turn may lay and add as it likes.

The card taken from the discard pile may not go back on the pile in the same turn. Sound cards
come in identical copies, so the rule is applied to the card itself: another copy of that sound
may be discarded, and once a card of that sound has been laid in a word the taken card counts
as laid (a player may always say so). A play that would leave only the taken card in hand is
refused, since the turn could not end.

Every game's deal is recorded in notation (``"hands"``, ``"stock"`` top first, ``"up"``) and the
new stock made from the discard pile under ``"rebuilds"``, so a record replays from its deals;
a record's deals replace the shuffled ones. Everything a player notices is logged as an event
(:mod:`cardtable.games.sayrummy.events`), a stock draw visible to its drawer only.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import chain, compress, repeat
from operator import add, gt
from typing import TYPE_CHECKING, Any, Self

from cardtable.engine.deals import Deal
from cardtable.engine.events import (
    Dealt,
    DealtHand,
    Discarded,
    DrewDiscard,
    DrewStock,
    MatchOver,
    RoundScored,
    StockRebuilt,
)
from cardtable.engine.game import Action, RunningTotals, State, check_actor
from cardtable.engine.zones import Visibility, Zone
from cardtable.games.sayrummy.actions import (
    DISCARDS,
    DRAW_DISCARD,
    DRAW_STOCK,
    Discard,
    DrawDiscard,
    DrawStock,
    Extend,
    Word,
)
from cardtable.games.sayrummy.events import (
    GameEnded,
    StockExhausted,
    WentOut,
    WordExtended,
    WordLaid,
)
from cardtable.games.sayrummy.finder import (
    Hand,
    all_word_plays,
    extension_plays,
    find_extensions,
    find_words,
)
from cardtable.games.sayrummy.lexicon import not_on_the_list
from cardtable.games.sayrummy.sounds import (
    IPA,
    NCARDS,
    NSOUNDS,
    WILD,
    WILD_SYMBOL,
    WILD_TOKEN,
    code,
    parse_card,
    token_code,
)

if TYPE_CHECKING:
    from cardtable.games.sayrummy.game import SayRummyGame

DRAW, PLAY, OVER = "draw", "play", "over"
# What the current turn has laid so far (bits: with plays_per_turn=any a turn may do both).
NOTHING, NEW_WORD, ADDITIONS = 0, 1, 2
LAID_NAMES = (None, "word", "additions", "word and additions")
HAND_SIZE = 7
CODES = tuple(code(c) for c in range(NCARDS))
TOKEN_CARD_CODES = {t: (WILD_SYMBOL if t >= WILD_TOKEN else IPA[t]) for t in
                    [*range(NSOUNDS), *range(WILD_TOKEN, WILD_TOKEN + NSOUNDS)]}
# Per token byte (for events): the card it is, and the token as the table writes it.
_TOKEN_CARD_CODE = tuple(TOKEN_CARD_CODES.get(t, "") for t in range(256))
_TOKEN_CODE = tuple(token_code(t) if t in TOKEN_CARD_CODES else "" for t in range(256))


def _codes(counts: Sequence[int]) -> tuple[str, ...]:
    """The cards of a count vector in notation, in card order, each as often as it is held."""
    return tuple(chain.from_iterable(map(repeat, compress(CODES, counts),
                                         compress(counts, counts))))


NO_CARD = 255
_ALL_CARDS = range(NCARDS)
_CARD_OF_TOKEN = bytes(
    t if t < NSOUNDS else WILD if WILD_TOKEN <= t < WILD_TOKEN + NSOUNDS else NO_CARD
    for t in range(256)
)  # a token's card, for bytes.translate


def _notation(counts: list[int]) -> list[str]:
    """A hand (a count vector) in notation, in card order."""
    return [CODES[c] for c in compress(_ALL_CARDS, counts) for _ in range(counts[c])]


def _counts(cards: Sequence[str]) -> list[int]:
    """A hand written in notation as a count vector."""
    counts = [0] * NCARDS
    for text in cards:
        counts[parse_card(text)] += 1
    return counts


def _added_places(base: bytes, tokens: bytes) -> tuple[int, ...]:
    """Where the cards added to ``base`` lie in ``tokens`` (which holds ``base`` in order):
    the old cards are matched as early as they can be, so among equal cards the new ones are
    the later."""
    at: list[int] = []
    j = 0
    for i, t in enumerate(tokens):
        if j < len(base) and base[j] == t:
            j += 1
        else:
            at.append(i)
    return tuple(at)


def _shown(spellings: Sequence[str]) -> tuple[str, ...]:
    """The English words as a reader writes them: the pronoun is "I", not "i"."""
    return tuple("I" if w == "i" else w for w in spellings)


_FROM_NOUGHT = " (extend counts the words from 0: the board's word 1 is extend 0, or e 1)"
"""Said with a refused extension: the notation counts words from 0, the board and the keys from
1, and a person writing ``extend 1`` for the board's word 1 meant the first."""


class SayRummyState(RunningTotals, State):
    game: SayRummyGame

    def __init__(
        self, game: SayRummyGame, seed: int | None, deals: Sequence[Deal] | None = None
    ) -> None:
        self._start(game, seed, deals)
        n = game.players
        self.totals = [0] * n
        self.results: list[dict[str, Any]] = []
        self.game_no = 0
        self.dealer = self._first_dealer(n)
        self.phase = DRAW
        # The last play refusal() accepted, with the cards it adds: apply() performs it next.
        self._checked: tuple[Action, dict[int, int]] | None = None
        self._deal()

    # ---- dealing and games ------------------------------------------------------------------
    def _deal(self) -> None:
        n = self.game.players
        self.game_no += 1
        deck = list(self.game.deck_cards)
        self.rng.shuffle(deck)
        self.hands = [[0] * NCARDS for _ in range(n)]
        self.sizes = [HAND_SIZE] * n
        for _ in range(HAND_SIZE):
            for k in range(1, n + 1):
                self.hands[(self.dealer + k) % n][deck.pop()] += 1
        self.discard = [deck.pop()]
        self.stock = deck
        live: Deal = {
            "dealer": self.dealer,
            "hands": [_notation(h) for h in self.hands],
            "stock": [CODES[c] for c in reversed(self.stock)],
            "up": [CODES[self.discard[0]]],
        }
        entry = self._deal_from(live)
        if entry is not live:  # a recorded deal, already checked against this one
            self.hands = [_counts(hand) for hand in entry["hands"]]
            self.stock = [parse_card(c) for c in reversed(entry["stock"])]
            self.discard = [parse_card(c) for c in entry["up"]]
        self._emit(Dealt(None, self.game_no, self.dealer, (HAND_SIZE,) * n,
                         (CODES[self.discard[0]],), len(self.stock)))
        for s in range(n):
            self._emit(DealtHand(s, tuple(_notation(self.hands[s]))))
        # Words on the table: (tokens, seat that laid it, canonical sounds).
        self.words: list[tuple[bytes, int, bytes]] = []
        self.word_info: list[dict[str, Any]] = []  # what every player sees of each word
        self.known = [[0] * NCARDS for _ in range(n)]  # cards seen taken from the discard pile
        self.taken = -1  # the card taken from the discard pile this turn, while still in hand
        self.laid = NOTHING  # a new word, or additions, laid this turn
        self.runs_out = 0  # times the stock has run out in this game
        self.turns = 0
        self.current = (self.dealer + 1) % n
        self.phase = DRAW
        self._legal: list[Action] | None = None

    def _end_game(self, winners: list[int], reason: str) -> None:
        values = self.game.card_values
        n = self.game.players
        points = [sum(values[c] * k for c, k in enumerate(self.hands[s]) if k) for s in range(n)]
        for s in range(n):
            self.totals[s] += points[s]
        result = {
            "game": self.game_no,
            "dealer": self.dealer,
            "winners": winners,
            "reason": reason,
            "cards_left": list(self.sizes),
            "points": points,
            "totals": list(self.totals),
        }
        self.results.append(result)
        self._emit(RoundScored(None, self.game_no, result))
        if self.game_no >= self.game.options["games"]:
            self.phase = OVER
            self._legal = None
            self._emit(MatchOver(None, tuple(self.totals), tuple(self.winners)))
            return
        self.dealer = (self.dealer + 1) % n
        self._deal()

    # ---- the protocol -----------------------------------------------------------------------
    @property
    def actors(self) -> tuple[int, ...]:
        return () if self.phase == OVER else (self.current,)

    def legal_actions(self, seat: int) -> list[Action]:
        if seat != self.current or self.phase == OVER:
            return []
        if self.phase == DRAW:
            acts: list[Action] = []
            if self.stock:
                acts.append(DRAW_STOCK)
            if self.discard:
                acts.append(DRAW_DISCARD)
            return acts
        if self._legal is None:
            self._legal = self._plays(seat)
        return list(self._legal)

    @property
    def _one_play(self) -> bool:
        """plays_per_turn=one: a turn lays one new word or additions, not both."""
        return bool(self.game.options["plays_per_turn"] == "one")

    def _plays(self, seat: int) -> list[Action]:
        lex = self.game.lexicon
        counts = self.hands[seat]
        hand = Hand(lex, counts)
        min_length = self.game.options["min_word_length"]
        taken = self.taken
        risky = taken >= 0  # a play leaving one card might leave only the taken card
        size = self.sizes[seat]
        out: list[Action] = []
        if self._turn_refusal(new_word=True) is None:
            laid = all_word_plays(lex, find_words(lex, hand, min_length), hand)
            if risky and size <= 1 + max(map(len, laid), default=0):
                laid = [t for t in laid if not self._strands(seat, len(t), t, b"")]
            out += map(Word, laid)
        additions_allowed = self._turn_refusal(new_word=False) is None
        for i, (base_tokens, _by, base) in enumerate(self.words if additions_allowed else ()):
            grown = [
                tokens
                for pron in find_extensions(lex, base, hand, min_length)
                for tokens in extension_plays(lex, base_tokens, base, pron, hand)
            ]
            if risky:
                grown = [
                    t for t in grown
                    if not self._strands(seat, len(t) - len(base_tokens), t, base_tokens)
                ]
            out += map(Extend, repeat(i), grown)
        out += [DISCARDS[c] for c in compress(_ALL_CARDS, counts) if not self._held_back(seat, c)]
        return out

    # The rules of the play phase, each written once: _plays lists what they allow and refusal
    # words what they forbid, so that the two cannot drift apart.
    def _held_back(self, seat: int, card: int) -> bool:
        """Whether ``card`` may not be discarded this turn: it is the card taken from the
        discard pile, and the player holds no other copy of it."""
        return card == self.taken and self.hands[seat][card] < 2

    def _strands(self, seat: int, laid: int, tokens: bytes, base: bytes) -> bool:
        """Would laying ``tokens`` (``laid`` cards: the tokens less the ``base`` already on the
        table) leave ``seat`` holding only the card taken from the discard pile, which
        :meth:`_held_back` keeps from being discarded?"""
        taken = self.taken
        if taken < 0 or self.sizes[seat] - laid != 1:
            return False
        return tokens.translate(_CARD_OF_TOKEN).count(taken) == base.translate(
            _CARD_OF_TOKEN).count(taken)

    def _word_named(self, index: int) -> str:
        """A word on the table as the board names it: counted from 1, with its cards."""
        return (f"word {index + 1} on the table (" + " ".join(token_code(t) for t in
                                                            self.words[index][0]) + ")")

    def _added(self, index: int, tokens: bytes) -> dict[int, int] | str:
        """The cards (card -> count) a play adds to the table, or why the play is not
        possible; ``index`` is the word extended, -1 for a new word."""
        cards = tokens.translate(_CARD_OF_TOKEN)
        if NO_CARD in cards:
            return "that is not a card"
        if WILD in cards:
            canon = self.game.lexicon.canon
            for t in tokens:
                if t >= WILD_TOKEN and canon[t - WILD_TOKEN] != t - WILD_TOKEN:
                    rep = IPA[canon[t - WILD_TOKEN]]
                    return (
                        f"at this table /{IPA[t - WILD_TOKEN]}/ counts as /{rep}/: declare "
                        f"the wild card as *{rep}"
                    )
        added: dict[int, int] = {}
        for c in cards:
            added[c] = added.get(c, 0) + 1
        if index >= 0:
            base = self.words[index][0]
            it = iter(tokens)
            if not all(b in it for b in base):
                return (f"{self._word_named(index)} must keep its cards, in their order, "
                        f"inside the new word{_FROM_NOUGHT}")
            for c in base.translate(_CARD_OF_TOKEN):
                added[c] -= 1
        return added

    def refusal(self, seat: int, action: Action) -> str | None:
        problem = check_actor(self, seat)
        if problem is not None:
            return problem
        if self.phase == DRAW:
            if isinstance(action, DrawStock):
                return None if self.stock else "the stock is empty: draw from the discard pile"
            if isinstance(action, DrawDiscard):
                return None if self.discard else "the discard pile is empty: draw from the stock"
            if isinstance(action, Word | Extend | Discard):
                return "draw a card first, from the stock or the discard pile"
            return f"{action} is not a Say Rummy move"
        hand = self.hands[seat]
        if isinstance(action, Discard):
            c = action.card
            if type(c) is not int or not 0 <= c < NCARDS:
                return "that is not a card"
            if not hand[c]:
                return f"you do not hold {code(c)}"
            if self._held_back(seat, c):
                return "the card you took from the discard pile cannot go back this turn"
            return None
        if isinstance(action, Word | Extend):
            return self._play_refusal(seat, action)
        if isinstance(action, DrawStock | DrawDiscard):
            return "you have already drawn this turn"
        return f"{action} is not a Say Rummy move"

    def _turn_refusal(self, new_word: bool) -> str | None:
        """Why plays_per_turn=one forbids a new word (or, ``new_word`` false, additions to words
        on the table) after what the turn has laid, if it does."""
        if not self.laid or not self._one_play:
            return None
        if self.laid & NEW_WORD:
            return (
                "you have laid your new word this turn, and a turn lays one new word or adds to "
                "words on the table, not both: discard to end your turn"
            )
        if new_word:
            return (
                "you have added to words on the table this turn, so you cannot also lay a new "
                "word (one or the other, not both): add more cards to words or discard"
            )
        return None

    def _play_refusal(self, seat: int, action: Word | Extend) -> str | None:
        tokens = action.tokens
        if not isinstance(tokens, bytes) or not tokens:
            return "a word needs cards"
        turn = self._turn_refusal(new_word=isinstance(action, Word))
        if turn is not None:
            return turn
        base = b""
        index = -1
        if isinstance(action, Extend):
            index = action.index
            if type(index) is not int or not 0 <= index < len(self.words):
                if not self.words:
                    return "there is no word on the table yet"
                return (f"there is no word {index} on the table: its words are extend 0 to "
                        f"{len(self.words) - 1}{_FROM_NOUGHT}")
            base = self.words[index][0]
            if len(tokens) <= len(base):
                return (f"{self._word_named(index)} has {len(base)} cards: an extension writes "
                        f"the whole new word, longer than it{_FROM_NOUGHT}")
        added = self._added(index, tokens)
        if isinstance(added, str):
            return added
        hand = self.hands[seat]
        missing = [code(c) for c, k in added.items() if k > hand[c]]
        if missing:
            return "you do not hold enough cards: " + " ".join(missing)
        if index < 0 and added.get(WILD, 0) == len(tokens):
            return "a word needs at least one sound card, not only wild cards"
        lex = self.game.lexicon
        min_length = self.game.options["min_word_length"]
        if len(tokens) < min_length:
            return f"words at this table have at least {min_length} cards"
        pron = tokens.translate(lex.token_canon)
        if pron not in lex.spellings:
            return not_on_the_list(lex, pron)
        self._checked = (action, added)
        if self._strands(seat, sum(added.values()), tokens, base):
            return (
                "that would leave you only the card you took from the discard pile, which "
                "cannot be discarded this turn"
            )
        return None

    def _perform(self, seat: int, action: Action) -> None:
        self._legal = None
        hand = self.hands[seat]
        if self.phase == DRAW:
            if isinstance(action, DrawStock):
                c = self.stock.pop()
                self.taken = -1
                self._emit(DrewStock(seat, CODES[c]))
                if not self.stock:
                    self.runs_out += 1
                    times = self.runs_out
                    if times == 1:
                        # The pile under its top card becomes the new stock.
                        top = self.discard.pop()
                        self.stock = self.discard
                        self.rng.shuffle(self.stock)
                        self.discard = [top]
                        if self.stock:
                            live = [CODES[c] for c in reversed(self.stock)]
                            order = self._reorder("rebuilds", live)
                            if order is not live:  # a record's rebuild, already checked
                                self.stock = [parse_card(c) for c in reversed(order)]
                            self._emit(StockRebuilt(None, len(self.stock), (CODES[top],)))
                        else:
                            self.runs_out = 2
                    if self.runs_out >= 2:
                        self._emit(StockExhausted(None, times))
            else:
                c = self.discard.pop()
                self.known[seat][c] += 1
                self.taken = c
                self._emit(DrewDiscard(seat, CODES[c]))
            hand[c] += 1
            self.sizes[seat] += 1
            self.phase = PLAY
            self.laid = NOTHING
            return
        if isinstance(action, Word | Extend):
            index = action.index if isinstance(action, Extend) else -1
            checked = self._checked
            if checked is not None and checked[0] is action:
                added = checked[1]  # what refusal just worked out for this very action
            else:
                found = self._added(index, action.tokens)
                assert not isinstance(found, str)
                added = found
            known = self.known[seat]
            for c, k in added.items():
                if k:
                    hand[c] -= k
                    known[c] = max(0, known[c] - k)
                    if c == self.taken:
                        self.taken = -1  # the taken card is the one laid
            self.sizes[seat] -= sum(added.values())
            self.laid |= NEW_WORD if index < 0 else ADDITIONS
            tokens = action.tokens
            pron = tokens.translate(self.game.lexicon.token_canon)
            by = seat if index < 0 else self.words[index][1]
            info = self._word_info(tokens, by, pron)
            cards = tuple(map(_TOKEN_CARD_CODE.__getitem__, tokens))
            written = tuple(info["cards"])
            words = _shown(info["spellings"])
            if index < 0:
                self.words.append((tokens, by, pron))
                self.word_info.append(info)
                self._emit(WordLaid(seat, len(self.words) - 1, cards, written, info["sounds"],
                                    words))
            else:
                base = self.words[index][0]
                was = self.word_info[index]
                self.words[index] = (tokens, by, pron)
                self.word_info[index] = info
                at = _added_places(base, tokens)
                self._emit(WordExtended(seat, index, tuple(cards[i] for i in at), at, cards,
                                        written, info["sounds"], words, was["sounds"],
                                        _shown(was["spellings"])))
            if not self.sizes[seat]:
                self._emit(WentOut(seat, "laid"))
                self._end_game([seat], "went out by laying words")
            return
        assert isinstance(action, Discard)
        c = action.card
        hand[c] -= 1
        self.sizes[seat] -= 1
        known = self.known[seat]
        if c == self.taken:
            known[c] = max(1, known[c] - 1)  # another copy went; the taken card stays known
        elif known[c]:
            known[c] -= 1
        self.discard.append(c)
        self._emit(Discarded(seat, CODES[c]))
        self.turns += 1
        if not self.sizes[seat]:
            self._emit(WentOut(seat, "discarded"))
            self._end_game([seat], "went out by discarding the last card")
        elif self.runs_out >= 2:
            self._end_by_count("stock", "the stock ran out a second time")
        elif self.turns >= self.game.options["max_turns"]:
            self._end_by_count("turns", f"{self.turns} turns were played (house rule)")
        else:
            self.current = (seat + 1) % self.game.players
            self.phase = DRAW
            self.taken = -1

    def _end_by_count(self, why: str, reason: str) -> None:
        """The game ends without anyone going out: the fewest cards in hand win."""
        low = min(self.sizes)
        winners = [s for s, k in enumerate(self.sizes) if k == low]
        self._emit(GameEnded(None, self.game_no, why, self.turns, tuple(winners),
                             tuple(self.sizes)))
        self._end_game(winners, reason)

    def _word_info(self, tokens: bytes, seat: int, pron: bytes) -> dict[str, Any]:
        lex = self.game.lexicon
        return {
            "by": seat,
            "cards": [token_code(t) for t in tokens],
            "sounds": "/" + " ".join(IPA[t - WILD_TOKEN] if t >= WILD_TOKEN else IPA[t]
                                     for t in tokens) + "/",
            "spellings": list(lex.spellings.get(pron, ())),
        }

    # ---- views ------------------------------------------------------------------------------
    def zones(self) -> list[Zone]:
        # Whole tuples by ``compress``/``map`` over ``CODES`` rather than card by card in
        # Python: a view is written for every decision a bot makes, the stock with it.
        names = CODES.__getitem__
        out = []
        for s in range(self.game.players):
            out.append(
                Zone(
                    f"hand:{s}",
                    _codes(self.hands[s]),
                    Visibility.OWNER,
                    s,
                    _codes(self.known[s]),
                )
            )
        out.append(Zone("stock", tuple(map(names, self.stock)), Visibility.NOBODY))
        out.append(Zone("discard", tuple(map(names, self.discard)), Visibility.PUBLIC))
        for i, (tokens, by, _pron) in enumerate(self.words):
            out.append(
                Zone(
                    f"word:{i}",
                    tuple(TOKEN_CARD_CODES[t] for t in tokens),
                    Visibility.PUBLIC,
                    by,
                )
            )
        return out

    def public_info(self) -> dict[str, Any]:
        return {
            "game": self.game_no,
            "games": self.game.options["games"],
            "dealer": self.dealer,
            "current": self.current,
            "phase": self.phase,
            "scores": list(self.totals),
            "scoring": self.game.options["scoring"],
            "words": list(self.word_info),
            "stock_ran_out": self.runs_out,
            "turns": self.turns,
            "taken_from_discard": CODES[self.taken] if self.taken >= 0 else None,
            "laid_this_turn": LAID_NAMES[self.laid] if self.phase == PLAY else None,
            "results": list(self.results),  # a copy: later games must not rewrite old views
        }

    def invariant_violations(self) -> list[str]:
        """Cheap checks run during simulation: every card in exactly one place, counts right."""
        if self._intact():
            return []
        problems: list[str] = []
        pile = bytes(self.stock) + bytes(self.discard) + b"".join(
            tokens.translate(_CARD_OF_TOKEN) for tokens, _by, _pron in self.words
        )
        counts = list(map(pile.count, _ALL_CARDS))
        for s, hand in enumerate(self.hands):
            counts = list(map(add, counts, hand))
            if sum(hand) != self.sizes[s]:
                problems.append(f"seat {s}'s hand size is wrong")
            if any(map(gt, self.known[s], hand)):
                problems.append(f"seat {s} is known to hold cards it does not hold")
        if counts != self.game.deck_counts:
            wrong = [
                f"{CODES[c]} x{counts[c]} (deck {self.game.deck_counts[c]})"
                for c in range(NCARDS)
                if counts[c] != self.game.deck_counts[c]
            ]
            problems.append("cards not conserved: " + ", ".join(wrong))
        return problems

    def _intact(self) -> bool:
        """The quick test behind :meth:`invariant_violations` (which spells out what is wrong
        when this says no). The count vectors of the hands, read as numbers with a byte per
        card, add up with the pile's to the deck's, which holds exactly when every card's
        counts add up (no count is negative and there are fewer than 256 cards in all, so no
        byte carries)."""
        pile = bytes(self.stock) + bytes(self.discard) + b"".join(
            tokens.translate(_CARD_OF_TOKEN) for tokens, _by, _pron in self.words
        )
        if len(pile) + sum(self.sizes) > 255:
            return False
        try:
            total = int.from_bytes(bytes(map(pile.count, _ALL_CARDS)), "little")
            for s, hand in enumerate(self.hands):
                if sum(hand) != self.sizes[s]:
                    return False
                known = self.known[s]
                if any(known) and any(map(gt, known, hand)):
                    return False
                total += int.from_bytes(bytes(hand), "little")
        except ValueError:  # a count below 0 or above 255
            return False
        return total == self.game.deck_number

    # ---- branching --------------------------------------------------------------------------
    def clone(self) -> Self:
        new = self._branch()
        new.totals = list(self.totals)
        new.results = list(self.results)  # entries are never changed after a game ends
        new.hands = [list(h) for h in self.hands]
        new.known = [list(k) for k in self.known]
        new.sizes = list(self.sizes)
        new.stock = list(self.stock)
        new.discard = list(self.discard)
        new.words = list(self.words)
        new.word_info = list(self.word_info)  # entries are replaced, never changed
        new._legal = None
        new._checked = None
        return new

    def _redeal(self, seat: int, rng: random.Random | None) -> None:
        """The stock and the unseen cards of the other hands, dealt afresh among those places
        (cards everyone saw taken from the discard pile stay in the hands that took them)."""
        others = [o for o in range(self.game.players) if o != seat]
        pool = list(self.stock)
        hidden: dict[int, int] = {}
        for o in others:
            hand, known = self.hands[o], self.known[o]
            count = 0
            for c in range(NCARDS):
                extra = hand[c] - known[c]
                if extra:
                    pool.extend([c] * extra)
                    count += extra
            hidden[o] = count
        pool.sort()
        if rng is not None:
            rng.shuffle(pool)
        for o in others:
            hand = list(self.known[o])
            for _ in range(hidden[o]):
                hand[pool.pop()] += 1
            self.hands[o] = hand
        self.stock = pool
        self._legal = None
        self._checked = None
