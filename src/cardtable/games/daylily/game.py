"""Daylily Rummy as a registered game: its options (the rulings' house rules) and summary."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from cardtable.engine.deals import Deal
from cardtable.engine.errors import OptionError
from cardtable.engine.game import Game
from cardtable.engine.options import Option
from cardtable.games.daylily.actions import (
    DISCARDS,
    DRAW_DISCARD,
    DRAW_STOCK,
    DaylilyAction,
    Declare,
    parse_action,
)
from cardtable.games.daylily.cards import code, mask_of, parse_card
from cardtable.games.daylily.events import describe
from cardtable.games.daylily.melds import MELDS
from cardtable.games.daylily.state import DaylilyState

SUMMARY = """\
Daylily Rummy: 2 or 3 players, a 45-card deck of 15 daylily flowers with 1, 2 and 3 blooms.
Each player gets ten cards; one card starts the discard pile. On your turn draw from the stock
or the discard pile, declare any melds you like face up, then discard one card.
Melds:
  pair      one card of each of the two flowers sharing an attribute (early bloomer: Ming Toy +
            Stella d'Oro; spider: Fly Catcher + Flamboyant Vamp; double bloom: Dublin Elaine +
            Infinity; orange: Infinity + Goebel Porter; purple accent: Shady Lady + Pandora's Box).
            Same blooms scores 2, otherwise safe.
  trio run  1, 2, 3 blooms in one colour family; scores 3 only if all one flower, otherwise safe.
  trio set  the three flowers of a family with equal blooms; scores 3 (never Orange).
  quad      a purple trio plus a Shady Lady or Pandora's Box, declared at once; a set with an
            accent of the same blooms scores 4, otherwise the trio's own points.
  Pandora's Box earns 3 more in any declared meld and costs 10 if stuck in your hand.
Go out by melding ten cards and making a final discard: that presents the Festival (+10, plus one
point per card the others cannot meld in hand). Declared scoring melds count for everyone.
If every player is stuck at nine melded cards the round ends without a Festival and the same
dealer deals again. The match ends after the round in which someone reaches the target;
highest total wins, a tie going to the tied player who presented a Festival most recently.
Moves: draw stock | draw discard | meld 1MT 2MT 3MT | discard 2SL   (cards: blooms + flower code)"""


class DaylilyGame(Game):
    name = "daylily"
    title = "Daylily Rummy"
    player_counts = (2, 3)
    option_specs = (
        Option("target", int, 100, "points that end the match (at the end of that round)", 1,
               ends_match=True),
        Option(
            "rounds", int, None,
            "play this many rounds instead of playing to the target", 1, nullable=True,
            ends_match=True,
        ),
        Option(
            "no_return_discard", bool, False,
            "forbid discarding the card just taken from the discard pile in the same turn",
        ),
        Option(
            "max_stock_rebuilds", int, 3,
            "house rule for computer play: after this many stock rebuilds, the next time the "
            "stock runs out the round ends without a Festival", 0,
        ),
        Option(
            "max_round_turns", int, 300,
            "house rule for computer play: a round with this many turns and no Festival ends "
            "without one", 1,
        ),
        Option(
            "max_rounds", int, 200,
            "house rule for computer play: the match ends after this many rounds even if no "
            "one reached the target", 1, ends_match=True,
        ),
    )

    def _check_options(self) -> None:
        rounds = self.options["rounds"]
        if rounds is not None and rounds > self.options["max_rounds"]:
            raise OptionError("option rounds cannot exceed max_rounds")

    def new_state(
        self, seed: int | None = None, deals: Sequence[Deal] | None = None
    ) -> DaylilyState:
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise OptionError(f"the seed must be a whole number, not {seed!r}")
        return DaylilyState(self, seed, deals)

    def card_notation(self, text: str) -> str:
        return code(parse_card(text))

    def describe_event(self, event: Mapping[str, Any], names: Sequence[str]) -> str:
        return describe(event, names)

    def parse_action(self, text: str) -> DaylilyAction:
        return parse_action(text)

    def rules_summary(self) -> str:
        return SUMMARY

    def decision_bound(self) -> int:
        # A turn is one draw, at most five melds (ten cards in pairs) and one discard.
        return int(self.options["max_rounds"] * self.options["max_round_turns"] * 7)

    def random_action(self, rng: random.Random) -> DaylilyAction:
        roll = rng.random()
        if roll < 0.15:
            return DRAW_STOCK
        if roll < 0.3:
            return DRAW_DISCARD
        if roll < 0.6:
            return DISCARDS[rng.randrange(45)]
        if roll < 0.8:
            return Declare(MELDS[rng.randrange(len(MELDS))].mask)
        return Declare(mask_of(rng.sample(range(45), rng.randint(1, 5))))

    def deck(self) -> list[str]:
        return [code(c) for c in range(45)]
