"""The properties every registered game must have, checked while playing seeded random matches.

DESIGN.md lists them: soundness, conservation, determinism, secrecy, termination and clone
independence; issue 10 adds the event streams, the sealed observations, records of format 2 and
stale versions. A game passes by playing, not by declaring: the checks below drive the public
protocol only, so a new game gets the same scrutiny without a line of game-specific test code.
"""

from __future__ import annotations

import bisect
import dataclasses
import json
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from cardtable.engine import IllegalAction, StaleAction, State, Visibility
from cardtable.engine.events import cards_named
from cardtable.engine.game import Game
from cardtable.engine.kit import presentation_for
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
    pack = Counter(state.cards_in_play())
    if placed != pack:
        extra = placed - pack
        missing = pack - placed
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
            if placed != Counter(state.cards_in_play()):
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
        answer = state.window_answer(other)
        if answer is not None and (other not in state.actors
                                   or str(answer) not in {str(a) for a in
                                                          state.legal_actions(other)}):
            report.fail(f"{where}: seat {other}'s silent answer {answer} is not a legal move")
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


class Witness:
    """What each viewer (every seat, and ``None`` for a spectator) may know, worked out from the
    full state after every action: the cards of every zone it may see, the cards everyone saw
    go into a hidden zone, and whatever the public table lists. The event streams the game
    produces are then held to it, so the check does not trust the code it checks."""

    def __init__(self, state: State) -> None:
        self.deck = set(state.game.deck())
        self.viewers: list[int | None] = [None, *range(state.game.players)]
        self.seen: dict[int | None, set[str]] = {v: set() for v in self.viewers}
        self.read: dict[int | None, int] = {v: -1 for v in self.viewers}
        self.streams: dict[int | None, list[dict[str, Any]]] = {v: [] for v in self.viewers}
        # viewer -> card -> (deal, version) of each of the viewer's events that name it, in
        # order; the deal is counted in the viewer's own stream, because the action that ends a
        # deal also starts the next one at the same version
        self.named: dict[int | None, dict[str, list[tuple[int, int]]]] = {
            v: {} for v in self.viewers}
        self.deal: dict[int | None, int] = {v: -1 for v in self.viewers}
        self.look(state)

    def look(self, state: State) -> None:
        """Add what each viewer may know of ``state`` now to what it knew before."""
        public = {c for c in cards_named(state.public_info()) if c in self.deck}
        zones = state.zones()
        last = state.history[-1] if state.history else None
        for viewer in self.viewers:
            seen = self.seen[viewer]
            seen |= public
            for zone in zones:
                if zone.visible_to(viewer):
                    seen.update(zone.cards)
                else:
                    seen.update(zone.known)
            if last is not None:
                # The last action as the viewer saw it announced: a discard that ends a round is
                # public even though the next deal has already swept it away.
                announced = str(state.seen_action(last[0], last[1], viewer)).split()
                seen.update(c for c in announced if c in self.deck)
                # A wild card said as a sound is announced joined to it (Say Rummy's ``*w``).
                seen.update(c[0] for c in announced
                            if c[:1] in self.deck and not c[0].isalnum())

    def check(self, state: State, report: Report, where: str) -> None:
        """Read every stream's new events and flag any card its viewer may not know. The state
        is looked at only when a stream names a card its viewer is not yet known to have seen
        (what a viewer has seen only grows, so looking later never hides a leak)."""
        looked = False
        for viewer in self.viewers:
            events = state.events(viewer, self.read[viewer])
            self.read[viewer] = state.version
            self.streams[viewer].extend(events)
            named = self.named[viewer]
            for event in events:
                if event["kind"] == "dealt":
                    self.deal[viewer] += 1
                for card in cards_named(event):
                    if card not in self.deck:
                        continue
                    named.setdefault(card, []).append((self.deal[viewer], event["version"]))
                    if card in self.seen[viewer]:
                        continue
                    if not looked:
                        self.look(state)
                        looked = True
                        if card in self.seen[viewer]:
                            continue
                    who = "a spectator" if viewer is None else f"seat {viewer}"
                    report.fail(f"{where}: {who}'s event {event['kind']} names {card}, "
                                f"which it never saw")
                    return

    def check_dealt_hands(self, state: State, report: Report, where: str) -> None:
        """Decks without duplicates: no stream names a card of another seat's dealt hand before
        the spectators' stream does (that is when everyone saw it)."""
        if len(self.deck) != len(state.game.deck()):
            return
        for number, deal in enumerate(state.deals):

            def first(viewer: int | None, card: str, number: int = number) -> int | None:
                named = self.named[viewer].get(card, [])
                i = bisect.bisect_left(named, (number, -1))
                return named[i][1] if i < len(named) and named[i][0] == number else None

            for owner, hand in enumerate(deal["hands"]):
                for card in hand:
                    shown = first(None, card)
                    for viewer in range(state.game.players):
                        if viewer == owner:
                            continue
                        named = first(viewer, card)
                        if named is not None and (shown is None or named < shown):
                            report.fail(f"{where}: deal {number + 1}: seat {viewer}'s stream "
                                        f"names {card} of seat {owner}'s hand before it was "
                                        f"shown to everyone")
                            return


def check_sealed(state: State, rng: random.Random, witness: Witness, report: Report,
                 where: str, whole: bool = False) -> None:
    """What a seat is handed (its observation and the samples drawn from it) holds no card it
    never saw in its past, and two states it cannot tell apart give it the same observation.
    The past is read from the last few dozen moves, or ``whole``."""
    for seat in range(state.game.players):
        seen = witness.seen[seat] | {None}
        observation = state.observe(seat)
        sample = observation.sample(rng)
        if sample.seed is not None:
            report.fail(f"{where}: a sample for seat {seat} keeps the seed of the real deal")
        past = [(a, str(state.seen_action(a, x, seat))) for a, x in state.history]
        if [(a, str(x)) for a, x in sample.history] != past:
            report.fail(f"{where}: a sample for seat {seat} keeps a history it did not see")
        recent = 0 if whole else max(-1, state.version - 40)
        log = [e for v, e in sample.log if v >= recent]
        raw = [getattr(e, f.name) for e in log for f in dataclasses.fields(e)]
        deals = sample.deals if whole else sample.deals[-1:]
        dealt = [c for d in deals for key, v in d.items() if key != "dealer"
                 for c in cards_named(v)]
        for card in [*cards_named(raw), *dealt]:
            if card in witness.deck and card not in seen:
                report.fail(f"{where}: a sample for seat {seat} holds {card} in its past")
                return
        recent = max(-1, state.version - 8)
        if sample.events(seat, recent) != state.events(seat, recent):
            report.fail(f"{where}: a sample for seat {seat} tells a different story")
        # The observation's hidden cards lie in an order fixed by what the seat knows: the same
        # for the real state and for a sample of it.
        twin = sample.clone()
        twin._redeal(seat, None)
        base = observation._state
        if [(z.name, z.cards) for z in twin.zones()] != [(z.name, z.cards) for z in base.zones()]:
            report.fail(f"{where}: seat {seat}'s observation depends on cards it cannot see")


def check_stale(state: State, seat: int, legal: list[Any], report: Report, where: str) -> None:
    """An action quoting a version the table has left is refused, and nothing changes."""
    if state.version == 0:
        return
    before = fingerprint(state)
    try:
        state.apply(seat, legal[0], version=state.version - 1)
    except StaleAction:
        pass
    else:
        report.fail(f"{where}: a stale action was accepted")
    if fingerprint(state) != before:
        report.fail(f"{where}: a stale action changed the state")


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


def check_apply_legal(state: State, seat: int, legal: list[Any], rng: random.Random,
                      report: Report, where: str) -> None:
    """The search's play-outs carry out listed moves without asking again (``apply_legal``):
    that must leave the state exactly as ``apply`` does, events and all."""
    action = rng.choice(legal)
    checked, trusted = state.clone(), state.clone()
    checked.apply(seat, action)
    trusted.apply_legal(seat, action)
    if fingerprint(trusted) != fingerprint(checked) or trusted.log != checked.log:
        report.fail(f"{where}: apply_legal({action}) differs from apply")


def check_presentation(game: Game, state: State, seat: int, legal: list[Any], report: Report,
                       where: str) -> None:
    """A front end draws only what the game's presentation says, so it must say it of every
    legal move and every card shown: each move described under its own notation, the cards it
    uses found in the seat's hand, a zone it acts on drawn on the board; the board drawn for
    the seat, every other seat and a spectator, each card on it with a face; each round's
    result worded."""
    shown = presentation_for(game)
    faces = shown.faces()
    names = [f"Player {n + 1}" for n in range(game.players)]
    for viewer in [seat, *(n for n in range(game.players) if n != seat), None]:
        view = state.view(viewer)
        actions = legal if viewer == seat else []
        moves = shown.moves(view, actions, names)
        # A move with an amount is a template ("raise to {amount}") beside the listed sizes:
        # the player may choose any size in its range, so each end of it must be legal.
        listed = [m for m in moves if "amount" not in m]
        if [m["move"] for m in listed] != [str(a) for a in actions]:
            report.fail(f"{where}: the presentation's moves are not the legal moves")
        for template in (m for m in moves if "amount" in m):
            for end in (template["amount"]["minimum"], template["amount"]["maximum"]):
                filled = template["move"].replace("{amount}", str(end))
                if state.refusal(seat, game.parse_action(filled)) is not None:
                    report.fail(f"{where}: the template {template['move']!r} at {end} gives "
                                f"{filled!r}, which is not a legal move")
            return
        board = shown.board(view, moves, names)
        melds = [m for area in board["areas"] for group in area["groups"]
                 for m in group["melds"]]
        ids = {p["id"] for p in board["piles"]} | {m["id"] for m in melds}
        on_board = [*(board["hand"] or []), *(c for m in melds for c in m["cards"]),
                    *(c for p in board["piles"] for c in [*p["cards"], p["top"]] if c)]
        faceless = {c for c in on_board if c not in faces}
        if faceless:
            report.fail(f"{where}: no face for {sorted(faceless)} on seat {viewer}'s board")
        hand = Counter(board["hand"] or [])
        zones = view.get("zones", {})
        for move in moves:
            # a target naming a zone (the discard pile, a meld) is drawn on the board; one that
            # names none (Day's pot) is the game's own word for where the move goes
            if not move["label"] or Counter(move["cards"]) - hand or (
                    move["target"] in zones and move["target"] not in ids):
                report.fail(f"{where}: {move['move']!r} is described as {move}, which is not "
                            "what the seat holds and sees")
        for result in view["table"].get("results") or []:
            worded = shown.result(result, names)
            if not worded["title"] or not isinstance(worded["lines"], list):
                report.fail(f"{where}: a round's result is not worded: {worded}")


def play_checked(
    game: Game, seed: int, heavy_every: int | None = None, policy_seed: int | None = None
) -> tuple[State, Report]:
    """Play one random match, checking every property along the way.

    The heavy checks (secrecy, sealed samples, clones, stale moves) cost time in proportion to
    the seats, and a match lasts longer with more seats, so by default they come once in 150
    decisions a seat: about as many heavy checks a match at every table size."""
    if heavy_every is None:
        heavy_every = 150 * game.players
    report = Report()
    state = game.new_state(seed)
    policy = random.Random(seed if policy_seed is None else policy_seed)
    checks = random.Random(seed ^ 0x5EED)
    bound = game.decision_bound()
    witness = Witness(state)
    witness.check(state, report, f"seed {seed} deal")
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
            check_sealed(state, checks, witness, report, where)
            check_stale(state, seat, legal, report, where)
            check_clone(state, checks, report, where)
            check_apply_legal(state, seat, legal, checks, report, where)
            check_presentation(game, state, seat, legal, report, where)
        violations = getattr(state, "invariant_violations", None)
        if violations is not None:
            for problem in violations():
                report.fail(f"{where}: {problem}")
        state.apply(seat, legal[int(policy.random() * len(legal))], version=state.version)
        report.decisions += 1
        witness.check(state, report, f"seed {seed} decision {report.decisions}")
    check_conservation(game, state, report, f"seed {seed} end")
    if state.is_over and not state.winners:
        report.fail(f"seed {seed}: the match is over but has no winner")
    if len(state.scores) != game.players:
        report.fail(f"seed {seed}: scores are not one per seat")
    witness.check_dealt_hands(state, report, f"seed {seed}")
    check_sealed(state, checks, witness, report, f"seed {seed} end", whole=True)
    # Determinism: the record replays to the same result, and the same seed deals the same game;
    # a record of format 2 replays from its deals alone, without the seed.
    record = state.record()
    again = replay(json.loads(json.dumps(record)))
    if again.record() != record:
        report.fail(f"seed {seed}: the record does not replay to the same match")
    dealt_only = json.loads(json.dumps(record))
    del dealt_only["seed"]
    from_deals = replay(dealt_only)
    if (from_deals.scores, from_deals.winners) != (state.scores, state.winners):
        report.fail(f"seed {seed}: the record without its seed replays to another result")
    fresh = game.new_state(seed)
    if fingerprint(fresh) != fingerprint(game.new_state(seed)):
        report.fail(f"seed {seed}: the same seed deals different games")
    return state, report


__all__ = ["Report", "Visibility", "check_presentation", "fingerprint", "play_checked"]
