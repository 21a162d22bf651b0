"""Stepping through a recorded match in the terminal, one move at a time, as one seat saw it.

The match is dealt again from the record and its actions applied one by one through the rules,
exactly as ``replay`` does; after each, the events the seat was shown are printed in the game's
own words (or the renderer's fuller picture: a new deal, a round's result), with the running
score sheet at each round's end. Nothing is shown that the seat could not see at the time.
"""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.text import Text

from cardtable.engine.deals import RECORD_FORMAT
from cardtable.engine.errors import CardtableError, RecordError
from cardtable.engine.game import load_game
from cardtable.engine.record import seat_names
from cardtable.terminal import renderer_for
from cardtable.terminal.fit import console as plain_console
from cardtable.terminal.scoresheet import DEFAULT_MARK, RECENT_ROWS, ScoreSheet, round_summary
from cardtable.terminal.session import QUIET_EVENTS, QUIT_WORDS, Reader, console_reader

STEP_HELP = "Enter: next move · a number: that many moves · t: the table · q: stop"


def step_through(
    data: dict[str, Any],
    seat: int | None,
    console: Console | None = None,
    read: Reader | None = None,
) -> int:
    """Show the recorded match move by move; return how many moves were shown."""
    console = console or plain_console(highlight=False)
    read = read or console_reader(console)
    game = load_game(data["game"], data["players"], data["options"])
    deals = data.get("deals") if data.get("format") == RECORD_FORMAT else None
    state = game.new_state(data.get("seed"), deals)
    renderer = renderer_for(game)
    # A seat the record leaves unnamed is counted from 1, as play and the browser count them.
    named = seat_names(data)
    labels = [f"You (seat {s + 1})" if s == seat and named[s] == f"Seat {s + 1}"
              else f"{named[s]} (you)" if s == seat else named[s] for s in range(game.players)]
    mark = getattr(getattr(renderer, "presentation", None), "round_mark", None)
    sheet = ScoreSheet(labels, seat, mark=mark or DEFAULT_MARK)
    viewer = "a spectator" if seat is None else f"seat {seat + 1}"
    actions = data["actions"]

    def say(text: str, style: str = "") -> None:
        console.print(Text(text, style=style), soft_wrap=not console.is_terminal)

    def show(since: int) -> None:
        for event in state.events(seat, since):
            if event["kind"] in QUIET_EVENTS:
                continue
            picture = renderer.event(event, labels)
            if picture is None and event["kind"] == "round_scored":
                picture = round_summary(event, labels)
            if picture is None:
                say(renderer.log_text(game.log_line(event, labels)))
                continue
            console.print(picture)
            if sheet.add(event) is not None:
                console.print(sheet.render(recent=RECENT_ROWS))

    say(f"{game.title}, {game.players} players, {len(actions)} moves, as {viewer} saw it.",
        "bold")
    say(STEP_HELP, "dim")
    show(-1)
    if seat is not None:
        console.print(renderer.table(state.view(seat), labels, state.legal_actions(seat)))
    skip = 0
    for number, (actor, text) in enumerate(actions, start=1):
        while skip == 0:
            try:
                answer = read(f"Move {number} of {len(actions)} [Enter]: ").strip().lower()
            except EOFError:
                return number - 1
            if answer in QUIT_WORDS:
                return number - 1
            if answer in ("t", "table"):
                if seat is not None:
                    console.print(renderer.table(state.view(seat), labels,
                                                 state.legal_actions(seat)))
                else:
                    say("A spectator sees no hand: the moves tell the story.")
                continue
            if answer.isascii() and answer.isdigit() and 0 < len(answer) <= 6:
                skip = int(answer)
            elif answer:
                say(STEP_HELP, "yellow")
                continue
            else:
                skip = 1
        before = state.version
        try:
            state.apply(actor, game.parse_action(text))
        except CardtableError as exc:
            raise RecordError(f"action {number} ({text!r} by seat {actor}) is refused: {exc}"
                              ) from None
        show(before)
        skip -= 1
    if state.is_over:
        view = state.view(seat) if seat is not None else state.view(None)
        console.print(renderer.final(view, labels, state.winners, state.scores))
        if sheet.rows:
            say("Score sheet:", "bold")
            console.print(sheet.render(winners=state.winners))
    else:
        say("The record ends here: the match was not finished.")
    return len(actions)
