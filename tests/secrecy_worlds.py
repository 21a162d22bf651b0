"""Twin worlds for the secrecy property: two tables dealt alike except for cards one seat cannot
see, played in lock step, must look the same to that seat in every way it is told anything.

The conformance suite (``conformance.py``) checks a seat's view against samples of its own
observation, which trusts the game's idea of what the seat knows: a game that counts too much
as known (or too little as hidden) samples from the wrong set and passes. Here the two worlds
are made from outside, through the public way to set a table up (``game.new_state(seed,
deals=...)``), so the only thing assumed is which zones a seat may see.

A pair of worlds for seat S starts at the deal of some round, after the same earlier rounds:

- *swap*: a card of another seat's dealt hand trades places with a card of the stock;
- *copy*: play goes on until another seat O takes a card c face up (the discard, a buy, a
  rummy call); the twin world is dealt so that O also holds, hidden, another copy of c (moved
  there from the stock or from a third seat's hand in exchange for one of O's own cards). This
  needs decks with duplicates.

Both worlds then play the same moves: first the moves of the original play while they are legal
in both, then a seeded policy (the greedy bot of the seat on move, or a random move) over the
moves legal in both. After every move S must get the same view, legal moves, events (and their
words), moves and board as the game's presentation describes them, bot decision and sealed
observation (and the same sample from it with the same generator), greedy bot choice and hint
words, search hint (at one of S's decisions a pair: it is slow), RL observation, and the rules'
refusals of sixteen moves S might try (the game's fuzzing material, the same in both worlds).

The pair stops once the difference has legitimately become visible to S, judged from the
worlds' zones and the whole table's record only, never from what S is shown:

- a zone S may see (its own hand, the discard pile, the melds...) holds other cards in the two
  worlds: S drew the swapped card, or it was laid on the table;
- the move's public events (the spectators' stream) differ between the worlds: the table was
  shown the cards (the count at the end of a deal, a showdown). What the spectators' stream may
  name is held to what the spectators saw by the conformance witness (``conformance.Witness``),
  so this test asks only whether S learns more than the whole table does.

A move legal in one world only (O cannot discard a card it does not hold) is never played, so
what a move itself reveals is never mistaken for a leak; a difference that is never shown (a
folded hand in Day, the cards left in Say Rummy) keeps the pair going into the next rounds.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardtable.bots import Bot, Decision, make_bot
from cardtable.bots.ismcts import advise, knowledge_for, make_ismcts, reasons_for
from cardtable.engine import State
from cardtable.engine.game import Action, Game
from cardtable.engine.kit import presentation_for
from cardtable.rl.games import codec_for

NAMES = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo", "Kim", "Lu"]


@dataclass
class Tally:
    """What the lock-step runs of one game and table size saw."""

    pairs: int = 0
    states: int = 0
    differing: int = 0
    searched: int = 0
    copies_let_go: int = 0  # states after O let go of a card of which S saw it take a copy
    shown: int = 0  # pairs stopped because the difference became visible to S
    kinds: Counter[str] = field(default_factory=Counter)  # public events played in lock step
    problems: list[str] = field(default_factory=list)

    def fail(self, message: str) -> None:
        if len(self.problems) < 12:
            self.problems.append(message)

    def summary(self) -> str:
        return (f"{self.differing} of {self.states} lock-step states differ for the seat "
                f"({self.pairs} pairs, {self.shown} stopped when the difference showed)")


@dataclass
class Pair:
    """Two worlds that differ only in cards hidden from ``seat``, and how they were made."""

    real: State
    twin: State
    seat: int
    kind: str
    script: list[tuple[int, str]]
    taker: int | None = None
    taken: str | None = None


def _policy_move(state: State, seat: int, bots: Sequence[Bot], rng: random.Random,
                 allowed: Sequence[Action]) -> Action:
    """The greedy bot's move for ``seat`` most of the time, when it is allowed; a random allowed
    move otherwise (so that play wanders into buys, calls and odd corners too)."""
    if rng.random() < 0.75:
        bot = bots[seat]
        choice = bot.choose(Decision.for_bot(state, seat, bot))
        if choice in allowed:
            return choice
    return allowed[int(rng.random() * len(allowed))]


def _deal_snapshot(state: State) -> dict[str, Any]:
    """The current round's deal as it was dealt (before any stock rebuild of the round)."""
    deal: dict[str, Any] = json.loads(json.dumps(state.deals[-1]))
    for key in ("rebuilds", "reshuffles"):
        deal.pop(key, None)
    return deal


def _known(state: State, owner: int) -> Counter[str]:
    return Counter(next(z for z in state.zones() if z.name == f"hand:{owner}").known)


def _held(state: State, owner: int, card: str | None) -> int:
    """How many copies of ``card`` the seat really holds (read from the full state)."""
    return next(z for z in state.zones() if z.name == f"hand:{owner}").cards.count(card or "")


def make_pair(game: Game, seed: int, kind: str) -> Pair | None:
    """A pair of worlds of ``kind`` (``"swap"`` or ``"copy"``) for a seat drawn from ``seed``,
    or None when this seed offers none (no one took a card with a hidden copy to spare)."""
    rng = random.Random(seed)
    players = game.players
    seat = rng.randrange(players)
    bots = [make_bot("greedy", game, seed + s) for s in range(players)]
    first = game.new_state(seed)
    rounds = rng.choice([0, 0, 1, 2])
    while not first.is_over and first.rounds_played < rounds:
        actor = first.actors[0]
        first.apply(actor, _policy_move(first, actor, bots, rng, first.legal_actions(actor)))
    if first.is_over:
        return None
    prefix = [(s, str(a)) for s, a in first.history]
    earlier = json.loads(json.dumps(first.deals[:-1]))
    deal = _deal_snapshot(first)
    hands: list[list[str]] = deal["hands"]
    stock: list[str] = deal["stock"]
    twin_deal = json.loads(json.dumps(deal))
    taker: int | None = None
    taken: str | None = None
    script: list[tuple[int, str]] = []
    others = [o for o in range(players) if o != seat and hands[o]]
    if not others or not stock:
        return None
    if kind == "swap":
        owner = rng.choice(others)
        i, j = rng.randrange(len(hands[owner])), rng.randrange(len(stock))
        if hands[owner][i] == stock[j]:
            return None
        twin_deal["hands"][owner][i], twin_deal["stock"][j] = stock[j], hands[owner][i]
    else:
        # Play on in this round until another seat takes a card face up.
        round_no = first.rounds_played
        limit = 400
        while not first.is_over and first.rounds_played == round_no and limit:
            limit -= 1
            before = [_known(first, o) for o in others]
            actor = first.actors[0]
            first.apply(actor, _policy_move(first, actor, bots, rng, first.legal_actions(actor)))
            if first.rounds_played != round_no:
                return None
            grown = [(o, c) for o, old in zip(others, before, strict=True)
                     for c in _known(first, o) - old]
            if grown:
                taker, taken = grown[0]
                break
        if taker is None or taken is None:
            return None
        script = [(s, str(a)) for s, a in first.history[len(prefix):]]
        # A hidden copy of the card: the deepest one in the stock, or one in a third hand.
        places = [("stock", k) for k in range(len(stock)) if stock[k] == taken][::-1]
        places += [(f"hand:{o}", k) for o in range(players) if o not in (seat, taker)
                   for k in range(len(hands[o])) if hands[o][k] == taken]
        mine = [k for k, c in enumerate(hands[taker]) if c != taken]
        if not places or not mine:
            return None
        where, k = places[0]
        i = rng.choice(mine)
        row = twin_deal["stock"] if where == "stock" else twin_deal["hands"][int(where[5:])]
        row[k], twin_deal["hands"][taker][i] = hands[taker][i], taken
    real = game.new_state(seed, deals=[*earlier, deal])
    twin = game.new_state(seed, deals=[*earlier, twin_deal])
    for s, text in prefix:
        real.apply(s, game.parse_action(text))
        twin.apply(s, game.parse_action(text))
    return Pair(real, twin, seat, kind, script, taker, taken)


def shown_to(real: State, twin: State, seat: int, since: int) -> str | None:
    """Why the difference between the worlds is now visible to ``seat`` (None: it is not).
    Read from the zones and the public record, never from what the seat is shown."""
    def seen(state: State) -> dict[str, tuple[str, ...]]:
        return {z.name: z.cards for z in state.zones() if z.visible_to(seat)}

    if seen(real) != seen(twin):
        return "a zone the seat sees differs"
    if real.events(None, since) != twin.events(None, since):
        return "the whole table was told something different"
    return None


class Observer:
    """Everything seat S is told of one world, step by step, as comparable plain data."""

    def __init__(self, game: Game, seat: int, seed: int) -> None:
        self.game = game
        self.seat = seat
        self.seed = seed
        self.codec = codec_for(game)
        self.size = self.codec.layout.size + self.codec.pending_size()
        self.knowledge = knowledge_for(game)

    def told(self, state: State, since: int, search: bool) -> dict[str, Any]:
        seat, game = self.seat, self.game
        out: dict[str, Any] = {}
        out["view"] = state.view(seat)
        out["legal"] = [str(a) for a in state.legal_actions(seat)]
        events = state.events(seat, since)
        out["events"] = events
        out["words"] = [game.describe_event(e, NAMES[:game.players]) for e in events]
        out["log lines"] = [game.log_line(e, NAMES[:game.players]) for e in events]
        # What a front end draws: the presentation's moves and board, from the view and the
        # legal moves alone.
        presentation = presentation_for(game)
        moves = presentation.moves(out["view"], state.legal_actions(seat), NAMES[:game.players])
        out["presentation"] = [moves, presentation.board(out["view"], moves,
                                                         NAMES[:game.players])]
        decision = Decision.at(state, seat)
        observation = decision.observe()
        out["decision"] = [decision.view(), [str(a) for a in decision.legal],
                           observation.version, observation.view(),
                           [str(a) for a in observation.legal_actions()],
                           observation.events(since)]
        sample = observation.sample(random.Random(self.seed))
        out["sample"] = [[(z.name, z.cards, z.known) for z in sample.zones()],
                         sample.public_info(), sample.actors, sample.deals[-1],
                         sample.events(None, since),
                         [str(a) for s in sample.actors for a in sample.legal_actions(s)]]
        # The rules' refusals of moves the seat might try, legal for nobody or for another
        # seat (the game's own fuzzing material, the same in both worlds): a refusal worded
        # from a hidden card would tell it (the audit of 2026-12-04 tried 7,000 states so).
        tries = random.Random(f"{self.seed}:{state.version}")
        out["refusals"] = {str(a): state.refusal(seat, a)
                           for a in (game.random_action(tries) for _ in range(16))}
        out["rl"] = self.codec.observation(state, seat, self.size).tobytes()
        out["rl choices"] = [str(a) for a in self.codec.choices(state, seat)[0]]
        if seat in state.actors and decision.legal:
            # What a bot reading this round's moves is handed (it costs the whole round: only
            # at the seat's own decisions, where a bot reads it).
            out["round events"] = observation.round_events()
            greedy = make_bot("greedy", game, self.seed)
            choice = greedy.choose(Decision.for_bot(state, seat, greedy))
            out["greedy move"] = str(choice)
            out["hint words"] = reasons_for(decision, choice, self.knowledge)
            if search:
                searcher = make_ismcts(game, self.seed, {"iters": "3"})
                hint = advise(searcher, decision)
                out["search hint"] = [str(hint.action), hint.words]
        return out


def run_pair(pair: Pair, game: Game, seed: int, tally: Tally, steps: int, search: int) -> None:
    """Play the pair in lock step for at most ``steps`` moves, comparing what S is told; the
    search's hint is compared at ``search`` of S's decisions."""
    real, twin, seat = pair.real, pair.twin, pair.seat
    rng = random.Random(seed ^ 0xC0FFEE)
    bots = [make_bot("greedy", game, seed + s) for s in range(game.players)]
    observer = Observer(game, seat, seed)
    script = list(pair.script)
    tally.pairs += 1
    since = -1
    let_go = False
    searches = search
    for step in range(steps + 1):
        why = shown_to(real, twin, seat, since)
        if why is not None:
            tally.shown += 1
            return
        search = searches > 0 and seat in real.actors and (step >= 12 or let_go)
        searches -= search
        told = observer.told(real, since, search)
        other = observer.told(twin, since, search)
        tally.states += 1
        tally.searched += search
        tally.copies_let_go += let_go
        wrong = [key for key in told if told[key] != other.get(key)]
        if wrong:
            tally.differing += 1
            tally.fail(f"{game.name} {game.players}p seed {seed} ({pair.kind}, seat {seat}) "
                       f"after {real.version} moves: {', '.join(wrong)} differ"
                       + _first_difference(told, other, wrong[0]))
        if real.is_over or step == steps:
            return
        actor = real.actors[0]
        if actor not in twin.actors:
            return  # already reported: the actors are in the view
        mine = {str(a) for a in twin.legal_actions(actor)}
        allowed = [a for a in real.legal_actions(actor) if str(a) in mine]
        if not allowed:
            return  # only the actor's own hand differs: nothing both worlds allow
        action: Action | None = None
        if script and script[0][0] == actor:
            planned = game.parse_action(script.pop(0)[1])
            action = planned if planned in allowed else None
            if action is None:
                script = []
        else:
            script = []
        if action is None:
            action = _policy_move(real, actor, bots, rng, allowed)
        since = real.version
        known = _known(real, actor)[pair.taken] if pair.taken and actor == pair.taker else 0
        held = _held(real, actor, pair.taken) if known else 0
        real.apply(actor, action)
        twin.apply(actor, game.parse_action(str(action)))
        tally.kinds.update(e["kind"] for e in real.events(None, since))
        if known and real.version == since + 1 and _held(real, actor, pair.taken) < held:
            let_go = True


def _first_difference(told: dict[str, Any], other: dict[str, Any], key: str) -> str:
    a, b = told[key], other.get(key)
    if not isinstance(a, bytes):
        a, b = json.dumps(a, sort_keys=True, default=str), json.dumps(b, sort_keys=True,
                                                                     default=str)
    if not isinstance(a, str) or not isinstance(b, str):
        return f": {a!r:.200} / {b!r:.200}"
    at = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y),
              min(len(a), len(b)))
    return f": ...{a[max(0, at - 80):at + 60]}... / ...{b[max(0, at - 80):at + 60]}..."


def play_pairs(game: Game, seeds: range, kinds: Sequence[str], steps: int,
               search: int, on_pair: Callable[[Pair], None] | None = None) -> Tally:
    tally = Tally()
    for seed in seeds:
        for kind in kinds:
            pair = make_pair(game, seed, kind)
            if pair is None:
                continue
            if on_pair is not None:
                on_pair(pair)
            run_pair(pair, game, seed, tally, steps, search)
    return tally
