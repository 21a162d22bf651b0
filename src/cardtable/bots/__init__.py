"""Bots: players that choose from the legal actions using only what their seat may know.

A bot is handed a :class:`Decision`, not the state: it can read the seat's view, sample the
seat's information set, and pick from the legal actions, but it has no route to hidden cards.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from cardtable.engine.errors import OptionError
from cardtable.engine.game import Action, Game, Observation, State


@dataclass(slots=True)
class Decision:
    """One choice to make: which seat, which actions are legal, and what the seat may see."""

    seat: int
    legal: Sequence[Action]
    _state: State = field(repr=False)

    @property
    def game(self) -> Game:
        return self._state.game

    def view(self) -> dict[str, Any]:
        return self._state.view(self.seat)

    def observe(self) -> Observation:
        return self._state.observe(self.seat)


class Bot(Protocol):
    name: str

    def choose(self, decision: Decision) -> Action: ...


class RandomBot:
    """Uniform over the legal actions: the baseline every other bot must beat."""

    name = "random"

    def __init__(self, game: Game, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, decision: Decision) -> Action:
        legal = decision.legal
        return legal[int(self.rng.random() * len(legal))]


BotFactory = Callable[[Game, int], Bot]
_BOTS: dict[str, dict[str, BotFactory]] = {"*": {"random": RandomBot}}


def register_bot(name: str, game: str, factory: BotFactory) -> None:
    """Make a bot available by name for one game (``game="*"``: every game)."""
    _BOTS.setdefault(game, {})[name] = factory


def _load() -> None:
    import cardtable.bots.contract
    import cardtable.bots.day
    import cardtable.bots.daylily
    import cardtable.bots.sayrummy  # noqa: F401


def bot_names(game: str) -> list[str]:
    _load()
    return sorted({*_BOTS["*"], *_BOTS.get(game, {})})


def make_bot(name: str, game: Game, seed: int = 0) -> Bot:
    _load()
    key = name.strip().lower()
    factory = _BOTS.get(game.name, {}).get(key) or _BOTS["*"].get(key)
    if factory is None:
        known = ", ".join(bot_names(game.name))
        raise OptionError(f"unknown bot {name!r} for {game.title} (bots: {known})")
    return factory(game, seed)
