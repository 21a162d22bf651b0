"""Day as a registered game: its options (the rulings' choices and house rules) and summary."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from cardtable.engine.deals import Deal
from cardtable.engine.errors import OptionError
from cardtable.engine.game import Game
from cardtable.engine.options import Option
from cardtable.games.day.actions import (
    ALL_IN,
    CALL,
    CHECK,
    FOLD,
    KEEP,
    SWAPS,
    DayAction,
    bet,
    parse_action,
    raise_to,
)
from cardtable.games.day.cards import CODES, DECK_SIZE, code, parse_card
from cardtable.games.day.events import describe
from cardtable.games.day.showdown import Evaluator, evaluator_for
from cardtable.games.day.state import GRID, DayState

SUMMARY = """\
Day: 2 to 8 players, a 40-card deck (suits Rising, Risen, Setting, each 1-12 and a Moon) and
one wild Crown. A hand: everyone antes; each player gets two private cards and the dealer lays
two cards face up. Each player in turn may swap one private card for a random one from the deck
(keep | swap CARD), which costs one point at the showdown. A betting round; the dealer lays a
final card; a second betting round; then the showdown among those still in.
Win conditions (points): Highest Card 1 (your higher card, then the other) · X of a kind 2 (most
cards of one value among all revealed cards, of a value you hold; more cards beat a higher
value) · Eclipse 3 (all three Moons revealed and you hold one) · Consecutive 4 (your two and two
of the dealer's make four in a row) · Full Consecutive 5 (your two and the dealer's three make
five in a row) · Day 6 (your two share a suit, Rising or Setting; the dealer's first two are of
the other one; the final card is Risen) · Full Day 6 (a Day that is also a Full Consecutive).
The Crown is wild for its holder; the dealer's Crown is wild for every player. Equal points from
different conditions, or equal results, are settled by drawing a card each (highest wins,
Crown highest; again while tied), once a showdown: the same draw decides every pot the tied
players share. Each pot goes to the best eligible player.
Betting: check, bet N, call, raise to N, fold, all-in; side pots for all-in players.
The session ends when one player holds every chip, or after the hand limit; most chips wins."""


class DayGame(Game):
    name = "day"
    title = "Day"
    player_counts = (2, 3, 4, 5, 6, 7, 8)
    option_specs = (
        Option("stack", int, 100, "chips each player starts the session with", 1, 1_000_000),
        Option("ante", int, 1, "chips every player puts in before each deal", 0, 1_000_000),
        Option(
            "limit", str, "fixed",
            "betting structure: fixed (bets and raises of bet_size, at most max_raises raises "
            "a round), pot (a raise at most the pot after calling) or no (up to all chips)",
            choices=("fixed", "pot", "no"),
        ),
        Option(
            "bet_size", int, 2,
            "the bet and raise in fixed-limit; the smallest opening bet in pot- and no-limit",
            1, 1_000_000,
        ),
        Option("max_raises", int, 3, "fixed-limit: raises allowed a round after the bet", 0, 100),
        Option(
            "dealer", str, "rotating",
            "rotating: a player deals and plays, the deal passing left each hand; house: a "
            "non-playing dealer (the first seat to act still passes left)",
            choices=("rotating", "house"),
        ),
        Option(
            "rake", int, 0,
            "house rake in percent of each pot, taken from hands that reach the final card",
            0, 100,
        ),
        Option(
            "rake_cap", int, None, "most chips raked from one hand (none: no cap)", 0,
            nullable=True,
        ),
        Option(
            "hands", int, 100,
            "the session ends after this many hands if no one holds every chip before", 1,
            100_000, ends_match=True,
        ),
        Option("moon_value", int, 0, "what a Moon is worth: 0 (lowest) or 13 (above 12)",
               choices=(0, 13)),
        Option(
            "kind_scope", str, "table",
            "X of a kind counts all revealed cards (table) or only your two and the dealer's "
            "three (hand)",
            choices=("table", "hand"),
        ),
        Option("full_day_points", int, 6, "points of a Full Day (6 like a Day, or 7)",
               choices=(6, 7)),
    )

    def _check_options(self) -> None:
        if self.options["rake_cap"] is not None and self.options["rake"] == 0:
            raise OptionError("option rake_cap needs a rake: set rake to a percentage too")

    @property
    def evaluator(self) -> Evaluator:
        o = self.options
        return evaluator_for(o["moon_value"], o["kind_scope"], o["full_day_points"])

    def new_state(self, seed: int | None = None, deals: Sequence[Deal] | None = None
                  ) -> DayState:
        """A session dealt from ``seed``, or hand by hand from ``deals``: each hand's deal is
        the whole deck's order ("hands", "up": the dealer's two face-up cards, "stock" top
        first: the substitution cards, the final card and the tie-break cards are taken from
        it in turn; "reshuffles": the stock's order after tie-break cards went back into it)."""
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise OptionError(f"the seed must be a whole number, not {seed!r}")
        return DayState(self, seed, deals)

    def card_notation(self, text: str) -> str:
        return code(parse_card(text))

    def describe_event(self, event: Mapping[str, Any], names: Sequence[str]) -> str:
        return describe(event, names)

    def parse_action(self, text: str) -> DayAction:
        return parse_action(text)

    def rules_summary(self) -> str:
        return SUMMARY

    def total_chips(self) -> int:
        return int(self.players * self.options["stack"])

    def decision_bound(self) -> int:
        # A hand: one substitution choice per player, then two betting rounds. Between two
        # increases of the highest stake each player acts at most once, and a round has at most
        # 1 + max_raises increases in fixed-limit, at most one per chip otherwise.
        n = self.players
        o = self.options
        increases = 1 + o["max_raises"] if o["limit"] == "fixed" else self.total_chips()
        return int(o["hands"] * (n + 2 * n * (increases + 1)))

    def random_action(self, rng: random.Random) -> DayAction:
        """Fuzzing material. Amounts come from the listed grid or are impossible, since only
        the grid amounts (with the minimum, pot fractions and all-in) are listed as legal."""
        roll = rng.random()
        if roll < 0.1:
            return KEEP
        if roll < 0.25:
            return SWAPS[rng.randrange(DECK_SIZE)]
        if roll < 0.5:
            return (FOLD, CHECK, CALL, ALL_IN)[rng.randrange(4)]
        top = self.total_chips()
        amounts = [g for g in GRID if g <= top]
        pick = rng.random()
        if pick < 0.1:
            amount = 0
        elif pick < 0.2:
            amount = top + 1 + rng.randrange(1000)
        else:
            amount = amounts[rng.randrange(len(amounts))]
        return bet(amount) if roll < 0.75 else raise_to(amount)

    def deck(self) -> list[str]:
        return list(CODES)
