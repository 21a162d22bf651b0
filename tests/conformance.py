"""The properties every registered game must have, checked while playing seeded random matches.

DESIGN.md lists them: soundness, conservation, determinism, secrecy, termination and clone
independence. A game passes by playing, not by declaring: the checks below drive the public
protocol only, so a new game gets the same scrutiny without a line of game-specific test code.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from cardtable.engine import IllegalAction, State, Visibility
from cardtable.engine.game import Game
from cardtable.engine.record import replay


def fingerprint(state: State) -> str:
    """Everything observable about a state, for 'nothing changed' comparisons."""
    views = [state.view(seat) for seat in [None, *range(state.game.players)]]
    zones = [(z.name, z.cards, z.visibility.value, z.owner, z.known) for z in state.zones()]
    recent = [[seat, str(action)] for seat, action in state.history[-3:]]
    outcome = [state.is_over, state.scores, state.winners, len(state.history), recent]
    return json.dumps([views, zones, outcome], sort_keys=True, default=str)


@dataclass
class Report:
    decisions: int = 0
    heavy_checks: int = 0
    samples_differing: int = 0
    refusals: int = 0
    problems: list[str] = field(default_factory=list)

    def fail(self, message: str) -> None:
        if len(self.problems) < 20:
            self.problems.append(message)


def check_conservation(game: Game, state: State, report: Report, where: str) -> None:
    placed = Counter(card for zone in state.zones() for card in zone.cards)
    if placed != Counter(game.deck()):
        extra = placed - Counter(game.deck())
        missing = Counter(game.deck()) - placed
        report.fail(f"{where}: cards not conserved (extra {dict(extra)}, missing {dict(missing)})")


def check_secrecy(state: State, rng: random.Random, report: Report, where: str) -> None:
    """A seat's view must not change when the cards it cannot see are dealt differently."""
    for seat in range(state.game.players):
        view = json.dumps(state.view(seat), sort_keys=True)
        zones = state.zones()
        hidden = {
            card
            for zone in zones
            if not zone.visible_to(seat)
            for card in zone.cards
            if card not in zone.known
        }
        for zone in zones:
            if not zone.visible_to(seat):
                shown = state.view(seat)["zones"][zone.name]
                if "cards" in shown:
                    report.fail(f"{where}: seat {seat} sees the cards of {zone.name}")
        for _ in range(2):
            sample = state.observe(seat).sample(rng)
            if json.dumps(sample.view(seat), sort_keys=True) != view:
                report.fail(f"{where}: seat {seat}'s view depends on cards it cannot see")
                return
            real = {z.name: z.cards for z in zones}
            if any(real.get(z.name) != z.cards for z in sample.zones()):
                report.samples_differing += 1
            placed = Counter(card for zone in sample.zones() for card in zone.cards)
            if placed != Counter(state.game.deck()):
                report.fail(f"{where}: a sample for seat {seat} does not conserve cards")
            if hidden and not sample.legal_actions(sample.actors[0]) and not sample.is_over:
                report.fail(f"{where}: a sample for seat {seat} has no legal move")


def check_soundness(
    game: Game, state: State, seat: int, legal: list[Any], rng: random.Random, report: Report,
    where: str, heavy: bool,
) -> None:
    legal_set = set(legal)
    if len(legal_set) != len(legal):
        report.fail(f"{where}: legal actions repeat")
    for action in legal:
        reason = state.refusal(seat, action)
        if reason is not None:
            report.fail(f"{where}: legal action {action} is refused: {reason}")
        if heavy and game.parse_action(str(action)) != action:
            report.fail(f"{where}: notation {action} does not round-trip")
    for other in range(game.players):
        if other not in state.actors and state.legal_actions(other):
            report.fail(f"{where}: seat {other} has legal actions but is not an actor")
    before = fingerprint(state) if heavy else ""
    for _ in range(4):
        action = game.random_action(rng)
        accepted = state.refusal(seat, action) is None
        if accepted != (action in legal_set):
            report.fail(f"{where}: {action} accepted={accepted} disagrees with legal_actions")
        if not accepted and heavy:
            try:
                state.apply(seat, action)
            except IllegalAction as exc:
                report.refusals += 1
                if not str(exc):
                    report.fail(f"{where}: refusal of {action} gives no reason")
            else:
                report.fail(f"{where}: apply accepted {action}, which was refused")
                return
            if fingerprint(state) != before:
                report.fail(f"{where}: a refused {action} changed the state")
    # Someone not on move is refused too.
    for other in range(game.players):
        if other not in state.actors and legal:
            try:
                state.apply(other, legal[0])
            except IllegalAction:
                pass
            else:
                report.fail(f"{where}: seat {other} moved out of turn")
            break


def check_clone(state: State, rng: random.Random, report: Report, where: str) -> None:
    before = fingerprint(state)
    twin = state.clone()
    if fingerprint(twin) != before:
        report.fail(f"{where}: a clone differs from its original")
    for _ in range(3):
        if twin.is_over:
            break
        seat = twin.actors[0]
        twin.apply(seat, rng.choice(list(twin.legal_actions(seat))))
    if fingerprint(state) != before:
        report.fail(f"{where}: playing on a clone changed the original")


def play_checked(
    game: Game, seed: int, heavy_every: int = 400, policy_seed: int | None = None
) -> tuple[State, Report]:
    """Play one random match, checking every property along the way."""
    report = Report()
    state = game.new_state(seed)
    policy = random.Random(seed if policy_seed is None else policy_seed)
    checks = random.Random(seed ^ 0x5EED)
    bound = game.decision_bound()
    while not state.is_over:
        if report.decisions > bound:
            report.fail(f"seed {seed}: more than {bound} decisions without the match ending")
            break
        actors = state.actors
        if not actors:
            report.fail(f"seed {seed}: the match is not over but no one may act")
            break
        seat = actors[0]
        legal = list(state.legal_actions(seat))
        if not legal:
            report.fail(f"seed {seed}: seat {seat} must act but has no legal action")
            break
        where = f"seed {seed} decision {report.decisions}"
        heavy = report.decisions == 0 or checks.randrange(heavy_every) == 0
        check_soundness(game, state, seat, legal, checks, report, where, heavy)
        if heavy:
            report.heavy_checks += 1
            check_conservation(game, state, report, where)
            check_secrecy(state, checks, report, where)
            check_clone(state, checks, report, where)
        violations = getattr(state, "invariant_violations", None)
        if violations is not None:
            for problem in violations():
                report.fail(f"{where}: {problem}")
        state.apply(seat, legal[int(policy.random() * len(legal))])
        report.decisions += 1
    check_conservation(game, state, report, f"seed {seed} end")
    if state.is_over and not state.winners:
        report.fail(f"seed {seed}: the match is over but has no winner")
    if len(state.scores) != game.players:
        report.fail(f"seed {seed}: scores are not one per seat")
    # Determinism: the record replays to the same result, and the same seed deals the same game.
    record = state.record()
    again = replay(json.loads(json.dumps(record)))
    if again.record() != record:
        report.fail(f"seed {seed}: the record does not replay to the same match")
    fresh = game.new_state(seed)
    if fingerprint(fresh) != fingerprint(game.new_state(seed)):
        report.fail(f"seed {seed}: the same seed deals different games")
    return state, report


__all__ = ["Report", "Visibility", "fingerprint", "play_checked"]
