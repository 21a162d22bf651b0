"""Crazy Eights' bots and what the search knows of the game; importing this module registers
them (the kit names it, so cardtable imports it when a bot of the game is first asked for).

The greedy player keeps its eights: an eight is the one card that always fits and the dearest
to be caught with (50 points). So it plays a card that fits by rank or suit when it has one,
choosing the card that leaves the pile in the suit it holds most of (with an opponent down to
two cards or fewer, the dearest card instead); it draws rather than spend an eight while the
stock lasts, unless an opponent is close to going out; and an eight it plays names the suit it
holds most of (the dearest, between two as long). Every choice is a function of what its seat
sees, so it needs no generator.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from cardtable.bots import Decision, Needs, register_bot
from cardtable.bots.ismcts import Knowledge, register_knowledge
from cardtable.engine.game import Action, Game, State

from crazy_eights.actions import DRAW, PASS, Play
from crazy_eights.cards import (
    EIGHTS_MASK,
    PENALTIES,
    SUIT_MASKS,
    hand_penalty,
    parse_card,
    suit_of,
)

DANGER = 2
"""An opponent holding this many cards or fewer may go out on its next turn."""
STUCK_SHARE = 0.5
"""The share of its hand's penalty a seat is expected to pay when a play-out is cut off: a
seat with many cards left is likely, but not sure, to be caught with them."""


def choose(legal: Sequence[Action], hand: int, danger: bool) -> Action:
    """The greedy move, given the legal moves, the seat's hand mask and whether an opponent
    is close to going out."""
    plays = [a for a in legal if isinstance(a, Play)]
    if not plays:
        return DRAW if DRAW in legal else PASS
    rest = hand & ~EIGHTS_MASK
    held = [(rest & SUIT_MASKS[s]).bit_count() for s in range(4)]
    plain = [p for p in plays if p.suit is None]
    if plain:
        if danger:
            return max(plain, key=lambda p: (PENALTIES[p.card], held[suit_of(p.card)], -p.card))
        return max(plain, key=lambda p: (held[suit_of(p.card)], PENALTIES[p.card], -p.card))
    if DRAW in legal and not danger and hand.bit_count() > 1:
        return DRAW
    dear = [sum(PENALTIES[c] for c in range(13 * s, 13 * s + 13) if rest >> c & 1)
            for s in range(4)]
    best = max(range(4), key=lambda s: (held[s], dear[s], -s))
    return next((p for p in plays if p.suit == best), plays[0])


class GreedyCrazyEightsBot:
    """Plays off a card that fits, keeps its eights for when nothing else does."""

    name = "greedy"
    needs: ClassVar[Needs] = "view"

    def __init__(self, game: Game, seed: int = 0) -> None:
        self.game = game

    def choose(self, decision: Decision) -> Action:
        view = decision.view()
        zones = view["zones"]
        seat = decision.seat
        hand = 0
        for card in zones[f"hand:{seat}"]["cards"]:
            hand |= 1 << parse_card(card)
        danger = any(zones[f"hand:{o}"]["count"] <= DANGER
                     for o in range(self.game.players) if o != seat)
        return choose(decision.legal, hand, danger)

    def play_sample(self, state: State, seat: int, legal: Sequence[Action]) -> Action:
        """The same move, read from a search's sampled state (its own seat's hand and the
        others' hand sizes: what the view shows)."""
        s: Any = state
        hands: list[int] = s.hands
        danger = any(hands[o].bit_count() <= DANGER for o in range(len(hands)) if o != seat)
        return choose(legal, hands[seat], danger)


def outlook(state: State) -> list[float]:
    """What the rest of a cut-off hand is expected to cost each seat, in penalty points."""
    s: Any = state
    return [STUCK_SHARE * hand_penalty(h) for h in s.hands]


register_bot("greedy", "crazy-eights", GreedyCrazyEightsBot,
             "plays a card that fits, keeps its eights for when nothing else does")
register_knowledge("crazy-eights", Knowledge(rollout="greedy", evaluate=outlook, max_plies=200))

__all__ = ["GreedyCrazyEightsBot", "choose", "outlook"]
