"""Bots: players that choose from the legal actions using only what their seat may know.

A bot is handed a :class:`Decision`, not the state: the seat, the legal actions, the seat's view
and, for bots that search, the seat's sealed observation. Each is built before the bot sees it
and none holds a reference to the state, so no attribute chain leads to a hidden card.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal, Protocol

from cardtable.engine.errors import OptionError
from cardtable.engine.game import Action, Game, Observation, State
from cardtable.engine.kit import GameKit
from cardtable.engine.memo import Memo

Needs = Literal["legal", "view", "observation"]


@dataclass(slots=True)
class Decision:
    """One choice to make: which seat, which actions are legal, and what the seat may see.

    Built by :meth:`at` from the state, holding copies only: the view as plain data and the
    observation as a sealed clone. A bot that needs neither (``random``) gets neither, which
    keeps simulation fast. (Not a frozen dataclass: one is made for every decision of every
    simulated match, and a frozen one costs nearly three times as much to make.)
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


WEIGHED = "the play-outs weigh that against an unseen card from the stock"
"""What a hint's reasons add after a fact that speaks against the draw advised (the pile's card
helps, yet the search draws blind; it helps nothing, yet the search takes it): the search's
figures, which follow the reasons, are why it is advised all the same."""


class Bot(Protocol):
    """A player: ``choose`` one of the decision's legal actions.

    Two optional class attributes tell the runners more: ``needs`` (what the decision must
    carry, see :data:`Needs`), and ``blind_to_the_end`` (True when the bot's choices never
    depend on when the match will end: the options a game marks ``ends_match``, such as the
    points to play to, and nothing it reads tells them). A bot without it is taken to look.
    """

    name: str

    def choose(self, decision: Decision) -> Action: ...


class SamplePlayer(Protocol):
    """A play-out policy that can read a search's own sampled state straight.

    Writing a view out for every play-out move and parsing it back was most of a search's time
    in the game with the largest views. ``play_sample`` must make exactly the move ``choose``
    would make from ``Decision.at(state, seat, "view", legal)`` (tests hold it to that),
    reading only what that view shows. The search calls it on states it drew from an
    observation, never on a real one.
    """

    def play_sample(self, state: State, seat: int, legal: Sequence[Action]) -> Action: ...


class RandomBot:
    """Uniform over the legal actions: the baseline every other bot must beat."""

    name = "random"
    needs: ClassVar[Needs] = "legal"
    blind_to_the_end: ClassVar[bool] = True

    def __init__(self, game: Game, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, decision: Decision) -> Action:
        legal = decision.legal
        return legal[int(self.rng.random() * len(legal))]


BotFactory = Callable[[Game, int], Bot]
ParamFactory = Callable[[Game, int, Mapping[str, str]], Bot]
"""A bot that takes parameters from its name (``ismcts:iters=200``): the factory gets them as
text, checks them and raises OptionError with one sentence for a bad one."""
_BOTS: dict[str, dict[str, BotFactory]] = {"*": {"random": RandomBot}}
_PARAM_BOTS: dict[str, dict[str, ParamFactory]] = {}
_ABOUT: dict[tuple[str, str], str] = {("*", "random"): "any legal move, at random"}
_TITLES: dict[str, str] = {}


def register_bot(name: str, game: str, factory: BotFactory, about: str = "") -> None:
    """Make a bot available by name for one game (``game="*"``: every game); ``about`` says in
    a few words how it plays, for whoever picks opponents from a list."""
    _BOTS.setdefault(game, {})[name] = factory
    if about:
        _ABOUT[game, name] = about


def register_param_bot(name: str, game: str, factory: ParamFactory, about: str = "",
                       title: str = "") -> None:
    """Make a bot that reads parameters from its name (``NAME:key=value:key=value``) available
    for one game (``game="*"``: every game). ``NAME`` alone gives the bot's defaults. ``title``
    is what a table calls it when its name is a technical one (``ismcts``: "search")."""
    _PARAM_BOTS.setdefault(game, {})[name] = factory
    if about:
        _ABOUT[game, name] = about
    if title:
        _TITLES[name] = title


def seat_title(kind: str) -> str:
    """What a list of seats calls one: "person", or the bot's title ("search", "greedy")."""
    return "person" if kind == "human" else bot_title(kind)


def bot_title(name: str) -> str:
    """What a table calls the bot ``name``, in lower case: ``"ismcts:iters=50"`` -> ``"search"``,
    ``"greedy"`` -> ``"greedy"``. Parameters belong to whoever set the table up, not to the
    seat's name."""
    _load()
    base = name.split(":", 1)[0].strip().lower()
    return _TITLES.get(base, base)


def bot_about(game: str, name: str) -> str:
    """How the bot ``name`` (its plain name) plays ``game``, in a few words ("" if unsaid): the
    names alone (``greedy``, ``ismcts``) mean little to someone choosing opponents."""
    _load()
    return _ABOUT.get((game, name)) or _ABOUT.get(("*", name), "")


def _load() -> None:
    """Register the bots every game has (gentle, the search), then each registered game's own:
    its kit names the modules that register them, so nothing here names a game, and a game
    registered later (a plug-in, a test's kit) has its bots the next time one is asked for."""
    from cardtable.engine.game import game_kits

    kits = game_kits()
    if kits == _BOTS_OF:  # every kit's bots are in already (the common case: one comparison)
        return
    import cardtable.bots.gentle
    import cardtable.bots.ismcts  # noqa: F401

    for kit in kits:
        kit.load_bots()
    _BOTS_OF[:] = kits


_BOTS_OF: list[GameKit] = []
"""The kits whose bots :func:`_load` has registered."""


def parse_bot_name(name: str) -> tuple[str, dict[str, str]]:
    """``"ismcts:time=0.5:c=0.7"`` -> ``("ismcts", {"time": "0.5", "c": "0.7"})``; names are
    read case-blind. Parameters are separated by colons, not commas, because a comma separates
    the bots of a line-up on the command line."""
    base, *parts = name.strip().lower().split(":")
    params: dict[str, str] = {}
    for part in parts:
        key, sep, value = part.partition("=")
        key, value = key.strip(), value.strip()
        if not sep or not key or not value:
            raise OptionError(f"bot {name!r}: parameters are written key=value after a colon, "
                              f"e.g. ismcts:iters=200 (got {part!r})")
        if key in params:
            raise OptionError(f"bot {name!r}: the parameter {key!r} is given twice")
        params[key] = value
    return base.strip(), params


class BotNames(list[str]):
    """The bots of one game, listed by their plain names; ``in`` also accepts a name with
    parameters that would make a bot (``"ismcts:time=0.5" in bot_names(game)``), so every
    place that checks a name against this list accepts those too."""

    def __init__(self, names: Iterable[str], game: str) -> None:
        super().__init__(names)
        self.game = game

    def __contains__(self, name: object) -> bool:
        if not isinstance(name, str):
            return False
        if list.__contains__(self, name):
            return True
        return is_bot_name(name, self.game)


def is_bot_name(name: str, game: str) -> bool:
    """Whether ``name`` (parameters included) names a bot of ``game`` that can be made."""
    _load()
    try:
        base, params = parse_bot_name(name)
    except OptionError:
        return False
    if not params:
        return base in _BOTS["*"] or base in _BOTS.get(game, {}) or _param_factory(
            base, game) is not None
    factory = _param_factory(base, game)
    if factory is None:
        return False
    from cardtable.engine.game import load_game

    try:
        factory(load_game(game), 0, params)
    except OptionError:
        return False
    return True


def _param_factory(base: str, game: str) -> ParamFactory | None:
    return _PARAM_BOTS.get(game, {}).get(base) or _PARAM_BOTS.get("*", {}).get(base)


def bot_names(game: str) -> BotNames:
    """The plain names of the bots of ``game``, sorted; a bot with parameters is listed by its
    plain name (its defaults)."""
    _load()
    names = {*_BOTS["*"], *_BOTS.get(game, {}), *_PARAM_BOTS.get("*", {}),
             *_PARAM_BOTS.get(game, {})}
    return BotNames(sorted(names), game)


def make_bot(name: str, game: Game, seed: int = 0) -> Bot:
    """The bot called ``name`` for ``game``, seeded with ``seed``; ``name`` may carry parameters
    (``ismcts:iters=200``). Raises OptionError with one sentence for an unknown name or a bad
    parameter."""
    _load()
    base, params = parse_bot_name(name)
    param_factory = _param_factory(base, game.name)
    if param_factory is not None:
        return param_factory(game, seed, params)
    if params:
        raise OptionError(f"the bot {base!r} takes no parameters (got {name.strip()!r})")
    factory = _BOTS.get(game.name, {}).get(base) or _BOTS["*"].get(base)
    if factory is None:
        known = ", ".join(bot_names(game.name))
        raise OptionError(f"unknown bot {name!r} for {game.title} (bots: {known})")
    return factory(game, seed)


# The objects kept_with makes, by maker and game set-up (its class, players and options).
_KEPT: Memo[tuple[Callable[[Game], Any], type[Game], int, str], Any] = Memo(limit=64)


def kept_with(game: Game, make: Callable[[Game], Any]) -> Any:
    """One object made by ``make`` per game set-up (a greedy bot that rates moves for the
    search's shortlist, say), shared by every table of the same rules, players and options.
    It is made for a Game of its own, built from that set-up, rather than for (or kept on) the
    table's: a Game is frozen configuration, and a server's finished tables leave nothing alive
    behind them; at most 64 set-ups are kept at once."""
    key = (make, type(game), game.players, repr(sorted(game.options.items())))
    found = _KEPT.get(key)
    if found is None:
        found = _KEPT.keep(key, make(type(game)(game.players, game.options)))
    return found
