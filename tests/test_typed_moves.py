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
