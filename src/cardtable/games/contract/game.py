"""Dummy Rummy and Liverpool Rummy: one contract-rummy engine, two registered rule sets."""

from __future__ import annotations

import random
from abc import abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from cardtable.engine.deals import Deal
from cardtable.engine.errors import OptionError
from cardtable.engine.game import Game
from cardtable.engine.options import Option
from cardtable.games.contract.actions import (
    BUY,
    DISCARDS,
    DRAW,
    PASS,
    RUMMY,
    TAKE,
    ContractAction,
    Down,
    Lay,
    Swap,
    parse_action,
)
from cardtable.games.contract.cards import CODES, JOKER, make_deck, parse_card
from cardtable.games.contract.events import describe
from cardtable.games.contract.rules import (
    DUMMY_DEFAULTS,
    LIVERPOOL_DEFAULTS,
    ContractRules,
    build_rules,
    option_specs,
)
from cardtable.games.contract.state import ContractState
from cardtable.games.contract.summary import rules_summary


class ContractGame(Game):
    """The shared engine; subclasses only pick defaults and the deck rule."""

    defaults: ClassVar[dict[str, Any]]
    jokers_per_deck: ClassVar[int]
    summary: ClassVar[str]

    def _check_options(self) -> None:
        self.rules: ContractRules = build_rules(
            self.options, self.players, self.jokers_per_deck, self.default_decks()
        )

    @abstractmethod
    def default_decks(self) -> int:
        """Decks shuffled together when the table does not say, by player count."""

    def new_state(
        self, seed: int | None = None, deals: Sequence[Deal] | None = None
    ) -> ContractState:
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise OptionError(f"the seed must be a whole number, not {seed!r}")
        return ContractState(self, seed, deals)

    def card_notation(self, text: str) -> str:
        card = parse_card(text)
        if card == JOKER and not self.rules.jokers:
            raise ValueError("this table plays without jokers")
        return CODES[card]

    def describe_event(self, event: Mapping[str, Any], names: Sequence[str]) -> str:
        return describe(event, names)

    def parse_action(self, text: str) -> ContractAction:
        return parse_action(text)

    def rules_summary(self) -> str:
        return rules_summary(self.summary, self.rules)

    def deck(self) -> list[str]:
        return [CODES[c] for c in make_deck(self.rules.decks, self.rules.jokers)]

    def decision_bound(self) -> int:
        # Per turn: a draw, a buying window, the lay-down, at most two plays per card that can be
        # in a hand (a swap and the lay-off of its joker), a discard and a rummy window.
        per_turn = 2 * self.players + 2 * self.rules.deck_size + 4 + int(self.rules.penalties)
        return len(self.rules.contracts) * self.options["max_deal_turns"] * per_turn  # type: ignore[no-any-return]

    def random_action(self, rng: random.Random) -> ContractAction:
        roll = rng.random()
        card = rng.choice(range(53))
        if roll < 0.3:
            simple: list[ContractAction] = [TAKE, DRAW, BUY, PASS, RUMMY]
            return rng.choice(simple)
        if roll < 0.55:
            return DISCARDS[card]
        owner = rng.randrange(self.players)
        index = rng.randrange(3)
        if roll < 0.75:
            return Lay(card, owner, index, rng.choice([None, "low", "high"]))
        if roll < 0.85:
            return Swap(card, owner, index)
        groups = []
        for _ in range(rng.randint(1, 3)):
            if rng.random() < 0.5:
                rank = rng.randrange(13)
                groups.append(tuple(rng.randrange(4) * 13 + rank for _ in range(3)))
            else:
                suit, low = rng.randrange(4), rng.randrange(10)
                groups.append(tuple(
                    JOKER if rng.random() < 0.2 else suit * 13 + low + i for i in range(4)
                ))
        return Down.of(groups)


DUMMY_INTRO = ("Dummy Rummy: 2 to 12 players, four decks shuffled together (no jokers unless "
               "the table adds them), a harder contract each deal.")
LIVERPOOL_INTRO = ("Liverpool Rummy: 3 to 8 players (2 allowed); two decks and four jokers up "
                   "to five players, three decks and six jokers beyond.")


class DummyRummyGame(ContractGame):
    name = "dummy-rummy"
    title = "Dummy Rummy"
    player_counts = tuple(range(2, 13))
    defaults = DUMMY_DEFAULTS
    jokers_per_deck = 0
    summary = DUMMY_INTRO
    option_specs: ClassVar[tuple[Option, ...]] = option_specs(DUMMY_DEFAULTS)

    def default_decks(self) -> int:
        return 4


class LiverpoolGame(ContractGame):
    name = "liverpool"
    title = "Liverpool Rummy"
    player_counts = tuple(range(2, 9))
    defaults = LIVERPOOL_DEFAULTS
    jokers_per_deck = 2
    summary = LIVERPOOL_INTRO
    option_specs: ClassVar[tuple[Option, ...]] = option_specs(LIVERPOOL_DEFAULTS)

    def default_decks(self) -> int:
        return 2 if self.players <= 5 else 3
