"""The terminal's hint as a newcomer reads it (issue 46, items 5 and 6): one hint, one move and
its reasons, and no promise the hand cannot keep."""

from __future__ import annotations

import io
import re
from pathlib import Path

from rich.console import Console

from cardtable.bots import Decision, make_bot
from cardtable.engine.game import State, load_game
from cardtable.terminal.session import PlaySession


def hint_lines(state: State, seat: int, tmp_path: Path) -> list[str]:
    """What ``hint`` prints for ``seat`` at ``state``."""
    game = state.game
    others = {s: make_bot("random", game, s) for s in range(game.players) if s != seat}
    session = PlaySession(game, 1, seat, others, tmp_path / "r.json",
                          Console(file=io.StringIO(), width=200), read=lambda _p: "quit",
                          state=state)
    return session._hints(state.view(seat))


def nine_melded(seed: int = 0) -> tuple[State, int]:
    """A Daylily round played by random bots to a seat with nine cards melded, about to draw."""
    game = load_game("daylily", 2)
    state = game.new_state(seed)
    bots = [make_bot("random", game, seed * 10 + s) for s in range(2)]
    while True:
        seat = state.actors[0]
        table = state.view(seat)["table"]
        if table["melded"][seat] == 9 and table["phase"] == "draw":
            return state, seat
        state.apply(seat, bots[seat].choose(Decision.for_bot(state, seat, bots[seat])))
        assert not state.is_over and state.version < 1000


def test_nine_melded_cards_are_said_to_be_stuck_before_and_after_the_draw(
    tmp_path: Path,
) -> None:
    """With nine cards melded no meld takes the tenth: the hint said "whatever you draw, you
    can go out" before the draw and again after a card that could not go out."""
    state, seat = nine_melded()
    for drawn in (False, True):  # before the draw, then with the card drawn
        if drawn:
            state.apply(seat, state.game.parse_action("draw stock"))
        [line] = hint_lines(state, seat, tmp_path)
        assert "you cannot go out this round" in line, line
        assert not re.search(r"go out this turn|you can go out|ready to go out|present the "
                             r"Festival", line), line


def test_a_hint_names_one_move_and_no_other(tmp_path: Path) -> None:
    """Two advisers on two lines contradicted each other ("Buy A♥: it completes two sets",
    then "Search: Try pass"); the hint is one move, the one it argues for."""
    for name, players, moves in (("liverpool", 3, 6), ("say-rummy", 3, 2), ("daylily", 2, 3)):
        game = load_game(name, players)
        state = game.new_state(4)
        bots = [make_bot("greedy", game, s) for s in range(players)]
        for _ in range(moves):
            seat = state.actors[0]
            state.apply(seat, bots[seat].choose(Decision.for_bot(state, seat, bots[seat])))
        seat = state.actors[0]
        lines = hint_lines(state, seat, tmp_path)
        assert len(lines) == 1 and lines[0].startswith("Hint: Try "), lines
        assert lines[0].count("Try ") == 1, lines
