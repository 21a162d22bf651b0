"""Running totals of a batch of matches, kept small so a million matches cost no more memory
than ten.

A :class:`Tally` holds sums and counts only, never states or records of finished matches. Two
tallies of disjoint match ranges merge by adding, which is what lets worker processes split a
batch and still give exactly the serial answer.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

MAX_MESSAGES = 5
"""How many violation messages a report keeps: the first few are what a developer needs to
reproduce a bug; the rest would only grow memory with the batch."""


@dataclass(slots=True)
class MatchOutcome:
    """What one finished (or abandoned) match contributes to a batch."""

    decisions: int
    rounds: int
    scores: list[int]
    winners: list[int]
    problems: list[str]
    bots: tuple[str, ...] = ()  # the bot at each seat (the line-up rotates between matches)
    lowest_wins: bool = True  # whether the lowest total is the best (penalty games)

    def ahead(self, a: int, b: int) -> float:
        """1 when seat ``a`` finished ahead of seat ``b``, 0.5 when level, else 0: a winner is
        ahead of a seat that did not win, otherwise the better total is (a tie-break the
        totals do not show, such as who went out last, decides only the winners)."""
        won_a, won_b = a in self.winners, b in self.winners
        if won_a != won_b:
            return 1.0 if won_a else 0.0
        x, y = self.scores[a], self.scores[b]
        if x == y:
            return 0.5
        return 1.0 if (x < y) == self.lowest_wins else 0.0

    @property
    def finished(self) -> bool:
        return not self.problems and bool(self.winners)


_BOT_SUMS = 7  # the counts ``Tally.bot_sums`` keeps for each bot name


@dataclass(slots=True)
class Tally:
    """Sums over a range of matches, per seat where it matters."""

    players: int
    games: int = 0
    finished: int = 0
    rounds: int = 0
    decisions: int = 0
    violations: int = 0
    messages: list[str] = field(default_factory=list)
    wins: list[int] = field(default_factory=list)
    ties: int = 0
    score_sums: list[int] = field(default_factory=list)
    # Per bot name: [seats played, seats that won, sum of their scores, seats that won in a
    # tie, pairs of its seat with a seat of another bot, of those it finished ahead in, level
    # in]. A bot at two seats of one match counts twice (two seat-matches).
    bot_sums: dict[str, list[int]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.wins:
            self.wins = [0] * self.players
        if not self.score_sums:
            self.score_sums = [0] * self.players

    def add(self, outcome: MatchOutcome, label: str) -> None:
        """Count one match; ``label`` says which match a violation message comes from."""
        self.games += 1
        self.rounds += outcome.rounds
        self.decisions += outcome.decisions
        if outcome.problems:
            self.violations += len(outcome.problems)
            for problem in outcome.problems:
                if len(self.messages) < MAX_MESSAGES:
                    self.messages.append(f"{label}: {problem}")
            # A match with a breach is abandoned: its scores and winners mean nothing.
            return
        self.finished += 1
        for seat in outcome.winners:
            self.wins[seat] += 1
        if len(outcome.winners) > 1:
            self.ties += 1
        for seat, score in enumerate(outcome.scores):
            self.score_sums[seat] += score
        for seat, name in enumerate(outcome.bots):
            sums = self.bot_sums.setdefault(name, [0] * _BOT_SUMS)
            sums[0] += 1
            sums[1] += seat in outcome.winners
            sums[2] += outcome.scores[seat]
            sums[3] += seat in outcome.winners and len(outcome.winners) > 1
            for other, rival in enumerate(outcome.bots):
                if rival != name:
                    sums[4] += 1
                    result = outcome.ahead(seat, other)
                    sums[5] += result == 1.0
                    sums[6] += result == 0.5

    def merge(self, other: Tally) -> None:
        """Add the tally of a later range of matches (order matters only for the messages)."""
        self.games += other.games
        self.finished += other.finished
        self.rounds += other.rounds
        self.decisions += other.decisions
        self.violations += other.violations
        room = MAX_MESSAGES - len(self.messages)
        if room > 0:
            self.messages.extend(other.messages[:room])
        self.ties += other.ties
        for seat in range(self.players):
            self.wins[seat] += other.wins[seat]
            self.score_sums[seat] += other.score_sums[seat]
        for name, counts in other.bot_sums.items():
            sums = self.bot_sums.setdefault(name, [0] * _BOT_SUMS)
            for i, count in enumerate(counts):
                sums[i] += count

    @property
    def by_bot(self) -> dict[str, dict[str, Any]]:
        """Per bot name, over the finished matches: seat-matches played, won (ties credit every
        tied seat), of those won in a tie (``tied``: a drawn two-player match is often counted
        as half a win), the win rate with its 95% Wilson interval, and the mean final score.

        ``against_others``: how it finished against each seat of another bot, pair by pair.
        At a table of three, one bot against two, winning half the matches is far above a fair
        share; ``ahead_rate`` (level pairs as half) reads like a heads-up win rate instead.
        Heads-up it is the win rate with a tie as half. No interval: the pairs of one match
        are not independent draws."""
        out: dict[str, dict[str, Any]] = {}
        for name in sorted(self.bot_sums):
            played, won, score, tied, pairs, ahead, level = self.bot_sums[name]
            low, high = wilson(won, played)
            out[name] = {
                "played": played,
                "won": won,
                "tied": tied,
                "win_rate": round(won / played, 4) if played else 0.0,
                "win_rate_95": [round(low, 4), round(high, 4)],
                "mean_score": round(score / played, 4) if played else 0.0,
                "against_others": {
                    "pairs": pairs,
                    "ahead": ahead,
                    "level": level,
                    "ahead_rate": round((ahead + level / 2) / pairs, 4) if pairs else None,
                },
            }
        return out

    @property
    def mean_scores(self) -> list[float]:
        """Each seat's average final score over the matches that finished."""
        if not self.finished:
            return [0.0] * self.players
        return [round(s / self.finished, 4) for s in self.score_sums]

    @property
    def mean_rounds(self) -> float:
        return round(self.rounds / self.games, 4) if self.games else 0.0

    def to_dict(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "finished": self.finished,
            "rounds": self.rounds,
            "mean_rounds": self.mean_rounds,
            "decisions": self.decisions,
            "violations": self.violations,
            "violation_messages": list(self.messages),
            "wins": list(self.wins),
            "ties": self.ties,
            "mean_scores": self.mean_scores,
            "by_bot": self.by_bot,
        }


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate (sound near 0 and 1, unlike p +- 2 s.e.)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    # Clipped to [0, 1]: at no wins the low end is 0 less a rounding error, printed "-0.0".
    return (max(0.0, centre - half), min(1.0, centre + half))
