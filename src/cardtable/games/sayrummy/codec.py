"""Say Rummy: draws and discards are one id; a word is spelled card by card.

``word d ɔ g`` is the ids WORD, d, ɔ, g, END; ``extend 2 d ɔ g i`` is EXTEND+2, d, ɔ, g, i, END
(the whole new word, as the notation writes it). A card in a spelling is a *token*: one of the 40
sound cards, or the wild card declared as one of the 40 sounds.
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from typing import Any

import numpy as np

from cardtable.engine.game import Action, Game, State
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
from cardtable.games.sayrummy.sounds import (
    IPA,
    NCARDS,
    NSOUNDS,
    WILD,
    WILD_SYMBOL,
    WILD_TOKEN,
    code,
    parse_token,
)
from cardtable.rl.codec import Codec, Layout, Obs

MAX_WORD = 28  # the longest pronunciation in the word list, in sounds
HISTORY = 8  # rows of the discard history: the cards under the pile's top, nearest first
WORD_SLOTS = 24  # words on the table encoded one by one (all of them count in the totals)
NTOKENS = 2 * NSOUNDS  # a sound card, or the wild card said as a sound
_CARD = {code(c): c for c in range(NCARDS)}
_TOKEN: dict[str, int] = {}
for _s in range(NSOUNDS):
    _TOKEN[IPA[_s]] = _s
    _TOKEN[WILD_SYMBOL + IPA[_s]] = NSOUNDS + _s


# The first ids of the engine's shared draws and discards by identity (they live as long as the
# module, so no other object can have one of these ids).
_SHARED_FIRST: dict[int, int] = {id(DRAW_STOCK): 0, id(DRAW_DISCARD): 1}
_SHARED_FIRST.update((id(a), 2 + a.card) for a in DISCARDS)

# A word's token byte (a sound, or WILD_TOKEN + the sound a wild card is said as) -> its index
_INDEX_OF_TOKEN = bytes(
    t if t < WILD_TOKEN else NSOUNDS + t - WILD_TOKEN if t < WILD_TOKEN + NSOUNDS else 0
    for t in range(256)
)


def _token_index(text: str) -> int:
    found = _TOKEN.get(text)
    if found is None:
        t = parse_token(text)
        found = t if t < WILD_TOKEN else NSOUNDS + t - WILD_TOKEN
    return found


class SayRummyCodec(Codec):
    lowest_wins = True
    scale = 10.0  # a game's penalty points are a handful of cards

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        opts = game.options
        self.deck_size = int(opts["copies"]) * NSOUNDS + int(opts["wilds"])
        self.DRAW_STOCK, self.DRAW_DISCARD = 0, 1
        self.DISCARD = 2  # + card (0..40, 40 the wild card)
        self.WORD = self.DISCARD + NCARDS
        self.wholes = (DRAW_STOCK, DRAW_DISCARD, *DISCARDS)  # the engine's shared actions
        self.EXTEND = self.WORD + 1  # + the word's number on the table
        self.TOKEN = self.EXTEND + self.deck_size  # + token (0..79)
        self.END = self.TOKEN + NTOKENS
        self.action_size = self.END + 1
        self.max_spelling = MAX_WORD + 2
        n = self.players
        lay = Layout(0.0, 1.0)  # 0/1 unless a field says otherwise
        most = max(int(opts["copies"]), int(opts["wilds"]))  # of any one card in the deck
        self.f_hand = lay.add("hand", NCARDS, "count of each card in my hand (40 = wild) / 2",
                              high=most / 2)
        self.f_pile = lay.add("discard pile", NCARDS, "count of each card in the pile / 2",
                              high=most / 2)
        self.f_top = lay.add("discard top", NCARDS, "the pile's top card, one-hot")
        self.f_taken = lay.add("taken", NCARDS,
                               "the card the player on move took from the pile this turn")
        self.f_known = lay.add("known", n * NCARDS,
                               "per other seat (in turn order after me; my own row stays 0): "
                               "counts of the cards everyone saw it take from the pile and "
                               "still holds", high=most)
        self.f_laid = lay.add("on the table", NTOKENS,
                              "counts of the tokens in all words on the table / 2",
                              high=most / 2)
        self.word_row = n + NTOKENS + 2
        self.f_words = lay.add("words", WORD_SLOTS * self.word_row,
                               f"the first {WORD_SLOTS} words on the table, each: who laid it "
                               "(relative seat, one-hot), its tokens counted, length / 10, "
                               "1 (the slot is used)",
                               high=(*[1.0] * n, *[float(most)] * NTOKENS, MAX_WORD / 10, 1.0))
        self.f_history = lay.add("discard history", HISTORY * NCARDS,
                                 f"the {HISTORY} cards under the pile's top, one-hot, one row "
                                 "each, the most recent discard first")
        # A hand holds at most the deck; a total is capped at 20 games' worth either way, a
        # turn count at 1,000, the stock's running out at 10.
        self.f_seats = lay.add("seats", n * 3,
                               "per seat: hand size / 10, match total / 20 (within -10..10), "
                               "on move", high=(self.deck_size / 10, 10.0, 1.0),
                               low=(0, -10.0, 0))
        self.f_table = lay.add("table", 6,
                               "stock size / deck, times the stock ran out (up to 10), turns / "
                               "100 (up to 10), game number / games, draw phase, play phase",
                               high=(1.0, 10.0, 10.0, 1.0, 1.0, 1.0))
        self.layout = lay
        self._games = int(opts["games"])

    def spell(self, action: Action) -> tuple[int, ...]:
        if isinstance(action, Discard):
            return (self.DISCARD + action.card,)
        if isinstance(action, Word):
            return (self.WORD, *self._tokens(action.tokens), self.END)
        if isinstance(action, Extend):
            return (self.EXTEND + action.index, *self._tokens(action.tokens), self.END)
        if isinstance(action, DrawStock):
            return (self.DRAW_STOCK,)
        if isinstance(action, DrawDiscard):
            return (self.DRAW_DISCARD,)
        raise ValueError(f"{action} is not a Say Rummy action")

    def first(self, action: Action) -> int:
        if isinstance(action, Word):
            return self.WORD
        if isinstance(action, Extend):
            return self.EXTEND + action.index
        return self.spell(action)[0]

    def firsts(self, legal: Sequence[Action]) -> list[int]:
        """:meth:`first` of each action (a decision lists dozens of words and extensions):
        dispatched on its class, the engine's shared draws and discards by identity."""
        out: list[int] = []
        word, extend = self.WORD, self.EXTEND
        shared = _SHARED_FIRST
        for a in legal:
            kind = type(a)
            if kind is Word:
                out.append(word)
            elif kind is Extend:
                out.append(extend + a.index)  # type: ignore[attr-defined]
            else:
                out.append(shared[id(a)] if id(a) in shared else self.first(a))
        return out

    def _tokens(self, tokens: bytes) -> list[int]:
        base = self.TOKEN
        wild = base + NSOUNDS - WILD_TOKEN
        return [base + t if t < WILD_TOKEN else wild + t for t in tokens]

    def id_name(self, action_id: int) -> str:
        if action_id == self.DRAW_STOCK:
            return "draw stock"
        if action_id == self.DRAW_DISCARD:
            return "draw discard"
        if action_id < self.WORD:
            return f"discard {code(action_id - self.DISCARD)}"
        if action_id == self.WORD:
            return "word"
        if action_id < self.TOKEN:
            return f"extend {action_id - self.EXTEND}"
        if action_id < self.END:
            t = action_id - self.TOKEN
            return IPA[t] if t < NSOUNDS else WILD_SYMBOL + IPA[t - NSOUNDS]
        return "end"

    def pending_size(self) -> int:
        """WORD or which word is extended (1 + D), then the word so far, compactly: each
        position's token as one number, each token counted, the last token, the length (190
        floats where one one-hot row per position took 2,240)."""
        return 1 + self.deck_size + MAX_WORD + 2 * NTOKENS + 1

    def pending_bounds(self) -> tuple[list[float], list[float]]:
        most = float(max(int(self.game.options["copies"]), int(self.game.options["wilds"])))
        high = [1.0] * (1 + self.deck_size + MAX_WORD) + [most] * NTOKENS + [1.0] * NTOKENS
        high.append(1.0)
        return [0.0] * len(high), high

    def encode_pending(self, prefix: Sequence[int], out: Obs, start: int) -> None:
        """The word under way: WORD or which word is extended, then the tokens so far: at each
        position (token + 1) / 80 (0 past the end), the count of each token, the last token
        one-hot, and the length / the longest word."""
        if not prefix:
            return
        out[start + prefix[0] - self.WORD] = 1.0
        at = start + 1 + self.deck_size
        counts = at + MAX_WORD
        last = counts + NTOKENS
        tokens = [t - self.TOKEN for t in prefix[1:]]
        for k, t in enumerate(tokens):
            out[at + k] = (t + 1) / NTOKENS
            out[counts + t] += 1.0
        if tokens:
            out[last + tokens[-1]] = 1.0
        out[last + NTOKENS] = len(tokens) / MAX_WORD

    def encode(self, view: dict[str, Any], seat: int, out: Obs) -> None:
        zones = view["zones"]
        table = view["table"]
        n = self.players
        for c in zones[f"hand:{seat}"]["cards"]:
            out[self.f_hand + _CARD[c]] += 0.5
        pile = zones["discard"]["cards"]
        for c in pile:
            out[self.f_pile + _CARD[c]] += 0.5
        if pile:
            out[self.f_top + _CARD[pile[-1]]] = 1.0
        for k, c in enumerate(reversed(pile[-1 - HISTORY:-1])):
            out[self.f_history + k * NCARDS + _CARD[c]] = 1.0
        taken = table["taken_from_discard"]
        if taken is not None:
            out[self.f_taken + _CARD[taken]] = 1.0
        for s in range(n):
            r = self.relative(seat, s)
            hand = zones[f"hand:{s}"]
            for c in hand.get("known", ()):
                out[self.f_known + r * NCARDS + _CARD[c]] += 1.0
            out[self.f_seats + r * 3] = hand["count"] / 10
            out[self.f_seats + r * 3 + 1] = table["scores"][s] / 20
            out[self.f_seats + r * 3 + 2] = 1.0 if s == table["current"] else 0.0
        row = self.word_row
        for i, word in enumerate(table["words"]):
            tokens = [_token_index(t) for t in word["cards"]]
            for t in tokens:
                out[self.f_laid + t] += 0.5
            if i < WORD_SLOTS:
                at = self.f_words + i * row
                out[at + self.relative(seat, word["by"])] = 1.0
                for t in tokens:
                    out[at + n + t] += 1.0
                out[at + n + NTOKENS] = len(tokens) / 10
                out[at + n + NTOKENS + 1] = 1.0
        t0 = self.f_table
        out[t0] = zones["stock"]["count"] / self.deck_size
        out[t0 + 1] = table["stock_ran_out"]
        out[t0 + 2] = table["turns"] / 100
        out[t0 + 3] = table["game"] / table["games"]
        out[t0 + 4] = 1.0 if table["phase"] == "draw" else 0.0
        out[t0 + 5] = 1.0 if table["phase"] == "play" else 0.0

    def encode_state(self, state: State, seat: int, out: Obs) -> None:
        """:meth:`encode` read from the state's own fields instead of its view (which spells
        every card and describes every word with its spellings): the seat's own hand, the pile,
        what everyone saw the others take, the words on the table, the public counters. The
        tests hold the two equal.

        Every count up to the words fits a byte, so they are gathered in one ``bytearray`` and
        written with one NumPy call; the rows the view halves are halved in place, and the
        numbers after them are packed by one array."""
        s: Any = state
        n = self.players
        rows = self.f_seats
        buf = bytearray(rows)
        hands = s.hands
        buf[:NCARDS] = bytes(hands[seat])
        pile = s.discard
        if pile:
            at = self.f_pile
            for c in pile:
                buf[at + c] += 1
            buf[self.f_top + pile[-1]] = 1
            at = self.f_history
            for c in reversed(pile[-1 - HISTORY:-1]):
                buf[at + c] = 1
                at += NCARDS
        if s.taken >= 0:
            buf[self.f_taken + s.taken] = 1
        known = s.known
        for o in range(n):
            if o != seat and any(known[o]):
                at = self.f_known + (o - seat if o >= seat else o - seat + n) * NCARDS
                buf[at:at + NCARDS] = bytes(known[o])
        laid = self.f_laid
        row = self.word_row
        lengths: list[tuple[int, float]] = []
        for i, (tokens, by, _pron) in enumerate(s.words):
            indices = tokens.translate(_INDEX_OF_TOKEN)
            for t in indices:
                buf[laid + t] += 1
            if i < WORD_SLOTS:
                at = self.f_words + i * row
                buf[at + (by - seat if by >= seat else by - seat + n)] = 1
                at += n
                for t in indices:
                    buf[at + t] += 1
                buf[at + NTOKENS + 1] = 1
                lengths.append((at + NTOKENS, len(indices) / 10))
        tail = [0.0] * (n * 3)
        totals = s.totals
        current = s.current
        for o in range(n):
            at = (o - seat if o >= seat else o - seat + n) * 3
            tail[at] = sum(hands[o]) / 10
            tail[at + 1] = totals[o] / 20
            tail[at + 2] = 1.0 if o == current else 0.0
        phase = s.phase
        tail += (len(s.stock) / self.deck_size, s.runs_out, s.turns / 100,
                 s.game_no / self._games, 1.0 if phase == "draw" else 0.0,
                 1.0 if phase == "play" else 0.0)
        out[:rows] = np.frombuffer(buf, np.uint8)
        out[:self.f_top] *= 0.5  # hand and pile: counts / 2
        out[laid:laid + NTOKENS] *= 0.5
        for at, length in lengths:
            out[at] = length
        out[rows:rows + len(tail)] = np.frombuffer(array("f", tail), dtype=np.float32)


__all__ = ["WILD", "SayRummyCodec"]
