"""Say Rummy: draws and discards are one id; a word is spelled card by card.

``word d ɔ g`` is the ids WORD, d, ɔ, g, END; ``extend 2 d ɔ g i`` is EXTEND+2, d, ɔ, g, i, END
(the whole new word, as the notation writes it). A card in a spelling is a *token*: one of the 40
sound cards, or the wild card declared as one of the 40 sounds.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardtable.engine.game import Action, Game
from cardtable.games.sayrummy.actions import Discard, DrawDiscard, DrawStock, Extend, Word
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
WORD_SLOTS = 24  # words on the table encoded one by one (all of them count in the totals)
NTOKENS = 2 * NSOUNDS  # a sound card, or the wild card said as a sound
_CARD = {code(c): c for c in range(NCARDS)}
_TOKEN: dict[str, int] = {}
for _s in range(NSOUNDS):
    _TOKEN[IPA[_s]] = _s
    _TOKEN[WILD_SYMBOL + IPA[_s]] = NSOUNDS + _s


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
        self.EXTEND = self.WORD + 1  # + the word's number on the table
        self.TOKEN = self.EXTEND + self.deck_size  # + token (0..79)
        self.END = self.TOKEN + NTOKENS
        self.action_size = self.END + 1
        self.max_spelling = MAX_WORD + 2
        n = self.players
        lay = Layout()
        self.f_hand = lay.add("hand", NCARDS, "count of each card in my hand (40 = wild) / 2")
        self.f_pile = lay.add("discard pile", NCARDS, "count of each card in the pile / 2")
        self.f_top = lay.add("discard top", NCARDS, "the pile's top card, one-hot")
        self.f_taken = lay.add("taken", NCARDS,
                               "the card the player on move took from the pile this turn")
        self.f_known = lay.add("known", n * NCARDS,
                               "per other seat (in turn order after me; my own row stays 0): "
                               "counts of the cards everyone saw it take from the pile and "
                               "still holds")
        self.f_laid = lay.add("on the table", NTOKENS,
                              "counts of the tokens in all words on the table / 2")
        self.word_row = n + NTOKENS + 2
        self.f_words = lay.add("words", WORD_SLOTS * self.word_row,
                               f"the first {WORD_SLOTS} words on the table, each: who laid it "
                               "(relative seat, one-hot), its tokens counted, length / 10, "
                               "1 (the slot is used)")
        self.f_seats = lay.add("seats", n * 3,
                               "per seat: hand size / 10, match total / 20, on move")
        self.f_table = lay.add("table", 6,
                               "stock size / deck, times the stock ran out, turns / 100, game "
                               "number / games, draw phase, play phase")
        self.layout = lay

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
        return 1 + self.deck_size + MAX_WORD * NTOKENS

    def encode_pending(self, prefix: Sequence[int], out: Obs, start: int) -> None:
        """The word under way: WORD or which word is extended, then each token so far."""
        if not prefix:
            return
        out[start + prefix[0] - self.WORD] = 1.0
        base = start + 1 + self.deck_size
        for k, token in enumerate(prefix[1:]):
            out[base + k * NTOKENS + token - self.TOKEN] = 1.0

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


__all__ = ["WILD", "SayRummyCodec"]
