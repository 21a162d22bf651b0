"""What a Day player reads (issue 42): the cards, every move's words and key, the prompt at each
point of a hand, the legend from the options in force and a hand's result, all from the game's
presentation, which the terminal and the browser render alike.

Tables are set up through the public way (a written deal handed to ``new_state(None,
deals=...)``, or a seed) and played by the moves a player would type.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

from cardtable import load_game
from cardtable.engine.kit import presentation_for
from cardtable.engine.presentation import Move
from cardtable.games.day.game import DayGame
from cardtable.games.day.presentation import DayPresentation
from cardtable.games.day.state import DayState

NAMES = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]
BOARD = ["2 Setting", "8 Setting"]
FINAL = "5 Risen"
DAY = ["11 Rising", "1 Rising"]  # a Day with the board above and a Risen final card
HIGH = ["12 Risen", "10 Setting"]  # a Highest Card


def table(players: int = 2, **options: Any) -> DayGame:
    game = load_game("day", players, options)
    assert isinstance(game, DayGame)
    return game


def told(game: DayGame) -> DayPresentation:
    presentation = presentation_for(game)
    assert isinstance(presentation, DayPresentation)
    return presentation


def names_for(seat: int | None, players: int) -> list[str]:
    """The seats' labels as ``seat`` reads them: "You" for itself."""
    return ["You" if s == seat else NAMES[s] for s in range(players)]


def written_deal(game: DayGame, hands: list[list[str]], up: list[str], top: Sequence[str] = (),
                 dealer: int | None = None) -> dict[str, Any]:
    named = [c for hand in hands for c in hand] + list(up) + list(top)
    stock = list(top) + [c for c in game.deck() if c not in named]
    deal: dict[str, Any] = {"hands": [list(h) for h in hands], "up": list(up), "stock": stock}
    if dealer is not None:
        deal["dealer"] = dealer
    return deal


def play(state: DayState, *moves: str) -> None:
    for text in moves:
        state.apply(state.actors[0], state.game.parse_action(text))


def seen(state: DayState, seat: int | None) -> tuple[dict[str, Any], list[Move], list[str]]:
    """The view, the Moves and the labels of ``seat`` (the actor when None is not meant)."""
    presentation = told(state.game)
    view = state.view(seat)
    names = names_for(seat, state.game.players)
    legal = state.legal_actions(seat) if seat is not None else []
    return view, presentation.moves(view, legal, names), names


def board(state: DayState, seat: int | None) -> dict[str, Any]:
    view, moves, names = seen(state, seat)
    return dict(told(state.game).board(view, moves, names))


def labels(moves: Sequence[Move]) -> dict[str, str]:
    return {m["move"]: m["label"] for m in moves}


def decisions(game: DayGame, seed: int, limit: int) -> Iterator[DayState]:
    """A seeded random session, stopping at each decision (the state before the move)."""
    state = game.new_state(seed)
    rng = random.Random(seed)
    for _ in range(limit):
        if state.is_over:
            return
        yield state
        actor = state.actors[0]
        state.apply(actor, rng.choice(list(state.legal_actions(actor))))


# ---- faces -----------------------------------------------------------------------------------
def test_every_card_has_a_face_with_its_value_and_suit_and_the_crown_is_wild() -> None:
    faces = told(table()).faces()
    assert set(faces) == set(table().deck()) and len(faces) == 40
    seven = faces["7 Rising"]
    assert (seven["name"], seven["corner"], seven["mark"], seven["group"]) == \
        ("7 Rising", "7", "↗", "Rising")
    assert [line["text"] for line in seven["lines"]] == ["7", "↗ Rising"]
    assert faces["Moon Setting"]["corner"] == "☾" and faces["Moon Setting"]["group"] == "Setting"
    crown = faces["Crown"]
    assert crown["group"] == "Crown" and crown["badges"][0]["text"] == "wild"
    assert "wild for every player" in crown["badges"][0]["title"]
    # A hand sorted by rank: by worth, the Crown above everything.
    assert max(faces.values(), key=lambda f: f["order"]) is crown


def test_a_moon_sorts_by_what_it_is_worth_under_the_option() -> None:
    low = told(table()).faces()
    high = told(table(moon_value=13)).faces()
    assert low["Moon Risen"]["order"] < low["1 Risen"]["order"]
    assert high["Moon Risen"]["order"] > high["12 Risen"]["order"]
    assert "worth 13" in high["Moon Risen"]["label"] and "worth 0" in low["Moon Risen"]["label"]


# ---- every legal move, described -------------------------------------------------------------
@pytest.mark.parametrize(("players", "options"), [
    (2, {}), (3, {"limit": "pot"}), (4, {"limit": "no", "stack": 30}),
    (3, {"limit": "no", "stack": 8, "ante": 2}), (5, {"limit": "fixed", "stack": 10}),
])
def test_every_legal_move_of_random_play_has_a_move_and_no_move_is_illegal(
        players: int, options: dict[str, Any]) -> None:
    game = table(players, **options)
    presentation = told(game)
    amounts = random.Random(7)
    kinds: set[str] = set()
    for seed in range(3):
        for state in decisions(game, seed, 400):
            seat = state.actors[0]
            view = state.view(seat)
            legal = list(state.legal_actions(seat))
            notation = {str(a) for a in legal}
            moves = presentation.moves(view, legal, names_for(seat, players))
            listed = {m["move"] for m in moves if "amount" not in m}
            assert listed == notation
            hand = view["zones"][f"hand:{seat}"]["cards"]
            for move in moves:
                kinds.add(move["kind"])
                assert move["label"] and "{" not in move["label"]
                assert all(card in hand for card in move["cards"])
                if "amount" not in move:
                    continue
                # A chosen size: every amount in the range is a legal move.
                rng = move["amount"]
                assert rng["minimum"] < rng["maximum"] and rng["step"] == 1
                assert game.options["limit"] != "fixed"
                for amount in (rng["minimum"], rng["maximum"],
                               amounts.randint(rng["minimum"], rng["maximum"])):
                    action = game.parse_action(move["move"].format(amount=amount))
                    assert state.refusal(seat, action) is None, (move, amount)
                    assert state.refusal(seat, game.parse_action(
                        move["move"].format(amount=rng["maximum"] + 1))) is not None
            # The board, its prompt and each seat's line come out for the seat and for others.
            for viewer in (seat, (seat + 1) % players, None):
                shown = board(state, viewer)
                assert shown["prompt"] and len(shown["seats"]) == players
    assert {"keep", "swap", "check", "call", "fold"} <= kinds


def test_keys_are_the_terminal_shortcuts() -> None:
    game = table(3, limit="no")
    state = game.new_state(None, deals=[written_deal(game, [DAY, HIGH, ["3 Risen", "4 Risen"]],
                                                     BOARD, [FINAL], dealer=2)])
    _view, moves, _names = seen(state, 0)
    assert {m["move"]: m["key"] for m in moves} == {
        "keep": "k", "swap 11 Rising": "s 11 Rising", "swap 1 Rising": "s 1 Rising"}
    assert {m["group"] for m in moves} == {"Substitution"}
    assert {m["move"]: m["target"] for m in moves}["swap 1 Rising"] == "stock"  # the deck
    play(state, "keep", "keep", "keep")
    _view, moves, _names = seen(state, 0)
    keys = {m["move"]: m["key"] for m in moves}
    assert keys["check"] == "x" and keys["bet 2"] == "b 2" and keys["all-in"] == "a"
    assert keys["bet {amount}"] == "b {amount}"
    play(state, "bet 5")
    _view, moves, _names = seen(state, 1)
    keys = {m["move"]: m["key"] for m in moves}
    assert keys["fold"] == "f" and keys["call"] == "c" and keys["raise to 10"] == "r 10"
    assert keys["raise to {amount}"] == "r {amount}"
    groups = {m["move"]: m["group"] for m in moves}
    assert groups["fold"] == groups["call"] == "Moves"
    assert groups["raise to 10"] == groups["raise to {amount}"] == "Bet sizes"
    # Bets act on no pile: nothing on the board is their target.
    assert all(m["target"] is None for m in moves)


# ---- the prompt, hand by hand ----------------------------------------------------------------
def test_the_prompt_follows_the_hand_and_names_who_is_awaited() -> None:
    game = table(3)
    state = game.new_state(None, deals=[written_deal(game, [DAY, HIGH, ["3 Risen", "4 Risen"]],
                                                     BOARD, [FINAL], dealer=2)])
    assert board(state, 0)["prompt"] == ("Keep your two cards, or swap one for a card from the "
                                         "deck (a swap costs 1 point at the showdown).")
    assert board(state, 1)["prompt"] == "Waiting for Ann to keep or swap."
    assert board(state, None)["prompt"] == "Waiting for Ann to keep or swap."
    _view, moves, _names = seen(state, 0)
    assert labels(moves)["swap 1 Rising"] == ("Swap the 1 Rising for a card from the deck "
                                              "(costs 1 point at the showdown)")
    play(state, "keep", "keep", "keep")
    assert board(state, 0)["prompt"] == "Nothing to call: check, or bet 2."
    assert board(state, 2)["prompt"] == "Waiting for Ann to bet."
    play(state, "bet 2")
    assert board(state, 1)["prompt"] == "Ann made it 2: call 2, raise to 4, or fold."
    _view, moves, _names = seen(state, 1)
    assert labels(moves) == {"fold": "Fold: give up this hand", "call": "Call 2",
                             "raise to 4": "Raise to 4 (4 more)"}
    play(state, "fold")
    assert board(state, 1)["prompt"] == "You folded this hand. Waiting for Cy to bet."
    seats = board(state, 0)["seats"]
    assert "folded" in seats[1]["lines"] and not seats[1]["out"]


def test_status_and_pot_are_in_day_words() -> None:
    game = table(3, limit="pot", rake=5, rake_cap=2)
    state = game.new_state(None, deals=[written_deal(game, [DAY, HIGH, ["3 Risen", "4 Risen"]],
                                                     BOARD, [FINAL], dealer=2)])
    play(state, "keep", "swap 12 Risen", "keep")
    shown = board(state, 0)
    assert shown["status"] == "Day · hand 1 of at most 100 · pot limit · first betting round"
    pot = shown["areas"][0]
    assert pot["title"] == "The pot"
    assert pot["facts"][:3] == ["Pot: 3 chips", "No bet yet this round", "Nothing to call"]
    assert shown["piles"][0]["title"] == "The dealer's cards (Cy deals)"
    assert shown["piles"][0]["cards"] == BOARD
    assert "swapped a card" in shown["seats"][1]["lines"]
    assert "dealer" in shown["seats"][2]["lines"]
    mine = board(state, 1)
    assert mine["hand_title"] == "Your cards (you swapped away the 12 Risen)"
    assert board(state, 2)["piles"][0]["title"] == "The dealer's cards (you deal)"


def test_a_bet_of_any_size_is_one_move_with_its_range() -> None:
    game = table(2, limit="no", stack=50)
    state = game.new_state(None, deals=[written_deal(game, [DAY, HIGH], BOARD, [FINAL],
                                                     dealer=1)])
    play(state, "keep", "keep")
    view, moves, _names = seen(state, 0)
    sized = [m for m in moves if "amount" in m]
    assert len(sized) == 1
    assert sized[0]["move"] == "bet {amount}" and sized[0]["kind"] == "bet"
    assert sized[0]["amount"] == {"minimum": 2, "maximum": 49, "step": 1}
    assert sized[0]["label"] == "Bet any amount from 2 to 49"
    assert labels(moves)["bet 2"] == "Bet 2 (the smallest bet, the pot)"
    assert labels(moves)["all-in"] == "All-in: bet all your 49 chips"
    # It stands right after the listed sizes, before all-in.
    order = [m["move"] for m in moves]
    assert order.index("bet {amount}") == order.index("all-in") - 1
    assert board(state, 0)["prompt"] == "Nothing to call: check, or bet 2 up to 49."
    fixed = table(2)
    state = fixed.new_state(None, deals=[written_deal(fixed, [DAY, HIGH], BOARD, [FINAL],
                                                      dealer=1)])
    play(state, "keep", "keep")
    _view, moves, _names = seen(state, 0)
    assert not any("amount" in m for m in moves)  # fixed limit: one size, listed
    assert view["table"]["raise_range"] == [2, 49]


def test_a_call_of_ones_last_chips_and_all_in_are_told_as_the_same_move() -> None:
    game = table(2, limit="no", stack=10)
    state = game.new_state(None, deals=[written_deal(game, [DAY, HIGH], BOARD, [FINAL],
                                                     dealer=1)])
    play(state, "keep", "keep", "bet 2")
    _view, moves, _names = seen(state, 1)
    assert labels(moves)["call"] == "Call 2"
    assert labels(moves)["all-in"] == "All-in: raise to 9 with your last 9 chips"
    play(state, "raise to 9")
    view, moves, _names = seen(state, 0)
    assert view["table"]["call_all_in"]
    assert labels(moves) == {"fold": "Fold: give up this hand",
                             "call": "Call all-in with your last 7 chips",
                             "all-in": "All-in: 7 chips, the same as calling"}
    assert board(state, 0)["prompt"] == ("Bob made it 9: calling takes all your 7 chips: call "
                                         "all-in, or fold.")


# ---- a seat out of chips ---------------------------------------------------------------------
def test_a_seat_out_of_chips_is_shown_out_and_told_so() -> None:
    game = table(3, limit="no", stack=10)
    first = written_deal(game, [DAY, HIGH, ["3 Risen", "4 Risen"]], BOARD, [FINAL], dealer=2)
    state = game.new_state(None, deals=[first])
    play(state, "keep", "keep", "keep", "all-in", "call", "fold")
    assert state.hand_no == 2
    shown = board(state, 0)
    bob = shown["seats"][1]
    assert bob["out"] and bob["lines"] == ["stack 0", "out: no chips left"]
    assert bob["cards"] is None
    assert board(state, 1)["prompt"] == "You are out of chips: you watch the rest of the session."
    last = told(game).result(state.view(0)["table"]["results"][0], names_for(0, 3))
    assert "Bob is out of chips." in last["lines"]


# ---- legends from the options ----------------------------------------------------------------
def test_the_legend_follows_the_options_in_force() -> None:
    plain = told(table()).legend()
    assert plain[0].startswith("Win conditions, best first: Day and Full Day 6, Full "
                               "Consecutive 5,")
    seven = told(table(full_day_points=7)).legend()
    assert seven[0].startswith("Win conditions, best first: Full Day 7, Day 6, Full "
                               "Consecutive 5,")
    assert "A Moon is worth 0, below the 1s." in plain
    assert "A Moon is worth 13, above the 12s." in told(table(moon_value=13)).legend()
    assert "X of a kind counts your two cards and the dealer's three." in \
        told(table(kind_scope="hand")).legend()
    assert "Fixed limit: bets and raises of 2, at most 3 raises a round after the bet." in plain
    assert any(line.startswith("No limit: the smallest bet is 5") for line in
               told(table(limit="no", bet_size=5)).legend())
    raked = told(table(rake=10, rake_cap=3)).legend()
    assert ("The house rakes 10% of each pot that reaches the final card, at most 3 chips a "
            "hand.") in raked
    assert not any("rakes" in line for line in plain)
    assert any("draw a card" in line and "highest wins" in line for line in plain)
    assert plain[-1] == ("The session ends when one player holds every chip, or after 100 "
                         "hands: most chips wins.")


def test_the_board_carries_the_legend_and_the_totals_words() -> None:
    game = table(full_day_points=7)
    state = game.new_state(3)
    assert board(state, 0)["legend"] == told(game).legend()
    presentation = told(game)
    assert (presentation.round_word, presentation.totals_title, presentation.totals_unit) == \
        ("hand", "Stacks", "chips")


# ---- a hand's result -------------------------------------------------------------------------
def test_a_showdown_result_names_the_winner_the_conditions_and_the_stacks() -> None:
    game = table(2)
    state = game.new_state(None, deals=[written_deal(game, [DAY, HIGH], BOARD,
                                                     ["Moon Risen", FINAL], dealer=1)])
    play(state, "keep", "swap 10 Setting", "check", "check", "check", "check")
    result = state.view(0)["table"]["results"][0]
    told_result = told(game).result(result, names_for(0, 2))
    got = ["12 Risen", "Moon Risen"]  # Bob's swap drew the Moon Risen
    assert told_result["title"] == "Hand 1"
    lines = told_result["lines"]
    assert lines[0].startswith("You won the pot of 2 chips with Day")
    assert "The dealer's cards: 2 Setting, 8 Setting, 5 Risen." in lines
    assert any(line.startswith(f"Bob showed {' and '.join(got)}:") and
               line.endswith("1 point, after the swap's point.") for line in lines)
    assert lines[-1].startswith("Stacks: You ")


def test_a_hand_won_by_folds_says_so() -> None:
    game = table(2)
    state = game.new_state(None, deals=[written_deal(game, [DAY, HIGH], BOARD, [FINAL],
                                                     dealer=1)])
    play(state, "keep", "keep", "bet 2", "fold")
    lines = told(game).result(state.view(1)["table"]["results"][0], names_for(1, 2))["lines"]
    # Bob's fold leaves Ann's bet uncalled: it goes back to her, and the antes are the pot.
    assert lines[0] == "Ann won the pot of 2 chips: everyone else folded."
    assert "Folded: You." in lines


def test_a_tie_result_explains_the_draw_that_settled_it() -> None:
    # Both hold a 12 and a 3: two 12s shown make X of a kind for each, equal: a draw decides.
    game = table(2)
    tie = written_deal(game, [["12 Rising", "3 Rising"], ["12 Setting", "3 Setting"]],
                       ["6 Risen", "9 Risen"], [FINAL, "7 Rising", "2 Risen"], dealer=1)
    state = game.new_state(None, deals=[tie])
    play(state, "keep", "keep", "check", "check", "check", "check")
    result = state.view(None)["table"]["results"][0]
    assert result["pots"][0].get("tied") == [0, 1]
    lines = told(game).result(result, NAMES[:2])["lines"]
    assert lines[0] == "Ann won the pot of 2 chips with X of a kind (two 12s), 2 points."
    assert lines[1] == ("Ann and Bob tied with the same result (X of a kind (two 12s), 2 points):"
                        " a draw settled it (Ann the 7 Rising, Bob the 2 Risen), and Ann drew "
                        "highest.")


# ---- only what the seat may see --------------------------------------------------------------
CARD = re.compile(r"\b(?:\d{1,2}|Moon) (?:Rising|Risen|Setting)\b|\bCrown\b")


def test_the_board_and_moves_name_only_cards_the_seat_may_see() -> None:
    game = table(3, limit="no", stack=20)
    for state in decisions(game, 11, 300):
        for viewer in (*range(3), None):
            view, moves, names = seen(state, viewer)
            visible = set(CARD.findall(json.dumps(view)))
            shown = board(state, viewer)
            text = json.dumps([shown, moves, [told(game).result(r, names)
                                              for r in view["table"]["results"]]])
            assert set(CARD.findall(text)) - {"Crown"} <= visible, viewer


def test_an_all_in_that_is_a_call_or_a_listed_size_names_it_for_one_button() -> None:
    game = table(2, limit="no", stack=10)
    state = game.new_state(None, deals=[written_deal(game, [DAY, HIGH], BOARD, [FINAL],
                                                     dealer=1)])
    play(state, "keep", "keep", "bet 2")
    _view, moves, _names = seen(state, 1)
    # All-in raises to 9, which no listed size does: a move of its own.
    assert [m for m in moves if m.get("same_as")] == []
    assert "raise to 9" not in {m["move"] for m in moves}
    play(state, "raise to 9")
    _view, moves, _names = seen(state, 0)
    same = {m["move"]: m.get("same_as") for m in moves}
    assert same == {"fold": None, "call": None, "all-in": "call"}  # "Call 7" is all-in
