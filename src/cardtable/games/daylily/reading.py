"""What an opponent's Daylily moves say about its hand: the search's deals, filtered by them.

Dealt uniformly, a sample gets about three of an opponent's nine hidden cards right, and the
search plays no better than greedy; handed the opponent's real hand, the same search wins 65% of
its rounds (docs/benchmarks.md). Cheap reads of single moves (the last discard, the cards taken
from the pile, how built a hand should look) moved the cards in common by a tenth of a card.
What a move says depends on the whole hand and on everything before it, so this reader replays
the round: a population of possible deals (particles), each an opponent's hand from the deal
on and the stock cards it drew, played forward move by move with the greedy player's judgement
(which is also how the play-outs play every opponent). A deal in which greedy would have made
the move the opponent made keeps its weight; one in which it would not is kept at
:data:`MISS` of it, so a player who is not greedy (a person, a bluff) is read less sharply but
never ruled out. When the weights crowd onto a few deals the population is drawn again from
them, and each copy's later stock draws are dealt afresh.

Every deal is consistent with the table by construction: a card the opponent discarded or
declared from its hidden cards is placed in its hand from the deal or in one of its stock draws
before that move; the cards it still hides are drawn from the cards the deciding seat has not
seen. Fair by construction: it reads only the deciding seat's observation (its own cards and the
announced moves), never the state, and its generator is seeded from that observation alone.

A round whose stock was rebuilt from the discard pile is not read (the pile's cards went back
into hiding in an order nobody saw); its deals are uniform, as before.

Not registered as Daylily's belief: the deals it keeps know the opponent's distance to going
out far better than uniform ones (43% exactly right against 26%), but the search given them won
no more rounds than without (paired, 120 rounds a variant, docs/benchmarks.md), at 0.2 to 0.7
CPU seconds more a move. ``benchmarks/search_paired.py --set
belief=cardtable.games.daylily.reading:reader`` tries it.
"""

from __future__ import annotations

import bisect
import random
import zlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import accumulate
from typing import Any, cast

from cardtable.bots import Decision
from cardtable.bots.ismcts import Sampler
from cardtable.engine.game import Action, State
from cardtable.games.daylily.actions import DISCARDS, DRAW_DISCARD, DRAW_STOCK
from cardtable.games.daylily.bots import GreedyDaylilyBot, Seen, card_of, mask_of_codes
from cardtable.games.daylily.cards import FULL_DECK, cards_of
from cardtable.games.daylily.state import DECLARES, PLAY, DaylilyState

PARTICLES = 96
MOVES = ("drew_stock", "drew_discard", "discarded", "meld_declared")  # what a seat does
MISS = 0.03  # the weight kept by a deal in which greedy would not have made the move seen


@dataclass(slots=True)
class Table:
    """The public table of the current round as it stood at one move, from one seat's view."""

    melded: list[int]
    discard: list[int]
    declared: int = 0  # every card declared so far
    known: list[int] = field(default_factory=list)  # per seat: cards seen taken and still held
    turns: int = 0
    taken: int = -1  # the card taken from the pile by the seat on move this turn


@dataclass(slots=True)
class Particle:
    """One possible history of the opponents' hidden cards: each hand now, the stock draws
    already chosen (by event index) and the unseen cards used so far."""

    hands: list[int]
    scheduled: dict[int, int]
    used: int


@dataclass(frozen=True, slots=True)
class Round:
    """The current round as the deciding seat saw it, ready for replaying."""

    seat: int
    players: int
    opponents: tuple[int, ...]
    events: tuple[dict[str, Any], ...]  # from the deal on
    sizes: tuple[int, ...]  # cards dealt to each seat
    revealed: dict[int, list[tuple[int, int]]]  # per opponent: (card shown from hiding, event)
    draws: dict[int, list[int]]  # per opponent: the events at which it drew from the stock
    unseen: int  # the cards the seat has not seen: in the stock or hidden in a hand


def read_round(decision: Decision) -> Round | None:
    """The round so far from ``decision``'s observation, or None when there is nothing to read
    (no opponent has moved yet) or it cannot be read (the stock was rebuilt)."""
    observation = decision.observe()
    seat = decision.seat
    events = observation.round_events()
    if not events or events[0]["kind"] != "dealt":
        return None
    if any(e["kind"] == "stock_rebuilt" for e in events):
        return None
    players = len(events[0]["hand_sizes"])
    opponents = tuple(o for o in range(players) if o != seat)
    if not any(e.get("seat") in opponents and e["kind"] in MOVES for e in events):
        return None
    zones = observation.view()["zones"]
    seen = mask_of_codes(zones[f"hand:{seat}"]["cards"]) | mask_of_codes(
        zones["discard"].get("cards", []))
    for name, zone in zones.items():
        if name.startswith("meld:"):
            seen |= mask_of_codes(zone.get("cards", []))
        elif name.startswith("hand:"):
            seen |= mask_of_codes(zone.get("known", []))
    revealed: dict[int, list[tuple[int, int]]] = {o: [] for o in opponents}
    draws: dict[int, list[int]] = {o: [] for o in opponents}
    known = [0] * players  # cards each seat was seen to take from the pile and still holds
    for i, e in enumerate(events):
        s = e.get("seat")
        kind = e["kind"]
        if s is None:
            continue
        if kind == "drew_discard":
            known[s] |= 1 << card_of(e["card"])
        elif kind == "drew_stock" and s in draws:
            draws[s].append(i)
        elif kind in ("discarded", "meld_declared"):
            for c in cards_of(_mask(e)):
                if known[s] >> c & 1:
                    known[s] &= ~(1 << c)
                elif s in revealed:
                    revealed[s].append((c, i))
    return Round(seat=seat, players=players, opponents=opponents, events=tuple(events),
                 sizes=tuple(int(n) for n in events[0]["hand_sizes"]), revealed=revealed,
                 draws=draws, unseen=FULL_DECK & ~seen)


def reader(decision: Decision) -> Sampler | None:
    """A sampler dealing the opponents' hidden cards from the deals that best explain their
    moves this round, or None (deal uniformly) when there is nothing to read."""
    read = read_round(decision)
    if read is None:
        return None
    observation = decision.observe()
    key = zlib.crc32(repr((read.seat, [(e["kind"], e.get("seat"), e.get("card"), e.get("cards"))
                                       for e in read.events])).encode())
    rng = random.Random(key)
    born = [deal(read, rng) for _ in range(PARTICLES)]
    if any(p is None for p in born):
        return None
    scratch = cast(DaylilyState, observation.sample(random.Random(0)))
    filtered = replay(read, cast(list[Particle], born), scratch, rng)
    if filtered is None:
        return None
    particles, weights = filtered
    cumulative = list(accumulate(weights))
    total = cumulative[-1]
    unseen = read.unseen

    def sample(rng: random.Random) -> State:
        state = cast(DaylilyState, observation.sample(rng))
        pick = particles[min(bisect.bisect_right(cumulative, rng.random() * total),
                             len(particles) - 1)]
        hidden_all = 0
        for o in read.opponents:
            hidden = pick.hands[o] & unseen
            state.hands[o] = state.known[o] | hidden
            hidden_all |= hidden
        stock = cards_of(unseen & ~hidden_all)
        rng.shuffle(stock)
        state.stock = stock
        return state

    return sample


def replay(read: Round, population: list[Particle], scratch: DaylilyState,
           rng: random.Random, miss: float = MISS) -> tuple[list[Particle], list[float]] | None:
    """Play the round's moves forward over ``population`` (changed in place, and drawn again
    when the weights crowd), weighing each deal by whether greedy, holding its hand, would
    have made each move an opponent made; the deals and their weights, or None when every
    deal is ruled out (``miss`` 0)."""
    events = read.events
    players = read.players
    count = len(population)
    weights = [1.0 / count] * count
    greedy = GreedyDaylilyBot(scratch.game)
    table = Table(melded=[0] * players, discard=[card_of(c) for c in events[0]["up"]],
                  known=[0] * players)
    for i, e in enumerate(events[1:], start=1):
        kind = e["kind"]
        s = e.get("seat")
        if s in read.revealed and kind in MOVES:
            made = _move(e)
            judged: dict[int, Action | None] = {}  # copies of one deal hold the same hand
            for p, particle in enumerate(population):
                hand = particle.hands[s]
                if hand in judged:
                    chosen = judged[hand]
                else:
                    chosen = judged[hand] = _greedy_move(greedy, scratch, table, s, players,
                                                         hand, kind)
                if chosen is not None and chosen != made:
                    weights[p] *= miss
                if kind == "drew_stock":
                    c = particle.scheduled.get(i, -1)
                    if c < 0:
                        free = read.unseen & ~particle.used
                        c = cards_of(free)[rng.randrange(free.bit_count())]
                        particle.used |= 1 << c
                    particle.hands[s] = hand | 1 << c
                elif kind == "drew_discard":
                    particle.hands[s] = hand | 1 << card_of(e["card"])
                else:
                    particle.hands[s] = hand & ~_mask(e)
            total = sum(weights)
            if total <= 0.0:
                return None
            weights = [w / total for w in weights]
            if 1.0 / sum(w * w for w in weights) < count / 2:
                population = _resample(population, weights, rng)
                weights = [1.0 / count] * count
        _advance(table, e)
    return population, weights


def deal(read: Round, rng: random.Random) -> Particle | None:
    """A deal consistent with what the opponents showed: each card shown from hiding put in
    the hand dealt or in a stock draw before the move that showed it; the rest of the hand
    dealt from the cards still unseen. None when the table cannot be explained so."""
    hands = [0] * read.players
    scheduled: dict[int, int] = {}
    used = 0
    for o in read.opponents:
        room = read.sizes[o]
        open_draws = list(read.draws[o])
        for c, deadline in sorted(read.revealed[o], key=lambda r: r[1]):
            before = [d for d in open_draws if d < deadline]
            options = room + len(before)
            if options == 0:
                return None
            at = rng.randrange(options)
            if at < room:
                room -= 1
                hands[o] |= 1 << c
            else:
                slot = before[at - room]
                scheduled[slot] = c
                open_draws.remove(slot)
        free = read.unseen & ~used
        if free.bit_count() < room:
            return None
        for c in rng.sample(cards_of(free), room):
            hands[o] |= 1 << c
            used |= 1 << c
    return Particle(hands=hands, scheduled=scheduled, used=used)


def _resample(population: Sequence[Particle], weights: Sequence[float], rng: random.Random
              ) -> list[Particle]:
    """Systematic resampling: copies in proportion to the weights."""
    n = len(population)
    step = 1.0 / n
    at = rng.random() * step
    out: list[Particle] = []
    acc = weights[0]
    j = 0
    for _ in range(n):
        while at > acc and j < n - 1:
            j += 1
            acc += weights[j]
        p = population[j]
        out.append(Particle(hands=list(p.hands), scheduled=p.scheduled, used=p.used))
        at += step
    return out


def _move(e: dict[str, Any]) -> Action:
    kind = e["kind"]
    if kind == "drew_stock":
        return DRAW_STOCK
    if kind == "drew_discard":
        return DRAW_DISCARD
    if kind == "discarded":
        return DISCARDS[card_of(e["card"])]
    return DECLARES[_mask(e)]


def _mask(e: dict[str, Any]) -> int:
    if e["kind"] == "discarded":
        return 1 << card_of(e["card"])
    return mask_of_codes(e["cards"])


def _greedy_move(greedy: GreedyDaylilyBot, scratch: DaylilyState, table: Table, s: int,
                 players: int, hand: int, kind: str) -> Action | None:
    """The move greedy would make for seat ``s`` holding ``hand`` at this table, or None when
    it had no choice."""
    gone = hand | table.declared
    for c in table.discard:
        gone |= 1 << c
    for o in range(players):
        if o != s:
            gone |= table.known[o]
    drawing = kind in ("drew_stock", "drew_discard")
    seen = Seen(seat=s, players=players, hand=hand, melded=tuple(table.melded),
                top=table.discard[-1] if table.discard else -1, live=FULL_DECK & ~gone,
                next_known=table.known[(s + 1) % players],
                taken=-1 if drawing else table.taken,
                phase="draw" if drawing else "play", turns=table.turns)
    if drawing:
        if not table.discard:
            return None
        return greedy._draw(seen, [DRAW_STOCK, DRAW_DISCARD])
    scratch.current = s
    scratch.phase = PLAY
    scratch.hands[s] = hand
    scratch.melded[s] = table.melded[s]
    scratch.taken = table.taken
    legal = scratch.legal_actions(s)
    if len(legal) <= 1:
        return None
    return greedy._play(seen, legal)


def _advance(table: Table, e: dict[str, Any]) -> None:
    """The public table after one event."""
    kind = e["kind"]
    if kind not in MOVES:
        return
    s: int = e["seat"]
    if kind == "drew_stock":
        table.taken = -1
    elif kind == "drew_discard":
        c = table.discard.pop()
        table.known[s] |= 1 << c
        table.taken = c
    elif kind == "discarded":
        c = card_of(e["card"])
        table.known[s] &= ~(1 << c)
        table.discard.append(c)
        table.turns += 1
        table.taken = -1
    elif kind == "meld_declared":
        mask = mask_of_codes(e["cards"])
        table.known[s] &= ~mask
        table.declared |= mask
        table.melded[s] += len(e["cards"])


__all__ = ["MISS", "PARTICLES", "Particle", "Round", "deal", "read_round", "reader", "replay"]
