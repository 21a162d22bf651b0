"""The PettingZoo AEC environment over any cardtable game, given the game's :class:`Codec`.

One episode is a whole match by default (``episode="round"``: the first round only). The agent
on move is always one of ``state.actors``: the engine's first listed actor, so an out-of-turn
window (a buy, a rummy call) is a run of turns through the seats that may still answer.
"""

from __future__ import annotations

import difflib
import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from cardtable.engine.errors import IllegalAction
from cardtable.engine.game import Action, State, load_game
from cardtable.rl.codec import Codec, Deferred, Obs

Mask = np.ndarray[Any, np.dtype[np.int8]]
RESET_OPTIONS = ("deal", "record")
"""The keys of ``reset(options=...)`` the env reads (any other is left to whoever passed it)."""
_INT8 = np.dtype(np.int8)
_ndarray = np.ndarray


class Chooser:
    """The legal actions of one decision as a prefix tree of their spellings, walked id by id.
    When every action is one id (``single``), the list of their ids. Otherwise only the
    first id of each action is read at first (``firsts``: a lay-down's is DOWN whatever its
    cards); whole spellings are made once the first id is chosen, for the actions it keeps.
    ``deferred`` (from :meth:`Codec.choices`) is a kind of move not listed yet: its first id is
    allowed, and choosing it lists them."""

    __slots__ = ("actions", "codec", "deferred", "firsts", "ids", "prefix", "single",
                 "spellings")

    def __init__(self, legal: Sequence[Action], codec: Codec,
                 deferred: Deferred | None = None, firsts: list[int] | None = None) -> None:
        self.actions = legal
        self.codec = codec
        self.prefix: list[int] = []
        self.spellings: list[tuple[int, ...]] = []
        self.deferred = deferred
        self.single = codec.max_spelling == 1
        if firsts is None:
            firsts = codec.firsts(legal)
        if self.single:  # the id of each legal action, in the same order (no two alike)
            self.ids = firsts
            self.firsts: list[int] = []
        else:
            self.ids = []
            self.firsts = firsts

    def allowed(self) -> list[int]:
        if self.single:
            return self.ids
        if not self.prefix:
            firsts = dict.fromkeys(self.firsts)
            if self.deferred is not None:
                firsts[self.deferred[0]] = None
            return list(firsts)
        k = len(self.prefix)
        return list({s[k] for s in self.spellings})

    def mark(self, mask: bytearray) -> None:
        """Set the byte of each allowed id (what :meth:`allowed` lists, read without making
        the list: a first id shared by several actions is set more than once)."""
        if self.single:
            tokens: Iterable[int] = self.ids
        elif not self.prefix:
            if self.deferred is not None:
                mask[self.deferred[0]] = 1
            tokens = self.firsts
        else:
            tokens = self.allowed()
        for token in tokens:
            mask[token] = 1

    def choose(self, token: int) -> Action | None:
        """Take one more id: the action when the spelling is complete, None while it goes on.
        A token that no legal spelling continues with raises ValueError."""
        if self.single:
            try:
                return self.actions[self.ids.index(token)]
            except ValueError:
                raise ValueError(f"action id {token} is not allowed now (see the action mask)"
                                 ) from None
        if not self.prefix:
            deferred = self.deferred
            firsts = self.firsts
            if deferred is not None and token == deferred[0]:
                kept = list(deferred[1]())
            elif token in firsts and firsts.count(token) == 1:  # most moves: one action
                kept = [self.actions[firsts.index(token)]]
            else:
                kept = [a for a, first in zip(self.actions, firsts, strict=True)
                        if first == token]
            if not kept:
                raise ValueError(f"action id {token} is not allowed now (see the action mask)")
            if len(kept) == 1:  # most moves: one action, and most of those one id long
                spelling = self.codec.spell(kept[0])
                if len(spelling) == 1:
                    return kept[0]
                spellings = [spelling]
            else:
                spellings = [self.codec.spell(a) for a in kept]
            self.actions = kept
            self.spellings = spellings
            self.prefix.append(token)
            return None
        k = len(self.prefix)
        keep = [i for i, s in enumerate(self.spellings) if s[k] == token]
        if not keep:
            raise ValueError(f"action id {token} is not allowed now (see the action mask)")
        if len(keep) == 1 and len(self.spellings[keep[0]]) == k + 1:
            return self.actions[keep[0]]
        actions = self.actions
        self.actions = [actions[i] for i in keep]
        self.spellings = [self.spellings[i] for i in keep]
        self.prefix.append(token)
        return None


class CardTableEnv(AECEnv):  # type: ignore[misc]  # pettingzoo ships no type hints
    """A cardtable game as a PettingZoo AEC environment (see docs/rl.md)."""

    # an instance's own copy names its game and version (``<game>_v1``)
    metadata: dict[str, Any] = {  # noqa: RUF012
        "render_modes": ["ansi"], "name": "cardtable_v1", "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str,
        players: int | None = None,
        options: dict[str, Any] | None = None,
        render_mode: str | None = None,
        episode: str = "match",
        codec_factory: Callable[..., Codec] | None = None,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be 'ansi' or None, not {render_mode!r}")
        if episode not in ("match", "round"):
            raise ValueError(f"episode must be 'match' or 'round', not {episode!r}")
        from cardtable.rl.games import check_version, codec_for, split_version

        self.game = load_game(split_version(game)[0], players, options)
        self.codec = codec_for(self.game) if codec_factory is None else codec_factory(self.game)
        check_version(game, self.codec)
        self.render_mode = render_mode
        self.episode = episode
        n = self.game.players
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self._index = {a: i for i, a in enumerate(self.possible_agents)}
        self._obs_size = self.codec.layout.size + self.codec.pending_size()
        self.name = f"{self.game.name}_v{self.codec.version}"
        self.metadata = {**CardTableEnv.metadata, "name": self.name}
        self._action_space = spaces.Discrete(self.codec.action_size)
        low, high = self.codec.layout.bounds()
        plow, phigh = self.codec.pending_bounds()
        self._low = np.array(low + plow, dtype=np.float32)
        self._high = np.array(high + phigh, dtype=np.float32)
        self.observation_box = spaces.Box(self._low, self._high, (self._obs_size,), np.float32)
        self._observation_space = spaces.Dict({
            "observation": self.observation_box,
            "action_mask": spaces.Box(0, 1, (self.codec.action_size,), np.int8),
        })
        self._tells_seat = type(self.codec).on_move is not Codec.on_move
        self._lists_all = type(self.codec).choices is Codec.choices
        self._wholes = self.codec.wholes
        # A codec's own mark sets the mask without the list of first ids (a game of whole
        # moves); with the default one the env keeps that list for the step too (ids that name
        # one of a set the engine lists only in part, bet sizes say, need it).
        self._mark = self.codec.mark if type(self.codec).mark is not Codec.mark else None
        self._nwholes = len(self._wholes)
        self._single = self.codec.max_spelling == 1
        self._size = self.codec.action_size
        self._seeds = random.Random()
        self._state: State | None = None
        # The decision on move (see _next_decision): its seat; its legal actions once listed
        # (None until then); a compound move under way, once its first id is chosen.
        self._seat = 0
        self._legal: Sequence[Action] | None = None
        self._firsts: list[int] | None = None  # the first id of each, once asked for
        self._deferred: Deferred | None = None
        self._chooser: Chooser | None = None
        self._rounds = 0  # rounds played when the decision was made
        self._live = False
        self._rewarded = False

    # ---- spaces -----------------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_space

    @property
    def table(self) -> State:
        """The engine state of the match (the referee's copy: agents get observations)."""
        if self._state is None:
            raise RuntimeError("call reset() first")
        return self._state

    # ---- the episode ------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new match. ``seed`` deals it exactly as ``game.new_state(seed)`` does and seeds the
        matches of later resets without a seed. ``options={"deal": d}`` sets the table to a
        given deal (a round's deal in record notation, or a list of them for the rounds in
        order; later rounds are dealt from the seed), ``options={"record": r}`` to a record's
        deals; a deal that cannot be is refused (ValueError, one sentence)."""
        if seed is not None:
            self._seeds = random.Random(seed)
            match_seed = int(seed)
        else:
            match_seed = self._seeds.getrandbits(62)
        self._state = self.game.new_state(match_seed, self._deals(options or {}))
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._standing = self._standings()
        self._skip_agent_selection = None
        self._rewarded = False  # some entry of self.rewards is not zero
        self._rounds = self._state.rounds_played
        self._chooser = None
        self._live = True  # until the episode ends: then every agent is terminated
        self._next_decision(self._state.actors[0])

    def _deals(self, options: dict[str, Any]) -> list[dict[str, Any]] | None:
        """The deals a reset's options ask for (None: shuffled from the seed)."""
        # Other keys are left alone: gymnasium's options are free-form (PettingZoo's api_test
        # passes one of its own). A key that is nearly one of these is a slip, refused: "dael"
        # once dealt a shuffled match while its author trained on what they thought was theirs.
        for key in options:
            near = difflib.get_close_matches(str(key), RESET_OPTIONS, n=1, cutoff=0.6)
            if key not in RESET_OPTIONS and near:
                raise ValueError(f"reset has no option {key!r}: did you mean {near[0]!r}? "
                                 f"(its options are {', '.join(RESET_OPTIONS)})")
        if "record" in options:
            record = options["record"]
            if not isinstance(record, dict) or not isinstance(record.get("deals"), list):
                raise ValueError("a record for reset must be a game record with its deals "
                                 "(cardtable-record/2, as env.table.record() gives)")
            if (record.get("game"), record.get("players")) != (self.game.name,
                                                                self.game.players):
                raise ValueError(f"the record is of {record.get('game')} at "
                                 f"{record.get('players')} players, not {self.game.name} at "
                                 f"{self.game.players}")
            return [dict(d) for d in record["deals"]]
        if "deal" in options:
            deal = options["deal"]
            deals = deal if isinstance(deal, list) else [deal]
            if not deals or not all(isinstance(d, dict) for d in deals):
                raise ValueError("a deal for reset must be a round's deal in record notation "
                                 "({'hands': [...], 'stock': [...], ...}) or a list of them")
            return [dict(d) for d in deals]
        return None

    def _next_decision(self, seat: int) -> None:
        """Make ``seat`` (the engine's first listed actor) the one on move. Its legal actions
        are listed only when asked for (the mask, an id that needs the list): a whole move
        (:attr:`Codec.wholes`) is judged by the engine itself, so a step that is given its id
        lists nothing."""
        self._seat = seat
        self.agent_selection = self.possible_agents[seat]
        if self._tells_seat:
            self.codec.on_move(seat)
        self._legal = None
        self._firsts = None
        self._chooser = None

    def _listed(self) -> Sequence[Action]:
        """The legal actions of the decision on move (some kept back behind ``_deferred``)."""
        legal = self._legal
        if legal is None:
            state = self._state
            assert state is not None
            if self._lists_all:  # the engine's list (Codec.choices), without a call between
                legal = self._legal = state.legal_actions(self._seat)
                self._deferred = None
            else:
                legal, self._deferred = self.codec.choices(state, self._seat)
                self._legal = legal
        return legal

    def _listed_firsts(self) -> list[int]:
        """The first id of each of the decision's listed actions (:meth:`Codec.firsts`)."""
        firsts = self._firsts
        if firsts is None:
            firsts = self._firsts = self.codec.firsts(self._listed())
        return firsts

    def decision(self) -> Chooser | None:
        """The decision on move as a :class:`Chooser` (the ids chosen so far in its
        ``prefix``), or None once the episode is over. Before a first id is chosen it is made
        afresh from the decision's legal actions."""
        if not self._live:
            return None
        if self._chooser is not None:
            return self._chooser
        return Chooser(self._listed(), self.codec, self._deferred, self._listed_firsts())

    def agent_iter(self, max_iter: int = 2**63) -> Iterator[str]:
        """The agent on move, step after step, while any agent is left (PettingZoo's own
        iterator, as a generator: it costs a twentieth of a quick game's decision less)."""
        while self.agents and max_iter > 0:
            max_iter -= 1
            yield self.agent_selection

    def _standings(self) -> list[float]:
        """Each seat's total against the mean of the others', in reward units (where the lowest
        total wins, the sign is turned)."""
        state = self.table
        totals = state.scores
        n = len(totals)
        whole = sum(totals)
        sign = -1.0 if self.codec.lowest_wins else 1.0
        return [sign * (t - (whole - t) / (n - 1)) / self.codec.scale for t in totals]

    def step(self, action: int | np.integer[Any] | None) -> None:
        """Take one id for the agent on move. Every step costs the same few things whatever the
        game (the random agent's whole move in the quickest game costs 4 µs), so the common case
        reads as little as it can: a whole move's id goes to the engine, which refuses it when it
        is not legal, without the decision listed; the round count is compared with the one kept;
        the rewards are cleared and summed only after a round end."""
        agent = self.agent_selection
        if not self._live:  # every agent is terminated together (none is ever truncated)
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError("an agent on move must choose an action id, not None")
        token = int(action)
        state = self._state
        assert state is not None
        chooser = self._chooser
        chosen: Action | None
        if chooser is None:
            if 0 <= token < self._nwholes:  # a whole move (Codec.wholes): the engine judges it
                chosen = self._wholes[token]
                try:
                    state.apply(self._seat, chosen)
                except IllegalAction as exc:
                    raise ValueError(f"action id {token} is not allowed now (see the action "
                                     f"mask): {exc}") from None
            else:
                chosen = self._first_id(token)
                if chosen is None:  # a compound move begins
                    self._after_choice(agent)
                    return
                state.apply(self._seat, chosen)
        else:
            chosen = chooser.choose(token)
            if chosen is None:
                self._after_choice(agent)
                return
            state.apply(self._seat, chosen)
        self._cumulative_rewards[agent] = 0.0  # _after_choice, inline on the usual path
        if self._rewarded:
            self._clear_rewards()
            self._rewarded = False
        rounds = state.rounds_played
        if rounds == self._rounds:
            actors = state.actors
            if actors:  # no round ended, the match goes on: _next_decision, inline
                seat = self._seat = actors[0]
                self.agent_selection = self.possible_agents[seat]
                if self._tells_seat:
                    self.codec.on_move(seat)
                self._legal = None
                self._firsts = None
                self._chooser = None
                return
        self._round_or_end(rounds, state)

    def play(self, action: Action) -> None:
        """Apply an engine action (not an id) for the agent on move, as if its spelling had been
        stepped: the way a bot of the library (or any caller holding an engine move) plays a
        seat of the env. Refused (ValueError, one sentence, nothing changed) when the episode is
        over, a compound move is being spelled, or the engine refuses the move."""
        if not self._live:
            raise ValueError("the episode is over: call reset() first")
        if self._chooser is not None:
            raise ValueError("a compound move is being spelled id by id: finish it with step()")
        state = self._state
        assert state is not None
        try:
            state.apply(self._seat, action)
        except IllegalAction as exc:
            raise ValueError(f"{action} is not allowed now: {exc}") from None
        self._applied(self.agent_selection, state)

    def _applied(self, agent: str, state: State) -> None:
        """An engine action was applied for ``agent``: the next seat on move, or the round's
        rewards and the episode's end (what :meth:`step` does inline after an id's move)."""
        self._after_choice(agent)
        rounds = state.rounds_played
        if rounds == self._rounds and state.actors:
            self._next_decision(state.actors[0])
            return
        self._round_or_end(rounds, state)

    def _round_or_end(self, rounds: int, state: State) -> None:
        """After a move that ended a round or left nobody on move: the round's rewards, and the
        episode's end or the next decision."""
        ended = rounds > self._rounds
        if ended:
            self._rounds = rounds
            standing = self._standings()
            for i, a in enumerate(self.possible_agents):
                self.rewards[a] = standing[i] - self._standing[i]
            self._standing = standing
            self._rewarded = True
        if state.is_over or (ended and self.episode == "round"):
            if state.is_over and self.episode == "match":
                winners = set(state.winners)
                for i, a in enumerate(self.possible_agents):
                    self.rewards[a] += 1.0 if i in winners else -1.0
            for a in self.agents:
                self.terminations[a] = True
            self._live = False
            self._chooser = None
            self._legal = ()
            self._firsts = []
        else:
            self._next_decision(state.actors[0])
        if self._rewarded:
            self._accumulate_rewards()

    def _first_id(self, token: int) -> Action | None:
        """The first id of a decision, when it is not a whole move: the action it names in the
        listed ones, or None when it begins a compound move (then under way in ``_chooser``).
        An id that no legal action begins with raises ValueError."""
        legal = self._listed()
        firsts = self._listed_firsts()
        if self._single:
            try:
                return legal[firsts.index(token)]
            except ValueError:
                raise ValueError(f"action id {token} is not allowed now (see the action mask)"
                                 ) from None
        chooser = Chooser(legal, self.codec, self._deferred, firsts)
        chosen = chooser.choose(token)
        if chosen is None:
            self._chooser = chooser
        return chosen

    def _after_choice(self, agent: str) -> None:
        """An id was taken: the agent's reward has been read, and last step's round rewards
        are over (they stay all zero between round ends, so they are cleared only after one)."""
        self._cumulative_rewards[agent] = 0.0
        if self._rewarded:
            self._clear_rewards()
            self._rewarded = False

    # ---- observations -----------------------------------------------------------------------
    def action_mask(self, agent: str) -> Mask:
        """The ids ``agent`` may choose now (all zero when it is not on move).

        Written into a ``bytearray`` and wrapped, not set through NumPy indexing: a NumPy call
        costs about as many instructions as a quick game's whole decision, so a step makes as few
        as it can: the array is made straight over the bytes by ``ndarray`` with the dtype as an
        object (``frombuffer(mask, dtype=np.int8)`` costs 2x as much)."""
        size = self._size
        mask = bytearray(size)
        if agent == self.agent_selection and self._live:
            chooser = self._chooser
            if chooser is None:
                mark = self._mark
                if mark is not None:
                    legal = self._legal
                    mark(self._listed() if legal is None else legal, mask)
                else:
                    for token in self._listed_firsts():
                        mask[token] = 1
                deferred = self._deferred
                if deferred is not None:
                    mask[deferred[0]] = 1
            else:
                chooser.mark(mask)
        return _ndarray(size, _INT8, mask)

    def observe(self, agent: str) -> dict[str, Any]:
        return {"observation": self.observation(agent), "action_mask": self.action_mask(agent)}

    def observation(self, agent: str) -> Obs:
        """``agent``'s float vector (what ``observe`` gives beside the mask). Values past a
        field's bounds (a match total far beyond the target, a turn count past the cap) are
        clipped to the box, so the box is the vector's true range."""
        seat = self._index[agent]
        obs = self.codec.observation(self.table, seat, self._obs_size)
        if agent == self.agent_selection and self._chooser is not None and self._chooser.prefix:
            self.codec.encode_pending(self._chooser.prefix, obs, self.codec.layout.size)
        np.clip(obs, self._low, self._high, out=obs)
        return obs

    # ---- text -------------------------------------------------------------------------------
    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        state = self.table
        lines = [f"{self.game.title}, {self.game.players} players, version {state.version}, "
                 f"rounds played {state.rounds_played}, scores {state.scores}"]
        names = [f"seat {i}" for i in range(self.game.players)]
        for event in state.events(None)[-6:]:
            lines.append("  " + self.game.log_line(event, names))
        if state.is_over:
            lines.append(f"over: winners {state.winners}")
        else:
            agent = self.agent_selection
            chooser = self._chooser
            legal = (chooser.actions if chooser is not None and chooser.prefix
                     else state.legal_actions(self._seat))
            lines.append(f"{agent} to choose; legal now: "
                         + ", ".join(str(a) for a in legal[:12]))
            if self._chooser is not None and self._chooser.prefix:
                lines.append("  chosen so far: "
                             + " ".join(self.codec.id_name(t) for t in self._chooser.prefix))
        return "\n".join(lines)

    def close(self) -> None:
        pass
