"""Crazy Eights as a cardtable game: its options, its summary and its action space."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from cardtable.engine.deals import Deal
from cardtable.engine.game import Game
from cardtable.engine.options import Option

from crazy_eights.actions import DRAW, PASS, PLAYS, CrazyEightsAction, Play, parse_action
from crazy_eights.cards import CODES, DECK_SIZE, code, parse_card
from crazy_eights.events import describe
from crazy_eights.state import DRAW_ONE, DRAW_UNTIL, CrazyEightsState

SUMMARY = """\
Crazy Eights: 2 to 7 players, one 52-card pack. Seven cards each at two players, five at more;
the next card starts the discard pile (an eight turned there counts as its own suit).
On your turn play one card that matches the top card's rank or the suit in force. Eights are
wild: play one on anything and name the suit the next player must follow.
Draw rule "one" (the default): instead of playing you may draw one card from the stock (even if
you could play); you may then play that card if it fits, or pass. Draw rule "until": you draw
only when you cannot play, one card at a time, until you can.
The stock is not reshuffled: once it is empty a seat that cannot play passes, and when every
seat passes in a row the hand is blocked.
The first to play their last card wins the hand. Everyone scores the cards left in hand as
penalty points: an eight 50, a king, queen or jack 10, any other its pips (ace 1). The match ends
after the hand in which someone reaches the target (100), or after a fixed number of hands; the
lowest total wins.
Moves: play 7H | play 8C hearts | draw | pass"""

PER_HAND_BOUND = 500
"""Decisions one hand can take under any policy: the stock is never rebuilt, so at most 37
draws and as many passes after them, 51 plays, and between plays at most six passes of seats
that can neither play nor draw."""


class CrazyEightsGame(Game):
    name = "crazy-eights"
    title = "Crazy Eights"
    player_counts = (2, 3, 4, 5, 6, 7)
    option_specs = (
        Option("target", int, 100,
               "penalty points that end the match (at the end of that hand)", 1, 10_000),
        Option("hands", int, None,
               "play this many hands instead of playing to the target", 1, 1000, nullable=True),
        Option("draw", str, DRAW_ONE,
               "'one': draw one card, then play it or pass; 'until': when you cannot play, "
               "draw until you can", choices=(DRAW_ONE, DRAW_UNTIL)),
    )

    def new_state(self, seed: int | None = None,
                  deals: Sequence[Deal] | None = None) -> CrazyEightsState:
        return CrazyEightsState(self, seed, deals)

    def parse_action(self, text: str) -> CrazyEightsAction:
        return parse_action(text)

    def card_notation(self, text: str) -> str:
        return code(parse_card(text))

    def describe_event(self, event: Mapping[str, Any], names: Sequence[str]) -> str:
        return describe(event, names)

    def rules_summary(self) -> str:
        return SUMMARY

    def deck(self) -> list[str]:
        return list(CODES)

    def decision_bound(self) -> int:
        # Every hand adds at least one penalty point to every seat but the one that went out,
        # so with the totals under the target the match lasts at most 2 * target hands.
        hands: int | None = self.options["hands"]
        return PER_HAND_BOUND * (hands if hands is not None else 2 * self.options["target"])

    def random_action(self, rng: random.Random) -> CrazyEightsAction:
        roll = rng.random()
        if roll < 0.15:
            return DRAW
        if roll < 0.3:
            return PASS
        card = rng.randrange(DECK_SIZE)
        if roll < 0.8:
            return PLAYS[card]
        return Play(card, rng.randrange(4))
