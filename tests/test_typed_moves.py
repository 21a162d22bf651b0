"""A move typed by its key means that move, for every game and every front end: the terminal's
command line and the browser's typed-move box (read by the server) share one reading,
:mod:`cardtable.engine.typed`. Checked on the moves every game's presentation gives along
seeded random matches: each key typed in capitals, its cards reversed where their order does
not matter, plays exactly its move; words that several moves answer name them all and play
none."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from cardtable.engine import game_names, load_game
from cardtable.engine.game import Game, State
from cardtable.engine.kit import presentation_for
from cardtable.engine.presentation import Move
from cardtable.engine.typed import typed_move
from cardtable.terminal.presented import PresentedRenderer
from typed_kit import shared_words, typed_form


def decisions(game: Game, seed: int, steps: int) -> Iterator[tuple[State, int, list[Move]]]:
    """The decisions of a seeded random match, each with the moves its seat is shown."""
    state = game.new_state(seed)
    rng = random.Random(seed)
    names = [f"Seat {i + 1}" for i in range(game.players)]
    shown = presentation_for(game)
    for _ in range(steps):
        if state.is_over:
            return
        seat = state.actors[0]
        legal = list(state.legal_actions(seat))
        yield state, seat, shown.moves(state.view(seat), legal, names)
        state.apply(seat, rng.choice(legal))


@pytest.mark.parametrize("name", game_names())
def test_every_key_typed_plays_its_own_move(name: str) -> None:
    game = load_game(name, 2)
    renderer = PresentedRenderer(game)
    names = [f"Seat {i + 1}" for i in range(game.players)]
    checked = 0
    for state, seat, moves in decisions(game, 3, 150):
        keys: dict[str, set[str]] = {}
        for m in moves:
            if m["key"] and "amount" not in m:
                keys.setdefault(typed_form(m), set()).add(m["move"])
        for text, meant in keys.items():
            read = typed_move(text, moves)
            if len(meant) == 1:
                assert read.move in meant, (text, read, meant)
                # The terminal reads the same words the same way.
                legal = state.legal_actions(seat)
                assert renderer.typed(text, state.view(seat), names, legal) == read, text
                checked += 1
    assert checked >= 50, checked


@pytest.mark.parametrize("name", ["say-rummy", "liverpool"])
def test_words_several_moves_answer_are_named_and_none_is_played(name: str) -> None:
    game = load_game(name, 2)
    found = None
    for _state, _seat, moves in decisions(game, 5, 400):
        vague = shared_words(moves)
        if vague:
            found = vague, moves
            break
    assert found, "no decision where one word fits two moves"
    (text, having), moves = found
    read = typed_move(text.upper(), moves)
    assert read.move is None
    assert {m["move"] for m in read.could_be} == {m["move"] for m in having}
    why = read.why(text)
    assert f"could be {len(having)} moves" in why and having[0]["label"] in why
    assert typed_move("   ", moves).why("   ") == "type a move first"
    # Words of no move at all go to the rules as typed, which refuse them in their words.
    assert typed_move("zz top", moves).move == "zz top"


def test_typed_words_may_leave_out_where_a_card_goes_but_never_a_card() -> None:
    # Seat 0 holds three kings and a run of hearts (a set and a run, the first contract here)
    # and has drawn. "down KC KD | 4H 5H 6H 7H" types a set of two kings: the one lay-down
    # holding those cards adds the K♠, and it was played as if typed, a set never named.
    from dealing import contract_table

    state = contract_table("liverpool", {0: "KC KD KS 4H 5H 6H 7H 2C 9C 10D JD 5S", 1: "",
                                         2: ""}, phase="play")
    names = ["You", "Seat 2", "Seat 3"]
    moves = presentation_for(state.game).moves(state.view(0), state.legal_actions(0), names)
    [down] = [m for m in moves if m["kind"] == "down"]
    typed = "down KC KD | 4H 5H 6H 7H"
    read = typed_move(typed, moves)
    assert read.move is None and read.could_be == [down]
    assert "is part of one move, which uses cards you did not type" in read.why(typed)
    assert down["label"] in read.why(typed)
    # A wild card is a card too, written in a key as the sound it is declared as ("*ɔ").
    word: Move = {"move": "extend 0 d *ɔ g", "kind": "extend", "cards": ["*", "g"],
                  "target": "word:0", "label": "Make word 1 dog", "key": "e 1 d *ɔ g",
                  "ordered": True}
    assert typed_move("e 1 d g", [word]).could_be == [word]
    assert typed_move("e d *ɔ g", [word]).move == word["move"]  # where it goes: word 1
    # All of it, in any order, as its notation or its key, is played.
    assert typed_move("down 7H 6H 5H 4H | KS KD KC", moves).move == down["move"]
    assert typed_move(str(down["key"] or down["move"]), moves).move == down["move"]
    # Where a card goes may be left out: the one meld a lay-off fits.
    later = contract_table("liverpool", {0: "KH 2C 9C"}, phase="play", downs={
        0: "KC KD KS | 4H 5H 6H 7H"})
    moves = presentation_for(later.game).moves(later.view(0), later.legal_actions(0), names)
    [lay] = [m for m in moves if m["kind"] == "lay off" and m["cards"] == ["KH"]]
    assert typed_move("l KH", moves).move == lay["move"]


def test_a_key_that_counts_otherwise_than_its_notation_is_never_spelled_out() -> None:
    # Say Rummy's key counts the table's words from 1 ("e 2 ..." the board's word 2) and its
    # notation from 0 ("extend 1 ..."). "e 2 d ɔ g i", not legal on word 2, was spelled out as
    # "extend 2 d ɔ g i", the board's word 3, and played there when that was legal.
    from cardtable.games.contract.actions import Lay
    from cardtable.games.contract.actions import parse_action as parse_contract
    from cardtable.games.sayrummy.actions import Extend
    from cardtable.games.sayrummy.actions import parse_action as parse_say

    def move(notation: str, key: str) -> Move:
        return {"move": notation, "kind": "extend", "cards": [], "target": None,
                "label": notation, "key": key, "ordered": True}

    moves = [move("extend 0 k æ t s", "e 1 k æ t s"), move("extend 2 d ɔ g i", "e 3 d ɔ g i")]
    read = typed_move("e 2 d ɔ g i", moves)
    assert read.move == "e 2 d ɔ g i"  # for the game to read as its key: the board's word 2
    canon = list(range(64))
    assert parse_say("e 2 d ɔ g i", canon) == parse_say("extend 1 d ɔ g i", canon)
    assert isinstance(parse_say("e 1 k æ t s", canon), Extend)
    with pytest.raises(Exception, match="counted from 0"):
        parse_say("extend d ɔ g i", canon)
    with pytest.raises(Exception, match="as the board counts it"):
        parse_say("e 0 d ɔ g i", canon)
    # A key that is its notation with a short verb is still spelled out ("l 9H 2:0" for
    # "lay 9H on 2:0"), which the notation now reads without its "on".
    lays: list[Move] = [{"move": "lay 9H on 2:0 high", "kind": "lay off", "cards": ["9H"],
                         "target": None, "label": "", "key": "l 9H 2:0 high", "ordered": False}]
    assert typed_move("l 9H 3:0", lays).move == "lay 9H 3:0"  # the rules name the melds
    assert parse_contract("lay 9H 3:0") == parse_contract("lay 9H on 3:0") == Lay(
        parse_contract("discard 9H").card, 3, 0, None)  # type: ignore[union-attr]
