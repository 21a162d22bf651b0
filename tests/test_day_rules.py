"""Day hand by hand on rigged tables: the deal, substitution, betting, pots and the session.

Each test deals a table by hand, plays the moves a player would make through the public
protocol, and checks what the players would notice: stacks, pots, who may act, what is refused
and why, what is revealed.
"""

from __future__ import annotations

from typing import Any

import pytest

from cardtable import load_game
from cardtable.engine.deals import Deal
from cardtable.engine.errors import IllegalAction, NotationError, OptionError
from cardtable.engine.options import parse_option_assignments
from cardtable.games.day.actions import (
    ALL_IN,
    CALL,
    CHECK,
    FOLD,
    KEEP,
    SWAPS,
    bet,
    parse_action,
    raise_to,
)
from cardtable.games.day.audit import audit_session
from cardtable.games.day.cards import DECK_SIZE, code, parse_card, parse_cards
from cardtable.games.day.game import DayGame
from cardtable.games.day.state import FINAL, FIRST, OVER, SUBSTITUTE, DayState


def new_state(players: int, options: dict[str, Any] | None = None, seed: int = 0) -> DayState:
    game = load_game("day", players, options or {})
    assert isinstance(game, DayGame)
    return game.new_state(seed)


def deal(stacks: list[int], hands: dict[int, str], board: str, stock_top: str,
         button: int) -> Deal:
    """One hand's deal as a record writes it: the private cards, the dealer's first two cards
    and the stock, top first (``stock_top``, then every other card). Seats not named get the
    next unused cards; seats with no chips get none."""
    n = len(stacks)
    dealt = {s: parse_cards(text) for s, text in hands.items()}
    up = parse_cards(board)
    top = parse_cards(stock_top) if stock_top else []
    used = [c for cards in dealt.values() for c in cards] + up + top
    assert len(set(used)) == len(used)
    rest = [c for c in range(DECK_SIZE) if c not in used]
    for s in range(n):
        if s not in dealt:
            dealt[s] = [rest.pop(), rest.pop()] if stacks[s] > 0 else []
    return {"dealer": button, "hands": [[code(c) for c in dealt[s]] for s in range(n)],
            "up": [code(c) for c in up], "stock": [code(c) for c in [*top, *reversed(rest)]]}


# An earlier hand of the session: who holds what, and the moves, each by whoever is to act.
# The dealer's cards are BOARD and the final card FINAL_CARD.
Earlier = tuple[dict[int, str], tuple[str, ...]]


def rig(
    stacks: list[int],
    hands: dict[int, str],
    board: str,
    *,
    stock_top: str = "",
    button: int | None = None,
    options: dict[str, Any] | None = None,
    earlier: tuple[Earlier, ...] = (),
) -> DayState:
    """A hand dealt from a written deal, with ``stacks`` in front of the players before its
    ante: the private cards, the dealer's first two cards, and the next cards of the stock
    (first drawn first). The dealer is the seat before seat 0 unless ``button`` says
    otherwise, so seat 0 acts first.

    Every session starts with equal stacks (the ``stack`` option), so unequal ``stacks`` are
    reached the way a table reaches them: by playing the ``earlier`` hands first, dealt and
    played as written (the deal passing left to reach ``button``); the stacks they leave are
    checked to be ``stacks``."""
    n = len(stacks)
    start, odd = divmod(sum(stacks), n)
    assert odd == 0, "chips are only won and lost: the stacks add up to equal starting stacks"
    game = load_game("day", n, {"stack": start} | (options or {}))
    assert isinstance(game, DayGame)
    button = (n - 1) if button is None else button
    first = (button - len(earlier)) % n
    at = [start] * n
    deals = [deal(at, dealt, BOARD, FINAL_CARD, (first + k) % n)
             for k, (dealt, _) in enumerate(earlier)]
    deals.append(deal(stacks, hands, board, stock_top, button))
    state = game.new_state(0, deals=deals)
    for _, moves in earlier:
        play(state, *moves)
    assert state.phase == SUBSTITUTE and state.button == button
    assert [t + c for t, c in zip(state.totals, state.contrib, strict=True)] == stacks
    assert state.hands == [[parse_card(c) for c in h] for h in deals[-1]["hands"]]
    assert state.board == parse_cards(board)
    assert state.invariant_violations() == []
    return state


def play(state: DayState, *moves: str) -> None:
    """Apply moves in notation, each for whoever is to act."""
    for text in moves:
        state.apply(state.current, parse_action(text))
        assert state.invariant_violations() == []


def refused(state: DayState, text: str) -> str:
    with pytest.raises(IllegalAction) as exc:
        state.apply(state.current, parse_action(text))
    return str(exc.value)


def audited(state: DayState) -> None:
    """The independent audit finds nothing wrong with the session's hands."""
    o = state.game.options
    start = [int(o["stack"])] * state.game.players
    assert audit_session(state.results, start, state.game.evaluator, o["rake"],
                         o["rake_cap"]) == []


# Three hands for the pot tests: seat 0 a Day, seat 1 a Consecutive, seat 2 a Highest Card.
BOARD = "2 Setting, 8 Setting"
FINAL_CARD = "5 Risen"
DAY = "11 Rising, 1 Rising"
RUN = "6 Risen, 7 Risen"  # with the dealer's 5 and 8
HIGH = "12 Risen, 10 Setting"


# ---- the deal and substitution -----------------------------------------------------------

@pytest.mark.parametrize("players", [2, 5, 8])
def test_a_hand_antes_and_deals_two_cards_each_and_two_to_the_dealer(players: int) -> None:
    for seed in range(5):
        state = new_state(players, seed=seed)
        assert all(len(state.hands[s]) == 2 for s in range(players))
        assert len(state.board) == 2
        assert len(state.stock) == DECK_SIZE - 2 * players - 2
        assert state.contrib == [1] * players and state.totals == [99] * players
        assert state.phase == SUBSTITUTE
        assert state.actors == ((state.button + 1) % players,)
        view = state.view(state.current)
        assert len(view["zones"]["dealer"]["cards"]) == 2
        other = (state.current + 1) % players
        assert "cards" not in view["zones"][f"hand:{other}"]


def test_each_player_may_swap_one_card_once_before_the_betting() -> None:
    state = rig([20, 20, 20], {0: DAY, 1: RUN, 2: HIGH}, BOARD, stock_top="3 Risen")
    assert [str(a) for a in state.legal_actions(0)] == ["keep", "swap 11 Rising",
                                                         "swap 1 Rising"]
    assert "you do not hold 6 Risen" in refused(state, "swap 6 Risen")
    assert "first choose whether to substitute" in refused(state, "check")
    play(state, "swap 11 Rising")
    assert state.hands[0] == parse_cards("3 Risen, 1 Rising")
    assert state.substituted == [True, False, False]
    # The swapped card is seen by its owner only.
    assert state.view(0)["zones"]["swapped:0"]["cards"] == ["11 Rising"]
    assert "cards" not in state.view(1)["zones"]["swapped:0"]
    play(state, "keep", "keep")
    assert state.phase == FIRST
    assert "substitution is over" in refused(state, "swap 3 Risen")


def test_a_substitution_costs_a_point_at_the_showdown() -> None:
    # Seat 0 swaps into a Consecutive (4, less 1 = 3); seat 1's Eclipse-free kind... seat 1
    # holds a plain Highest Card. Seat 0 still wins, with 3 points.
    state = rig([20, 20], {0: "6 Risen, 12 Setting", 1: "11 Rising, 10 Setting"}, BOARD,
                stock_top=f"7 Rising, {FINAL_CARD}")
    play(state, "swap 12 Setting", "keep", "check", "check", "check", "check")
    shown = state.results[0]["showdown"]
    assert [(e["condition"], e["points"], e["substituted"]) for e in shown] == [
        ("consecutive", 3, True), ("highest-card", 1, False)]
    assert state.results[0]["stacks"] == [21, 19]


# ---- betting ---------------------------------------------------------------------------------

def test_fixed_limit_bets_one_size_and_caps_the_raises() -> None:
    state = rig([50, 50], {0: DAY, 1: HIGH}, BOARD)
    play(state, "keep", "keep")
    assert [str(a) for a in state.legal_actions(0)] == ["check", "bet 2"]
    assert "only bet allowed now is bet 2" in refused(state, "bet 5")
    play(state, "bet 2", "raise to 4", "raise to 6", "raise to 8")
    assert state.current == 0
    assert [str(a) for a in state.legal_actions(0)] == ["fold", "call"]
    assert "capped: 3 raises" in refused(state, "raise to 10")
    play(state, "call")
    assert state.phase == FINAL
    assert state.board[2] in range(DECK_SIZE)
    assert sum(state.contrib) == 18


def test_pot_limit_raises_at_most_the_pot_after_calling() -> None:
    state = rig([100, 100], {0: DAY, 1: HIGH}, BOARD, options={"limit": "pot", "ante": 5})
    play(state, "keep", "keep")
    assert state.bet_range(0) == (2, 10)  # a bet of at most the pot of 10
    play(state, "bet 10")
    # Calling 10 makes the pot 30: a raise of up to 30 more, to 40.
    assert state.bet_range(1) == (20, 40)
    assert "from 20 to 40" in refused(state, "raise to 41")
    legal = [str(a) for a in state.legal_actions(1)]
    assert legal == ["fold", "call", "raise to 20", "raise to 25", "raise to 40"]
    play(state, "raise to 37")  # any amount in range may be typed, listed or not
    assert state.current_bet == 37


def test_no_limit_raises_must_be_at_least_the_last_bet_or_raise() -> None:
    state = rig([100, 100, 100], {0: DAY, 1: RUN, 2: HIGH}, BOARD, options={"limit": "no"})
    play(state, "keep", "keep", "keep", "bet 10")
    assert "from 20 to 99" in refused(state, "raise to 15")
    play(state, "raise to 35")  # a raise of 25
    assert state.bet_range(2)[0] == 60
    assert ALL_IN in state.legal_actions(2)
    listed = {a.amount for a in state.legal_actions(2) if hasattr(a, "amount")}
    assert listed == {60, 76}  # the minimum and half the pot; the pot (118) is out of reach
    play(state, "raise to 61")  # any amount in range may be typed
    assert state.min_raise == 26
    # A raise that everything left cannot make: said so, not "from 125 to 99".
    short = rig([100, 100, 100], {0: DAY, 1: RUN, 2: HIGH}, BOARD, options={"limit": "no"})
    play(short, "keep", "keep", "keep", "bet 10", "raise to 35", "raise to 80")
    assert short.bet_range(0)[0] > short.bet_range(0)[1]
    assert refused(short, "raise to 99") == (
        "a raise must go to 125 at least, and everything you have makes 99: go all-in for "
        "less, call or fold")


def test_an_all_in_for_less_than_a_raise_does_not_reopen_the_betting() -> None:
    # Seat 1 lost 85 of its 100 chips to seat 2 in the hand before (seat 0 folded its ante).
    before = ({0: RUN, 1: HIGH, 2: DAY}, ("keep", "keep", "keep", "bet 84", "fold", "call",
                                          "check", "check"))
    state = rig([99, 15, 186], {0: DAY, 1: RUN, 2: HIGH}, BOARD, options={"limit": "no"},
                earlier=(before,))
    play(state, "keep", "keep", "keep", "bet 10", "all-in")  # seat 1: 14 more, to 14
    assert state.current_bet == 14
    play(state, "call")  # seat 2 had not acted: it could have raised, it calls
    assert state.current == 0
    assert [str(a) for a in state.legal_actions(0)] == ["fold", "call"]
    assert "not reopened" in refused(state, "raise to 40")
    play(state, "call")
    assert state.phase == FINAL


def test_nobody_bets_into_players_who_have_no_chips_to_answer() -> None:
    before = ({0: DAY, 1: HIGH}, ("keep", "keep", "bet 44", "call", "check", "check"))
    state = rig([100, 10], {0: DAY, 1: HIGH}, BOARD, options={"limit": "no"},
                earlier=(before,))
    play(state, "keep", "keep", "check", "all-in")
    assert [str(a) for a in state.legal_actions(0)] == ["fold", "call"]
    assert "no opponent has chips left" in refused(state, "raise to 30")


def test_a_player_short_of_a_call_goes_all_in_for_less() -> None:
    # 106 chips make no two equal starting stacks: seat 0 starts this hand with 101.
    before = ({0: DAY, 1: HIGH}, ("keep", "keep", "bet 47", "call", "check", "check"))
    state = rig([101, 5], {0: DAY, 1: HIGH}, BOARD, stock_top=FINAL_CARD,
                options={"limit": "no"}, earlier=(before,))
    play(state, "keep", "keep", "bet 20")
    assert [str(a) for a in state.legal_actions(1)] == ["fold", "call", "all-in"]
    play(state, "call")
    # Seat 0's 16 chips that nobody could call went straight back; it won seat 1's five.
    assert state.results[-1]["put_in"] == [5, 5]
    assert state.totals == [106, 0] and state.phase == OVER
    audited(state)


def test_check_fold_and_call_are_refused_when_they_make_no_sense() -> None:
    state = rig([20, 20], {0: DAY, 1: HIGH}, BOARD)
    play(state, "keep", "keep")
    assert "check instead of folding" in refused(state, "fold")
    assert "nothing to call" in refused(state, "call")
    assert "nobody has bet" in refused(state, "raise to 4")
    play(state, "bet 2")
    assert "2 to call" in refused(state, "check")
    assert "bet of 2 already" in refused(state, "bet 2")


# ---- the end of a hand and the pots ----------------------------------------------------------

def test_a_hand_ends_when_all_but_one_fold_and_no_cards_are_shown() -> None:
    state = rig([20, 20, 20], {0: DAY, 1: RUN, 2: HIGH}, BOARD)
    play(state, "keep", "keep", "keep", "bet 2", "fold", "fold")
    result = state.results[0]
    assert result["showdown"] is None
    assert result["pots"] == [{"amount": 3, "eligible": [0], "winner": 0, "rake": 0}]
    assert state.results[0]["stacks"] == [19 + 3, 19, 19]
    assert state.hand_no == 2
    assert "final" not in str(result["board"]) and len(result["board"]) == 2
    audited(state)


# From 45 chips each, seat 0 loses 17 to seat 1 and then 17 to seat 2 (the third player folds
# its ante each time): 11, 62 and 62. (11, 61, 61 add up to no three equal stacks.)
SEAT_0_DOWN_TO_11: tuple[Earlier, ...] = (
    ({0: HIGH, 1: DAY, 2: RUN}, ("keep", "keep", "keep", "bet 16", "fold", "call",
                                 "check", "check")),
    ({0: HIGH, 1: RUN, 2: DAY}, ("keep", "keep", "keep", "bet 16", "call", "fold",
                                 "check", "check")),
)


def test_side_pots_go_only_to_players_who_covered_them() -> None:
    # Seat 0 (the best hand) is all-in for 10; seats 1 and 2 fight on for a side pot.
    state = rig([11, 62, 62], {0: DAY, 1: RUN, 2: HIGH}, BOARD, stock_top=FINAL_CARD,
                options={"limit": "no"}, earlier=SEAT_0_DOWN_TO_11)
    play(state, "keep", "keep", "keep", "all-in", "call", "call")
    assert state.phase == FINAL and state.board[2] == parse_card(FINAL_CARD)
    play(state, "bet 20", "call")
    pots = state.results[-1]["pots"]
    assert [(p["amount"], p["eligible"], p["winner"]) for p in pots] == [
        (33, [0, 1, 2], 0), (40, [1, 2], 1)]
    assert state.results[-1]["stacks"] == [33, 62 - 31 + 40, 62 - 31]
    audited(state)


def test_the_player_who_folded_pays_in_but_can_win_nothing() -> None:
    state = rig([11, 62, 62], {0: HIGH, 1: DAY, 2: RUN}, BOARD, stock_top=FINAL_CARD,
                options={"limit": "no"}, earlier=SEAT_0_DOWN_TO_11)
    play(state, "keep", "keep", "keep", "all-in", "call", "call", "bet 20", "fold")
    # Seat 2 folded: its 11 stay in the pot, which seat 1 wins against the all-in seat 0;
    # seat 1's bet of 20 that nobody called went back.
    pots = state.results[-1]["pots"]
    assert [(p["amount"], p["eligible"], p["winner"]) for p in pots] == [(33, [0, 1], 1)]
    assert [e["seat"] for e in state.results[-1]["showdown"]] == [0, 1]
    assert state.results[-1]["stacks"] == [0, 62 - 11 + 33, 62 - 11]
    audited(state)


def test_ties_are_broken_by_a_draw_repeated_while_tied() -> None:
    # Equal Highest Cards; the first draw (two 9s) ties again, then the draw is repeated.
    state = rig([20, 20], {0: "12 Rising, 10 Risen", 1: "12 Setting, 10 Setting"},
                "1 Rising, 3 Risen", stock_top="5 Setting, 9 Rising, 9 Risen")
    play(state, "keep", "keep", "check", "check", "check", "check")
    pot = state.results[0]["pots"][0]
    assert pot["tied"] == [0, 1]
    assert pot["draws"][0] == {"0": "9 Rising", "1": "9 Risen"}
    assert len(pot["draws"]) >= 2
    last = pot["draws"][-1]
    ev = state.game.evaluator
    values = {int(s): ev.top[parse_card(c)] for s, c in last.items()}
    assert values[pot["winner"]] > values[1 - pot["winner"]]
    audited(state)


def test_the_rake_takes_its_percent_up_to_the_cap_once_the_final_card_is_out() -> None:
    opts = {"limit": "no", "rake": 10, "rake_cap": 3}
    state = rig([50, 50], {0: DAY, 1: HIGH}, BOARD, stock_top=FINAL_CARD, options=opts)
    play(state, "keep", "keep", "bet 10", "call", "check", "check")
    assert state.results[0]["rake"] == 2  # 10% of 22
    assert state.results[0]["stacks"] == [50 + 11 - 2, 50 - 11]
    assert state.raked == 2
    state = rig([50, 50], {0: DAY, 1: HIGH}, BOARD, stock_top=FINAL_CARD, options=opts)
    play(state, "keep", "keep", "bet 30", "call", "check", "check")
    assert state.results[0]["rake"] == 3  # 10% of 62, capped at 3
    state = rig([50, 50], {0: DAY, 1: HIGH}, BOARD, options=opts)
    play(state, "keep", "keep", "bet 30", "fold")
    assert state.results[0]["rake"] == 0  # no final card, no rake
    audited(state)


# ---- the session -----------------------------------------------------------------------------

def test_the_session_ends_when_one_player_holds_every_chip() -> None:
    # Seat 0 lost 15 of its 16 chips in the hand before (31 chips make no equal stacks).
    before = ({0: HIGH, 1: DAY}, ("keep", "keep", "bet 2", "raise to 4", "raise to 6",
                                  "raise to 8", "call", "bet 2", "raise to 4", "raise to 6",
                                  "call"))
    state = rig([1, 31], {0: HIGH, 1: DAY}, BOARD, earlier=(before,))
    play(state, "keep", "keep")  # seat 0 is all-in from the ante: no betting at all
    assert state.phase == OVER and state.is_over
    assert state.totals == [0, 32]
    assert state.winners == [1]
    assert state.actors == ()
    assert state.legal_actions(1) == []


def test_the_session_ends_after_the_hand_limit() -> None:
    state = new_state(3, {"hands": 2}, 4)
    while not state.is_over:
        state.apply(state.current, CHECK if CHECK in state.legal_actions(state.current)
                    else KEEP if KEEP in state.legal_actions(state.current) else CALL)
    assert state.rounds_played == 2
    assert sum(state.totals) == 300
    assert state.winners == [s for s in range(3) if state.totals[s] == max(state.totals)]


def test_the_deal_passes_left_and_busted_players_are_skipped() -> None:
    # From 7 chips each, seat 1 loses 3 to seat 0 and then 3 to seat 2.
    before = (({0: DAY, 1: HIGH, 2: RUN}, ("keep", "keep", "keep", "bet 2", "fold", "call",
                                           "check", "check")),
              ({0: RUN, 1: HIGH, 2: DAY}, ("keep", "keep", "keep", "bet 2", "fold", "call",
                                           "check", "check")))
    state = rig([10, 1, 10], {0: HIGH, 1: RUN, 2: DAY}, BOARD, button=2, earlier=before)
    assert state.current == 0
    play(state, "keep", "keep", "keep", "check", "check", "check", "check")
    assert state.results[-1]["pots"][0]["winner"] == 2
    assert state.totals[1] == 0
    assert state.button == 0 and state.leader == 2
    assert state.order == [2, 0]
    assert state.hands[1] == []


def test_house_dealer_still_rotates_the_first_seat() -> None:
    state = new_state(3, {"dealer": "house"}, 1)
    first = state.leader
    for _ in range(3):
        state.apply(state.current, KEEP)
    while state.hand_no == 1:
        state.apply(state.current, CHECK)
    assert state.leader == (first + 1) % 3


# ---- notation and options ----------------------------------------------------------------------

def test_actions_round_trip_through_their_notation() -> None:
    for action in [KEEP, FOLD, CHECK, CALL, ALL_IN, bet(12), raise_to(30), *SWAPS]:
        assert parse_action(str(action)) == action
    assert parse_action("All In") == ALL_IN
    assert parse_action("swap moon setting") == SWAPS[parse_card("Moon Setting")]
    with pytest.raises(NotationError, match="raise to N"):
        parse_action("raise 30")
    with pytest.raises(NotationError, match="not a number of chips"):
        parse_action("bet lots")
    with pytest.raises(NotationError, match="unknown command"):
        parse_action("shove")


def test_options_are_checked() -> None:
    with pytest.raises(OptionError, match="rake_cap needs a rake"):
        load_game("day", 3, {"rake_cap": 5})
    with pytest.raises(OptionError, match="limit must be one of"):
        load_game("day", 3, {"limit": "spread"})
    # Typed at the command line: a bet of no chips is out of range, and the message says so
    # (it used to call 0 no whole number).
    with pytest.raises(OptionError) as refused_size:
        parse_option_assignments(DayGame.option_specs, ["bet_size=0"])
    assert str(refused_size.value) == "option bet_size must be at least 1, not 0"
    with pytest.raises(OptionError, match="2, 3, 4, 5, 6, 7, 8 players"):
        load_game("day", 9)
