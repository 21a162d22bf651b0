"""The game-agnostic protocol every game implements, and the registry of games by name.

A :class:`Game` is frozen configuration (player count and validated options); a :class:`State` is
one whole match, mutable, with its own seeded generator so that ``seed + actions`` replays it
exactly. Front ends, bots and simulation speak only this protocol.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Protocol, Self

from cardtable.engine.errors import IllegalAction, OptionError
from cardtable.engine.options import Option, validate_options
from cardtable.engine.zones import Zone


class Action(Protocol):
    """An action is a small frozen value whose ``str`` is its notation."""

    def __str__(self) -> str: ...


class Game(ABC):
    """Validated configuration of one game: which rules, how many players, which options."""

    name: ClassVar[str]
    title: ClassVar[str]
    player_counts: ClassVar[tuple[int, ...]]
    option_specs: ClassVar[tuple[Option, ...]] = ()

    def __init__(self, players: int | None = None, options: Mapping[str, Any] | None = None):
        if players is None:
            players = self.player_counts[0]
        if isinstance(players, bool) or not isinstance(players, int):
            raise OptionError(f"the number of players must be a whole number, not {players!r}")
        if players not in self.player_counts:
            counts = ", ".join(str(n) for n in self.player_counts)
            raise OptionError(f"{self.title} is played by {counts} players, not {players}")
        self.players: int = players
        self.options: dict[str, Any] = validate_options(self.option_specs, options or {})
        self._check_options()

    def _check_options(self) -> None:  # noqa: B027 - an optional hook, empty by default
        """Hook for checks that involve several options or the player count."""

    @abstractmethod
    def new_state(self, seed: int) -> State:
        """A new match, with every chance event drawn from ``seed``."""

    @abstractmethod
    def parse_action(self, text: str) -> Action:
        """Read the text notation of an action (raises NotationError)."""

    @abstractmethod
    def rules_summary(self) -> str:
        """A short plain-text summary of the rules a player needs at the table."""

    @abstractmethod
    def deck(self) -> list[str]:
        """Every card of the game, by its notation, duplicates included."""

    @abstractmethod
    def decision_bound(self) -> int:
        """An upper bound on the player decisions of one match, under any policy.

        Every match must end; this is the documented bound the conformance suite holds it to.
        """

    @abstractmethod
    def random_action(self, rng: random.Random) -> Action:
        """Any action of the game's whole action space, legal now or not: fuzzing material."""

    def describe(self) -> dict[str, Any]:
        return {"game": self.name, "players": self.players, "options": dict(self.options)}

    def __repr__(self) -> str:
        return f"{type(self).__name__}(players={self.players}, options={self.options!r})"


class State(ABC):
    """One match in progress. Mutable; use :meth:`clone` to branch."""

    game: Game
    seed: int
    rng: random.Random
    history: list[tuple[int, Action]]

    # ---- the turn ---------------------------------------------------------------------------
    @property
    @abstractmethod
    def actors(self) -> tuple[int, ...]:
        """The seats that may act now (several during an out-of-turn window; none when over)."""

    @abstractmethod
    def legal_actions(self, seat: int) -> Sequence[Action]:
        """Every action ``seat`` may take now (empty when it is not among the actors)."""

    @abstractmethod
    def refusal(self, seat: int, action: Action) -> str | None:
        """Why ``seat`` may not take ``action`` now, or None when it may.

        This is the single authority on legality: :meth:`apply` asks it before changing anything.
        """

    @abstractmethod
    def _perform(self, seat: int, action: Action) -> None:
        """Carry out an action already found legal."""

    def apply(self, seat: int, action: Action) -> None:
        """Carry out ``action`` for ``seat``, or raise IllegalAction and change nothing."""
        reason = self.refusal(seat, action)
        if reason is not None:
            raise IllegalAction(reason)
        self._perform(seat, action)
        self.history.append((seat, action))

    # ---- outcome ----------------------------------------------------------------------------
    @property
    @abstractmethod
    def is_over(self) -> bool: ...

    @property
    @abstractmethod
    def scores(self) -> list[int]:
        """Each seat's match total so far."""

    @property
    @abstractmethod
    def rounds_played(self) -> int:
        """Rounds (deals, hands) finished so far: simulation reports count them."""

    @property
    @abstractmethod
    def winners(self) -> list[int]:
        """The seats that won (several when a tie stands); empty while the match goes on."""

    # ---- what each seat may know ------------------------------------------------------------
    @abstractmethod
    def zones(self) -> list[Zone]:
        """Every card of the game, each in exactly one zone."""

    @abstractmethod
    def public_info(self) -> dict[str, Any]:
        """Everything about the match that every player knows and that is not a zone of cards."""

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see (``None``: a spectator), as plain JSON-able data."""
        return {
            "game": self.game.name,
            "seat": seat,
            "actors": list(self.actors),
            "over": self.is_over,
            "table": self.public_info(),
            "zones": {zone.name: zone.view(seat) for zone in self.zones()},
        }

    @abstractmethod
    def clone(self) -> Self:
        """An independent copy: changing it never changes this state."""

    def _branch(self) -> Self:
        """Where a clone starts: a new state sharing this one's attributes but with its own
        move record and its own generator at the same point, so that the two never draw the
        same future. A game's clone then copies each container it changes in place."""
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        new.history = list(self.history)
        new.rng = random.Random()
        new.rng.setstate(self.rng.getstate())
        return new

    @abstractmethod
    def observe(self, seat: int) -> Observation:
        """The information set of ``seat``: what a search bot may build its samples from."""

    # ---- records ----------------------------------------------------------------------------
    def record(self) -> dict[str, Any]:
        """The game record: enough to replay the match exactly and check its result."""
        data = self.game.describe()
        data["seed"] = self.seed
        data["actions"] = [[seat, str(action)] for seat, action in self.history]
        data["over"] = self.is_over
        data["scores"] = list(self.scores)
        data["winners"] = list(self.winners)
        return data


class RunningTotals:
    """Bookkeeping most card games share: a running total per seat, a summary per round, and a
    ``phase`` that reads ``"over"`` once the match has ended. Mixed in before :class:`State`."""

    totals: list[int]
    results: list[dict[str, Any]]
    phase: str
    # Penalty games (the rummies) are won by the lowest total, chip games by the highest.
    lowest_wins: ClassVar[bool] = True

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def scores(self) -> list[int]:
        return list(self.totals)

    @property
    def rounds_played(self) -> int:
        return len(self.results)

    @property
    def winners(self) -> list[int]:
        """Every seat on the best total once the match is over (a tie stands)."""
        if self.phase != "over":
            return []
        best = min(self.totals) if self.lowest_wins else max(self.totals)
        return [s for s, t in enumerate(self.totals) if t == best]


class Observation(ABC):
    """What one seat knows; :meth:`sample` deals out a full state consistent with it."""

    def __init__(self, state: State, seat: int) -> None:
        self._state = state  # a private clone: samples are taken from it, never handed out
        self.seat = seat

    @staticmethod
    def reseed(state: State, rng: random.Random) -> None:
        """Give a sampled state a generator drawn from ``rng``: no trace of the real future."""
        state.rng = random.Random(rng.getrandbits(64))

    @abstractmethod
    def sample(self, rng: random.Random) -> State:
        """A full state that ``seat`` cannot tell apart from the real one.

        Hidden cards are shuffled among the hidden places and the state's own generator is
        reseeded from ``rng``, so the sample carries no trace of the real deal or its future.
        """


GameFactory = Callable[..., Game]
_REGISTRY: dict[str, type[Game]] = {}
_ALIASES: dict[str, str] = {}


def register(cls: type[Game], *aliases: str) -> type[Game]:
    """Make a game loadable by its name (and any aliases)."""
    _REGISTRY[cls.name] = cls
    for alias in aliases:
        _ALIASES[alias] = cls.name
    return cls


def _ensure_loaded() -> None:
    # Games register themselves on import; importing the package here keeps engine free of any
    # game's names while still letting load_game find them.
    import cardtable.games  # noqa: F401


def game_names() -> list[str]:
    _ensure_loaded()
    return sorted(_REGISTRY)


def game_class(name: str) -> type[Game]:
    _ensure_loaded()
    key = name.strip().lower()
    key = _ALIASES.get(key, key)
    if key not in _REGISTRY:
        known = ", ".join(sorted(_REGISTRY))
        raise OptionError(f"unknown game {name!r} (games: {known})")
    return _REGISTRY[key]


def load_game(
    name: str, players: int | None = None, options: Mapping[str, Any] | None = None
) -> Game:
    """The game ``name`` for ``players`` with ``options`` checked and defaults filled in."""
    return game_class(name)(players, options)


def check_actor(state: State, seat: int) -> str | None:
    """The common first refusal: the match is over, or it is not this seat's move."""
    if state.is_over:
        return "the match is over"
    if seat not in state.actors:
        if not 0 <= seat < state.game.players:
            return f"there is no seat {seat}"
        return f"it is not seat {seat}'s move"
    return None
