"""The one terminal renderer, over what a presentation says: a game that describes nothing
itself plays from the generic presentation, and the keys, kinds and sentences a presentation
gives its moves are what the person reads and types."""

from __future__ import annotations

import io
from collections.abc import Sequence
from pathlib import Path

from rich.console import Console

from cardtable.bots import make_bot
from cardtable.engine.game import Action, Game, load_game
from cardtable.engine.presentation import Move, Presentation, View
from cardtable.terminal.presented import PresentedRenderer
from cardtable.terminal.session import PlaySession


class Keyed(Presentation):
    """The generic presentation with a key for each kind of move, as a game would give."""

    def move(self, view: View, action: Action, names: Sequence[str]) -> Move:
        move = super().move(view, action, names)
        text = move["move"]
        verb, _, rest = text.partition(" ")
        move["key"] = ({"draw stock": "s", "draw discard": "d"}.get(text)
                       or {"discard": "x", "meld": "m"}[verb] + " " + rest)
        move["ordered"] = False
        move["label"] = f"The move {text}"
        return move


def session(game: Game, typed: list[str], presentation: Presentation | None = None,
            width: int = 80) -> tuple[PlaySession, list[str], io.StringIO]:
    screen = io.StringIO()
    prompts: list[str] = []
    lines = iter(typed)

    def read(prompt: str) -> str:
        prompts.append(prompt)
        try:
            return next(lines)
        except StopIteration:
            raise EOFError from None

    bots = {s: make_bot("random", game, s) for s in range(1, game.players)}
    play = PlaySession(game, 5, 0, bots, Path("unused.json"),
                       console=Console(file=screen, width=width, height=60, highlight=False,
                                       force_terminal=True, color_system=None),
                       renderer=PresentedRenderer(game, presentation), read=read)
    return play, prompts, screen


def test_a_game_that_describes_nothing_plays_from_its_notation(tmp_path: Path) -> None:
    game = load_game("daylily", 2)
    play, prompts, screen = session(game, ["help", "draw stock", "quit"],
                                    Presentation(game))
    play.record_path = tmp_path / "r.json"
    play.run()
    out = screen.getvalue()
    hand = game.new_state(5).view(0)["zones"]["hand:0"]["cards"]
    assert "Your hand (10 cards):" in out and all(card in out for card in hand)
    assert "Draw (2):" in out and "draw stock" in out  # help: the moves by kind
    assert prompts[0] == "Your move (choose one): "
    assert all(len(line) <= 80 for line in out.splitlines())
    assert [0, "draw stock"] in play.state.record()["actions"]


def test_the_keys_a_presentation_gives_play_its_moves(tmp_path: Path) -> None:
    game = load_game("daylily", 2)
    state = game.new_state(5)
    card = state.view(0)["zones"]["hand:0"]["cards"][0]
    play, _prompts, screen = session(game, ["help", "s", f"x {card}", "quit"], Keyed(game))
    play.record_path = tmp_path / "r.json"
    play.run()
    out = screen.getvalue()
    assert "s              The move draw stock" in out  # a key of one move, with its words
    assert "draw stock  (The move draw stock)" in out
    actions = [move for seat, move in play.state.record()["actions"] if seat == 0]
    assert actions[:2] == ["draw stock", f"discard {card}"]


def test_a_shared_key_finds_the_one_move_the_words_after_it_fit() -> None:
    game = load_game("daylily", 2)
    state = game.new_state(5)
    renderer = PresentedRenderer(game, Keyed(game))
    state.apply(0, game.parse_action("draw stock"))
    view, legal = state.view(0), state.legal_actions(0)
    meld = next(str(a) for a in legal if str(a).startswith("meld "))
    cards = meld.split()[1:]
    typed = "m " + " ".join(reversed(cards))  # which cards, not their order
    assert renderer.typed(typed, view, ["You", "Bot"], legal).move == meld
    # No such card: the key spelled out as its move, for the rules to refuse in their words.
    assert renderer.typed("x ZZ", view, ["You", "Bot"], legal).move == "discard ZZ"


def test_the_hint_gives_one_move_its_reasons_then_the_search(tmp_path: Path) -> None:
    game = load_game("daylily", 2)
    play, _prompts, screen = session(game, ["hint", "quit"], Presentation(game), width=200)
    play.record_path = tmp_path / "r.json"
    play.run()
    out = screen.getvalue()
    [hint] = [line for line in out.splitlines() if "Try " in line]
    assert hint.startswith("Hint: Try "), hint
    reasons = hint.split(". ", 1)[1].split(" In ", 1)[0]
    assert len(reasons) > 10, hint  # the game's own reasons for that move
    assert "deals of the cards you cannot see" in hint, hint


def test_words_wrap_between_words_at_80_columns() -> None:
    game = load_game("dummy-rummy", 10)
    renderer = PresentedRenderer(game)
    state = game.new_state(1)
    screen = io.StringIO()
    Console(file=screen, width=80, color_system=None).print(
        renderer.table(state.view(0), [f"Seat {s} with a long name" for s in range(10)],
                       state.legal_actions(0)))
    shown = screen.getvalue().splitlines()
    assert all(len(line) <= 80 for line in shown)
    hand = state.view(0)["zones"]["hand:0"]["cards"]
    assert all(renderer.card(card).plain in " ".join(shown) for card in hand)  # none cut


def test_the_question_at_a_terminal_breaks_between_words(tmp_path: Path) -> None:
    # The line editor cut "buy the" into "buy t" / "he" at 80 columns.
    game = load_game("liverpool", 2)
    play, prompts, _screen = session(game, ["quit"])
    play.record_path = tmp_path / "r.json"
    play.run()
    asked = prompts[0]
    lines = asked.rstrip().split("\n")
    assert len(lines) > 1 and all(len(line) <= 79 for line in lines)
    words = " ".join(asked.split())
    state = game.new_state(5)
    said = PresentedRenderer(game).prompt(state.view(0), play.labels, state.legal_actions(0))
    assert words == f"Your move ({said}):"


def test_words_that_fit_several_moves_name_them_as_the_browser_does(tmp_path: Path) -> None:
    """``m 3M`` with the 3M in two melds: the terminal names both moves and plays neither, the
    same sentence the server gives a browser's typed move (one reading for both)."""
    game = load_game("daylily", 2)
    state = game.new_state(5)
    state.apply(0, game.parse_action("draw stock"))
    melds = [str(a).split()[1:] for a in state.legal_actions(0) if str(a).startswith("meld ")]
    card = next(c for m in melds for c in m
                if sum(c in other for other in melds) > 1 and [c] not in melds)
    play, _prompts, screen = session(game, ["s", f"m {card}", "quit"], Keyed(game))
    play.record_path = tmp_path / "r.json"
    play.run()
    out = " ".join(screen.getvalue().split())
    fitting = sum(card in m for m in melds)
    assert f"“m {card}” could be {fitting} moves: The move meld" in out
    assert "Type more of it." in out
    assert [move for seat, move in play.state.record()["actions"] if seat == 0] == ["draw stock"]
