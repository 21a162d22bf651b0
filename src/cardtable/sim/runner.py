"""Batch self-play: many complete matches between bots, checked as they are played.

Every match draws its deal and its bots' choices from seeds derived from the batch seed and the
match's index alone, so a batch gives the same totals however it is split, in one process or
several, and any single match can be re-run from the seed shown in a violation message.
"""

from __future__ import annotations

import hashlib
import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardtable.bots import Bot, Decision, Needs, make_bot
from cardtable.engine.errors import IllegalAction, OptionError
from cardtable.engine.game import Action, Game, State, load_game, lowest_wins
from cardtable.engine.record import save_record
from cardtable.sim.backends import MAX_GAMES, Timing, check_run, keep_on_interrupt, run_batches
from cardtable.sim.collector import fewer_collections
from cardtable.sim.stats import MatchOutcome, Tally

MAX_DECISIONS = 1_000_000
"""A match still going after this many decisions counts as not terminating. A game's house rules
typically end any match within a few hundred rounds of a few hundred turns (a draw, a few melds
and a discard each), well under this; the bound is generic so a game without such rules is
still caught."""

Progress = Callable[[int], None]
"""Called with the number of matches just completed (for progress bars)."""

Trail = list[tuple[tuple[int, ...], tuple[Action, ...]]]
"""A match's decisions as a bot met them, one entry a decision: the seats that could act and
the legal actions of the seat that did (the actions themselves are the state's history)."""


def derive_seed(seed: int, match: int, role: str) -> int:
    """A 63-bit seed for one purpose (``"deal"``, ``"seat0"``...) of match number ``match``.

    A hash rather than ``seed + match`` so that neighbouring batch seeds share no matches, and
    rather than ``hash()`` so that it is the same on every machine and Python version.
    """
    digest = hashlib.blake2b(f"{seed}/{match}/{role}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


@dataclass(frozen=True, slots=True)
class SimConfig:
    """What to simulate: the game, the table, the bots (one per seat) and the batch seed."""

    game: str
    players: int | None
    bots: tuple[str, ...]
    games: int
    seed: int = 0
    options: Mapping[str, Any] = field(default_factory=dict)
    max_decisions: int = MAX_DECISIONS
    records: str | None = None  # a directory to write every match's record into
    rounds: int | None = None  # end every match after this many rounds, scored on the totals
    rotate: bool = True  # turn the line-up one seat further round the table every match


@dataclass(slots=True)
class SimReport:
    """The totals of a batch and how long it took."""

    game: Game
    seat_bots: tuple[str, ...]
    seed: int
    tally: Tally
    elapsed_s: float
    rotate: bool = True
    rounds: int | None = None
    requested: int = 0  # matches asked for; more than were played when interrupted
    interrupted: bool = False
    startup_s: float = 0.0  # starting the workers (a local Ray), not counted in elapsed_s

    @property
    def decisions_per_s(self) -> float:
        return self.tally.decisions / self.elapsed_s if self.elapsed_s > 0 else 0.0

    @property
    def matches_per_s(self) -> float:
        return self.tally.games / self.elapsed_s if self.elapsed_s > 0 else 0.0

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "game": self.game.name,
            "players": self.game.players,
            "bots": list(self.seat_bots),
            "rotate": self.rotate,
            "seed": self.seed,
            "options": dict(self.game.options),
        }
        data.update(self.tally.to_dict())
        data["round_limit"] = self.rounds
        data["requested"] = self.requested
        data["interrupted"] = self.interrupted
        data["elapsed_s"] = round(self.elapsed_s, 4)
        data["startup_s"] = round(self.startup_s, 4)
        data["decisions_per_s"] = round(self.decisions_per_s, 1)
        data["matches_per_s"] = round(self.matches_per_s, 2)
        return data


def seat_bots(bots: tuple[str, ...] | list[str], players: int) -> tuple[str, ...]:
    """One bot name per seat: seat i gets ``bots[i]``, the last name filling the rest."""
    names = tuple(b.strip().lower() for b in bots)
    if not names or any(not b for b in names):
        raise OptionError("name at least one bot, e.g. --bots random or --bots greedy,random")
    if len(names) > players:
        raise OptionError(f"{len(names)} bots named for {players} players")
    return names + (names[-1],) * (players - len(names))


def rotated(names: tuple[str, ...], match: int) -> tuple[str, ...]:
    """The line-up of match number ``match``: ``names`` turned ``match`` seats round the table,
    so over a batch every bot sits at every seat equally often (the bot listed first sits at
    seat ``match % players``)."""
    k = match % len(names)
    return names[-k:] + names[:-k] if k else names


def standings(state: State) -> list[int]:
    """The seats on the best total now (lowest or highest, as the game's totals win): the
    winners of a match ended after a fixed number of rounds."""
    scores = list(state.scores)
    best = min(scores) if lowest_wins(state) else max(scores)
    return [s for s, t in enumerate(scores) if t == best]


def prepare(config: SimConfig) -> tuple[Game, tuple[str, ...]]:
    """Check everything a user typed before the first match starts (raises OptionError)."""
    if (isinstance(config.games, bool) or not isinstance(config.games, int)
            or not 1 <= config.games <= MAX_GAMES):
        raise OptionError(f"the number of games must be between 1 and {MAX_GAMES:,}, "
                          f"not {config.games}")
    if config.rounds is not None and (isinstance(config.rounds, bool)
                                      or not isinstance(config.rounds, int) or config.rounds < 1):
        raise OptionError(f"the number of rounds must be at least 1, not {config.rounds}")
    if config.max_decisions < 1:
        raise OptionError("the decision limit must be at least 1")
    game = load_game(config.game, config.players, config.options)
    names = seat_bots(config.bots, game.players)
    for name in set(names):
        make_bot(name, game, 0)  # an unknown bot is refused here, not mid-batch
    return game, names


def play_match(
    game: Game,
    names: tuple[str, ...],
    seed: int,
    match: int,
    max_decisions: int = MAX_DECISIONS,
    records: str | None = None,
    rounds: int | None = None,
) -> MatchOutcome:
    """Play match number ``match`` and keep only its outcome (see :func:`play_state`)."""
    return play_state(game, names, seed, match, max_decisions, records, rounds)[1]


def play_state(
    game: Game,
    names: tuple[str, ...],
    seed: int,
    match: int,
    max_decisions: int = MAX_DECISIONS,
    records: str | None = None,
    rounds: int | None = None,
    trail: Trail | None = None,
) -> tuple[State, MatchOutcome]:
    """Play match number ``match`` of the batch with seed ``seed`` to its end, or, with
    ``rounds``, until that many rounds are played: the match is then scored on the totals, its
    winners the seats on the best total (:func:`standings`).

    After every decision the state's own invariant check runs (when the game has one); the first
    breach, a refused legal action, a seat left with nothing to do, or a match that will not end
    abandons the match and is reported as a problem. With ``records`` (a directory) the match's
    record is written there as ``GAME-SEED-MATCH.json``, finished or abandoned. With ``trail``,
    what each decision was made between is appended to it, for :func:`replay_state`.
    """
    with fewer_collections():
        return _play(game, names, seed, match, max_decisions, records, rounds, trail)


def _play(
    game: Game,
    names: tuple[str, ...],
    seed: int,
    match: int,
    max_decisions: int,
    records: str | None,
    rounds: int | None,
    trail: Trail | None,
) -> tuple[State, MatchOutcome]:
    state: State = game.new_state(derive_seed(seed, match, "deal"))
    bots: list[Bot] = [
        make_bot(name, game, derive_seed(seed, match, f"seat{i}")) for i, name in enumerate(names)
    ]
    check: Callable[[], list[str]] | None = getattr(state, "invariant_violations", None)
    table_rng: random.Random | None = None  # picks who moves first when several may act
    problems: list[str] = []
    decisions = 0
    legal_actions = state.legal_actions
    apply = state.apply
    needs: list[Needs] = [getattr(bot, "needs", "observation") for bot in bots]
    while not state.is_over:
        if rounds is not None and state.rounds_played >= rounds:
            break
        actors = state.actors
        if len(actors) == 1:
            seat = actors[0]
        elif not actors:
            problems.append("no seat may act but the match is not over")
            break
        else:
            if table_rng is None:
                table_rng = random.Random(derive_seed(seed, match, "table"))
            seat = actors[table_rng.randrange(len(actors))]
        legal = legal_actions(seat)
        if not legal:
            problems.append(f"seat {seat} is to act but has no legal action")
            break
        if trail is not None:
            trail.append((actors, tuple(legal)))
        action = bots[seat].choose(Decision.at(state, seat, needs[seat], legal))
        try:
            apply(seat, action)
        except IllegalAction as exc:
            problems.append(f"seat {seat} ({names[seat]}) chose {action}, which was refused: {exc}")
            break
        decisions += 1
        if _stops(check, decisions, max_decisions, problems):
            break
    return _outcome(state, game, names, seed, match, records, problems, decisions)


def replay_state(
    game: Game,
    names: tuple[str, ...],
    seed: int,
    match: int,
    played: State,
    trail: Trail,
    max_decisions: int = MAX_DECISIONS,
    records: str | None = None,
    rounds: int | None = None,
) -> tuple[State, MatchOutcome] | None:
    """Match number ``match`` under ``game``'s options, made of the moves of ``played`` (the
    same match number played by :func:`play_state` under other options, its ``trail`` kept),
    without asking any bot: the state and outcome :func:`play_state` would give, or None when
    that cannot be known so.

    The two are the same match while every seat acts among the same actors and the same legal
    actions, and the bots' choices do not depend on the options that differ (bots that say
    ``blind_to_the_end``, options that ``ends_match``). The first step where the tables differ,
    or the end of ``played`` before this match ends, gives None: the match must be played.
    """
    with fewer_collections():
        state: State = game.new_state(derive_seed(seed, match, "deal"))
        check: Callable[[], list[str]] | None = getattr(state, "invariant_violations", None)
        problems: list[str] = []
        decisions = 0
        moves = played.history
        known = min(len(moves), len(trail))  # a refused last choice is in the trail only
        while not state.is_over:
            if rounds is not None and state.rounds_played >= rounds:
                break
            if decisions >= known:
                return None
            seat, action = moves[decisions]
            actors, legal = trail[decisions]
            if state.actors != actors or tuple(state.legal_actions(seat)) != legal:
                return None
            state.apply_legal(seat, action)
            decisions += 1
            if _stops(check, decisions, max_decisions, problems):
                break
        return _outcome(state, game, names, seed, match, records, problems, decisions)


def _stops(check: Callable[[], list[str]] | None, decisions: int, max_decisions: int,
           problems: list[str]) -> bool:
    """After a decision: whether the match must stop here, a broken invariant or the cap on
    decisions written into ``problems`` (a played and a replayed match stop alike)."""
    if check is not None:
        found = check()
        if found:
            problems.extend(f"after decision {decisions}: {p}" for p in found)
            return True
    if decisions >= max_decisions:
        problems.append(f"the match did not end within {max_decisions} decisions")
        return True
    return False


def _outcome(state: State, game: Game, names: tuple[str, ...], seed: int, match: int,
             records: str | None, problems: list[str],
             decisions: int) -> tuple[State, MatchOutcome]:
    if records is not None:
        save_record(state, Path(records) / f"{game.name}-{seed}-{match}.json")
    scores = list(state.scores)
    winners = list(state.winners) if state.is_over else standings(state)
    if not problems:
        if len(scores) != game.players:
            problems.append(f"{len(scores)} scores for {game.players} seats")
        elif not winners or any(not 0 <= s < game.players for s in winners):
            problems.append(f"the match ended with winners {winners}")
    return state, MatchOutcome(decisions, rounds_played(state), scores, winners, problems,
                               tuple(names), lowest_wins(state))


def rounds_played(state: State) -> int:
    """Rounds (deals) completed, as the game counts them."""
    return state.rounds_played


def _label(config: SimConfig, match: int) -> str:
    return f"match {match} (deal seed {derive_seed(config.seed, match, 'deal')})"


def run_range(config: SimConfig, start: int, stop: int, progress: Progress | None = None) -> Tally:
    """Play matches ``start..stop-1`` of the batch and total them."""
    game, names = prepare(config)
    tally = Tally(game.players)
    with keep_on_interrupt(tally):
        for k in range(start, stop):
            line_up = rotated(names, k) if config.rotate else names
            outcome = play_match(game, line_up, config.seed, k, config.max_decisions,
                                 config.records, config.rounds)
            tally.add(outcome, _label(config, k) if outcome.problems else "")
            if progress is not None:
                progress(1)
    return tally


def simulate(
    config: SimConfig,
    workers: int | None = 1,
    progress: Progress | None = None,
    on_start: Callable[[], None] | None = None,
    backend: str = "process",
    address: str | None = None,
    batch: int | None = None,
) -> SimReport:
    """Play the whole batch, in this process, in ``workers`` processes or on Ray, and report.

    ``on_start`` runs once the workers exist and just before play begins, so a caller can
    start a progress display (and its thread) only after the processes have forked. Ctrl-C
    stops the run: the report then holds the matches finished so far and says it was
    interrupted.
    """
    check_run(config.games, workers, backend, batch)
    game, names = prepare(config)
    tally = Tally(game.players)
    timing = Timing()
    began = time.perf_counter()
    parts = run_batches(run_range, config, config.games, workers, backend, address, batch,
                        progress, on_start, timing)
    interrupted = False
    try:
        for part in parts:
            tally.merge(part)
    except KeyboardInterrupt:
        interrupted = True
    finally:
        parts.close()
    elapsed = time.perf_counter() - began - timing.startup_s
    return SimReport(game, names, config.seed, tally, elapsed, config.rotate, config.rounds,
                     requested=config.games, interrupted=interrupted,
                     startup_s=timing.startup_s)
