"""Reading a Daylily opponent's moves (issue 13): the search's deals replayed through the round
with greedy's judgement. The replay must agree with every move greedy really made from its real
cards (or the reading would rule out the truth); the deals it keeps must be nearer the real hand
than uniform ones; every deal it gives must be a state the seat cannot tell from the real one,
against a player who is not greedy too; and it reads the seat's observation only."""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable

import pytest

from cardtable.bots import Decision, make_bot
from cardtable.engine.game import State, load_game
from cardtable.games.daylily.bots import MELDED_TO_GO_OUT, Planner, Weights, card_of, mask_of_codes
from cardtable.games.daylily.cards import FULL_DECK
from cardtable.games.daylily.reading import Particle, read_round, reader, replay
from cardtable.games.daylily.state import DaylilyState


def decisions(players: int, deals: range, bots: str = "greedy",
              wanted: Callable[[DaylilyState, int], bool] = lambda st, n: True
              ) -> list[DaylilyState]:
    """Copies of the states at seat 0's decisions in the first round of each deal, the other
    seats played by ``bots``, kept where ``wanted`` (the state, the moves made) says so."""
    game = load_game("daylily", players)
    players_bots = [make_bot("greedy", game, 0)] + [make_bot(bots, game, s)
                                                    for s in range(1, players)]
    out: list[DaylilyState] = []
    for deal in deals:
        state = game.new_state(deal)
        assert isinstance(state, DaylilyState)
        moves = 0
        while state.rounds_played == 0:
            seat = state.actors[0]
            if seat == 0 and wanted(state, moves):
                out.append(state.clone())
            bot = players_bots[seat]
            state.apply(seat, bot.choose(Decision.for_bot(state, seat, bot)))
            moves += 1
    return out


def daylily(state: State) -> DaylilyState:
    assert isinstance(state, DaylilyState)
    return state


def real_history(state: DaylilyState) -> Particle:
    """The opponents' real hands from the deal and the real cards of their stock draws, read
    from each opponent's own event stream."""
    hands = [0] * state.game.players
    scheduled: dict[int, int] = {}
    for o in range(1, state.game.players):
        events = state.observe(o).round_events()
        hands[o] = mask_of_codes(next(e["cards"] for e in events
                                      if e["kind"] == "dealt_hand" and e["seat"] == o))
        scheduled.update({i: card_of(e["card"]) for i, e in enumerate(events)
                          if e["kind"] == "drew_stock" and e["seat"] == o})
    return Particle(hands=hands, scheduled=scheduled, used=0)


@pytest.mark.parametrize("players", [2, 3])
def test_the_real_cards_explain_every_move_greedy_made(players: int) -> None:
    """Replayed with the opponents' real cards, greedy's judgement makes every move they made:
    a reading that ruled this out (a weight of 0 with no allowance for a miss) would be reading
    a different table."""
    read = 0
    for state in decisions(players, range(40, 52), wanted=lambda st, n: n % 5 == 4):
        round_read = read_round(Decision.at(state, 0, "observation"))
        if round_read is None:
            continue
        scratch = state.observe(0).sample(random.Random(0))
        assert isinstance(scratch, DaylilyState)
        kept = replay(round_read, [real_history(state)], scratch, random.Random(1), miss=0.0)
        assert kept is not None, f"the real cards were ruled out at version {state.version}"
        read += 1
    assert read >= 10


def needed(state: DaylilyState, seat: int, hand: int) -> int:
    """How many cards ``hand`` still lacks to go out, by greedy's plan."""
    k = MELDED_TO_GO_OUT - state.melded[seat]
    return Planner(hand, FULL_DECK & ~hand, Weights()).outlook(hand, k).needed


def test_the_deals_read_from_the_moves_judge_the_opponents_distance_better() -> None:
    """The deals the reading keeps put the opponent as many cards short of going out as it
    really is far more often than uniform deals do, and share more of its hidden cards."""
    states = decisions(2, range(500, 512), wanted=lambda st, n: st.turns >= 2 and n % 2 == 0)
    exact: dict[str, list[float]] = {"uniform": [], "read": []}
    common: dict[str, list[float]] = {"uniform": [], "read": []}
    for state in states:
        decision = Decision.at(state, 0, "observation")
        sampler = reader(decision)
        if sampler is None:
            continue
        real = state.hands[1] & ~state.known[1]
        truth = needed(state, 1, state.hands[1])
        rng = random.Random(3)
        for name, draw in (("uniform", decision.observe().sample), ("read", sampler)):
            hands = [daylily(draw(rng)).hands[1] for _ in range(30)]
            exact[name].append(statistics.mean(needed(state, 1, h) == truth for h in hands))
            common[name].append(statistics.mean((h & real).bit_count() for h in hands))
    assert len(exact["read"]) >= 40
    assert statistics.mean(exact["read"]) > statistics.mean(exact["uniform"]) + 0.08, exact
    assert statistics.mean(common["read"]) > statistics.mean(common["uniform"]), common


@pytest.mark.parametrize(("players", "bots"), [(2, "random"), (3, "random"), (3, "greedy")])
def test_every_deal_read_is_a_table_the_seat_cannot_tell_apart(players: int, bots: str) -> None:
    """Against players greedy does not explain (random moves) as against greedy ones, each
    deal the reading gives shows the seat exactly its own view, keeps every card in one
    place, and gives each opponent as many cards as it holds."""
    read = 0
    for state in decisions(players, range(60, 66), bots=bots, wanted=lambda st, n: n % 3 == 2):
        sampler = reader(Decision.at(state, 0, "observation"))
        if sampler is None:
            continue
        read += 1
        rng = random.Random(7)
        for _ in range(5):
            sample = sampler(rng)
            assert isinstance(sample, DaylilyState)
            assert sample.view(0) == state.view(0)
            assert sample.invariant_violations() == []
            assert [h.bit_count() for h in sample.hands] == [h.bit_count() for h in state.hands]
            assert len(sample.stock) == len(state.stock)
    assert read >= 5


def test_states_a_seat_cannot_tell_apart_are_read_alike() -> None:
    """Fairness: the real state and a sample of the seat's own observation (other hidden
    cards, the same past as the seat saw it) give the same deals for the same seed."""
    state = decisions(2, range(70, 71), wanted=lambda st, n: n >= 12)[0]
    other = state.observe(0).sample(random.Random(9))
    assert isinstance(other, DaylilyState)
    assert other.view(0) == state.view(0) and other.hands[1] != state.hands[1]
    deals = []
    for table in (state, other):
        sampler = reader(Decision.at(table, 0, "observation"))
        assert sampler is not None
        rng = random.Random(5)
        deals.append([(s.hands, s.stock) for s in (daylily(sampler(rng)) for _ in range(8))])
    assert deals[0] == deals[1]
