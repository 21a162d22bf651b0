"""Daylily Rummy: 401 action ids, every move one id; the observation from the seat's view."""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from typing import Any

from cardtable.engine.game import Action, Game, State
from cardtable.games.daylily.actions import (
    DISCARDS,
    DRAW_DISCARD,
    DRAW_STOCK,
    Declare,
    Discard,
    DrawDiscard,
    DrawStock,
)
from cardtable.games.daylily.cards import CODES, DECK_SIZE
from cardtable.games.daylily.melds import MELD_BY_MASK, MELDS
from cardtable.games.daylily.state import DECLARES
from cardtable.rl.codec import Layout, Obs, PackedCodec, bit_rows

DRAW_STOCK_ID = 0
DRAW_DISCARD_ID = 1
DECLARE_BASE = 2  # + the meld's number in the table of all 354 melds
DISCARD_BASE = DECLARE_BASE + len(MELDS)  # + the card (0..44)
ACTION_SIZE = DISCARD_BASE + DECK_SIZE
_CARD = {c: i for i, c in enumerate(CODES)}
_BIT = [1 << c for c in range(DECK_SIZE)]
_ROWS = bit_rows()
HISTORY = 8  # rows of the discard history: the cards under the pile's top, nearest first
_MELD_ID = {m.mask: DECLARE_BASE + i for i, m in enumerate(MELDS)}
# The engine's shared action objects by identity: the ids of a decision without spelling each.
# They live as long as the module, so no other object can have one of these ids meanwhile.
_SHARED: dict[int, int] = {id(DRAW_STOCK): DRAW_STOCK_ID, id(DRAW_DISCARD): DRAW_DISCARD_ID}
_SHARED.update((id(a), DISCARD_BASE + a.card) for a in DISCARDS)
_SHARED.update((id(a), _MELD_ID[a.mask]) for a in DECLARES.values())
# ... and the action of each id
_WHOLE: tuple[Action, ...] = (DRAW_STOCK, DRAW_DISCARD,
                              *(DECLARES[m.mask] for m in MELDS), *DISCARDS)


class DaylilyCodec(PackedCodec):
    action_size = ACTION_SIZE
    scale = 100.0  # the default target
    lowest_wins = False
    wholes = _WHOLE  # every Daylily id is a whole move, one of the engine's shared actions

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        n = self.players
        lay = Layout(0.0, 1.0)  # 0/1 unless a field says otherwise
        self.f_hand = lay.add("hand", DECK_SIZE, "1 for each card in my hand")
        self.f_pile = lay.add("discard pile", DECK_SIZE, "1 for each card in the discard pile")
        self.f_top = lay.add("discard top", DECK_SIZE, "the pile's top card, one-hot")
        self.f_taken = lay.add("taken", DECK_SIZE,
                               "the card the player on move took from the pile this turn")
        self.f_known = lay.add("known", n * DECK_SIZE,
                               "per other seat (in turn order after me; my own row stays 0): "
                               "cards everyone saw it take from the pile and still holds")
        self.f_melds = lay.add("melds", n * DECK_SIZE,
                               "per seat: the cards of its declared melds")
        self.f_history = lay.add("discard history", HISTORY * DECK_SIZE,
                                 f"the {HISTORY} cards under the pile's top, one-hot, one row "
                                 "each, the most recent discard first")
        # A hand, its melds and their points hold at most the 45 cards; a total is capped at
        # ten targets either way, a turn count at 1,000, rebuilds at 10, rounds at 100.
        self.f_seats = lay.add("seats", n * 5,
                               "per seat: hand size / 10, melded cards / 10, meld points / 30, "
                               "match total / 100 (within -10..10), on move",
                               high=(4.5, 4.5, 10.0, 10.0, 1.0), low=(0, 0, 0, -10.0, 0))
        self.f_table = lay.add("table", 6,
                               "stock size / 45, stock rebuilds (up to 10), turns / 100 (up to "
                               "10), round / 10 (up to 10), draw phase, play phase",
                               high=(1.0, 10.0, 10.0, 10.0, 1.0, 1.0))
        self.layout = lay
        self._bytes = (self.f_seats + 7) // 8

    def spell(self, action: Action) -> tuple[int, ...]:
        if isinstance(action, Discard):
            return (DISCARD_BASE + action.card,)
        if isinstance(action, Declare):
            return (_MELD_ID[action.mask],)
        if isinstance(action, DrawStock):
            return (DRAW_STOCK_ID,)
        if isinstance(action, DrawDiscard):
            return (DRAW_DISCARD_ID,)
        raise ValueError(f"{action} is not a Daylily action")

    def firsts(self, legal: Sequence[Action]) -> list[int]:
        try:
            return [_SHARED[id(a)] for a in legal]
        except KeyError:  # an action built elsewhere than the engine's shared tables
            return [self.spell(a)[0] for a in legal]

    def mark(self, legal: Sequence[Action], mask: bytearray) -> None:
        shared = _SHARED
        try:
            for a in legal:
                mask[shared[id(a)]] = 1
        except KeyError:  # an action built elsewhere than the engine's shared tables
            super().mark(legal, mask)

    def id_name(self, action_id: int) -> str:
        if action_id == DRAW_STOCK_ID:
            return "draw stock"
        if action_id == DRAW_DISCARD_ID:
            return "draw discard"
        if action_id < DISCARD_BASE:
            return str(Declare(MELDS[action_id - DECLARE_BASE].mask))
        return f"discard {CODES[action_id - DISCARD_BASE]}"

    def encode(self, view: dict[str, Any], seat: int, out: Obs) -> None:
        zones = view["zones"]
        table = view["table"]
        n = self.players
        for c in zones[f"hand:{seat}"]["cards"]:
            out[self.f_hand + _CARD[c]] = 1.0
        pile = zones["discard"]["cards"]
        for c in pile:
            out[self.f_pile + _CARD[c]] = 1.0
        if pile:
            out[self.f_top + _CARD[pile[-1]]] = 1.0
        for k, c in enumerate(reversed(pile[-1 - HISTORY:-1])):
            out[self.f_history + k * DECK_SIZE + _CARD[c]] = 1.0
        taken = table["taken_from_discard"]
        if taken is not None:
            out[self.f_taken + _CARD[taken]] = 1.0
        seats = self.f_seats
        for s in range(n):
            r = self.relative(seat, s)
            hand = zones[f"hand:{s}"]
            for c in hand.get("known", ()):
                out[self.f_known + r * DECK_SIZE + _CARD[c]] = 1.0
            out[seats + r * 5] = hand["count"] / 10
            out[seats + r * 5 + 1] = table["melded"][s] / 10
            out[seats + r * 5 + 2] = table["meld_points"][s] / 30
            out[seats + r * 5 + 3] = table["scores"][s] / 100
            out[seats + r * 5 + 4] = 1.0 if s == table["current"] else 0.0
        for name, zone in zones.items():
            if name.startswith("meld:"):
                r = self.relative(seat, zone["owner"])
                for c in zone["cards"]:
                    out[self.f_melds + r * DECK_SIZE + _CARD[c]] = 1.0
        t = self.f_table
        out[t] = zones["stock"]["count"] / DECK_SIZE
        out[t + 1] = table["stock_rebuilds"]
        out[t + 2] = table["turns"] / 100
        out[t + 3] = table["round"] / 10
        out[t + 4] = 1.0 if table["phase"] == "draw" else 0.0
        out[t + 5] = 1.0 if table["phase"] == "play" else 0.0

    def floats(self, state: State, seat: int) -> bytes:
        """What :meth:`encode` reads from the view, read from the same fields of the state: the
        seat's own hand, and for the others only what their zones show everyone (the cards seen
        taken from the pile, the hand's size). The tests hold the two equal.

        Every card block of the layout (hand to melds) is a row of 45 bits, and the state keeps
        hands, known cards and melds as 45-bit masks already: the rows are shifted into one
        integer and turned into floats by one bytes.join, and the numbers after them are
        packed by one array (NumPy's per-element writes cost more than the whole encoding)."""
        s: Any = state
        n = self.players
        hands = s.hands
        pile = s.discard
        bits = hands[seat]
        if pile:  # the pile's cards are all different: their bits add up to its mask
            bits |= sum(map(_BIT.__getitem__, pile)) << self.f_pile | 1 << (self.f_top + pile[-1])
            at = self.f_history
            for c in reversed(pile[-1 - HISTORY:-1]):
                bits |= 1 << (at + c)
                at += DECK_SIZE
        if s.taken >= 0:
            bits |= 1 << (self.f_taken + s.taken)
        known = s.known
        declared = s.declared
        melded = s.melded
        totals = s.totals
        current = s.current
        tail = [0.0] * (n * 5)
        for o in range(n):
            r = o - seat if o >= seat else o - seat + n
            if o != seat:  # a seat's own zone lists all its cards, no "known"
                bits |= known[o] << (self.f_known + r * DECK_SIZE)
            points = 0
            cards = 0
            for mask in declared[o]:
                points += MELD_BY_MASK[mask].points
                cards |= mask
            bits |= cards << (self.f_melds + r * DECK_SIZE)
            at = r * 5
            tail[at] = hands[o].bit_count() / 10
            tail[at + 1] = melded[o] / 10
            tail[at + 2] = points / 30
            tail[at + 3] = totals[o] / 100
            tail[at + 4] = 1.0 if o == current else 0.0
        phase = s.phase
        tail += (len(s.stock) / DECK_SIZE, s.rebuilds, s.turns / 100, s.round_no / 10,
                 1.0 if phase == "draw" else 0.0, 1.0 if phase == "play" else 0.0)
        rows = self.f_seats
        return (b"".join(map(_ROWS.__getitem__, bits.to_bytes(self._bytes, "little")))[:rows * 4]
                + array("f", tail).tobytes())

