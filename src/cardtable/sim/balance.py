"""Balance runs: many matches between bots, reduced to the measures a game designer asks for.

A run plays matches exactly as ``simulate`` does (the same seeds, the same line-ups, the same
backends) and keeps running sums only (:mod:`cardtable.sim.running`). With a comparison, every
match number is played once under each value of one option, on the same seeds, so the
differences between the values are paired: the same deals and the same bots' generators, with
only the rule changed. An option that only ends matches (the points to play to) between bots
that never look at when the match ends is played once, under the value that plays longest,
and the other values replay its moves: the same figures as playing each, for the cost of one.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from cardtable.bots import make_bot
from cardtable.engine.errors import OptionError
from cardtable.engine.game import Game, State, load_game
from cardtable.sim.backends import Timing, check_run, keep_on_interrupt, run_batches
from cardtable.sim.measures import (
    HISTOGRAMS,
    SHAPE,
    Ratio,
    measure,
    measures_for,
)
from cardtable.sim.runner import SimConfig, Trail, play_state, prepare, replay_state, rotated
from cardtable.sim.running import CoMoments, Pair, merge_counts, pair, quantile, spread
from cardtable.sim.stats import MatchOutcome, Tally, wilson

MAX_VARIANTS = 8


@dataclass(frozen=True, slots=True)
class BalanceConfig:
    """A run (as ``simulate`` describes one) and, optionally, an option to compare: its name
    and the values to play each match under."""

    sim: SimConfig
    compare: tuple[str, tuple[Any, ...]] | None = None
    share: bool = True  # replay one play for the other values where that is exact

    def variant_options(self) -> list[dict[str, Any]]:
        base = dict(self.sim.options)
        if self.compare is None:
            return [base]
        key, values = self.compare
        return [{**base, key: value} for value in values]


def ratios(game_name: str) -> tuple[Ratio, ...]:
    """The generic measures, then the game's own (from its kit), as a report lists them."""
    return SHAPE + measures_for(game_name).ratios


def _within_pairs(game_name: str, prefix: str = "") -> list[Pair]:
    """The products a run's ratios need for their intervals."""
    pairs: set[Pair] = set()
    for r in ratios(game_name):
        names = [prefix + r.key] + ([prefix + r.per] if r.per else [])
        pairs.update(pair(a, b) for a in names for b in names)
    return sorted(pairs)


def _across_pairs(game_name: str, variants: int) -> list[Pair]:
    """The products the paired differences need: within each variant and against the first."""
    pairs: set[Pair] = set()
    for i in range(variants):
        pairs.update(_within_pairs(game_name, f"{i}:"))
    for r in ratios(game_name):
        names = [r.key] + ([r.per] if r.per else [])
        for i in range(1, variants):
            pairs.update(pair(f"0:{a}", f"{i}:{b}") for a in names for b in names)
    return sorted(pairs)


@dataclass(slots=True)
class RunTally:
    """The running sums of one variant: ``simulate``'s totals and the balance measures."""

    players: int
    tally: Tally = field(init=False)
    position_wins: list[int] = field(init=False)  # by turn order: 0 is the first player
    score_squares: list[int] = field(init=False)
    moments: CoMoments = field(default_factory=CoMoments)
    histograms: dict[str, dict[int, int]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.tally = Tally(self.players)
        self.position_wins = [0] * self.players
        self.score_squares = [0] * self.players

    def add(self, values: dict[str, int], winners: list[int], scores: list[int], first: int,
            pairs: list[Pair]) -> None:
        n = self.players
        for seat in winners:
            self.position_wins[(seat - first) % n] += 1
        for seat, score in enumerate(scores):
            self.score_squares[seat] += score * score
        self.moments.add(values, pairs)
        for key in HISTOGRAMS:
            value = values.get(key, 0)
            if key == "decided_permille":
                value = min(9, value // 100)  # tenths of the match
            counts = self.histograms.setdefault(key, {})
            counts[value] = counts.get(value, 0) + 1

    def merge(self, other: RunTally) -> None:
        self.tally.merge(other.tally)
        for i in range(self.players):
            self.position_wins[i] += other.position_wins[i]
            self.score_squares[i] += other.score_squares[i]
        self.moments.merge(other.moments)
        for key, counts in other.histograms.items():
            merge_counts(self.histograms.setdefault(key, {}), counts)


@dataclass(slots=True)
class BalanceTally:
    """Every variant's sums, and the paired sums of the matches all variants finished."""

    runs: list[RunTally]
    paired: CoMoments = field(default_factory=CoMoments)

    def merge(self, other: BalanceTally) -> None:
        for mine, theirs in zip(self.runs, other.runs, strict=True):
            mine.merge(theirs)
        self.paired.merge(other.paired)


def prepare_balance(config: BalanceConfig) -> tuple[list[Game], tuple[str, ...]]:
    """Every variant's game, checked, and the line-up (raises OptionError)."""
    _, names = prepare(config.sim)
    variants = config.variant_options()
    if len(variants) > MAX_VARIANTS:
        raise OptionError(f"--compare takes at most {MAX_VARIANTS} values, not {len(variants)}")
    games = [load_game(config.sim.game, config.sim.players, opts) for opts in variants]
    return games, names


def run_balance_range(config: BalanceConfig, start: int, stop: int,
                      progress: Callable[[int], None] | None = None) -> BalanceTally:
    """Play matches ``start..stop-1`` under every variant and sum their measures."""
    games, names = prepare_balance(config)
    part = BalanceTally([RunTally(games[0].players) for _ in games])
    with keep_on_interrupt(part):
        _play_range(config, games, names, start, stop, part, progress)
    return part


def shares_play(config: BalanceConfig, games: list[Game], names: tuple[str, ...]) -> bool:
    """Whether the compared values can share one play of each match: the option only ends
    matches (``Option.ends_match``) and every bot of the line-up plays the same whenever the
    match is to end (``blind_to_the_end``). Then the match under one value is the match under
    another stopped sooner or later, and replaying its moves (checked step by step) costs a
    small part of asking the bots again."""
    if config.compare is None or not config.share or len(games) < 2:
        return False
    spec = next((o for o in games[0].option_specs if o.name == config.compare[0]), None)
    if spec is None or not spec.ends_match:
        return False
    return all(getattr(make_bot(name, games[0], 0), "blind_to_the_end", False)
               for name in set(names))


def play_order(config: BalanceConfig) -> list[int]:
    """The variants in the order their matches are played: with a shared play, the value that
    plays longest first (none, then the largest), so the others are replays of it."""
    if config.compare is None:
        return [0]
    values = config.compare[1]
    return sorted(range(len(values)),
                  key=lambda i: (values[i] is not None, -(values[i] or 0)))


def _play_range(config: BalanceConfig, games: list[Game], names: tuple[str, ...], start: int,
                stop: int, part: BalanceTally, progress: Callable[[int], None] | None) -> None:
    sim = config.sim
    within = _within_pairs(games[0].name)
    across = _across_pairs(games[0].name, len(games)) if len(games) > 1 else []
    shared = shares_play(config, games, names)
    order = play_order(config) if shared else list(range(len(games)))
    for k in range(start, stop):
        line_up = rotated(names, k) if sim.rotate else names
        played: list[tuple[State, MatchOutcome] | None] = [None] * len(games)
        lead: tuple[State, Trail] | None = None  # the longest play so far, for the replays
        for i in order:
            got = None
            if lead is not None:
                got = replay_state(games[i], line_up, sim.seed, k, lead[0], lead[1],
                                   sim.max_decisions, None, sim.rounds)
            if got is None:
                trail: Trail | None = [] if shared else None
                got = play_state(games[i], line_up, sim.seed, k, sim.max_decisions, None,
                                 sim.rounds, trail)
                if trail is not None and (lead is None or len(trail) > len(lead[1])):
                    lead = (got[0], trail)
            played[i] = got
        paired: dict[str, int] | None = {}
        for i, got in enumerate(played):
            assert got is not None
            state, outcome = got
            run = part.runs[i]
            run.tally.add(outcome, f"match {k}" if outcome.problems else "")
            if not outcome.finished:
                paired = None
                continue
            measured = measure(state, outcome.decisions, outcome.winners)
            run.add(measured.values, measured.winners, measured.scores, measured.first, within)
            if paired is not None:
                paired.update((f"{i}:{key}", v) for key, v in measured.values.items())
        if paired is not None and len(games) > 1:
            part.paired.add(paired, across)
        if progress is not None:
            progress(1)


@dataclass(slots=True)
class BalanceReport:
    config: BalanceConfig
    games: list[Game]
    seat_bots: tuple[str, ...]
    tally: BalanceTally
    elapsed_s: float
    startup_s: float = 0.0
    interrupted: bool = False

    def to_dict(self) -> dict[str, Any]:
        return balance_dict(self)


def balance(
    config: BalanceConfig,
    workers: int | None = 1,
    progress: Callable[[int], None] | None = None,
    on_start: Callable[[], None] | None = None,
    backend: str = "process",
    address: str | None = None,
    batch: int | None = None,
) -> BalanceReport:
    """Play the run and gather its measures (Ctrl-C: the matches finished so far)."""
    check_run(config.sim.games, workers, backend, batch)
    games, names = prepare_balance(config)
    total = BalanceTally([RunTally(games[0].players) for _ in games])
    timing = Timing()
    began = time.perf_counter()
    parts = run_batches(run_balance_range, config, config.sim.games, workers, backend, address,
                        batch, progress, on_start, timing,
                        plays=1 if shares_play(config, games, names) else len(games))
    interrupted = False
    try:
        for part in parts:
            total.merge(part)
    except KeyboardInterrupt:
        interrupted = True
    finally:
        parts.close()
    elapsed = time.perf_counter() - began - timing.startup_s
    return BalanceReport(config, games, names, total, elapsed, timing.startup_s, interrupted)


# ---- the report as data ------------------------------------------------------------------------

def _rate(wins: int, n: int) -> dict[str, Any]:
    low, high = wilson(wins, n)
    low, high = max(0.0, low), min(1.0, high)  # rounding can stray past the ends
    return {"wins": wins, "rate": round(wins / n, 4) if n else 0.0,
            "ci95": [round(low, 4), round(high, 4)]}


def _distribution(counts: dict[int, int]) -> dict[str, Any]:
    return {
        "min": min(counts) if counts else 0,
        "p10": quantile(counts, 0.1),
        "median": quantile(counts, 0.5),
        "p90": quantile(counts, 0.9),
        "max": max(counts) if counts else 0,
        "counts": {str(k): counts[k] for k in sorted(counts)},
    }


def _measure(moments: CoMoments, r: Ratio) -> dict[str, Any]:
    est = moments.estimate([(1.0, r.key, r.per)])
    if r.key.endswith("_permille"):
        est = replace(est, value=est.value / 1000, low=est.low / 1000, high=est.high / 1000)
    est = replace(est, low=max(0.0, est.low))  # every measure counts something
    if r.percent:  # a share: its interval stays within 0 and 1
        est = replace(est, high=min(1.0, est.high))
        part = moments.sums.get(r.key, 0)
        whole = moments.sums.get(r.per, 0) if r.per else moments.n
        counted = not r.key.endswith("_permille") and 0 <= part <= whole  # a count of whole
        if whole and (part in (0, whole) or (counted and (est.low <= 0.0 or est.high >= 1.0))):
            # All or nothing seen, or an interval the delta method ran past 0 or 1 (2 of 150
            # first-turn wins once read "0.0% to 3.2%", as if it might not happen): Wilson's
            # interval on the counts says how rare the unseen may still be, and never reaches
            # 0 for what was seen.
            low, high = wilson(part, whole)
            est = replace(est, low=max(0.0, low), high=min(1.0, high))
    data = est.rounded()
    data.update({"label": r.label, "per": r.per or "match", "percent": r.percent,
                 "total": moments.sums.get(r.key, 0)})
    return data


def run_dict(run: RunTally, game: Game) -> dict[str, Any]:
    """One variant's figures."""
    t = run.tally
    n = t.finished
    players = game.players
    credited = sum(run.position_wins)
    fair = credited / (n * players) if n else 0.0
    first = _rate(run.position_wins[0], n)
    seats = []
    for seat in range(players):
        entry = _rate(t.wins[seat], n)
        entry["seat"] = seat
        entry["mean_score"] = round(t.score_sums[seat] / n, 4) if n else 0.0
        entry["score_sd"] = round(spread(t.score_sums[seat], run.score_squares[seat], n), 4)
        seats.append(entry)
    positions = []
    for pos in range(players):
        entry = _rate(run.position_wins[pos], n)
        entry["position"] = pos + 1
        positions.append(entry)
    m = run.moments
    own = measures_for(game.name)
    families: dict[str, dict[str, int]] = {}
    for breakdown in own.breakdowns:
        prefix = breakdown.prefix
        found = {k[len(prefix):]: v for k, v in sorted(m.sums.items()) if k.startswith(prefix)}
        if breakdown.every is not None:
            found = {s: found.get(s, 0) for s in breakdown.every(game)} | found
        families[prefix.rstrip(":")] = found
    data: dict[str, Any] = {
        "options": dict(game.options),
        "games": t.games,
        "finished": t.finished,
        "violations": t.violations,
        "violation_messages": list(t.messages),
        "seats": seats,
        "positions": positions,
        "first_player": {**first, "fair_share": round(fair, 4),
                         "advantage": round(first["rate"] - fair, 4),
                         "advantage_ci95": [round(first["ci95"][0] - fair, 4),
                                            round(first["ci95"][1] - fair, 4)]},
        "ties": _rate(t.ties, n),
        "by_bot": t.by_bot,
        "shape": {r.key: _measure(m, r) for r in SHAPE},
        "distributions": {k: _distribution(run.histograms.get(k, {})) for k in HISTOGRAMS},
        "diagnostics": {r.key: _measure(m, r) for r in own.ratios},
        "families": families,
    }
    for breakdown in own.breakdowns:
        if breakdown.every is not None and breakdown.unused_key is not None:
            found = families[breakdown.prefix.rstrip(":")]
            data[breakdown.unused_key] = [s for s, k in found.items() if not k]
    return data


def balance_dict(report: BalanceReport) -> dict[str, Any]:
    """The whole report as JSON-able data: what ``--json`` prints and the HTML is drawn from."""
    config = report.config
    game = report.games[0]
    runs = [run_dict(run, g) for run, g in zip(report.tally.runs, report.games, strict=True)]
    played = report.tally.runs[0].tally.games
    data: dict[str, Any] = {
        "game": game.name,
        "title": game.title,
        "players": game.players,
        "bots": list(report.seat_bots),
        "rotate": config.sim.rotate,
        "seed": config.sim.seed,
        "requested": config.sim.games,
        "games": played,
        "interrupted": report.interrupted,
        "round_limit": config.sim.rounds,
    }
    if config.compare is None:
        data.update(runs[0])
    else:
        key, values = config.compare
        data["compare"] = {"option": key, "values": list(values), "variants": runs,
                           "differences": differences(report),
                           "shared_play": shares_play(config, report.games, report.seat_bots)}
    data["elapsed_s"] = round(report.elapsed_s, 4)
    data["startup_s"] = round(report.startup_s, 4)
    data["matches_per_s"] = round(played / report.elapsed_s, 2) if report.elapsed_s > 0 else 0
    return data


def differences(report: BalanceReport) -> list[dict[str, Any]]:
    """Each value against the first, measure by measure, on the matches every value finished:
    the paired difference with its 95% interval."""
    paired = report.tally.paired
    game = report.games[0]
    assert report.config.compare is not None
    _, values = report.config.compare
    out = []
    for i in range(1, len(values)):
        measures: dict[str, Any] = {}
        for r in ratios(game.name):
            per_a = f"0:{r.per}" if r.per else None
            per_b = f"{i}:{r.per}" if r.per else None
            est = paired.estimate([(1.0, f"{i}:{r.key}", per_b), (-1.0, f"0:{r.key}", per_a)])
            if r.key.endswith("_permille"):
                est = replace(est, value=est.value / 1000, low=est.low / 1000,
                              high=est.high / 1000)
            measures[r.key] = {"label": r.label, "percent": r.percent, **est.rounded()}
        out.append({"value": values[i], "against": values[0], "measures": measures})
    return out


def with_games(config: BalanceConfig, games: int) -> BalanceConfig:
    return replace(config, sim=replace(config.sim, games=games))
