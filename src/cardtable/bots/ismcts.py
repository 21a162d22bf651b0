"""Information-set Monte Carlo tree search (ISMCTS) for every game, without cheating.

The bot is handed a :class:`~cardtable.bots.Decision` whose sealed observation is all it knows.
Every iteration of the search draws a full state from ``observation.sample(rng)``: the cards the
seat cannot see dealt afresh among the places hidden from it, a future of its own. The real
state is never seen, so two states the seat cannot tell apart give the same decision for the
same seed (``tests/test_ismcts.py`` checks this for every game).

The search is single-observer ISMCTS (Cowling, Powley and Whitehouse 2012, as in OpenSpiel's
``ismcts.py``): one tree for the deciding seat, whose edges are moves as that seat would see
them announced (``state.seen_action``), so a node stands for every determinization reaching it
through the same visible moves. Moves legal only in some determinizations are chosen by UCB
over their *availability* count (how often they could have been chosen), not the parent's
visits. Every seat's node is chosen by its own reward, so opponents are assumed to play well.

What keeps it strong with a second a move is the game knowledge each game's bot module
registers (:func:`register_knowledge`), kept out of this generic search:

- play-outs by the game's fast policy (the ``greedy`` bots), not random moves: random play-outs
  are what make fair search lose to simple rule bots. A policy that is a
  :class:`~cardtable.bots.SamplePlayer` reads each sampled state straight instead of through a
  view (the same moves; in one game the views were three fifths of its search);
- progressive widening: a node first grows the move the policy would make, and tries others as
  its visits grow (``1 + widen * sqrt(visits)`` children), so a thin budget degrades towards
  the policy instead of towards uniform exploration;
- or no tree below the root at all (``tree=False``): the policy plays every later move, so
  the search compares root moves by the policy's own play-outs. A tree's exploration charges
  each move with the exploring of whoever is on move after it, the mover itself after a move
  that keeps the turn (a declaration of melds) and an opponent after one that passes it, which
  biases the comparison; without a tree a search cannot fall below its policy that way;
- deals that read the others' moves (``belief``): a game may weigh its samples by what the
  moves made so far say about the hidden cards, from the observation alone (a betting game
  deals an opponent who raised strong cards far more often than one who checked);
- a cut-off: a play-out stops when the round ends (its points are what the round is worth) or
  after ``max_plies`` moves, where the game's evaluation estimates the rest of the round.

The reward of a seat is its round gain (points, or chips; negated where the lowest total wins)
less the mean gain of the other seats. Several actors at once (buying, calling rummy) are taken
in a random order, as the simulator does; chance (shuffles, stock rebuilds) comes from each
sample's own generator.

Budgets: ``ismcts:iters=N`` runs exactly N iterations and, with the bot's seed, is reproducible
(the generator of each decision is seeded from the bot's seed, the seat and the state version
only); ``ismcts:time=S`` searches for S seconds a move (what it plays then depends on the
machine's speed).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, cast

from cardtable.bots import Bot, Decision, Needs, SamplePlayer, make_bot, register_param_bot
from cardtable.engine.errors import OptionError
from cardtable.engine.game import Action, Game, State, lowest_wins

DEFAULT_TIME = 0.5
Evaluation = Callable[[State], Sequence[float]]
"""Per seat, the points a state is still expected to bring each seat before its round ends
(negative where points are penalties), for a play-out cut off mid-round."""
Shortlist = Callable[["Decision", Action], Sequence[Action]]
"""The root moves worth searching, best first by the game's own judgement, given the decision
and the policy's move (which is always searched)."""
Explanation = Callable[["Decision", Action], "str | None"]
"""Words for a hint: why this move is good, read from the decision's view (what the seat
sees), or None."""
Sampler = Callable[[random.Random], State]
"""Draws a state the deciding seat cannot tell apart from the real one."""
Belief = Callable[["Decision"], "Sampler | None"]
"""A sampler weighing the deals by what the others' moves say about their cards, built from
the decision's observation alone, or None to deal uniformly (``observation.sample``)."""


@dataclass(frozen=True, slots=True)
class Knowledge:
    """What one game tells the search: how to play out a deal fast and how to judge a cut-off.

    ``rollout`` names a bot of the game that needs at most a view (``greedy``, ``random``);
    ``opponent_rollout``, when set, plays the other seats' play-out moves instead, so a search
    can play out its own seat with a stronger policy while modelling the others as they are
    thought to play; ``advisor``, when set, is the bot whose move at the root the search keeps
    unless a challenger beats it, asked from the seat's own view: a policy too slow to play out
    thousands of moves a second may still lead the search;
    ``evaluate`` estimates what the rest of a cut-off round is worth to each seat (``None``:
    nothing); ``explain`` words a move for a hint.
    """

    rollout: str = "greedy"
    opponent_rollout: str | None = None  # the others' play-out bot (None: ``rollout``)
    advisor: str | None = None  # the bot whose root move stands unless beaten (None: ``rollout``)
    max_plies: int = 400
    evaluate: Evaluation | None = None
    explain: Explanation | None = None
    widen: float = 0.5  # children of an inner node: 1 + widen * sqrt(visits)
    root_widen: float = 1.5  # children of the root: 1 + root_widen * sqrt(visits)
    exploration: float = 0.7  # UCB constant, times the spread of the rewards seen
    candidates: Shortlist | None = None  # the root moves worth searching (None: all legal)
    max_candidates: int = 8
    tree: bool = True  # grow a tree below the root (False: the policy plays every later move)
    margin: float = 1.0  # standard errors by which a challenger must beat the policy's move
    belief: Belief | None = None  # deals weighed by the others' moves (None: uniform)
    unit: str = "points"  # what a round's gain is counted in, for a hint's words
    win_bonus: float = 0.0  # points a play-out's lead on the totals is worth over its margin


_KNOWLEDGE: dict[str, Knowledge] = {}


def register_knowledge(game: str, knowledge: Knowledge) -> None:
    """The search's knowledge of ``game`` (its bot module registers it)."""
    _KNOWLEDGE[game] = knowledge


def knowledge_for(game: Game) -> Knowledge:
    from cardtable.bots import bot_names

    names = list(bot_names(game.name))  # loads the bot modules, which register their knowledge
    found = _KNOWLEDGE.get(game.name)
    if found is not None:
        return found
    return Knowledge(rollout="greedy" if "greedy" in names else "random")


# ---- the tree ---------------------------------------------------------------------------------
class Node:
    """One information set of the deciding seat: the moves seen so far from the root.

    ``visits`` and ``total`` belong to the edge into this node (the reward of the seat that
    made the move); ``avail`` counts the parent's visits in which that move was legal.
    """

    __slots__ = ("avail", "children", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[tuple[int, str], Node] = {}
        self.visits = 0
        self.avail = 0
        self.total = 0.0

    @property
    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0


@dataclass(frozen=True, slots=True)
class Choice:
    """One root move after a search: how often it was played and what it was worth."""

    action: Action
    visits: int
    mean: float  # mean reward: round gain less the others' mean gain


@dataclass(frozen=True, slots=True)
class SearchResult:
    """What a search found: the move to make and the root moves ranked, best first."""

    action: Action
    choices: tuple[Choice, ...]
    iterations: int
    elapsed_s: float


@dataclass(slots=True)
class Budget:
    """Iterations (reproducible) or seconds a move."""

    iters: int | None = None
    seconds: float | None = None

    def describe(self) -> str:
        return f"iters={self.iters}" if self.iters is not None else f"time={self.seconds:g}"


@dataclass(slots=True)
class _Stats:
    low: float = math.inf
    high: float = -math.inf

    def see(self, values: Sequence[float]) -> None:
        for v in values:
            if v < self.low:
                self.low = v
            if v > self.high:
                self.high = v

    @property
    def spread(self) -> float:
        return max(1e-6, self.high - self.low) if self.high >= self.low else 1.0


class IsmctsBot:
    """Information-set MCTS over the engine protocol; see the module docstring."""

    needs: ClassVar[Needs] = "observation"

    def __init__(
        self,
        game: Game,
        seed: int = 0,
        budget: Budget | None = None,
        knowledge: Knowledge | None = None,
        name: str = "ismcts",
    ) -> None:
        self.game = game
        self.seed = seed
        self.budget = budget or Budget(seconds=DEFAULT_TIME)
        self.knowledge = knowledge or knowledge_for(game)
        self.name = name
        self.last: SearchResult | None = None
        own = self.knowledge.rollout
        others = self.knowledge.opponent_rollout or own
        kinds = set()
        for name in {own, others}:
            policy = make_bot(name, game, 0)
            policy_needs: Needs = getattr(policy, "needs", "observation")
            if policy_needs == "observation":
                raise OptionError(f"the play-out bot {name!r} must not search itself")
            kinds.add((policy_needs, callable(getattr(policy, "play_sample", None))))
        if len(kinds) > 1:
            # One way of asking every seat's policy keeps the play-out loop free of checks.
            raise OptionError(f"the play-out bots {own!r} and {others!r} must read the same view")
        (self._policy_needs, self._reads_samples), = kinds
        self._rollouts = (own, others)
        self._advisor: Bot | None = None
        if self.knowledge.advisor is not None:
            self._advisor = make_bot(self.knowledge.advisor, game, seed)
            if getattr(self._advisor, "needs", "observation") == "observation":
                raise OptionError(f"the advisor {self.knowledge.advisor!r} must not search itself")

    def choose(self, decision: Decision) -> Action:
        if len(decision.legal) == 1:
            return decision.legal[0]
        return self.search(decision).action

    # ---- the search -----------------------------------------------------------------------
    def search(self, decision: Decision) -> SearchResult:
        """Search from the decision's observation within the budget.

        The root is searched in *sweeps*: each sweep draws one deal of the unseen cards and
        plays every surviving root move from a copy of it (the same deal, the same future
        shuffles), so root moves are compared on common deals, which removes most of the luck
        of the deal from their differences. Below the root each play-out walks the
        information-set tree. The field of root moves is halved (best means kept) by sequential
        halving: the budget is cut into equal stages, one per halving, so every stage's
        survivors share its play-outs (halving after 2 and 4 sweeps, as first written, dropped
        the third and later moves on four deals each). The policy's own move always stays,
        and a challenger replaces it only when it beats it on the common deals by ``margin``
        standard errors.
        """
        began = time.perf_counter()
        observation = decision.observe()
        seat = decision.seat
        rng = random.Random(f"ismcts/{self.seed}/{seat}/{observation.version}")
        # One play-out bot per seat, seeded for this decision (a greedy bot may sample).
        players = self.game.players
        own, others = self._rollouts
        policies: list[Bot] = [
            make_bot(own if s == seat else others, self.game, rng.getrandbits(62))
            for s in range(players)
        ]
        root = Node()
        stats = _Stats()
        budget = self.budget
        deadline = began + (budget.seconds if budget.seconds is not None else math.inf)
        limit = budget.iters if budget.iters is not None else 1 << 62
        legal = list(decision.legal)
        draw: Sampler = observation.sample
        if self.knowledge.belief is not None:
            draw = self.knowledge.belief(decision) or draw
        first = draw(rng)
        if self._advisor is not None:
            baseline = self._advisor.choose(decision)
        else:
            baseline = self._policy(policies, first, seat, legal)
        field = self._candidates(decision, legal, baseline, rng)
        rewards: dict[str, list[float]] = {str(a): [] for a in field}
        iterations = 0
        sweeps = 0
        # Sequential halving: the budget in equal stages, one per halving of the field.
        stages = max(1, math.ceil(math.log2(len(field)))) if len(field) > 1 else 1
        stage = 0
        sample: State | None = first
        while iterations < limit and len(field) > 1:
            if sample is None:
                sample = draw(rng)
            done: dict[str, float] = {}
            # The first sweep is finished whatever the clock says: on a machine too busy for
            # one play-out of each move in the time, a hint would otherwise compare nothing.
            due = deadline if sweeps else math.inf
            for action in field:
                if iterations >= limit or (iterations and time.perf_counter() >= due):
                    break
                state = sample.clone()
                value = self._iterate(state, seat, root, policies, rng, stats, action, due)
                if value is None:
                    break  # out of time in the middle of a play-out
                done[str(action)] = value
                iterations += 1
            sample = None
            if len(done) < len(field):
                break  # an unfinished sweep is left out of the comparison
            for key, value in done.items():
                rewards[key].append(value)
            sweeps += 1
            if len(field) > 2 and sweeps >= 2:
                spent = (iterations / limit if budget.iters is not None
                         else (time.perf_counter() - began) / (deadline - began))
                if spent >= (stage + 1) / stages:
                    field = self._halve(field, rewards, baseline)
                    stage += 1
            if time.perf_counter() >= deadline:
                break
        action = self._pick(field, rewards, baseline, sweeps)
        result = self._result(decision, action, rewards, iterations, time.perf_counter() - began)
        self.last = result
        return result

    def _candidates(self, decision: Decision, legal: list[Action], baseline: Action,
                    rng: random.Random) -> list[Action]:
        """The root moves worth searching: the game's shortlist (the policy's move first), or
        every legal move when the game gives none."""
        shortlist = self.knowledge.candidates
        moves = list(shortlist(decision, baseline)) if shortlist is not None else list(legal)
        out = [baseline]
        seen = {str(baseline)}
        legal_keys = {str(a) for a in legal}
        for a in moves:
            key = str(a)
            if key not in seen and key in legal_keys:
                seen.add(key)
                out.append(a)
        return out[: self.knowledge.max_candidates]

    @staticmethod
    def _mean(values: list[float]) -> float:
        return sum(values) / len(values) if values else -math.inf

    def _halve(self, field: list[Action], rewards: dict[str, list[float]],
               baseline: Action) -> list[Action]:
        ranked = sorted(field, key=lambda a: self._mean(rewards[str(a)]), reverse=True)
        keep = ranked[: max(2, (len(ranked) + 1) // 2)]
        if baseline not in keep:
            keep[-1] = baseline
        return keep

    def _pick(self, field: list[Action], rewards: dict[str, list[float]], baseline: Action,
              sweeps: int) -> Action:
        """The challenger with the best paired gain over the policy's move, when that gain is
        at least ``margin`` standard errors; else the policy's move."""
        if sweeps < 2:
            return baseline
        base = rewards[str(baseline)]
        best, best_gain = baseline, 0.0
        for action in field:
            if action is baseline:
                continue
            diffs = [x - y for x, y in zip(rewards[str(action)], base, strict=False)]
            n = len(diffs)
            if n < 2:
                continue
            mean = sum(diffs) / n
            var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
            se = math.sqrt(var / n)
            if mean > best_gain and mean > self.knowledge.margin * se:
                best, best_gain = action, mean
        return best

    def _result(self, decision: Decision, action: Action, rewards: dict[str, list[float]],
                iterations: int, elapsed: float) -> SearchResult:
        ranked = [Choice(a, len(rewards[str(a)]), self._mean(rewards[str(a)]))
                  for a in decision.legal if rewards.get(str(a))]
        ranked.sort(key=lambda c: (c.action == action, c.visits, c.mean), reverse=True)
        if not ranked:
            ranked = [Choice(action, 0, 0.0)]
        return SearchResult(action, tuple(ranked), iterations, elapsed)

    def _policy(self, policies: list[Bot], state: State, seat: int,
                legal: Sequence[Action]) -> Action:
        policy = policies[seat]
        if self._reads_samples:  # the same move, without writing out and parsing a view
            return cast(SamplePlayer, policy).play_sample(state, seat, legal)
        return policy.choose(Decision.at(state, seat, self._policy_needs, legal))

    def _iterate(
        self,
        state: State,
        me: int,
        root: Node,
        policies: list[Bot],
        rng: random.Random,
        stats: _Stats,
        forced: Action,
        deadline: float = math.inf,
    ) -> float | None:
        """One play-out from ``state`` (a sample) starting with ``forced``, the root move under
        test; returns the deciding seat's reward and updates the tree on the way back, or None
        (and changes nothing) when the deadline passes first."""
        k = self.knowledge
        start_totals = list(state.scores)
        start_rounds = state.rounds_played
        path: list[tuple[Node, int]] = []  # (edge node, seat that moved)
        node = root
        first = True
        expanded = False
        plies = 0
        while not state.is_over and state.rounds_played == start_rounds:
            actors = state.actors
            if first and me in actors:
                seat = me
            elif len(actors) == 1:
                seat = actors[0]
            else:
                seat = actors[rng.randrange(len(actors))]
            if first:  # the root move under test
                action = forced
                key = (seat, str(forced))
                node = root.children.get(key) or root.children.setdefault(key, Node())
                node.avail += 1
                path.append((node, seat))
                expanded = not k.tree
            elif expanded:  # play-out
                if plies >= k.max_plies:
                    break
                legal = state.legal_actions(seat)
                action = legal[0] if len(legal) == 1 else self._policy(policies, state, seat,
                                                                       legal)
            else:
                legal = state.legal_actions(seat)
                action, node = self._descend(state, me, seat, legal, node, first, policies, rng,
                                             stats.spread)
                path.append((node, seat))
                if node.visits == 0:
                    expanded = True
            if first:
                state.apply(seat, action)  # a move of the real table, tried on a sample
            else:
                state.apply_legal(seat, action)  # chosen from this state's own legal moves
            first = False
            plies += 1
            if plies & 7 == 0 and time.perf_counter() >= deadline:
                return None
        cut = not state.is_over and state.rounds_played == start_rounds
        values = self._values(state, start_totals, cut)
        stats.see(values)
        root.visits += 1
        for edge, seat in path:
            edge.visits += 1
            edge.total += values[seat]
        return values[me]

    def _descend(
        self,
        state: State,
        me: int,
        seat: int,
        legal: Sequence[Action],
        node: Node,
        at_root: bool,
        policies: list[Bot],
        rng: random.Random,
        spread: float,
    ) -> tuple[Action, Node]:
        """Choose the move at a tree node: grow a new child (the policy's move first) while
        the node may have more, else the best available child by UCB."""
        k = self.knowledge
        if at_root or seat == me:
            keys = [(seat, str(a)) for a in legal]
        else:
            keys = [(seat, str(state.seen_action(seat, a, me))) for a in legal]
        children = node.children
        available: list[tuple[Node, Action]] = []
        untried: list[tuple[tuple[int, str], Action]] = []
        for key, action in zip(keys, legal, strict=True):
            child = children.get(key)
            if child is None:
                untried.append((key, action))
            else:
                child.avail += 1
                available.append((child, action))
        widen = k.root_widen if at_root else k.widen
        room = 1 + int(widen * math.sqrt(node.visits))
        if untried and (not available or len(children) < room):
            if len(untried) == len(legal) or len(available) == 0 or rng.random() < 0.5:
                wanted = legal[0] if len(legal) == 1 else self._policy(policies, state, seat,
                                                                       legal)
                pick = next(((kk, a) for kk, a in untried if a == wanted), None)
            else:
                pick = None
            if pick is None:
                pick = untried[rng.randrange(len(untried))]
            key, action = pick
            child = Node()
            child.avail = 1
            children[key] = child
            return action, child
        # UCB over the children available in this determinization.
        c = k.exploration
        best: tuple[Node, Action] = available[0]
        best_score = -math.inf
        for child, action in available:
            if child.visits == 0:
                return action, child
            score = child.total / child.visits + c * math.sqrt(
                math.log(max(child.avail, 1)) / child.visits
            ) * spread
            if score > best_score:
                best_score, best = score, (child, action)
        return best[1], best[0]

    def _values(self, state: State, start: list[int], cut: bool) -> list[float]:
        """Each seat's reward: its gain since the root (plus the evaluation of a cut-off
        round), less the mean gain of the others."""
        sign = -1.0 if lowest_wins(state) else 1.0
        gains = [sign * (t - s) for t, s in zip(state.scores, start, strict=True)]
        evaluate = self.knowledge.evaluate
        if cut and evaluate is not None and not state.is_over:
            extra = evaluate(state)
            gains = [g + sign * e for g, e in zip(gains, extra, strict=True)]
        n = len(gains)
        if n == 1:
            return gains
        total = sum(gains)
        values = [g - (total - g) / (n - 1) for g in gains]
        if self.knowledge.win_bonus:
            # Winning is what a table counts: the seat leading the totals at the play-out's
            # end (a tie shared) earns the bonus, less the others' mean share of it.
            ends = [sign * s + g for s, g in zip(start, gains, strict=True)]
            top = max(ends)
            leaders = [e >= top - 1e-9 for e in ends]
            share = 1.0 / sum(leaders)
            shares = [share if lead else 0.0 for lead in leaders]
            bonus = self.knowledge.win_bonus
            values = [v + bonus * (w - (1.0 - w) / (n - 1)) for v, w in zip(values, shares,
                                                                                strict=True)]
        return values


# ---- names and hints ---------------------------------------------------------------------------
def parse_budget(params: Mapping[str, str]) -> tuple[Budget, dict[str, float]]:
    """Read ``iters``/``time`` and the tuning knobs (``c``, ``widen``) from a bot name."""
    known = {"iters", "time", "c", "widen"}
    unknown = sorted(set(params) - known)
    if unknown:
        raise OptionError(f"ismcts takes iters=N or time=SECONDS (and c=, widen=), "
                          f"not {unknown[0]!r}")
    if "iters" in params and "time" in params:
        raise OptionError("ismcts takes iters=N or time=SECONDS, not both")
    budget = Budget(seconds=DEFAULT_TIME)
    if "iters" in params:
        try:
            iters = int(params["iters"])
        except ValueError:
            raise OptionError(f"ismcts: iters must be a whole number, not "
                              f"{params['iters']!r}") from None
        if not 1 <= iters <= 10_000_000:
            raise OptionError(f"ismcts: iters must be from 1 to 10000000, not {iters}")
        budget = Budget(iters=iters)
    if "time" in params:
        seconds = _number(params["time"], "time")
        if not 0.001 <= seconds <= 3600:
            raise OptionError(f"ismcts: time must be from 0.001 to 3600 seconds, not {seconds:g}")
        budget = Budget(seconds=seconds)
    knobs = {key: _number(params[key], key) for key in ("c", "widen") if key in params}
    for key, value in knobs.items():
        if not 0 <= value <= 100:
            raise OptionError(f"ismcts: {key} must be from 0 to 100, not {value:g}")
    return budget, knobs


def _number(text: str, what: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise OptionError(f"ismcts: {what} must be a number, not {text!r}") from None
    if not math.isfinite(value):
        raise OptionError(f"ismcts: {what} must be a finite number, not {text!r}")
    return value


def make_ismcts(game: Game, seed: int, params: Mapping[str, str]) -> IsmctsBot:
    budget, knobs = parse_budget(params)
    knowledge = knowledge_for(game)
    if "c" in knobs:
        knowledge = _replace(knowledge, exploration=knobs["c"])
    if "widen" in knobs:
        knowledge = _replace(knowledge, widen=knobs["widen"], root_widen=3 * knobs["widen"])
    name = "ismcts" + "".join(f":{k}={v}" for k, v in sorted(params.items()))
    return IsmctsBot(game, seed, budget, knowledge, name)


def _replace(knowledge: Knowledge, **changes: Any) -> Knowledge:
    from dataclasses import replace

    return replace(knowledge, **changes)


@dataclass(frozen=True, slots=True)
class Hint:
    """The search's advice for one seat: the move, and why in words.

    ``words`` says it all; ``reasons`` (the game's, or None) and ``figures`` (what the
    play-outs found) are its parts, for a small screen that shows the reasons first and the
    figures on request."""

    action: Action
    words: str
    result: SearchResult = field(repr=False)
    reasons: str | None = None
    figures: str = ""


def hint(state: State, seat: int, seconds: float = 0.8, seed: int = 0) -> Hint:
    """Advice for ``seat`` from a search of about ``seconds``, built from the seat's sealed
    observation (a :class:`Decision`) only, never from the state itself."""
    bot = IsmctsBot(state.game, seed, Budget(seconds=seconds))
    return advise(bot, Decision.at(state, seat, "observation"))


def advise(bot: IsmctsBot, decision: Decision) -> Hint:
    """The hint ``bot`` gives for a sealed ``decision`` (what the server's workers are handed)."""
    if len(decision.legal) == 1:
        only = decision.legal[0]
        return Hint(only, f"{only}: it is your only move.",
                    SearchResult(only, (Choice(only, 0, 0.0),), 0, 0.0), "It is your only move.")
    result = bot.search(decision)
    best = result.choices[0].action
    reasons = reasons_for(decision, best, bot.knowledge)
    figures = figures_of(result, bot.knowledge)
    return Hint(result.action, _words(best, reasons, figures), result, reasons, figures)


def describe(result: SearchResult, decision: Decision, knowledge: Knowledge) -> str:
    """The search's reasons in words: the game's own, then what the play-outs found."""
    best = result.choices[0].action
    return _words(best, reasons_for(decision, best, knowledge), figures_of(result, knowledge))


def _words(best: Action, reasons: str | None, figures: str) -> str:
    return " ".join(part for part in (f"Try {best}.", reasons, figures) if part)


def reasons_for(decision: Decision, action: Action, knowledge: Knowledge) -> str | None:
    """The game's reasons for ``action`` as one sentence, or None when it has none."""
    if knowledge.explain is None:
        return None
    why = knowledge.explain(decision, action)
    if not why:
        return None
    return why[0].upper() + why[1:] + ("" if why.endswith(".") else ".")


def figures_of(result: SearchResult, knowledge: Knowledge) -> str:
    """What the play-outs found, as a sentence: where the chosen move left the seat against
    the rest of the table on average, and the runner-up; nothing when no deal was played out
    (the game's shortlist left the search one move, as a betting game's may at a substitution,
    whose chances the reasons give). Said as ahead or behind rather than a signed number: in a game
    scored on penalty points "-0.8 points" reads as fewer penalties, which is the opposite."""
    best = result.choices[0]
    deals = sum(c.visits for c in result.choices)
    if deals == 0:
        return ""
    unit = knowledge.unit
    if len(result.choices) == 1:
        return (f"In {deals} deals of the cards you cannot see it left you "
                f"{_standing(best.mean, unit)} on average.")
    other = result.choices[1]
    found = (f"In {deals} deals of the cards you cannot see, played out to the end of the "
             f"round, it left you {_standing(best.mean, unit)} on average")
    if other.mean > best.mean:
        # A move is chosen over another only when it wins clearly on the same deals (the
        # policy's move stays unless a challenger beats it by ``margin`` standard errors):
        # say so, or the figures seem to contradict the advice.
        return (f"{found}; {other.action} left you {_standing(other.mean)}, a difference "
                "within the luck of those deals, too small to trust.")
    return f"{found}; the next best, {other.action}, {_standing(other.mean)}."


def _standing(mean: float, unit: str = "") -> str:
    """A mean gain over the rest of the table in words: "1.2 points ahead of the rest of the
    table", or for a runner-up just "1.2 ahead" (the unit and the table said once)."""
    amount = f"{abs(mean):.1f}"
    side = "ahead" if mean > 0 else "behind"
    if amount == "0.0":
        return "level with the rest of the table" if unit else "level"
    if not unit:
        return f"{amount} {side}"
    return f"{amount} {unit} {side}{' of' if mean > 0 else ''} the rest of the table"


register_param_bot("ismcts", "*", make_ismcts,
                   about="the strongest; it plays out what the hidden cards may be",
                   title="search")

__all__ = [
    "Budget",
    "Choice",
    "Hint",
    "IsmctsBot",
    "Knowledge",
    "SearchResult",
    "advise",
    "describe",
    "figures_of",
    "hint",
    "knowledge_for",
    "make_ismcts",
    "reasons_for",
    "register_knowledge",
]
