"""What a person reads of Crazy Eights, from the game's presentation: the cards' faces, each
legal move as a structure whose key types it back, the board and the prompt from a seat's view,
the legends from the options in force, and a hand's result."""

from __future__ import annotations

import json
import random

from cardtable.engine.game import load_game
from cardtable.engine.kit import presentation_for
from cardtable.engine.presentation import Board
from tables import play, table

NAMES = ["You", "Ann"]
NORTH = ["3C", "4C", "6C", "7C", "9C", "10C", "JD"]
SOUTH = ["2S", "5H", "8C", "KH", "9S", "10S", "QS"]


def test_faces_show_rank_and_suit_corners_in_red_and_black_and_the_eights_wild() -> None:
    faces = presentation_for(load_game("crazy-eights", 2)).faces()
    assert len(faces) == 52
    seven = faces["7H"]
    assert (seven["corner"], seven["mark"], seven["tone"], seven["name"]) == \
        ("7", "♥", "red", "7♥")
    assert seven["label"] == "seven of hearts" and seven["group"] == "hearts"
    assert (faces["QS"]["corner"], faces["QS"]["tone"]) == ("Q", "black")
    assert [b["text"] for b in faces["8D"]["badges"]] == ["wild"]
    assert not faces["9D"]["badges"]
    assert faces["AC"]["order"] < faces["2C"]["order"] < faces["KS"]["order"]


def test_each_move_is_a_structure_whose_key_types_it_back() -> None:
    state = table([NORTH, SOUTH], "5D")
    game = state.game
    view = state.view(1)
    moves = presentation_for(game).moves(view, state.legal_actions(1), NAMES)
    by_move = {m["move"]: m for m in moves}
    assert by_move["play 5H"]["label"] == "Play the 5♥"
    assert by_move["play 5H"]["cards"] == ["5H"] and by_move["play 5H"]["target"] == "discard"
    assert by_move["play 8C spades"]["label"] == "Play the 8♣ and name spades"
    assert by_move["draw"]["kind"] == "draw" and by_move["draw"]["target"] == "stock"
    assert by_move["play 8C hearts"]["note"] == by_move["play 8C clubs"]["note"] == \
        "the 8♣, wild"
    assert presentation_for(game).log_text("Try play 8S clubs; not 10H.") == \
        "Try play 8♠ clubs; not 10♥."
    keys = [m["key"] for m in moves]
    assert len(set(keys)) == len(keys)
    for move in moves:
        assert move["key"] is not None
        assert str(game.parse_action(move["key"])) == move["move"]


def test_the_board_and_prompt_follow_the_turn_and_hide_the_other_hand() -> None:
    state = table([NORTH, SOUTH], "5D", stock_top=["KD"])
    presentation = presentation_for(state.game)

    def board(seat: int | None) -> Board:
        view = state.view(seat)
        legal = state.legal_actions(seat) if seat is not None else []
        return presentation.board(view, presentation.moves(view, legal, NAMES), NAMES)

    south = board(1)
    assert south["prompt"] == "Your move: play a diamond, a 5 or an eight; or draw."
    assert sorted(south["hand"] or []) == sorted(SOUTH)
    assert [p["id"] for p in south["piles"]] == ["stock", "discard"]
    assert "Suit to follow: diamonds" in json.dumps(south["areas"])
    spectator = board(None)
    assert spectator["hand"] is None
    assert not any(c in json.dumps(spectator) for c in [*NORTH, *SOUTH])
    assert board(0)["prompt"] == "Waiting for Ann."
    play(state, 1, "draw")
    assert board(1)["prompt"] == "You drew a card that fits: play it, or pass."
    play(state, 1, "play KD")
    play(state, 0, "play JD")
    assert board(1)["status"] == "Crazy Eights · hand 1 · diamonds to follow"


def test_a_seats_presentation_depends_only_on_what_it_may_see() -> None:
    """The board and the moves are worked out from the view and the legal moves, so a deal of
    the cards the seat cannot see changes nothing it is shown."""
    game = load_game("crazy-eights", 4)
    state = game.new_state(9)
    rng = random.Random(1)
    presentation = presentation_for(game)
    names = ["You", "Ann", "Bob", "Cy"]
    for _ in range(30):
        seat = state.actors[0]
        sample = state.observe(seat).sample(rng)
        shown = []
        for s in (state, sample):
            view = s.view(seat)
            moves = presentation.moves(view, s.legal_actions(seat), names)
            shown.append(json.dumps([moves, presentation.board(view, moves, names)]))
        assert shown[0] == shown[1]
        state.apply(seat, rng.choice(list(state.legal_actions(seat))))


def test_the_legend_follows_the_options_and_a_result_names_what_was_caught() -> None:
    until = presentation_for(load_game("crazy-eights", 3, {"draw": "until", "hands": 4}))
    legend = " ".join(until.legend())
    assert "draw until you can" in legend and "4 hands" in legend
    default = " ".join(presentation_for(load_game("crazy-eights", 3)).legend())
    assert "draw one card" in default and "reaches 100 points" in default
    result = {"hand": 2, "out": 1, "held": [["8S", "KD"], [], ["3C"]],
              "penalties": [60, 0, 3], "totals": [70, 12, 3]}
    worded = until.result(result, ["You", "Ann", "Bob"])
    assert worded == {"title": "Hand 2", "lines": ["Ann went out.",
                                                   "You: 8♠ K♦, 60 points (total 70)",
                                                   "Bob: 3♣, 3 points (total 3)"]}
