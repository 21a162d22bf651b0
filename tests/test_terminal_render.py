"""The pieces every table renderer shares: shortcuts, the match's standings, fresh file names."""

from __future__ import annotations

import io
from pathlib import Path

from rich.console import Console

from cardtable.terminal.render import expand_words, standings, unused_path

SHORTCUTS = {"s": "draw stock", "x": "discard {}"}


def test_shortcuts_expand_by_their_first_word_only() -> None:
    assert expand_words("s", SHORTCUTS) == "draw stock"
    assert expand_words(" S ", SHORTCUTS) == "draw stock"
    assert expand_words("x 7H", SHORTCUTS) == "discard 7H"
    assert expand_words("s 7H", SHORTCUTS) == "s 7H"  # "s" takes nothing after it
    assert expand_words("sx", SHORTCUTS) == "sx"
    assert expand_words("", SHORTCUTS) == ""


def test_standings_put_the_best_first_either_way_round() -> None:
    def shown(lowest: bool) -> list[str]:
        screen = io.StringIO()
        Console(file=screen, width=80, color_system=None).print(standings(
            "Match over", ["You", "Ann", "Bob"], [5, 9, 2], [2 if lowest else 1],
            lowest_wins=lowest, played="3 rounds"))
        return screen.getvalue().splitlines()

    high = shown(False)
    assert [line.split()[0] for line in high[1:4]] == ["Ann", "You", "Bob"]
    assert high[1].endswith("winner") and high[-1] == "3 rounds played."
    low = shown(True)
    assert [line.split()[0] for line in low[1:4]] == ["Bob", "You", "Ann"]
    assert low[1].endswith("winner")


def test_unused_path_never_names_an_existing_file(tmp_path: Path) -> None:
    first = unused_path(tmp_path, "daylily-4")
    assert first.name == "daylily-4.json"
    first.write_text("{}")
    second = unused_path(tmp_path, "daylily-4")
    assert second.name == "daylily-4-2.json"


def test_a_ten_player_dummy_table_fits_an_80_by_24_terminal() -> None:
    # Issue 16: a ten-player Dummy Rummy table ran to 35 lines at 80 columns (each meld on a
    # line of its own, the hand suit by suit); a player's melds now share rows and the hand
    # is one line, so the table and the prompt fit a 24-line terminal through whole deals.
    from cardtable.bots import Decision, make_bot
    from cardtable.engine.game import load_game
    from cardtable.terminal import renderer_for

    game = load_game("dummy-rummy", 10)
    renderer = renderer_for(game)
    labels = ["You (seat 0)"] + [f"Seat {i} (greedy)" for i in range(1, 10)]
    tallest = 0
    for seed in range(3):
        state = game.new_state(seed)
        bots = [make_bot("greedy", game, s) for s in range(10)]
        while not state.is_over and state.rounds_played < 3:
            seat = state.actors[0]
            state.apply(seat, bots[seat].choose(Decision.for_bot(state, seat, bots[seat])))
            if list(state.actors) == [0]:
                screen = io.StringIO()
                console = Console(file=screen, width=80, color_system=None)
                console.print(renderer.table(state.view(0), labels, state.legal_actions(0)))
                shown = screen.getvalue().splitlines()
                tallest = max(tallest, len(shown))
                assert all(len(line) <= 80 for line in shown)
                assert any(line.startswith("Your hand (") for line in shown[-2:])
    assert 20 <= tallest <= 23, tallest


def test_a_line_too_long_for_the_screen_carries_on_under_its_words() -> None:
    # At 80 columns a Daylily seat's line ran past the edge, and its last word ("dealer")
    # started the next line at column 0, under nothing.
    from cardtable.engine.game import load_game
    from cardtable.terminal import renderer_for

    game = load_game("daylily", 3)
    state = game.new_state(7)
    screen = io.StringIO()
    Console(file=screen, width=80, color_system=None).print(renderer_for(game).table(
        state.view(0), ["You (seat 1)", "Seat 2 (greedy)", "Seat 3 (random)"], []))
    lines = screen.getvalue().splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("  Seat 2 (greedy)"))
    start = lines[at].index("10 cards")
    assert lines[at + 1].strip() == "dealer" and lines[at + 1].index("dealer") == start
    assert all(len(line) <= 80 for line in lines)
