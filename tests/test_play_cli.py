"""`cardtable play`: a person at the terminal against bots, driven through piped input."""

from __future__ import annotations

import io
import os
import re
import signal
import sys
from pathlib import Path

import pytest

from cardtable.cli import main
from cardtable.engine.game import load_game
from cardtable.engine.record import load_record, replay, verify
from cardtable.games.daylily.cards import FAMILIES, family_of, name, parse_card, parse_cards
from cardtable.games.daylily.melds import melds_in

CODE = re.compile(r"\[(\d[A-Z]{2})\]")
VENV_CARDTABLE = Path(__file__).resolve().parents[1] / ".venv" / "bin" / "cardtable"


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Records go under the current directory by default: keep them out of the repository."""
    monkeypatch.chdir(tmp_path)


def play(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    argv: list[str],
    typed: str,
) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(typed))
    code = main(["play", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def opening_hand(seed: int, players: int = 2, seat: int = 0) -> list[str]:
    view = load_game("daylily", players).new_state(seed).view(seat)
    return list(view["zones"][f"hand:{seat}"]["cards"])


def test_bad_commands_are_explained_and_play_goes_on(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    typed = "dance\ndiscard 1MT\nmeld 1MT 9XX\ndraw stock\ndraw stock\nquit\n"
    argv = ["daylily", "--seed", "3", "--bots", "random"]
    code, out, err = play(monkeypatch, capsys, argv, typed)
    assert code == 0
    assert "Traceback" not in out + err
    assert "unknown command 'dance'" in out
    assert "draw a card first" in out
    assert "'XX' is not a flower" in out
    assert re.search(r"You \(seat 1\) drew \d [A-Za-z' ]+ from the stock\.", out)
    assert "you have already drawn this turn" in out
    data = load_record("records/daylily-3.json")
    assert [seat_action for seat_action in data["actions"] if seat_action[0] == 0] == [
        [0, "draw stock"]
    ]


def test_help_lists_exactly_the_legal_moves(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = play(
        monkeypatch, capsys, ["daylily", "--seed", "11", "--bots", "random"], "s\nhelp\nquit\n"
    )
    assert code == 0
    state = replay(load_record("records/daylily-11.json"))
    legal = set(state.legal_actions(0))
    shown = out.split("Legal moves now:")[1].split("Commands:")[0]
    listed = re.findall(r"(?:meld(?: \d[A-Z]{2})+|discard \d[A-Z]{2}|draw \w+)", shown)
    parsed = [state.game.parse_action(text) for text in listed]
    assert len(parsed) == len(legal) and set(parsed) == legal
    assert "Discards (" in shown
    assert re.search(r"x …  +Discard \d [A-Z]", out)  # shortcuts are documented


def test_help_before_drawing_offers_only_draws(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _, out, _ = play(monkeypatch, capsys, ["daylily", "--seed", "11", "--bots", "random"], "?\nq\n")
    shown = out.split("Legal moves now:")[1].split("Commands:")[0]
    listed = re.findall(r"^ +(\w+ \w+)  \(", shown, re.MULTILINE)  # each move, then its words
    assert sorted(listed) == ["draw discard", "draw stock"]
    assert "Discard" not in shown.replace("Take ", "").replace("the discard pile", "")


def test_hand_is_grouped_by_family_with_names_and_codes(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["daylily", "--players", "2", "--seed", "5", "--bots", "random"]
    _, out, _ = play(monkeypatch, capsys, argv, "q\n")
    hand = [parse_card(c) for c in opening_hand(5, players=2)]
    block = out.split("Your hand (10 cards):")[1].split("Your move")[0]
    for c in hand:
        assert f"{name(c)} [" in block  # full name then the short code
    # each family on its own line(s), families in order, cards sorted by flower then blooms
    shown = [parse_card(c) for c in CODE.findall(block)]
    assert sorted(shown) == sorted(hand)
    assert shown == sorted(hand, key=lambda c: (FAMILIES.index(family_of(c)), c))
    for line in block.splitlines():
        head = line.split()[0] if line.strip() else ""
        if head in FAMILIES:
            assert {family_of(parse_card(c)) for c in CODE.findall(line)} == {head}


def test_quit_saves_an_unfinished_record_that_replays(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    target = tmp_path / "games" / "mine.json"
    code, out, _ = play(
        monkeypatch, capsys,
        ["daylily", "--players", "3", "--bots", "random", "--seed", "42", "--record", str(target)],
        "draw stock\nhelp\nquit\n",
    )
    assert code == 0
    assert f"Unfinished match record saved to {target}" in out
    data = load_record(target)
    assert (data["game"], data["players"], data["seed"], data["over"]) == ("daylily", 3, 42, False)
    assert [0, "draw stock"] in data["actions"]
    state, problems = verify(data)
    assert problems == [] and not state.is_over


def test_end_of_input_mid_game_saves_the_record(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["daylily", "--seed", "9", "--bots", "random"]
    code, out, err = play(monkeypatch, capsys, argv, "s\n")
    assert code == 0
    assert "Input ended" in out and "saved to records/daylily-9.json" in out
    assert "Traceback" not in out + err
    assert [0, "draw stock"] in load_record("records/daylily-9.json")["actions"]


def test_ctrl_c_saves_the_record_and_exits_130(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    class Interrupting:
        """Types one line, then the person presses Ctrl-C at the next prompt."""

        def __init__(self, lines: list[str]) -> None:
            self.lines = lines

        def readline(self) -> str:
            if not self.lines:
                raise KeyboardInterrupt
            return self.lines.pop(0)

    monkeypatch.setattr(sys, "stdin", Interrupting(["d\n"]))
    code = main(["play", "daylily", "--seed", "8", "--bots", "random"])
    out, _ = capsys.readouterr()
    assert code == 130
    assert "saved to records/daylily-8.json" in out
    assert [0, "draw discard"] in load_record("records/daylily-8.json")["actions"]


def test_default_record_never_overwrites_an_earlier_one(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    play(monkeypatch, capsys, ["daylily", "--seed", "4", "--bots", "random"], "s\nq\n")
    _, out, _ = play(monkeypatch, capsys, ["daylily", "--seed", "4", "--bots", "random"], "q\n")
    assert "saved to records/daylily-4-2.json" in out
    assert [0, "draw stock"] in load_record("records/daylily-4.json")["actions"]


def test_menu_chooses_game_players_and_opponents(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # game: by name; players: "two" is refused, then 3; opponents: an unknown name refused,
    # then a line-up; Enter for the standard rules; then quit at the first move.
    typed = "daylily\ntwo\n3\nrandom,robot\nrandom,Random\n\nquit\n"
    code, out, err = play(monkeypatch, capsys, ["--seed", "21"], typed)
    assert code == 0, err
    assert re.search(r"\d+\. daylily", out)
    assert "'two' is not one of: 2, 3" in out
    assert "'robot' is not one of:" in out
    assert "Seed [random]" not in out  # --seed answered it
    assert "Seat 2 (random)" in out and "Seat 3 (random)" in out
    data = load_record("records/daylily-21.json")
    assert (data["game"], data["players"]) == ("daylily", 3)


def test_menu_ends_cleanly_on_end_of_input(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = play(monkeypatch, capsys, [], "")
    assert code == 0
    assert "No game started" in out and "Traceback" not in out + err
    assert not Path("records").exists()


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["daylily", "--bots", "random,nosuchbot"], "unknown bot 'nosuchbot'"),
        (["daylily", "--players", "3", "--bots", "random,random,random"], "3 bots named"),
        (["daylily", "--players", "5"], "played by 2, 3 players"),
        (["daylily", "--seat", "3"], "--seat must be between 0 and 2"),
        (["daylily", "--option", "target=lots"], "option target must be a whole number"),
        (["daylily", "--option", "speed=9"], "unknown option 'speed'"),
        (["solitaire"], "unknown game 'solitaire'"),
    ],
)
def test_set_up_mistakes_are_one_line_and_exit_2(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    argv: list[str],
    message: str,
) -> None:
    code, _, err = play(monkeypatch, capsys, argv, "quit\n")
    assert code == 2
    assert message in err
    assert len(err.strip().splitlines()) == 1
    assert not Path("records").exists()  # nothing was dealt


def test_bots_fill_the_other_seats_repeating_the_last_name(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _, out, _ = play(
        monkeypatch, capsys,
        ["daylily", "--players", "3", "--seat", "1", "--bots", "random", "--seed", "2"], "q\n",
    )
    assert "Seat 1 (random)" in out and "Seat 3 (random)" in out
    assert "You (seat 2)" in out
    assert "--seat 1 --seed 2" in out  # the replay line deals the same match again


def test_default_opponent_is_greedy_when_the_game_has_one(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from cardtable.bots import bot_names

    expected = "greedy" if "greedy" in bot_names("daylily") else "random"
    _, out, _ = play(monkeypatch, capsys, ["daylily", "--seed", "6"], "q\n")
    assert f"Seat 2 ({expected})" in out


def test_a_random_seed_is_shown_and_used(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _, out, _ = play(monkeypatch, capsys, ["daylily", "--bots", "random"], "q\n")
    found = re.search(r"Seed (\d+)\.", out)
    assert found
    assert load_record(f"records/daylily-{found.group(1)}.json")["seed"] == int(found.group(1))


def _seed_with_opening_meld() -> tuple[int, str]:
    for seed in range(200):
        hand = 0
        for c in opening_hand(seed):
            hand |= 1 << parse_card(c)
        for meld in melds_in(hand):
            if meld.points >= 3:
                return seed, ", ".join(name(c) for c in meld.cards)  # "1 Ming Toy, ..."
    raise AssertionError("no seed in range deals a scoring meld")


def test_declared_meld_shows_with_kind_and_points_and_full_names_parse(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    seed, full_names = _seed_with_opening_meld()
    typed = f"s\nhint\nmeld {full_names}\ntable\nquit\n"
    argv = ["daylily", "--players", "2", "--seed", str(seed), "--bots", "random"]
    code, out, _ = play(monkeypatch, capsys, argv, typed)
    assert code == 0
    moves = [a for s, a in load_record(f"records/daylily-{seed}.json")["actions"] if s == 0]
    assert moves[1].startswith("meld ")
    kind = r"\((pair|trio-run|trio-set|quad), \d+ pts\)"
    declared = r"You \(seat 1\) declared a (pair|trio-run|trio-set|quad) \((\d [^,)]+(, )?)+\)"
    assert re.search(declared + r", worth \d+ points?\.", out)
    table = out.rsplit("Round 1", 1)[1]
    assert re.search(r"[234]/10 declared · \d+ points? in melds", table)
    kind = r"\((pair|trio run|trio set|quad), (\d+ points?|safe)"
    assert re.search(r"\n +meld 1 (\d [A-Z][\w' ]+ \[\d[A-Z]{2}\] ?)+ *" + kind, table)
    assert "Hint: Try " in out  # the hint: one move and its reasons


def test_the_search_hint_names_flowers_and_its_advice_can_be_typed_as_given(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["daylily", "--seed", "5", "--bots", "random"]
    _, out, _ = play(monkeypatch, capsys, argv, "s\nhint\nquit\n")
    search = " ".join(out.split("Hint: ", 1)[1].split("Your move", 1)[0].split())
    # A code the hand does not show (the card a meld waits for) told a newcomer nothing.
    assert not re.search(r"\b[1-3][A-Z]{2}\b", search), search
    # The move it picks depends on how many play-outs a second holds: whichever it is, its
    # reasons name the cards by their flowers.
    assert search.startswith("Try ") and any(name(c) in search for c in range(45)), search
    advice = search[len("Try "):search.index(". ")]
    _, out, _ = play(monkeypatch, capsys, [*argv, "--record", "again.json"],
                     f"s\n{advice}\nquit\n")
    moves = [a for s, a in load_record("again.json")["actions"] if s == 0]
    assert len(moves) == 2, (advice, out)
    verb, _, cards = advice.partition(" ")
    assert moves[1].split()[0] == verb
    if verb in ("meld", "discard"):
        assert sorted(parse_cards(moves[1].partition(" ")[2])) == sorted(parse_cards(cards))


def test_bot_moves_are_announced(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _, out, _ = play(
        monkeypatch, capsys, ["daylily", "--seed", "1", "--bots", "random"], "s\nq\n"
    )
    # Another seat's draw from the stock is "a card"; a draw from the discard pile is named.
    assert re.search(
        r"Seat 2 \(random\) (drew a card from the stock|took \d [A-Za-z' ]+ from the discard "
        r"pile)\.", out)
    assert re.search(r"Seat 2 \(random\) discarded \d [A-Za-z' ]+\.", out)


def test_the_move_log_names_the_dealt_hand_and_counts_the_others() -> None:
    # A browser's cards show no codes to read "1MT 2FC" by: the log names them, as every
    # other Daylily line does.
    game = load_game("daylily", 2)
    lines = [game.describe_event(e, ["You", "Ann"]) for e in game.new_state(1).events(0, -1)
             if e["kind"] == "dealt_hand"]
    dealt = ", ".join(name(parse_card(c)) for c in opening_hand(1))
    assert lines == [f"You got {dealt}.", "Ann got 10 cards."]


class ScriptedPerson:
    """A player who reads the screen: draws from the stock and discards the first card shown.

    It sees only what was printed, like a person would; after ``limit`` answers it stops
    typing (end of input), which would leave the match unfinished and fail the test.
    """

    def __init__(self, screen: io.StringIO, limit: int = 3000) -> None:
        self.screen = screen
        self.limit = limit
        self.answers = 0

    def readline(self) -> str:
        self.answers += 1
        if self.answers > self.limit:
            return ""
        text = self.screen.getvalue()
        prompt = text.rsplit("Your move", 1)[-1]
        if "Draw:" in prompt:
            return "draw stock\n"
        first = CODE.search(text.rsplit("Your hand", 1)[-1])
        assert first, "no hand on screen"
        return f"discard {first.group(1)}\n"


def test_a_whole_match_can_be_played_from_the_keyboard(monkeypatch: pytest.MonkeyPatch) -> None:
    screen = io.StringIO()
    person = ScriptedPerson(screen)
    monkeypatch.setattr(sys, "stdout", screen)
    monkeypatch.setattr(sys, "stdin", person)
    code = main(
        ["play", "daylily", "--players", "3", "--bots", "random", "--seed", "17",
         "--option", "rounds=2", "--option", "max_round_turns=60", "--record", "whole.json"]
    )
    out = screen.getvalue()
    assert code == 0, out[-2000:]
    assert "Match over" in out
    assert "Round 1: " in out and "Round 2: " in out
    assert "Record saved to whole.json" in out
    data = load_record("whole.json")
    assert data["over"] is True
    _, problems = verify(data)
    assert problems == []
    assert sum(1 for seat, _ in data["actions"] if seat == 0) > 10


def _has_pty() -> bool:
    return VENV_CARDTABLE.exists() and sys.platform != "win32"


@pytest.mark.skipif(not _has_pty(), reason="needs the installed console script and a pty")
def test_real_terminal_ctrl_c_saves(tmp_path: Path) -> None:
    pexpect = pytest.importorskip("pexpect")
    env = dict(os.environ, NO_COLOR="1", TERM="dumb", COLUMNS="100")
    child = pexpect.spawn(
        str(VENV_CARDTABLE),
        ["play", "daylily", "--seed", "30", "--bots", "random"],
        cwd=str(tmp_path), env=env, encoding="utf-8", timeout=20,
        # Ctrl-C back to its default in the child: a job started in the background without
        # job control has it ignored, and Python then never raises KeyboardInterrupt.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    child.expect("Your move")
    child.sendline("help")
    child.expect("draw discard")
    child.sendline("s")
    child.expect(r"Your move \(Declare melds, then discard one card\)")
    child.sendintr()
    child.expect("saved to records/daylily-30.json")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130
    assert [0, "draw stock"] in load_record(tmp_path / "records" / "daylily-30.json")["actions"]



# ---- the flags before the menu, overlong input, the menu's defaults --------------------------

@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--seat", "3", "--players", "2"], "--seat must be between 0 and 1 with 2 players"),
        (["--seat", "40"], "no game seats more than"),
        (["--seat", "-1"], "--seat must be 0 or more"),
        (["--players", "3", "--bots", "random,random,random"], "3 bots named but 3 players"),
        (["--bots", "random,nosuchbot"], "unknown bot 'nosuchbot'"),
    ],
)
def test_flags_are_checked_before_the_menu_asks_anything(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    argv: list[str],
    message: str,
) -> None:
    code, out, err = play(monkeypatch, capsys, argv, "daylily\n2\nrandom\n\n\n")
    assert code == 2
    assert message in err and len(err.strip().splitlines()) == 1
    assert "Games:" not in out and "Players" not in out  # nothing was asked


def test_a_high_seat_narrows_the_menu_to_tables_that_have_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = play(monkeypatch, capsys, ["--seat", "3", "--seed", "2"],
                          "say-rummy\n\nrandom\n\nquit\n")
    assert code == 0, err
    assert "daylily" not in out.split("Game [", 1)[0]  # a 2-3 player game cannot seat 3
    assert "Players (4, 5, 6) [4]:" in out
    assert "you are seat 4 (--seat 3)" in out


def test_enter_takes_sensible_defaults_and_house_rules_and_seed_are_asked(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    typed = "say-rummy\n\n\n?\nbogus=1\ngames=2 scoring=vowels\nsoon\n42\nquit\n"
    code, out, err = play(monkeypatch, capsys, [], typed)
    assert code == 0, err
    assert "Players (2, 3, 4, 5, 6) [3]:" in out  # a table of three, not the most it seats
    assert "Bots for the 2 other seats [greedy]:" in out
    assert "gentle" in out  # the children's level is offered
    assert "  games=5: games in a match" in out  # "?" lists the house rules with defaults
    assert "unknown option 'bogus'" in out
    assert "'soon' is not a seed" in out
    data = load_record("records/say-rummy-42.json")
    assert data["players"] == 3 and data["seed"] == 42
    assert data["options"]["games"] == 2 and data["options"]["scoring"] == "vowels"
    again = " ".join(out.split())
    assert "--option scoring=vowels" in again and "--option games=2" in again


def test_the_menu_says_how_each_bot_plays_and_takes_its_number(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = play(monkeypatch, capsys, ["--seed", "4"], "daylily\n2\n\n\nquit\n")
    assert code == 0, err
    listed = out.split("Opponents:", 1)[1].split("Bots for the", 1)[0]
    lines = {line.split()[1]: line for line in listed.strip().splitlines()}
    assert set(lines) == {"gentle", "greedy", "ismcts", "patient", "random"}
    assert "the strongest" in lines["ismcts"] and "children" in lines["gentle"]
    assert "held back" in lines["patient"]
    number = lines["ismcts"].split(".")[0].strip()
    code, out, err = play(monkeypatch, capsys, ["--seed", "4"],
                          f"daylily\n2\n{number}\n\nquit\n")
    assert code == 0, err
    assert "Seat 2 (ismcts)" in out


def test_enter_alone_starts_a_match(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = play(monkeypatch, capsys, [], "\n" * 5 + "quit\n")
    assert code == 0, err
    assert re.search(r"\w[\w ]+, 3 players; you are seat 1\.", out)
    assert re.search(r"Seed (\d+)\.", out)


def test_an_overlong_line_is_refused_in_one_short_sentence(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    huge = "discard " + "ʃ" * 100_000
    code, out, err = play(monkeypatch, capsys, ["daylily", "--seed", "3", "--bots", "random"],
                          f"{huge}\nquit\n")
    assert code == 0 and "Traceback" not in out + err
    refusal = next(line for line in out.splitlines() if "too long" in line)
    refusal = refusal[refusal.index("That line"):]
    assert "100,008 characters" in refusal and len(refusal) < 200
    assert len(out) < 5_000


def test_a_long_refusal_is_cut_between_characters_not_inside_one(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # é typed as e + a combining acute, right where the quote is cut: both go, never the e alone
    line = "x" + "a" * 58 + "e\u0301" + "z" * 300
    _, out, _ = play(monkeypatch, capsys, ["daylily", "--seed", "3", "--bots", "random"],
                     f"{line}\nquit\n")
    refusal = next(line for line in out.splitlines() if "too long" in line)
    quote = refusal.split("for a move: ", 1)[1]
    assert quote.startswith("'x" + "a" * 58 + "…'")
    assert "\u0301" not in refusal


@pytest.mark.skipif(not _has_pty(), reason="needs the installed console script and a pty")
def test_real_terminal_has_history_and_arrow_keys(tmp_path: Path) -> None:
    pexpect = pytest.importorskip("pexpect")
    env = dict(os.environ, NO_COLOR="1", TERM="xterm", XDG_DATA_HOME=str(tmp_path / "data"))
    env.pop("CARDTABLE_PLAIN_INPUT", None)
    child = pexpect.spawn(
        str(VENV_CARDTABLE), ["play", "daylily", "--seed", "30", "--bots", "random"],
        cwd=str(tmp_path), env=env, encoding="utf-8", timeout=20, dimensions=(24, 80),
    )
    child.expect("Your move")
    child.sendline("hand")
    child.expect("Your hand")
    child.expect("Your move")
    child.send("\x1b[A\r")  # up: the line typed before, again
    child.expect("Your hand")
    child.expect("Your move")
    child.send("tale\x1b[D\x1b[Db\r")  # left twice, then the missing letter: "table"
    child.expect("Stock")
    child.sendline("quit")
    child.expect("saved to records/daylily-30.json")
    child.expect(pexpect.EOF)


@pytest.mark.skipif(not _has_pty(), reason="needs the installed console script and a pty")
def test_plain_input_can_be_asked_for_at_a_real_terminal(tmp_path: Path) -> None:
    pexpect = pytest.importorskip("pexpect")
    env = dict(os.environ, NO_COLOR="1", TERM="xterm", CARDTABLE_PLAIN_INPUT="1",
               XDG_DATA_HOME=str(tmp_path / "data"))
    child = pexpect.spawn(
        str(VENV_CARDTABLE), ["play", "daylily", "--seed", "30", "--bots", "random"],
        cwd=str(tmp_path), env=env, encoding="utf-8", timeout=20, dimensions=(24, 80),
    )
    child.expect("Your move")
    child.sendline("hand")
    child.expect("Your move")
    child.send("\x1b[A\r")  # no line editor: the arrow arrives as text and is refused
    child.expect("unknown command")
    child.sendline("quit")
    child.expect(pexpect.EOF)
