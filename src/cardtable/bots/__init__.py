"""Bots: players that choose from the legal actions using only what their seat may know.

A bot is handed a :class:`Decision`, not the state: the seat, the legal actions, the seat's view
and, for bots that search, the seat's sealed observation. Each is built before the bot sees it
and none holds a reference to the state, so no attribute chain leads to a hidden card.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal, Protocol

from cardtable.engine.errors import OptionError
from cardtable.engine.game import Action, Game, Observation, State

Needs = Literal["legal", "view", "observation"]


@dataclass(frozen=True, slots=True)
class Decision:
    """One choice to make: which seat, which actions are legal, and what the seat may see.

    Built by :meth:`at` from the state, holding copies only: the view as plain data and the
    observation as a sealed clone. A bot that needs neither (``random``) gets neither, which
    keeps simulation fast.
    """

    seat: int
    legal: Sequence[Action]
    game: Game
    _view: dict[str, Any] | None = field(default=None, repr=False)
    _observation: Observation | None = field(default=None, repr=False)

    @classmethod
    def at(
        cls,
        state: State,
        seat: int,
        needs: Needs = "observation",
        legal: Sequence[Action] | None = None,
    ) -> Decision:
        """The decision ``seat`` faces in ``state``, with as much as a bot that ``needs`` it
        (``legal``: the legal actions, when the caller has them already)."""
        legal = tuple(state.legal_actions(seat)) if legal is None else legal
        if needs == "legal":
            return cls(seat, legal, state.game)
        view = state.view(seat)
        if needs == "view":
            return cls(seat, legal, state.game, view)
        return cls(seat, legal, state.game, view, state.observe(seat))

    @classmethod
    def for_bot(cls, state: State, seat: int, bot: Bot) -> Decision:
        return cls.at(state, seat, getattr(bot, "needs", "observation"))

    def view(self) -> dict[str, Any]:
        if self._view is None:
            raise RuntimeError("this decision was made for a bot that asked for no view")
        return self._view

    def observe(self) -> Observation:
        if self._observation is None:
            raise RuntimeError("this decision was made for a bot that asked for no observation")
        return self._observation


class Bot(Protocol):
    name: str

    def choose(self, decision: Decision) -> Action: ...


class RandomBot:
    """Uniform over the legal actions: the baseline every other bot must beat."""

    name = "random"
    needs: ClassVar[Needs] = "legal"

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
