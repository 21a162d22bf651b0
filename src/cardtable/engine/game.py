"""The game-agnostic protocol every game implements, and the registry of games by name.

A :class:`Game` is frozen configuration (player count and validated options); a :class:`State` is
one whole match, mutable, with its own seeded generator so that ``seed + actions`` replays it
exactly. Front ends, bots and simulation speak only this protocol.
"""

from __future__ import annotations

import bisect
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from importlib.metadata import entry_points
from typing import Any, ClassVar, Protocol, Self

from cardtable.engine.deals import RECORD_FORMAT, Deal, deal_problem, redact_deal, reorder_problem
from cardtable.engine.errors import IllegalAction, OptionError, RecordError, StaleAction
from cardtable.engine.events import Event, describe_common
from cardtable.engine.kit import GameKit
from cardtable.engine.options import Option, validate_options
from cardtable.engine.text import quoted, second_person, shown
from cardtable.engine.version import __version__
from cardtable.engine.zones import Zone


class Action(Protocol):
    """An action is a small frozen value whose ``str`` is its notation."""

    def __str__(self) -> str: ...


SEED_DIGITS = 77
_SEED_BOUND = 10**SEED_DIGITS  # every seed lies strictly between -_SEED_BOUND and _SEED_BOUND
_NEGATIVE_KEYS = 2**256  # > _SEED_BOUND: negative seeds' keys start above every other key


def seeded_generator(seed: int | None) -> random.Random:
    """The generator of a match dealt from ``seed`` (None: seed 0).

    ``random.seed`` drops an integer's sign, so seeds 11 and -11 would deal the same match. A
    seed of zero or more keys the generator as it always has (old records and tests keep their
    deals); a negative seed ``-n`` is keyed by ``2**256 + n``, above every seed's own key since
    seeds are bounded, so two different seeds never share a key.
    """
    if seed is None:
        return random.Random(0)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise OptionError(f"a seed is a whole number, not {shown(seed)}")
    if not -_SEED_BOUND < seed < _SEED_BOUND:
        raise OptionError(f"a seed has at most {SEED_DIGITS} digits, not {shown(seed)}")
    return random.Random(seed if seed >= 0 else _NEGATIVE_KEYS - seed)


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
    def new_state(self, seed: int | None = None, deals: Sequence[Deal] | None = None) -> State:
        """A new match, with every chance event drawn from ``seed``.

        ``deals`` (a record's deals, in notation) replace the shuffled deals round by round, so a
        real table's deal can be set up and a record replays without Python's shuffle; each is
        checked against the deck and refused (RecordError) with the problem named.
        """

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

    def card_notation(self, text: str) -> str:
        """The canonical notation of a card written by a person (raise NotationError or
        ValueError when it is no card): written deals are read through it, so "1 Ming Toy" and
        "1MT" are the same card. The default takes the text as it is."""
        return text

    def describe_event(self, event: Mapping[str, Any], names: Sequence[str]) -> str:
        """One line of the move log for an event (as :meth:`State.events` gives it).

        ``names`` are the seats' labels as the reader should see them ("You", "Ann"). Games word
        their own events by overriding this and falling back on it for the shared kinds; every
        front end takes its log from here, so a move reads the same everywhere.
        """
        return describe_common(event, names)

    def log_line(self, event: Mapping[str, Any], names: Sequence[str]) -> str:
        """:meth:`describe_event`'s line as the front ends print it: the reader's "You" in
        lower case in mid-sentence ("dealt by you"). Games word the event; this is not theirs
        to override."""
        return second_person(self.describe_event(event, names))

    def __repr__(self) -> str:
        return f"{type(self).__name__}(players={self.players}, options={self.options!r})"


class State(ABC):
    """One match in progress. Mutable; use :meth:`clone` to branch."""

    game: Game
    seed: int | None
    rng: random.Random
    history: list[tuple[int, Action]]
    log: list[tuple[int, Event]]
    deals: list[Deal]
    _script: Sequence[Deal]
    _stamp: int

    def _start(self, game: Game, seed: int | None, deals: Sequence[Deal] | None) -> None:
        """What every match starts with: the move record, the event log, the generator, and the
        recorded deals to follow (if any). Games call this first in their constructor."""
        self.game = game
        self.seed = seed
        self.history = []
        self.log = []
        self.deals = []
        self._script = list(deals or ())
        self._stamp = 0
        self.rng = seeded_generator(seed)

    # ---- versions and events ---------------------------------------------------------------
    @property
    def version(self) -> int:
        """How many actions have been applied: the number a client quotes with its move."""
        return len(self.history)

    def _emit(self, event: Event) -> None:
        """Log an event of the action being applied (or of the deal, before any action)."""
        self.log.append((self._stamp, event))

    def events(self, seat: int | None, since: int = -1) -> list[dict[str, Any]]:
        """The events after version ``since`` as ``seat`` (``None``: a spectator) may know them,
        each plain JSON-able data with the version it led to. The first deal is logged at
        version 0, so the default ``since=-1`` gives the whole match."""
        start = bisect.bisect_right(self.log, since, key=lambda entry: entry[0])
        return [event.to_json(seat, version) for version, event in self.log[start:]]

    # ---- the turn ---------------------------------------------------------------------------
    @property
    @abstractmethod
    def actors(self) -> tuple[int, ...]:
        """The seats that may act now (several during an out-of-turn window; none when over)."""

    @abstractmethod
    def legal_actions(self, seat: int) -> Sequence[Action]:
        """Every action ``seat`` may take now (empty when it is not among the actors)."""

    def window_answer(self, seat: int) -> Action | None:
        """What ``seat`` answers by letting an out-of-turn window (a buy, a rummy call) close
        without a word, or None when its move is not such an answer. A table with a clock (the
        server) plays it for a seat whose time ran out; only the game knows its windows."""
        return None

    @abstractmethod
    def refusal(self, seat: int, action: Action) -> str | None:
        """Why ``seat`` may not take ``action`` now, or None when it may.

        This is the single authority on legality: :meth:`apply` asks it before changing anything.
        """

    @abstractmethod
    def _perform(self, seat: int, action: Action) -> None:
        """Carry out an action already found legal."""

    def apply(self, seat: int, action: Action, version: int | None = None) -> None:
        """Carry out ``action`` for ``seat``, or raise IllegalAction and change nothing.

        ``version`` is the state version the actor saw; when given and the table has moved on
        since, the action is refused as stale (StaleAction), so moves that cross on the wire
        never land on a table their sender did not see.
        """
        if version is not None and version != len(self.history):
            raise StaleAction(
                f"the table has moved on: your move was made at version {version}, "
                f"and it is now at version {len(self.history)}"
            )
        reason = self.refusal(seat, action)
        if reason is not None:
            raise IllegalAction(reason)
        self._stamp = len(self.history) + 1
        self._perform(seat, action)
        self.history.append((seat, action))

    def apply_legal(self, seat: int, action: Action) -> None:
        """Carry out ``action``, taken from this very state's ``legal_actions(seat)``, without
        asking :meth:`refusal` again.

        For the search's play-outs on its own sampled states, which only ever choose from that
        list: asking twice was a twentieth of their time. Everything else, and any move from
        outside, goes through :meth:`apply`; the test suite holds every listed move accepted.
        """
        self._stamp = len(self.history) + 1
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
        """Every card of the round in play, each in exactly one zone."""

    def cards_in_play(self) -> list[str]:
        """The cards this round is played with, by notation, duplicates included: the game's
        deck, unless its rules deal a round from a pack of its own (a bigger deal from more
        decks). What the zones must hold between them, every card once."""
        return self.game.deck()

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
        new.log = list(self.log)
        new.__dict__.pop("_seen_past", None)  # a clone's future is its own
        new.deals = list(self.deals)
        if new.deals:  # the current round's entry still grows (stock rebuilds)
            new.deals[-1] = {k: list(v) if isinstance(v, list) else v
                             for k, v in new.deals[-1].items()}
        new.rng = random.Random()
        new.rng.setstate(self.rng.getstate())
        return new

    def observe(self, seat: int) -> Observation:
        """The information set of ``seat``: what a search bot may build its samples from."""
        return Observation(self, seat)

    # ---- what a seat may know of the past ----------------------------------------------------
    @abstractmethod
    def _redeal(self, seat: int, rng: random.Random | None) -> None:
        """Deal the cards ``seat`` cannot see afresh among the places hidden from it.

        The hidden cards are first put in a fixed order (sorted), then shuffled by ``rng`` when
        one is given: with ``rng=None`` the result depends only on what the seat knows, which is
        what lets two indistinguishable states give a bot the same information set.
        """

    def seen_action(self, actor: int, action: Action, viewer: int | None) -> Action:
        """``actor``'s ``action`` as ``viewer`` (``None``: a spectator) may know it. Most
        notation names nothing hidden; a game whose notation can (a ``swap CARD`` that names
        the card given up) returns a masked action here."""
        return action

    def _past_as_seen(
        self, seat: int
    ) -> tuple[list[tuple[int, Action]], list[tuple[int, Event]]]:
        """The move record and the event log as ``seat`` knows them. Kept per seat and only
        extended, so that observing at every decision (a search bot does) costs the new moves,
        not the whole match."""
        cache: dict[int, tuple[list[tuple[int, Action]], list[tuple[int, Event]]]]
        cache = self.__dict__.setdefault("_seen_past", {})
        history, log = cache.get(seat, ([], []))
        if type(self).seen_action is State.seen_action:
            history = self.history  # no notation of this game names a hidden card
        else:
            history.extend((s, self.seen_action(s, a, seat))
                           for s, a in self.history[len(history):])
        log.extend((v, e.seen_by(seat)) for v, e in self.log[len(log):])
        cache[seat] = (history, log)
        return list(history), list(log)

    def _seal(self, seat: int, past: tuple[list[tuple[int, Action]], list[tuple[int, Event]]]
              | None = None) -> None:
        """Turn this (cloned) state into one that holds only what ``seat`` may know: hidden cards
        in a canonical order, the move record, the events and the deals as the seat saw them,
        no seed and a generator with no trace of the real future."""
        self._redeal(seat, None)
        self.history, self.log = past if past is not None else self._past_as_seen(seat)
        self.__dict__.pop("_seen_past", None)
        self.deals = [redact_deal(d, seat) for d in self.deals]
        self._script = []
        self.seed = None
        self.rng = random.Random(0)

    # ---- chance: dealt live or read from a record -------------------------------------------
    def _first_dealer(self, candidates: int) -> int:
        """The first round's dealer, drawn at random, or the one a record's first deal names."""
        drawn = self.rng.randrange(candidates)
        if self._script and "dealer" in self._script[0]:
            named = self._script[0]["dealer"]
            if isinstance(named, bool) or not isinstance(named, int) or not 0 <= named < candidates:
                raise RecordError(f"deal 1 names dealer {named!r}, which is no seat of this table")
            return named
        return drawn

    def _deal_from(self, live: Deal) -> Deal:
        """Record this round's deal, in notation. When a record's deal is waiting for this round,
        check it against the live one (same cards, same hand sizes) and return it instead."""
        index = len(self.deals)
        entry = live
        if index < len(self._script):
            scripted = self._written(self._script[index], f"deal {index + 1}")
            problem = deal_problem(live, scripted, index + 1)
            if problem is not None:
                raise RecordError(problem)
            entry = {key: scripted.get(key, value) for key, value in live.items()}
            if "dealer" in live:
                entry["dealer"] = live["dealer"]
        self.deals.append(entry)
        return entry

    def _reorder(self, key: str, live: list[str]) -> list[str]:
        """A chance reordering within a round (the stock rebuilt from the discard pile), in
        notation, top first: recorded under ``key`` in the round's deal, or read back from the
        record's deal and checked to hold the same cards. The live list itself comes back when no
        record says otherwise, so a game can skip reading the notation back (``is live``)."""
        entry = self.deals[-1]
        done: list[list[str]] = entry.setdefault(key, [])
        order = live
        index = len(self.deals) - 1
        if index < len(self._script):
            recorded = self._script[index].get(key)
            if isinstance(recorded, list) and len(done) < len(recorded):
                where = f"deal {index + 1}, {key} {len(done) + 1}"
                order = self._written(recorded[len(done)], where)
                problem = reorder_problem(live, order, where)
                if problem is not None:
                    raise RecordError(problem)
        done.append(list(order))
        return order  # the live list itself unless a record said otherwise: callers may test

    def _written(self, value: Any, where: str) -> Any:
        """A record's cards in canonical notation (lists and deal mappings walked through)."""
        if isinstance(value, str):
            try:
                return self.game.card_notation(value)
            except ValueError as exc:
                raise RecordError(f"{where}: {quoted(value)} is not a card of {self.game.title} "
                                  f"({exc})") from None
        if isinstance(value, list):
            return [self._written(v, where) for v in value]
        if isinstance(value, Mapping):
            return {k: self._written(v, where) if k in ("hands", "stock", "up") else v
                    for k, v in value.items()}
        return value

    # ---- records ----------------------------------------------------------------------------
    def record(self) -> dict[str, Any]:
        """The game record (format 2): the deals in notation and every action, enough to replay
        the match without the seed, and the result to check."""
        data: dict[str, Any] = {"format": RECORD_FORMAT, "cardtable": __version__}
        data.update(self.game.describe())
        if self.seed is not None:
            data["seed"] = self.seed
        data["deals"] = [dict(d) for d in self.deals]
        data["actions"] = [[seat, str(action)] for seat, action in self.history]
        data["over"] = self.is_over
        data["scores"] = list(self.scores)
        data["winners"] = list(self.winners)
        return data


def lowest_wins(state: State) -> bool:
    """Whether the lowest total wins the match (penalty games) rather than the highest; a
    state that does not say is taken as a penalty game."""
    return bool(getattr(type(state), "lowest_wins", True))


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


class Observation:
    """What one seat knows, sealed: built from a clone whose hidden cards are put in a fixed
    order, whose past is the seat's own view of it and whose generator knows nothing of the real
    future. Nothing reachable from it leads back to the real state, so a bot handed one cannot
    cheat, and two states the seat cannot tell apart give equal observations."""

    def __init__(self, state: State, seat: int) -> None:
        sealed = state.clone()
        sealed._seal(seat, state._past_as_seen(seat))
        self._state = sealed
        self.seat = seat
        self.game = state.game

    @property
    def version(self) -> int:
        return self._state.version

    def view(self) -> dict[str, Any]:
        return self._state.view(self.seat)

    def legal_actions(self) -> Sequence[Action]:
        return self._state.legal_actions(self.seat)

    def events(self, since: int = -1) -> list[dict[str, Any]]:
        return self._state.events(self.seat, since)

    def round_events(self) -> list[dict[str, Any]]:
        """The events of the current round or hand, from its deal on, as the seat may know
        them: what a bot reading this round's moves needs, at the cost of this round rather
        than of the whole match's log (the whole log when no deal is logged)."""
        log = self._state.log
        start = next((i for i in range(len(log) - 1, -1, -1) if log[i][1].kind == "dealt"), 0)
        return [event.to_json(self.seat, version) for version, event in log[start:]]

    def sample(self, rng: random.Random) -> State:
        """A full state that ``seat`` cannot tell apart from the real one: the hidden cards dealt
        by ``rng`` among the hidden places, and a generator drawn from ``rng``."""
        state = self._state.clone()
        state._redeal(self.seat, rng)
        state.rng = random.Random(rng.getrandbits(64))
        return state


GameFactory = Callable[..., Game]
_KITS: dict[str, GameKit] = {}
_ALIASES: dict[str, str] = {}


def register(cls: type[Game], *aliases: str) -> type[Game]:
    """Make a game loadable by its name (and any aliases) with a kit of generic parts only,
    unless its kit is registered (:func:`register_kit`). Kept for games made in a test or a
    notebook; a game package announces its kit through the entry point instead."""
    if cls.name not in _KITS:
        register_kit(GameKit(game=cls, aliases=aliases))
    return cls


def register_kit(kit: GameKit) -> GameKit:
    """Make the game of ``kit`` loadable by its name and aliases, with all its parts."""
    _KITS[kit.name] = kit
    for alias in kit.aliases:
        _ALIASES[alias] = kit.name
    return kit


ENTRY_POINT_GROUP = "cardtable.games"
_loaded = False


def _ensure_loaded() -> None:
    """Load every game announced under the ``cardtable.games`` entry point group (cardtable's
    own five are announced in its pyproject.toml, a third-party package announces its own).
    Each names the game's :class:`GameKit` (or, from an older package, its Game class): the
    engine never names a game."""
    global _loaded
    if _loaded:
        return
    _loaded = True
    for point in entry_points(group=ENTRY_POINT_GROUP):
        try:
            loaded = point.load()
        except ImportError as exc:  # a broken plug-in must not take the five games down
            raise OptionError(f"the game {point.name!r} cannot be loaded: {exc}") from None
        if isinstance(loaded, GameKit):
            register_kit(loaded)
        elif isinstance(loaded, type) and issubclass(loaded, Game) and loaded.name not in _KITS:
            register(loaded)


def game_names() -> list[str]:
    _ensure_loaded()
    return sorted(_KITS)


def game_kit(name: str) -> GameKit:
    """The registration of the game ``name`` (or an alias): everything cardtable asks of it."""
    _ensure_loaded()
    key = name.strip().lower()
    key = _ALIASES.get(key, key)
    if key not in _KITS:
        known = ", ".join(sorted(_KITS))
        raise OptionError(f"unknown game {name!r} (games: {known})")
    return _KITS[key]


def game_kits() -> list[GameKit]:
    """Every registered game's kit, by name."""
    return [_KITS[name] for name in game_names()]


def game_class(name: str) -> type[Game]:
    return game_kit(name).game


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
