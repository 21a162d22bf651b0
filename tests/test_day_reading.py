"""The Day search reads the opponents' bets (issue 13): its deals give a player who raised strong
cards and one who checked weak ones, from the seat's observation alone, and a sample stays a
whole deck."""

from __future__ import annotations

import random
import re
from collections.abc import Callable

import numpy as np
import pytest

from cardtable.bots import Decision, make_bot
from cardtable.bots.ismcts import hint
from cardtable.engine.game import load_game
from cardtable.games.day.reading import FINAL, FIRST, Stake, bet_reader, opposing_chances, read_hand
from cardtable.games.day.state import DayState
from search_checks import searched


def greedy_until(players: int, wanted: Callable[[DayState, int, Decision], bool],
                 seeds: range = range(200)) -> tuple[DayState, int]:
    """A greedy table played until a seat's decision where ``wanted`` holds."""
    game = load_game("day", players)
    for seed in seeds:
        state = game.new_state(seed)
        assert isinstance(state, DayState)
        bots = [make_bot("greedy", game, seed * 10 + s) for s in range(players)]
        while state.hand_no == 1 and not state.is_over:
            seat = state.actors[0]
            decision = Decision.at(state, seat, "observation")
            if len(decision.legal) > 1 and wanted(state, seat, decision):
                return state, seat
            state.apply(seat, bots[seat].choose(decision))
    raise AssertionError("no such decision in the seeds tried")


def opponent_moves(decision: Decision) -> list[Stake]:
    hand = read_hand(decision.observe().events(), decision.seat, 3)
    return [] if hand is None else list(hand.stakes)


def this_round(state: DayState, decision: Decision) -> list[str]:
    """The opponent's moves in the betting round under way."""
    phase = FINAL if state.phase == "final betting" else FIRST
    return [m.move for m in opponent_moves(decision) if m.phase == phase]


def strengths(state: DayState, seat: int, draw: Callable[[random.Random], object],
              n: int = 300) -> list[float]:
    """The chances, as the opponent counts them on the dealer's cards up now, of the hands a
    sampler deals the opponent."""
    opponent = 1 - seat
    unseen = tuple(sorted(set(range(40)) - {*state.hands[seat], *state.board}
                          - ({state.swapped[seat]} if state.swapped[seat] >= 0 else set())))
    flags = (state.substituted[opponent], state.substituted[seat])
    chances = opposing_chances((0, "table", 6), unseen, tuple(state.board), flags)
    first, second = np.triu_indices(len(unseen), 1)
    index = {(unseen[i], unseen[j]): k for k, (i, j) in enumerate(zip(first, second,
                                                                      strict=True))}
    rng = random.Random(4)
    out = []
    for _ in range(n):
        sample = draw(rng)
        assert isinstance(sample, DayState)
        low, high = sorted(sample.hands[opponent])
        out.append(float(chances[index[(low, high)]]))
    return out


def mean_strength(state: DayState, seat: int, draw: Callable[[random.Random], object]) -> float:
    got = strengths(state, seat, draw)
    return sum(got) / len(got)


def strong_share(state: DayState, seat: int, draw: Callable[[random.Random], object]) -> float:
    """How often a sampler deals the opponent a hand greedy would have bet with."""
    got = strengths(state, seat, draw)
    return sum(p > 0.62 for p in got) / len(got)


def test_a_raise_is_read_as_strong_cards() -> None:
    state, seat = greedy_until(2, lambda st, s, d: "raise" in this_round(st, d))
    decision = Decision.at(state, seat, "observation")
    read = bet_reader(decision)
    assert read is not None
    uniform = decision.observe().sample
    assert mean_strength(state, seat, read) > mean_strength(state, seat, uniform) + 0.15


def test_a_check_is_read_as_weak_cards() -> None:
    def informative_check(st: DayState, s: int, d: Decision) -> bool:
        if [m.move for m in opponent_moves(d)] != ["check"] or this_round(st, d) != ["check"]:
            return False  # its one move this hand, a check in this round
        return strong_share(st, s, d.observe().sample) > 0.15

    state, seat = greedy_until(2, informative_check)
    decision = Decision.at(state, seat, "observation")
    read = bet_reader(decision)
    assert read is not None
    # A hand greedy would have bet with is dealt far less often after it checked.
    assert strong_share(state, seat, read) < 0.3 * strong_share(state, seat,
                                                                decision.observe().sample)


def test_the_moves_are_read_with_their_prices() -> None:
    state, seat = greedy_until(2, lambda st, s, d: any(
        m.move == "call" for m in opponent_moves(d)) and st.phase == "final betting")
    moves = opponent_moves(Decision.at(state, seat, "observation"))
    calls = [m for m in moves if m.move == "call"]
    # Fixed limit, ante 1, bets of 2: every price is a bet against the pot it joins.
    for m in calls:
        assert 0 < m.price < 0.5
    assert [m.phase for m in moves] == sorted(m.phase for m in moves)


def test_at_a_larger_table_a_raise_is_read_too() -> None:
    state, seat = greedy_until(3, lambda st, s, d: any(
        m.move == "raise" and len(m.against) == 2 and m.phase == FIRST
        for m in opponent_moves(d)))
    decision = Decision.at(state, seat, "observation")
    raiser = next(m.seat for m in opponent_moves(decision) if m.move == "raise")
    read = bet_reader(decision)
    assert read is not None
    unseen = tuple(sorted(set(range(40)) - {*state.hands[seat], *state.board[:2]}
                          - ({state.swapped[seat]} if state.swapped[seat] >= 0 else set())))
    # Its chance against two others before the final card, as it counted it.
    flags = (state.substituted[raiser],
             *(state.substituted[s] for s in range(3) if s != raiser))
    chances = opposing_chances((0, "table", 6), unseen, tuple(state.board[:2]), flags)
    first, second = np.triu_indices(len(unseen), 1)
    index = {(unseen[i], unseen[j]): k for k, (i, j) in enumerate(zip(first, second,
                                                                      strict=True))}

    def mean(draw: Callable[[random.Random], object]) -> float:
        rng = random.Random(6)
        total = 0.0
        for _ in range(300):
            sample = draw(rng)
            assert isinstance(sample, DayState)
            assert sample.invariant_violations() == []
            low, high = sorted(sample.hands[raiser])
            total += float(chances[index[(low, high)]])
        return total / 300

    assert mean(read) > mean(decision.observe().sample) + 0.15


def test_nothing_to_read_before_the_opponent_moves() -> None:
    state, seat = greedy_until(2, lambda st, s, d: st.phase == "substitute")
    assert bet_reader(Decision.at(state, seat, "observation")) is None


def test_a_read_sample_keeps_every_card_and_the_seats_own() -> None:
    state, seat = greedy_until(2, lambda st, s, d: bool(opponent_moves(d)))
    read = bet_reader(Decision.at(state, seat, "observation"))
    assert read is not None
    rng = random.Random(1)
    for _ in range(200):
        sample = read(rng)
        assert isinstance(sample, DayState)
        assert sample.invariant_violations() == []
        assert sample.view(seat) == state.view(seat)


def test_placing_a_hand_refuses_the_viewers_own_cards() -> None:
    state, seat = greedy_until(2, lambda st, s, d: True)
    sample = state.observe(seat).sample(random.Random(2))
    assert isinstance(sample, DayState)
    before = sample.clone()
    with pytest.raises(ValueError, match="not hidden"):
        sample.place_hand(1 - seat, [state.hands[seat][0], sample.stock[0]], seat)
    assert sample.hands == before.hands and sample.stock == before.stock
    wanted = [sample.stock[-1], sample.stock[3]]
    sample.place_hand(1 - seat, wanted, seat)
    assert sorted(sample.hands[1 - seat]) == sorted(wanted)
    assert sample.invariant_violations() == []


def test_states_a_seat_cannot_tell_apart_are_read_alike() -> None:
    """Fairness with the reading at work: the real state and a sample of the seat's own
    observation give the same search, move for move."""
    state, seat = greedy_until(2, lambda st, s, d: any(
        m.move in ("bet", "raise") for m in opponent_moves(d)))
    other = state.observe(seat).sample(random.Random(9))
    assert isinstance(other, DayState)
    assert other.view(seat) == state.view(seat)
    assert other.hands[1 - seat] != state.hands[1 - seat] or other.stock != state.stock
    assert bet_reader(Decision.at(state, seat, "observation")) is not None  # reading at work
    assert searched(state, seat, "ismcts:iters=30", 3) == searched(other, seat,
                                                                  "ismcts:iters=30", 3)


def test_a_day_hint_counts_chips() -> None:
    state, seat = greedy_until(2, lambda st, s, d: st.phase == "first betting")
    advice = hint(state, seat, seconds=0.3)
    assert re.search(r"chips (ahead of|behind) the rest of the table|level with the rest of",
                     advice.words), advice.words
    assert "points" not in advice.words
