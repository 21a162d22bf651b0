"""The terminal between rounds and between turns: the score sheet and its pause, the digest of
what the others did since the person's last turn, and the `log` and `sheet` commands."""

from __future__ import annotations

import io
import itertools
import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from cardtable.bots import make_bot
from cardtable.engine.game import State, load_game
from cardtable.engine.record import load_record, verify
from cardtable.terminal.digest import digest_lines, plain_lines
from cardtable.terminal.scoresheet import ScoreSheet, went_out
from cardtable.terminal.session import LOG_BUDGET, PlaySession

Answer = Callable[[State, str], str]


def session_with(
    tmp_path: Path, game_name: str, players: int, options: dict[str, object], seed: int,
    answer: Answer, *, pause: bool = False, bots: str = "greedy", limit: int = 4000,
) -> tuple[PlaySession, io.StringIO, list[str]]:
    """A session whose person answers each prompt with ``answer(state, prompt)``."""
    game = load_game(game_name, players, options)
    screen = io.StringIO()
    console = Console(file=screen, width=80, highlight=False, color_system=None)
    prompts: list[str] = []
    box: list[PlaySession] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        if len(prompts) > limit:
            raise EOFError
        return answer(box[0].state, prompt)

    seated = {s: make_bot(bots, game, s) for s in range(1, players)}
    session = PlaySession(game, seed, 0, seated, tmp_path / "r.json", console, read=read,
                          pause=pause)
    box.append(session)
    return session, screen, prompts


def plain_player(state: State, prompt: str) -> str:
    """Passes on offers, draws from the stock, then lays the longest play or discards."""
    if prompt.startswith("Enter for the next"):
        return ""
    legal = [str(a) for a in state.legal_actions(0)]
    for first in ("pass", "draw stock", "draw"):
        if first in legal:
            return first
    plays = [a for a in legal if a.startswith(("word", "extend"))]
    return max(plays, key=len) if plays else legal[-1]


def test_each_round_ends_with_the_running_sheet_and_the_match_with_the_whole_sheet(
    tmp_path: Path,
) -> None:
    at_pause: list[str] = []

    def person(state: State, prompt: str) -> str:
        if prompt.startswith("Enter for the next"):
            at_pause.append(prompt)
            return "sheet" if len(at_pause) == 1 else ""
        return plain_player(state, prompt)

    session, screen, _ = session_with(tmp_path, "say-rummy", 2, {"games": 3}, 5, person,
                                      pause=True)
    assert session.run() == 0
    text = screen.getvalue()
    state = session.state
    assert state.is_over
    # A pause after games 1 and 2 (not after the last), named with the game's word for a round.
    assert at_pause[0] == "Enter for the next game (sheet, log, end, quit): "
    assert len([p for p in at_pause if p.startswith("Enter")]) == 3  # "sheet" asked again
    sheets = text.split("Game      You   S2")
    assert len(sheets) >= 1 + 2 + 1 + 1  # two running sheets, the one asked for, the last
    final = text.rsplit("Score sheet:", 1)[1]
    rows = re.findall(r"^(\d)\s+([+-]\d+)\*?\s+([+-]\d+)\*?\s*$", final, re.M)
    assert [int(r[0]) for r in rows] == [1, 2, 3]
    totals = re.search(r"^Total\s+(\d+)!?\s+(\d+)!?", final, re.M)
    assert totals and [int(totals.group(1)), int(totals.group(2))] == list(state.scores)
    for seat in state.winners:  # the winner is marked on the total line
        assert re.search(rf"{state.scores[seat]}!", final.split("Total", 1)[1])
    assert sum(int(r[1]) for r in rows) == state.scores[0]


def test_end_at_the_pause_stops_waiting_between_rounds(tmp_path: Path) -> None:
    # A Day player out of chips pressed Enter through every hand left to the others.
    at_pause: list[str] = []

    def person(state: State, prompt: str) -> str:
        if prompt.startswith("Enter for the next"):
            at_pause.append(prompt)
            return "end"
        return plain_player(state, prompt)

    session, screen, _ = session_with(tmp_path, "say-rummy", 2, {"games": 3}, 5, person,
                                      pause=True)
    assert session.run() == 0 and session.state.is_over
    assert len(at_pause) == 1  # games 2 and 3 ended without a stop
    assert "No more stops between rounds" in screen.getvalue()


def test_quitting_at_the_pause_keeps_the_match(tmp_path: Path) -> None:
    def person(state: State, prompt: str) -> str:
        return "quit" if prompt.startswith("Enter for the next") else plain_player(state, prompt)

    session, screen, _ = session_with(tmp_path, "say-rummy", 2, {"games": 3}, 5, person,
                                      pause=True)
    assert session.run() == 0
    data = load_record(tmp_path / "r.json")
    assert data["over"] is False and verify(data)[1] == []
    assert "Unfinished match record saved" in screen.getvalue()
    assert len(session.sheet.rows) == 1


def test_without_a_pause_piped_input_is_never_eaten_between_rounds(tmp_path: Path) -> None:
    session, screen, prompts = session_with(tmp_path, "say-rummy", 2, {"games": 2}, 5,
                                            plain_player)  # pause is off by default
    assert session.run() == 0
    assert not [p for p in prompts if p.startswith("Enter")]
    assert "Score sheet:" in screen.getvalue()


def test_the_sheet_reads_every_game_from_its_round_scored_events() -> None:
    for name, players in (("daylily", 3), ("dummy-rummy", 4), ("day", 3), ("say-rummy", 3)):
        game = load_game(name, players)
        state = game.new_state(3)
        bots = {s: make_bot("random", game, s) for s in range(players)}
        from cardtable.bots import Decision

        while not state.is_over:
            seat = state.actors[0]
            state.apply(seat, bots[seat].choose(Decision.for_bot(state, seat, bots[seat])))
        sheet = ScoreSheet([f"Seat {s}" for s in range(players)], 0)
        events = [e for e in state.events(0) if e["kind"] == "round_scored"]
        for event in events:
            assert sheet.add(event) is not None, (name, event)
        assert len(sheet.rows) == len(events)
        assert sheet.rows[-1].totals == list(state.scores), name
        screen = io.StringIO()
        Console(file=screen, width=80, color_system=None).print(
            sheet.render(winners=state.winners))
        assert max(len(line) for line in screen.getvalue().splitlines()) <= 80
        if name != "day":
            points = [sum(row.points[s] for row in sheet.rows if row.points is not None)
                      for s in range(players)]
            assert points == list(state.scores), name


def test_the_sheet_fits_eighty_columns_at_twelve_players() -> None:
    labels = ["You (seat 1)"] + [f"Seat {s} (greedy)" for s in range(1, 12)]
    sheet = ScoreSheet(labels, 0)
    for n in range(1, 8):
        sheet.add({"kind": "round_scored", "round": n, "seat": 3, "result": {
            "deal": n, "out": 3, "points": [155 * n % 400] * 12, "totals": [1400 + n] * 12}})
    screen = io.StringIO()
    Console(file=screen, width=200, color_system=None).print(sheet.render(recent=6))
    lines = screen.getvalue().splitlines()
    assert max(len(line) for line in lines) <= 80
    assert "1 earlier deal" in screen.getvalue()
    assert lines[0].split()[:3] == ["Deal", "You", "S2"]  # seats counted from 1


def test_who_went_out_is_read_from_each_games_words() -> None:
    assert went_out({"seat": 1, "result": {"deal": 1, "out": 1}}) == [1]
    assert went_out({"seat": None, "result": {"deal": 1, "out": None}}) == []
    assert went_out({"seat": 2, "result": {"round": 1, "festival": 2}}) == [2]
    assert went_out({"seat": None, "result": {"game": 1, "winners": [0, 2]}}) == [0, 2]
    assert went_out({"seat": None, "result": {"hand": 1, "pots": [
        {"winner": 2}, {"winner": 1}]}}) == [1, 2]


# ---- since your last turn -------------------------------------------------------------------

def test_a_ten_player_table_shows_one_line_a_player_and_the_whole_log_on_request(
    tmp_path: Path,
) -> None:
    turns: list[int] = []
    asked: list[tuple[int, list[str]]] = []  # where the screen was, and the lines folded
    box: list[tuple[PlaySession, io.StringIO]] = []

    def person(state: State, prompt: str) -> str:
        turns.append(state.version)
        session, screen = box[0]
        if len(turns) > 40:
            return "quit"
        if not asked and len(session.since_turn) > LOG_BUDGET:
            asked.append((len(screen.getvalue()), list(session.since_turn)))
            return "log"
        return plain_player(state, prompt)

    session, screen, _ = session_with(tmp_path, "dummy-rummy", 10, {}, 3, person,
                                      bots="random")
    box.append((session, screen))
    session.run()
    text = screen.getvalue()
    assert "Since your last turn (" in text
    digest = text.split("Since your last turn (", 1)[1]
    count = int(digest.split(" ", 1)[0])
    assert count > LOG_BUDGET
    lines = []
    for line in digest.split("\n")[1:]:
        if not line.startswith("  "):
            break
        lines.append(line)
    assert 1 <= len(lines) <= 10  # one a player, and the stock rebuilt if it was
    assert "…" not in "".join(lines)  # piped: one line each, never cut
    assert any(re.match(r"  Seat \d \(random\): (drew a card|took)", line) for line in lines)
    # `log` prints every line the digest folded, in the game's own words.
    assert asked
    where, folded = asked[0]
    assert text[where:].startswith("\n".join(folded) + "\n")
    assert re.search(r"Seat \d \(random\) drew a card from the stock\.", text[where:])


def test_a_small_table_keeps_the_whole_log(tmp_path: Path) -> None:
    def person(state: State, prompt: str) -> str:
        return "quit" if state.version > 30 else plain_player(state, prompt)

    session, screen, _ = session_with(tmp_path, "daylily", 2, {}, 3, person, bots="random")
    session.run()
    text = screen.getvalue()
    assert "Since your last turn" not in text
    assert re.search(r"Seat 2 \(random\) discarded \d [A-Za-z' ]+\.", text)


def test_digest_lines_fold_repeats_and_count_offers_passed() -> None:
    labels = ["You", "Ann", "Bob"]
    events: list[dict[str, Any]] = [
        {"kind": "declined", "seat": 1, "card": "7H"},
        {"kind": "passed", "seat": 2, "card": "7H"},
        {"kind": "drew_stock", "seat": 1, "card": None},
        {"kind": "discarded", "seat": 1, "card": "9C"},
        {"kind": "passed", "seat": 2, "card": "9C"},
        {"kind": "drew_stock", "seat": 2, "card": None},
        {"kind": "discarded", "seat": 2, "card": "KD"},
        {"kind": "stock_rebuilt", "seat": None, "cards": 30, "kept": []},
    ]
    words = {
        "declined": "{who} turned down the {card}: it is for sale to Bob.",
        "passed": "{who} passed on the {card}.",
        "drew_stock": "{who} drew a card from the stock.",
        "discarded": "{who} discarded the {card}.",
        "stock_rebuilt": "The stock ran out: 30 discards were shuffled into a new stock.",
    }

    def describe(event: Mapping[str, Any]) -> str:
        seat = event["seat"]
        who = labels[seat] if isinstance(seat, int) else ""
        return words[str(event["kind"])].format(who=who, card=event.get("card"))

    assert digest_lines(events, describe, labels) == [
        "Ann: drew a card; discarded the 9C.",
        "Bob: drew a card; discarded the KD; passed on 2 offers.",
        "The stock ran out: 30 discards were shuffled into a new stock.",
    ]
    long: list[dict[str, Any]] = [{"kind": "discarded", "seat": 1, "card": "X" * 200}]
    [line] = digest_lines(long, describe, labels)  # wrapped on screen, never cut
    assert line == f"Ann: discarded the {'X' * 200}."
    # Outside the digest, the seats' answers in a row to one offer are one line.
    passes: list[dict[str, Any]] = [
        {"kind": "discarded", "seat": 0, "card": "7H"},
        {"kind": "passed", "seat": 1, "card": "7H"},
        {"kind": "passed", "seat": 2, "card": "7H"},
        {"kind": "passed", "seat": 0, "card": "9C"},
    ]
    assert plain_lines(passes, describe, labels) == [
        "You discarded the 7H.", "Ann and Bob passed on the 7H.", "You passed on the 9C."]


def test_the_festival_is_announced_in_the_past_tense_for_you_and_for_a_bot() -> None:
    from cardtable.terminal import renderer_for

    renderer = renderer_for(load_game("daylily", 2))
    result = {"round": 1, "festival": 0, "reason": "", "points": [5, -2], "totals": [5, -2],
              "seats": [{"declared": 5, "penalty": 0}, {"declared": 0, "penalty": -2}]}
    for who in ("You (seat 1)", "Ann"):
        screen = io.StringIO()
        Console(file=screen, width=80, color_system=None).print(
            renderer.event({"kind": "round_scored", "round": 1, "result": result}, [who, "Bob"]))
        assert f"{who} presented the Festival" in screen.getvalue()
        assert "presents" not in screen.getvalue()  # never "You presents"


def test_log_keeps_the_others_moves_after_the_persons_first_move_of_a_turn(
    tmp_path: Path,
) -> None:
    logged: list[list[str]] = []
    box: list[PlaySession] = []

    def person(state: State, prompt: str) -> str:
        session = box[0]
        if "discard one card" in prompt and not logged and state.version > 10:
            logged.append(list(session.since_turn))
            return "log"
        if logged and len(logged) == 1 and "discard one card" in prompt:
            logged.append([])
            return "quit"
        return plain_player(state, prompt)

    session, _screen, _ = session_with(tmp_path, "daylily", 3, {}, 3, person, bots="random")
    box.append(session)
    session.run()
    [since, _] = logged
    assert any(line.startswith("Seat 2 (random)") for line in since)  # the others' moves
    assert any(line.startswith("Seat 3 (random)") for line in since)
    assert since[-1].startswith("You (seat 1) drew")  # and the draw just made


def test_the_pause_is_for_a_terminal_unless_the_environment_says_otherwise(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from cardtable.cli.play import pause_wanted

    monkeypatch.delenv("CARDTABLE_PAUSE", raising=False)
    monkeypatch.setattr("os.isatty", lambda fd: False)
    assert pause_wanted() is False  # piped: nobody to wait for
    monkeypatch.setattr("os.isatty", lambda fd: True)
    assert pause_wanted() is True
    monkeypatch.setenv("CARDTABLE_PAUSE", "0")
    assert pause_wanted() is False
    monkeypatch.setattr("os.isatty", lambda fd: False)
    monkeypatch.setenv("CARDTABLE_PAUSE", "1")
    assert pause_wanted() is True


def test_at_an_80_column_terminal_the_digest_wraps_and_one_offer_is_one_line(
    tmp_path: Path,
) -> None:
    """Issue 46: a digest line cut at 80 columns hid "discarded the 7♣", the card the person
    was asked to buy next; and every discard at ten players added eight "passed" lines."""
    def person(state: State, prompt: str) -> str:
        return "quit" if state.version > 250 else plain_player(state, prompt)

    game = load_game("dummy-rummy", 10)
    screen = io.StringIO()
    console = Console(file=screen, width=80, highlight=False, color_system=None,
                      force_terminal=True)
    seated = {s: make_bot("random", game, s) for s in range(1, 10)}
    session = PlaySession(game, 3, 0, seated, tmp_path / "r.json", console,
                          read=lambda prompt: person(session.state, prompt))
    session.run()
    text = screen.getvalue()
    assert "…" not in text
    assert all(len(line) <= 80 for line in text.splitlines())
    lines = text.splitlines()
    for one, two in itertools.pairwise(lines):  # the others' answers to one offer: one line
        said = None if one.startswith(("You", " ")) else re.search(r" passed on (.+)\.$", one)
        assert not (said and two.endswith(f" passed on {said[1]}.")), (one, two)
    entries: list[list[str]] = []  # each digest entry: its first line and the wrapped rest
    for block in text.split("Since your last turn (")[1:]:
        for line in block.split("\n")[1:]:
            if line.startswith("    ") and entries:
                entries[-1].append(line.strip())
            elif line.startswith("  "):
                entries.append([line.strip()])
            else:
                break
    assert any(len(entry) > 1 for entry in entries)  # long ones wrapped...
    assert all(" ".join(entry).endswith(".") for entry in entries)  # ...and end as said
    assert any("discarded the" in " ".join(entry[1:]) for entry in entries)
