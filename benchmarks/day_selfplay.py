"""Random self-play speed of Day, side by side with PokerKit's no-limit Texas hold'em.

Day (6 players by default) is played exactly as `cardtable simulate` plays it: legal_actions,
RandomBot.choose, apply, and the state's invariant check after every decision, whole sessions
of hands with the default options and with ``limit=no``. PokerKit (pure Python, like cardtable)
plays no-limit hold'em hands at a table of the same size with every chance event and chip
movement automated, blinds 1/2 and stacks of 200: at each decision a uniformly random choice
among fold, check/call and a raise (of a uniformly random legal size), only those it allows.
The two run in alternating blocks so that a busy neighbour on a shared machine slows both alike.

    .venv/bin/pip install -e '.[bench]'
    .venv/bin/python benchmarks/day_selfplay.py [--players 6] [--seconds 5] [--blocks 3]
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from cardtable import load_game
from cardtable.sim import play_match, seat_bots
from machine import print_machine

BAR = 3.0  # Day must make at least three times PokerKit's decisions per second


def day_block(
    players: int, options: dict[str, Any], seconds: float, first: int
) -> tuple[int, float, int, int]:
    """Whole sessions through the simulate path: decisions, time, sessions, hands."""
    game = load_game("day", players, options)
    names = seat_bots(["random"], players)
    decisions = hands = 0
    match = first
    began = time.perf_counter()
    while time.perf_counter() - began < seconds:
        outcome = play_match(game, names, 2024, match)
        if outcome.problems:
            raise SystemExit(f"invariant breach in session {match}: {outcome.problems[0]}")
        decisions += outcome.decisions
        hands += outcome.rounds
        match += 1
    return decisions, time.perf_counter() - began, match - first, hands


def pokerkit_block(players: int, seconds: float, seed: int) -> tuple[int, float, int]:
    """No-limit hold'em hands with uniform random decisions: decisions, time, hands."""
    from pokerkit import Automation, Mode, NoLimitTexasHoldem

    automations = (
        Automation.ANTE_POSTING,
        Automation.BET_COLLECTION,
        Automation.BLIND_OR_STRADDLE_POSTING,
        Automation.CARD_BURNING,
        Automation.HOLE_DEALING,
        Automation.BOARD_DEALING,
        Automation.RUNOUT_COUNT_SELECTION,
        Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        Automation.HAND_KILLING,
        Automation.CHIPS_PUSHING,
        Automation.CHIPS_PULLING,
    )
    rng = random.Random(seed)
    decisions = hands = 0
    clock = time.perf_counter
    began = clock()
    while clock() - began < seconds:
        state = NoLimitTexasHoldem.create_state(
            automations, True, 0, (1, 2), 2, 200, players, mode=Mode.CASH_GAME,
        )
        while state.status:
            moves = []
            # Fold only facing a bet (as Day's listed moves do); PokerKit allows a fold when
            # checking is free but warns about it.
            if state.checking_or_calling_amount and state.can_fold():
                moves.append("fold")
            if state.can_check_or_call():
                moves.append("call")
            if state.can_complete_bet_or_raise_to():
                moves.append("raise")
            move = moves[int(rng.random() * len(moves))]
            if move == "fold":
                state.fold()
            elif move == "call":
                state.check_or_call()
            else:
                low = state.min_completion_betting_or_raising_to_amount
                high = state.max_completion_betting_or_raising_to_amount
                assert low is not None and high is not None
                state.complete_bet_or_raise_to(rng.randint(int(low), int(high)))
            decisions += 1
        hands += 1
    return decisions, clock() - began, hands


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=5.0, help="length of each block")
    parser.add_argument("--blocks", type=int, default=3, help="blocks per side, alternating")
    parser.add_argument("--players", type=int, default=6)
    args = parser.parse_args()
    print_machine()
    try:
        from importlib.metadata import version

        print(f"  pokerkit: {version('pokerkit')}")
        have_pokerkit = True
    except Exception:
        have_pokerkit = False
        print("PokerKit is not installed (install it: .venv/bin/pip install -e '.[bench]'); "
              "reporting Day alone")

    variants: list[tuple[str, dict[str, Any]]] = [("fixed limit (defaults)", {}),
                                                   ("no limit", {"limit": "no"})]
    totals = {label: [0.0, 0.0, 0.0, 0.0] for label, _ in variants}
    pk_dec = pk_time = 0.0
    pk_hands = 0
    match = 0
    print(f"\nrandom self-play, {args.players} players, {args.blocks} alternating blocks of "
          f"{args.seconds:g} s per side")
    for block in range(args.blocks):
        parts = []
        for label, options in variants:
            d, t, m, h = day_block(args.players, options, args.seconds, match)
            match += m
            tot = totals[label]
            tot[0] += d
            tot[1] += t
            tot[2] += m
            tot[3] += h
            parts.append(f"Day {label} {d / t:>8,.0f}/s")
        if have_pokerkit:
            d2, t2, h2 = pokerkit_block(args.players, args.seconds, block)
            pk_dec += d2
            pk_time += t2
            pk_hands += h2
            parts.append(f"PokerKit NLHE {d2 / t2:>7,.0f}/s")
        print(f"  block {block + 1}: " + " | ".join(parts), flush=True)

    print()
    pk_rate = pk_dec / pk_time if have_pokerkit else 0.0
    for label, _ in variants:
        dec, secs, sessions, hands = totals[label]
        rate = dec / secs
        line = (f"Day, {label}: {rate:,.0f} decisions/s over {int(sessions)} sessions, "
                f"{int(hands):,} hands ({dec / hands:.1f} decisions a hand)")
        if pk_rate:
            verdict = "meets" if rate >= BAR * pk_rate else "MISSES"
            line += f"; {rate / pk_rate:.1f}x PokerKit -> {verdict} the bar ({BAR:g}x)"
        print(line)
    if have_pokerkit:
        print(f"PokerKit no-limit hold'em: {pk_rate:,.0f} decisions/s over {pk_hands:,} hands "
              f"({pk_dec / pk_hands:.1f} decisions a hand)")


if __name__ == "__main__":
    main()
