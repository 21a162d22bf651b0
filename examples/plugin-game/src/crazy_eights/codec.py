"""Crazy Eights for reinforcement learning: 70 action ids, every move one id, and the
observation from the seat's own view.

Ids: 0 draw, 1 pass, 2 + card for the play of a card (the four eights' slots there are never
legal: an eight names a suit), 54 + 4 * the eight's suit + the suit named for an eight.
"""

from __future__ import annotations

from typing import Any

from cardtable.engine.game import Action, Game
from cardtable.rl.codec import Codec, Layout, Obs

from crazy_eights.actions import DRAW, PASS, PLAYS, Draw, Pass, Play
from crazy_eights.cards import CODES, DECK_SIZE, EIGHT, SUIT_NAMES, suit_of

DRAW_ID = 0
PASS_ID = 1
PLAY_BASE = 2
EIGHT_BASE = PLAY_BASE + DECK_SIZE
ACTION_SIZE = EIGHT_BASE + 16
_CARD = {text: c for c, text in enumerate(CODES)}
_WHOLE: tuple[Action, ...] = (
    DRAW, PASS, *PLAYS,
    *(Play(s * 13 + EIGHT - 1, named) for s in range(4) for named in range(4)))


class CrazyEightsCodec(Codec):
    action_size = ACTION_SIZE
    scale = 100.0  # the default target
    lowest_wins = True
    wholes = _WHOLE  # every id is a whole move, judged by the engine

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        n = self.players
        lay = Layout()
        self.f_hand = lay.add("hand", DECK_SIZE, "1 for each card in my hand")
        self.f_pile = lay.add("discard pile", DECK_SIZE, "1 for each card played this hand")
        self.f_top = lay.add("top", DECK_SIZE, "the discard pile's top card, one-hot")
        self.f_suit = lay.add("suit", 4, "the suit to follow (named by an eight), one-hot")
        self.f_seats = lay.add("seats", n * 3,
                               "per seat, in turn order from me: cards held / 10, "
                               "penalty total / 100, on move")
        self.f_table = lay.add("table", 4,
                               "stock size / 52, drew this turn, passes in a row / 7, hand / 10")
        self.layout = lay

    def spell(self, action: Action) -> tuple[int, ...]:
        if isinstance(action, Play):
            if action.suit is None:
                return (PLAY_BASE + action.card,)
            return (EIGHT_BASE + 4 * suit_of(action.card) + action.suit,)
        if isinstance(action, Draw):
            return (DRAW_ID,)
        if isinstance(action, Pass):
            return (PASS_ID,)
        raise ValueError(f"{action} is not a Crazy Eights action")

    def id_name(self, action_id: int) -> str:
        return str(_WHOLE[action_id])

    def encode(self, view: dict[str, Any], seat: int, out: Obs) -> None:
        zones = view["zones"]
        table = view["table"]
        for c in zones[f"hand:{seat}"]["cards"]:
            out[self.f_hand + _CARD[c]] = 1.0
        pile = zones["discard"]["cards"]
        for c in pile:
            out[self.f_pile + _CARD[c]] = 1.0
        if pile:
            out[self.f_top + _CARD[pile[-1]]] = 1.0
        out[self.f_suit + SUIT_NAMES.index(table["suit"])] = 1.0
        for s in range(self.players):
            at = self.f_seats + 3 * self.relative(seat, s)
            out[at] = zones[f"hand:{s}"]["count"] / 10
            out[at + 1] = table["scores"][s] / 100
            out[at + 2] = 1.0 if s == table["current"] and not view["over"] else 0.0
        t = self.f_table
        out[t] = zones["stock"]["count"] / DECK_SIZE
        out[t + 1] = 1.0 if table["drawn"] else 0.0
        out[t + 2] = table["stuck"] / 7
        out[t + 3] = table["hand"] / 10
