"""The contract-rummy command line: the judge (a referee for real cards) and terminal play.

The judge is checked on the rule texts' own examples and the rulings; terminal play is driven
the way a person drives it, through typed lines, some of them chosen by reading the screen.
"""

from __future__ import annotations

import io
import json
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from cardtable.bots import Decision, make_bot
from cardtable.cli import main
from cardtable.engine.game import load_game
from cardtable.engine.record import load_record, replay, verify
from cardtable.games.contract.actions import Discard, Down, Lay
from cardtable.games.contract.cards import JOKER, code, parse_card, sort_key
from cardtable.games.contract.game import ContractGame
from cardtable.games.contract.state import ContractState
from cardtable.terminal import renderer_for
from cardtable.terminal.session import PlaySession

SHOWN_CARD = re.compile(r"(?<![\w(=])(10|[2-9AJQK])([♣♦♥♠])|(?<![\w(])JK")


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Records go under the current directory by default: keep them out of the repository."""
    monkeypatch.chdir(tmp_path)


# ---- the judge -----------------------------------------------------------------------------

def judge(capsys: pytest.CaptureFixture[str], game: str, *argv: str) -> dict[str, Any]:
    """Run the judge as a player would and return its JSON answer (asserting exit 0)."""
    code = main(["judge", game, *argv])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert err == ""
    answer: dict[str, Any] = json.loads(out)
    return answer


def refused(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """Run the judge on input it cannot read; return the one error line (asserting exit 2)."""
    try:
        code = main(["judge", *argv])
    except SystemExit as exc:  # argparse's own usage errors exit from inside main
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    assert code == 2
    assert out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    return lines[0]


@pytest.mark.parametrize("game", ["dummy-rummy", "liverpool"])
@pytest.mark.parametrize(
    ("cards", "kind"),
    [
        (["3H", "4H", "5H", "6H"], "run"),  # Dummy Rummy's own example
        (["6h", "4h", "3h", "5h"], "run"),  # any order, any case
        (["AH", "2H", "3H", "4H"], "run"),  # ace low
        (["JS", "QS", "KS", "AS"], "run"),  # ace high
        (["10C", "JC", "QC", "KC", "AC"], "run"),
        (["TD", "9D", "8D", "7D"], "run"),  # T is ten
        (["QS", "QH", "QD"], "set"),
        (["7♠", "7♥", "7♦", "7♣", "7♠"], "set"),  # duplicates from several decks
    ],
)
def test_sets_and_runs_from_the_texts_are_valid(
    capsys: pytest.CaptureFixture[str], game: str, cards: list[str], kind: str
) -> None:
    answer = judge(capsys, game, "meld", *cards)
    assert answer == {"valid": True, "kind": kind, "jokers": {}, "reason": answer["reason"]}


@pytest.mark.parametrize(
    ("cards", "why"),
    [
        (["KH", "AH", "2H", "3H"], "turn the corner"),
        (["QH", "KH", "AH", "2H"], "turn the corner"),
        (["3H", "4H", "5H"], "4 or more"),
        (["3H", "4H", "5H", "7H"], "not in sequence"),
        (["3H", "4H", "5S", "6H"], "5S is not a heart"),
        (["5H", "6H", "6H", "7H"], "twice"),
        (["QS", "QH"], "3 or more"),
        (["QS", "QH", "KD"], "KD is not a queen"),
    ],
)
def test_what_is_not_a_meld_is_an_answer_with_the_reason(
    capsys: pytest.CaptureFixture[str], cards: list[str], why: str
) -> None:
    answer = judge(capsys, "dummy-rummy", "meld", *cards)
    assert answer["valid"] is False and answer["kind"] is None and answer["jokers"] == {}
    assert why in answer["reason"]


@pytest.mark.parametrize(
    ("cards", "kind", "jokers"),
    [
        (["5H", "JK", "8H", "6H"], "run", {"1": "7H"}),  # the gap first
        (["5H", "6H", "7H", "JK"], "run", {"3": "8H"}),  # then upward
        (["JK", "5H", "6H", "7H"], "run", {"0": "4H"}),  # written low to high: its place
        (["JK", "QH", "KH", "AH"], "run", {"0": "JH"}),  # ...below a high ace too
        (["JK", "AH", "2H", "3H"], "run", {"0": "4H"}),  # never round the corner
        (["QH", "KH", "AH", "JK"], "run", {"3": "JH"}),  # nothing above a high ace: downward
        (["JK", "3S", "JK", "4S", "5S", "7S"], "run", {"0": "6S", "2": "8S"}),
        (["QS", "JK", "QH"], "set", {"1": "Q"}),  # a set's joker is a rank, no suit
        (["AD", "AD", "AS", "JK"], "set", {"3": "A"}),
    ],
)
def test_each_joker_is_told_what_it_stands_for(
    capsys: pytest.CaptureFixture[str], cards: list[str], kind: str, jokers: dict[str, str]
) -> None:
    answer = judge(capsys, "liverpool", "meld", *cards)
    assert (answer["valid"], answer["kind"], answer["jokers"]) == (True, kind, jokers)
    assert "joker" in answer["reason"]


def test_liverpool_needs_more_naturals_than_jokers_unless_the_option_is_off(
    capsys: pytest.CaptureFixture[str],
) -> None:
    for cards in (["QS", "JK", "JK"], ["5H", "JK", "JK", "8H"]):
        answer = judge(capsys, "liverpool", "meld", *cards)
        assert answer["valid"] is False
        assert "more natural cards than jokers" in answer["reason"]
    answer = judge(capsys, "liverpool", "meld", "5H", "JK", "JK", "8H",
                   "--option", "natural_majority=false")
    assert answer["valid"] is True and answer["jokers"] == {"1": "6H", "2": "7H"}
    answer = judge(capsys, "liverpool", "meld", "5H", "JK", "JK", "8H", "9H")
    assert answer["valid"] is True  # three naturals, two jokers


@pytest.mark.parametrize(
    ("game", "cards", "points"),
    [
        ("dummy-rummy", ["AS"], 15),
        ("dummy-rummy", ["8H", "9C", "10D", "JS", "QH", "KC"], 60),
        ("dummy-rummy", ["2C", "3D", "4H", "5S", "6C", "7D"], 30),
        ("dummy-rummy", ["AS", "AS", "7H"], 35),
        ("liverpool", ["JK"], 20),
        ("liverpool", ["2C", "9D"], 10),  # 2 to 9: five each
        ("liverpool", ["10H", "KS", "AC", "JK"], 55),
        ("liverpool", [], 0),
        ("dummy-rummy", [], 0),
    ],
)
def test_cards_left_in_hand_cost_the_rule_sets_values(
    capsys: pytest.CaptureFixture[str], game: str, cards: list[str], points: int
) -> None:
    assert judge(capsys, game, "score", *cards) == {"points": points}


def test_a_card_value_option_changes_the_score(capsys: pytest.CaptureFixture[str]) -> None:
    values = "card_values=A=1,2-10=5,J-K=10,JK=50"
    assert judge(capsys, "liverpool", "-o", values, "score", "AS", "JK") == {"points": 51}


@pytest.mark.parametrize(
    ("game", "deal", "cards", "met", "contract"),
    [
        ("liverpool", "1", "QS QH QD 5C 5D JK 2H", True, "two sets"),
        ("liverpool", "1", "QS QH QD 5C 2D 9H 2H", False, "two sets"),
        ("liverpool", "2", "QS QH JK 5H 6H 7H 8H 2C", True, "a set and a run"),
        ("liverpool", "2", "QS QH QD 5C 5D 5S", False, "a set and a run"),
        ("liverpool", "3", "3H 4H 5H 6H 9S 10S JS QS", True, "two runs"),
        # Eight hearts in a row are one run, not two: a contract's runs may not touch.
        ("liverpool", "3", "3H 4H 5H 6H 7H 8H 9H 10H", False, "two runs"),
        # With two decks the same four hearts twice are two separate runs.
        ("liverpool", "3", "3H 4H 5H 6H 3H 4H 5H 6H", True, "two runs"),
        ("liverpool", "7", "AH 2H 3H 4H 9S 10S JS QS 5D 6D 7D 8D", True, "three runs"),
        ("liverpool", "7", "KH AH 2H 3H 9S 10S JS QS 5D 6D 7D 8D", False, "three runs"),
        ("dummy-rummy", "4", "3C 3D 3H KS KS KD 8C 9C 10C JC", True, "two sets and a run"),
        ("dummy-rummy", "5", "3C 3D 3H KS KS KD 8C 9C 10C JC", False, "three sets"),
        ("dummy-rummy", "7", "3C 4C 5C 6C 9H 10H JH QH 2S 3S 4S 5S", True, "three runs"),
    ],
)
def test_contract_checks_for_several_deals(
    capsys: pytest.CaptureFixture[str], game: str, deal: str, cards: str, met: bool,
    contract: str,
) -> None:
    answer = judge(capsys, game, "contract", deal, *cards.split())
    assert answer["met"] is met and answer["contract"] == contract
    if not met:
        assert answer["melds"] == []
        return
    # The lay-down shown is made of the cards given, and each group is a real meld.
    used = [c for meld in answer["melds"] for c in meld]
    given = cards.split()
    assert all(used.count(c) <= given.count(c) for c in used)
    for meld in answer["melds"]:
        assert judge(capsys, game, "meld", *meld)["valid"] is True


def test_a_contract_may_need_a_meld_longer_than_the_minimum(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # A 2 _ _ 5 of hearts with two jokers: any four of the five would hold as many jokers as
    # naturals, so only the five-card run keeps the natural majority.
    answer = judge(capsys, "liverpool", "contract", "2", "AH", "2H", "JK", "JK", "5H",
                   "QS", "QH", "QD")
    assert answer["met"] is True
    assert ["AH", "2H", "JK", "JK", "5H"] in answer["melds"]


def test_the_extended_deals_need_the_option(capsys: pytest.CaptureFixture[str]) -> None:
    line = refused(capsys, "liverpool", "contract", "8", "QS", "QH", "QD")
    assert "extended=true" in line
    sets = [f"{rank}{suit}" for rank in "234567" for suit in "CDH"]  # six sets of three
    answer = judge(capsys, "liverpool", "--option", "extended=true", "contract", "8", *sets)
    assert answer == {"met": True, "melds": answer["melds"], "contract": "six sets"}
    assert len(answer["melds"]) == 6
    answer = judge(capsys, "liverpool", "-o", "extended=true", "contract", "10", *sets)
    assert answer["met"] is False and answer["contract"] == "three sets and three runs"
    assert "no deal 11" in refused(capsys, "liverpool", "-o", "extended=true", "contract", "11")


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["liverpool", "meld", "ZZ"], "'ZZ' is not a card"),
        (["liverpool", "meld", "11H"], "not a card"),
        (["liverpool", "meld"], "name the cards"),
        (["liverpool", "contract"], "give the deal number"),
        (["liverpool", "contract", "two", "QS"], "'two' is not a deal"),
        (["liverpool", "contract", "0", "QS"], "no deal 0"),
        (["dummy-rummy", "contract", "9", "QS"], "extended=true"),
        (["liverpool", "contract", "²", "QS"], "'²' is not a deal"),
        (["liverpool", "--option", "colour=red", "meld", "QS"], "unknown option 'colour'"),
        (["liverpool", "meld", "QS", "--option", "natural_majority"], "name=value"),
        (["liverpool", "shuffle", "QS"], "meld, contract, score"),
        (["daylily", "--option", "target=50", "meld", "1MT"], "takes no options"),
    ],
)
def test_unreadable_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], words: str
) -> None:
    assert words in refused(capsys, *argv)


@pytest.mark.parametrize(
    ("argv", "blank", "words"),
    [
        (["dummy-rummy", "meld", "5H", "6H", "JK", "8H"],
         {"kind": None, "jokers": {}}, "without jokers"),
        (["dummy-rummy", "meld", "QS", "QS", "QS", "QS", "QS"],
         {"kind": None, "jokers": {}}, "at most four decks"),
        (["liverpool", "meld", *["JK"] * 9], {"kind": None, "jokers": {}}, "jokers named"),
        (["liverpool", "score", "QS", "QS", "QS", "QS"], {"points": None}, "three decks"),
        (["liverpool", "contract", "1", "QS", "QS", "QS", "QS"],
         {"met": False, "melds": [], "contract": "two sets"}, "three decks"),
    ],
)
def test_cards_no_pack_holds_are_answered_as_no_real_hand(
    capsys: pytest.CaptureFixture[str], argv: list[str], blank: dict[str, Any], words: str
) -> None:
    answer = judge(capsys, *argv)
    assert answer == {**blank, "valid": False, "reason": answer["reason"]}
    assert words in answer["reason"]


def test_the_judge_help_lists_the_contract_questions(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["judge", "--help"])
    assert exit_info.value.code == 0
    out = capsys.readouterr().out
    for game in ("dummy-rummy", "liverpool"):
        for question in ("meld CARD...", "contract DEAL CARD...", "score"):
            assert f"{game} {question}" in out
    assert "JK is a" in out


# ---- terminal play: helpers ----------------------------------------------------------------

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


def shown_hand(screen: str) -> list[int]:
    """The cards of the last hand printed, read back from the suit symbols on screen."""
    block = screen.rsplit("Your hand", 1)[-1].split("Your move", 1)[0]
    return [JOKER if m.group(0) == "JK" else parse_card(m.group(0))
            for m in SHOWN_CARD.finditer(block)]


class ScreenPerson:
    """Types what ``answer`` decides from the screen printed so far (end of input after limit)."""

    def __init__(self, screen: io.StringIO, answer: Callable[[str, str], str],
                 limit: int = 400) -> None:
        self.screen = screen
        self.answer = answer
        self.limit = limit
        self.typed: list[str] = []

    def readline(self) -> str:
        if len(self.typed) >= self.limit:
            return ""
        text = self.screen.getvalue()
        prompt = " ".join(text.rsplit("Your move", 1)[-1].split()) + " "  # undo the wrapping
        line = self.answer(prompt, text)
        self.typed.append(line)
        return line + "\n"


def draw_and_discard(prompt: str, screen: str, window: str = "pass") -> str:
    """A simple player: draws, discards the first card shown, answers windows with ``window``."""
    if "or pass" in prompt:
        return window
    if "or draw" in prompt or "draw from the stock" in prompt.lower():
        return "draw"
    return f"discard {code(shown_hand(screen)[0])}"


def run_with_screen(
    monkeypatch: pytest.MonkeyPatch, argv: list[str], answer: Callable[[str, str], str],
    limit: int = 400,
) -> tuple[int, str, ScreenPerson]:
    screen = io.StringIO()
    person = ScreenPerson(screen, answer, limit)
    monkeypatch.setattr(sys, "stdout", screen)
    monkeypatch.setattr(sys, "stdin", person)
    code = main(["play", *argv])
    return code, screen.getvalue(), person


def record_state(path: str) -> ContractState:
    state = replay(load_record(path))
    assert isinstance(state, ContractState)
    return state


# ---- terminal play -------------------------------------------------------------------------

def test_a_three_player_liverpool_game_shows_the_contract_and_explains_mistakes(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    typed = "help\ndance\ndiscard 2C\nlay 9H on 2:0\nquit\n"
    argv = ["liverpool", "--players", "3", "--seed", "101", "--bots", "random"]
    code, out, err = play(monkeypatch, capsys, argv, typed)
    assert code == 0 and "Traceback" not in out + err
    assert "Liverpool Rummy, 3 players; you are seat 1." in out
    assert "Liverpool Rummy · deal 1 of 7 · contract: two sets" in out  # the table's heading
    assert "12 cards each" in out
    flat = " ".join(out.split())  # the prompt, unwrapped
    assert "Your move (Take the 7♠ or draw from the stock; if you draw, the others may buy the " \
           "7♠ first)" in flat
    shown = out.split("Legal moves now:")[1].split("Commands:")[0]
    assert re.search(r"^ +take  \(Take the 7♠", shown, re.MULTILINE)
    assert re.search(r"^ +draw  \(Draw from the stock", shown, re.MULTILINE)
    assert "unknown command 'dance'" in out
    assert "first take the discard or draw from the stock" in out
    assert "Unfinished match record saved to records/liverpool-101.json" in out
    data = load_record("records/liverpool-101.json")
    assert data["game"] == "liverpool" and data["actions"] == []


def test_the_hand_is_grouped_by_suit_aces_high_jokers_last(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _, out, _ = play(monkeypatch, capsys, ["liverpool", "--players", "3", "--seed", "95",
                                           "--bots", "random"], "quit\n")
    hand = out.rsplit("Your hand (12 cards):", 1)[1].split("Your move", 1)[0]
    lines = [line for line in hand.splitlines() if line.strip()]
    assert [line.split()[0] for line in lines] == ["clubs", "diamonds", "hearts", "spades",
                                                   "jokers"]
    assert lines[1].split()[1:] == ["8♦", "10♦", "Q♦", "A♦", "A♦"]  # the aces last
    view = load_game("liverpool", 3).new_state(95).view(0)
    dealt = [parse_card(c) for c in view["zones"]["hand:0"]["cards"]]
    assert shown_hand(out) == sorted(dealt, key=sort_key)


def test_help_lists_exactly_the_legal_moves_grouped(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["liverpool", "--players", "3", "--seed", "101", "--bots", "random"]
    code, out, _ = play(monkeypatch, capsys, argv, "draw\nhelp\nquit\n")
    assert code == 0
    state = record_state("records/liverpool-101.json")
    shown = out.rsplit("Legal moves now:", 1)[1].split("Commands:")[0]
    assert "Go down (" in shown and "Discards (" in shown
    downs = re.findall(r"down [^|\n]+?\|[^|\n]+?(?=\s{2,}|\n)", shown)
    discards = re.findall(r"discard \w+", shown)
    listed = [state.game.parse_action(text.strip()) for text in downs + discards]
    assert set(listed) == set(state.legal_actions(0)) and len(listed) == len(set(listed))


def test_the_hint_finds_the_contract_and_its_lay_down_is_accepted(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["liverpool", "--players", "3", "--seed", "101", "--bots", "random"]
    _, out, _ = play(monkeypatch, capsys, argv, "hint\nquit\n")
    # The search's move (it keeps the careful player's draw unless taking beats it clearly
    # in the deals a busy machine's second holds), with the game's reasons for that move.
    said = re.search(r"Hint: Try (draw|take)\. ", out)
    assert said, out[-1500:]
    assert said[1] == "take" or "Hint: Try draw. You hold the contract (2 sets) already" in out
    _, out, _ = play(monkeypatch, capsys, argv, "draw\nhint\nquit\n")
    found = re.search(r"Hint: Try (down [^.]+)\.", out)
    assert found, out[-1500:]
    down = symbols_back(found.group(1))  # the hint names cards as the table does
    code, out, _ = play(monkeypatch, capsys, [*argv, "--record", "two.json"],
                        f"draw\n{down}\nquit\n")
    assert code == 0
    assert f"You (seat 1) went down with two sets: {symbols(down[len('down '):])}." in out
    state = record_state("two.json")
    assert state.down[0] and len(state.table[0]) == 2


def symbols_back(text: str) -> str:
    """Suit symbols as the codes a person types: ``9♠ 9♦`` -> ``9S 9D``."""
    return re.sub(r"(10|[2-9JQKA])([♣♦♥♠])", lambda m: m[1] + "CDHS"["♣♦♥♠".index(m[2])], text)


def symbols(notation: str) -> str:
    """Card codes as the screen shows them: ``9S 9D`` -> ``9♠ 9♦``."""
    return re.sub(r"\b(10|[2-9JQKA])([CDHS])\b", lambda m: m[1] + "♣♦♥♠"["CDHS".index(m[2])],
                  notation)


def test_the_prompt_offers_going_down_only_to_a_hand_that_holds_the_contract(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    holds = ["liverpool", "--players", "3", "--seed", "101", "--bots", "random"]
    _, out, _ = play(monkeypatch, capsys, holds, "draw\nquit\n")
    flat = " ".join(out.split())
    assert "Your move (Go down: you hold the contract (two sets). Or discard a card)" in flat
    short = ["liverpool", "--players", "3", "--seed", "5", "--bots", "random"]
    _, out, _ = play(monkeypatch, capsys, short, "take\nquit\n")
    flat = " ".join(out.split())
    assert "Your move (You do not hold the contract (two sets) yet: discard a card. You may " \
           "not discard the 9♠: you took it from the pile this turn)" in flat
    assert "Go down" not in flat.split("took the", 1)[1]


def test_the_log_and_the_search_hint_name_cards_with_suit_symbols_as_the_hand_does(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["liverpool", "--players", "3", "--seed", "5", "--bots", "random"]
    _, out, _ = play(monkeypatch, capsys, argv, "take\nhint\nquit\n")
    assert "the 9♠ starts the discard pile" in " ".join(out.split())
    assert "You (seat 1) took the 9♠ from the discard pile." in out
    search = " ".join(out.split("Hint: ", 1)[1].split("Your move", 1)[0].split())
    assert search.startswith("Try discard ") and SHOWN_CARD.search(search), search
    assert not re.search(r"\b(10|[2-9JQKA])[CDHS]\b", search), search  # no code left


def test_a_lay_down_with_a_longer_meld_is_accepted_and_shown_with_its_joker(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Seed 95 deals seat 0 four tens, two aces of diamonds and a joker.
    argv = ["liverpool", "--players", "3", "--seed", "95", "--bots", "random"]
    typed = "draw\ndown AD AD JK | 10D 10H 10S 10S\ntable\nquit\n"
    code, out, _ = play(monkeypatch, capsys, argv, typed)
    assert code == 0
    assert "You (seat 1) went down with two sets: A♦ A♦ joker as an ace | 10♦ 10♥ 10♠ 10♠." in out
    table = out.rsplit("deal 1 of 7", 1)[1]
    assert "Your set of aces A♦ A♦ JK★ (the joker stands for an ace)" in table
    assert "Your set of tens 10♦ 10♥ 10♠ 10♠" in table
    assert re.search(r"You \(seat 1\)\s+\d+ cards · down · total 0", table)
    state = record_state("records/liverpool-95.json")
    assert [len(tm.meld.cards) for tm in state.table[0]] == [3, 4]


def test_auto_pass_answers_the_offers_for_the_person_until_switched_off(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    typed: list[str] = []
    asked: list[str] = []

    def answer(prompt: str, screen: str) -> str:
        if not typed:
            typed.append("auto")
            return "auto"
        if "or pass" in prompt:
            asked.append(prompt)
            return "pass"
        if len(typed) == 12:
            typed.append("auto")
            return "auto"  # off again: offers are asked from now on
        typed.append("move")
        return draw_and_discard(prompt, screen)

    argv = ["liverpool", "--players", "3", "--seed", "5", "--bots", "random",
            "--record", "auto.json"]
    code, out, _ = run_with_screen(monkeypatch, argv, answer, limit=40)
    assert code == 0
    assert "Auto-pass on" in out and "Auto-pass off" in out
    data = load_record("auto.json")
    passes = [i for i, (seat, move) in enumerate(data["actions"]) if (seat, move) == (0, "pass")]
    before_off = out.split("Auto-pass off", 1)[0]
    # Passed for the person while auto-pass was on, with nobody asked...
    assert before_off.count("You (seat 1) passed on") >= 1
    assert "or pass" not in before_off.split("Auto-pass on", 1)[1]
    # ...and asked again once it was off.
    assert asked and passes and len(passes) > len(asked)


def test_a_person_is_asked_to_buy_during_another_seats_turn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asked: list[str] = []

    def answer(prompt: str, screen: str) -> str:
        if "or pass" in prompt and "buy" in prompt:
            asked.append(prompt)
            return "buy" if len(asked) == 1 else "quit"
        return draw_and_discard(prompt, screen)

    argv = ["liverpool", "--players", "3", "--seed", "5", "--bots", "random",
            "--record", "buy.json"]
    code, out, _ = run_with_screen(monkeypatch, argv, answer)
    assert code == 0 and len(asked) == 2
    assert re.fullmatch(r"\(Seat \d \(random\) turned down the \S+: buy it \(you also take 1 "
                        r"card from the stock\) or pass\): ", asked[0])
    data = load_record("buy.json")
    at = data["actions"].index([0, "buy"])
    # The window opened on another seat's draw, and every bot answered it on screen.
    drawer, verb = data["actions"][at - 1]
    assert drawer != 0 and verb == "draw"
    flat = " ".join(out.split())  # long lines wrap at the terminal's width
    offered = re.search(rf"Seat {drawer + 1} \(random\) turned down the (\S+): it is for sale to ",
                        flat)
    assert offered
    card = offered.group(1)
    others = [s for s in (1, 2) if s != drawer]
    for seat, move in data["actions"][at + 1:]:
        if seat not in others or move not in ("buy", "pass"):
            break
        assert re.search(rf"Seat {seat + 1} \(random\) (passed on|asked to buy|bought) the {card}",
                         flat)
    assert re.search(rf"(You \(seat 1\)|Seat \d \(random\)) bought the {card} and a penalty "
                     rf"card( \(\S+\))?\. Seat {drawer + 1} \(random\) drew a card from the "
                     r"stock\.",
                     flat)


def keen_player(state: ContractState, prompt: str) -> str:
    """Goes down and lays off whenever it can, passes in windows, discards its costliest card."""
    legal = state.legal_actions(0)
    for action in legal:
        if isinstance(action, Down | Lay):
            return str(action)
    words = [str(a) for a in legal]
    for word in ("pass", "draw"):
        if word in words:
            return word
    discards = [a for a in legal if isinstance(a, Discard)]
    if discards:
        return str(max(discards, key=lambda d: state.rules.values[d.card]))
    return words[0]


def short_session(
    tmp_path: Path, seed: int, contracts: str, person: Callable[[ContractState, str], str]
) -> tuple[PlaySession, io.StringIO]:
    """A two-deal Liverpool table with random bots, the person typing what ``person`` says."""
    game = load_game("liverpool", 3, {"contracts": contracts, "deal_sizes": "12,12"})
    assert isinstance(game, ContractGame)
    screen = io.StringIO()
    console = Console(file=screen, width=100, highlight=False)
    bots = {s: make_bot("random", game, s) for s in (1, 2)}
    holder: list[PlaySession] = []

    def read(prompt: str) -> str:
        state = holder[0].state
        assert isinstance(state, ContractState)
        return person(state, prompt)

    session = PlaySession(game, seed, 0, bots, tmp_path / "short.json", console, read=read)
    holder.append(session)
    return session, screen


def test_a_lay_off_on_a_run_without_its_end_is_completed_when_one_end_fits(
    tmp_path: Path,
) -> None:
    shortened: list[Lay] = []

    def person(state: ContractState, prompt: str) -> str:
        if shortened:
            return "quit"
        on_runs = [a for a in state.legal_actions(0) if isinstance(a, Lay) and a.end]
        for lay in on_runs:
            if [a for a in on_runs if (a.card, a.owner, a.index) ==
                    (lay.card, lay.owner, lay.index)] == [lay]:
                shortened.append(lay)
                return f"lay {code(lay.card).lower()} on {lay.owner}:{lay.index}"
        return keen_player(state, prompt)

    session, screen = short_session(tmp_path, 9, "1S+1R,2R", person)
    session.run()
    assert shortened, "no lay-off on a run came up"
    lay = shortened[0]
    assert session.state.history[-1] == (0, lay)
    assert load_record(tmp_path / "short.json")["actions"][-1] == [0, str(lay)]
    laid = " ".join(screen.getvalue().split())
    assert re.search(rf"You \(seat 1\) laid off the {symbols(code(lay.card))} on .*?run of "
                     rf"[a-z]+ \({lay.end} end\)\.", laid)


def test_once_down_the_hint_names_only_moves_that_are_legal(tmp_path: Path) -> None:
    hints: list[tuple[list[str], set[str]]] = []
    box: list[PlaySession] = []

    def person(state: ContractState, prompt: str) -> str:
        legal = state.legal_actions(0)
        if state.down[0] and any(isinstance(a, Lay) for a in legal):
            hints.append((box[0]._hints(state.view(0)), {str(a) for a in legal}))
            if len(hints) == 3:
                return "quit"
        return keen_player(state, prompt)

    session, _ = short_session(tmp_path, 9, "1S+1R,2R", person)
    box.append(session)
    session.run()
    assert len(hints) == 3
    for lines, legal in hints:
        assert len(lines) == 1  # one hint, one move, named as typed
        for line in lines:
            assert line.startswith("Hint: Try "), line
            move = symbols_back(line.split("Try ", 1)[1].split(". ", 1)[0].rstrip("."))
            assert move in legal, (line, legal)


def test_a_person_may_call_rummy_during_another_seats_turn(tmp_path: Path) -> None:
    asked: list[str] = []

    def person(state: ContractState, prompt: str) -> str:
        if "call rummy" in prompt:
            asked.append(prompt)
            assert state.actors and state.public_info()["current"] != 0
            return "rummy" if len(asked) == 1 else "quit"
        return keen_player(state, prompt)

    session, screen = short_session(tmp_path, 5, "2S,1S+1R", person)
    session.run()
    out = " ".join(screen.getvalue().split())
    assert asked and re.fullmatch(r"Your move \(Seat \d \(random\) discarded the \S+, which "
                                  r"could have been laid off: call rummy \(.+\) or pass\): ",
                                  asked[0])
    offender = re.search(r"Seat (\d) \(random\) discarded the (\S+)\. The \2 could have been "
                         r"laid off: anyone may call rummy\.", out)
    assert offender, out[-3000:]
    card = offender.group(2)
    # The person is asked first: their call wins at once, or waits for the nearer bot's answer.
    assert (f"Rummy, called by you (seat 1)! Seat {offender.group(1)} (random) took back the "
            f"{card} and a card from the stock." in out) or (
        f"You (seat 1) called rummy on the {card} (a nearer player may still call it first)."
        in out and re.search(rf"Rummy, called by (You \(seat 1\)|Seat \d \(random\))! Seat "
                             rf"{offender.group(1)} \(random\) took back the {card} and a card "
                             r"from the stock\.", out))


def test_a_whole_short_match_is_played_from_the_keyboard(monkeypatch: pytest.MonkeyPatch) -> None:
    argv = ["dummy-rummy", "--players", "3", "--seed", "12", "--bots", "random",
            "--option", "contracts=2S,1S+1R", "--option", "deal_sizes=11,11",
            "--option", "max_deal_turns=40",
            "--record", "whole.json"]
    code, out, person = run_with_screen(monkeypatch, argv, draw_and_discard, limit=2000)
    assert code == 0, out[-2000:]
    assert "Deal 1: " in out and "Deal 2: " in out  # each deal's result
    flat = " ".join(out.split())
    assert re.search(r"Deal 2 of 2 \(a set and a run\) is dealt by Seat \d \(random\), 11 "
                     r"cards each; the \S+ starts the discard pile\.", flat)
    assert "Match over" in out and "2 deals played." in out
    assert "Record saved to whole.json" in out
    data = load_record("whole.json")
    assert data["over"] is True and verify(data)[1] == []
    assert "pass" in person.typed  # the person was asked in buying windows


def test_the_table_shows_every_meld_with_its_jokers_meaning() -> None:
    game = load_game("liverpool", 4)
    assert isinstance(game, ContractGame)
    state = game.new_state(2)
    bots = [make_bot("greedy", game, s) for s in range(4)]
    def joker_melds() -> list[dict[str, Any]]:
        return [m for m in state.public_info()["melds"] if m["jokers_stand_for"]]

    while not state.is_over and not joker_melds():
        seat = state.actors[0]
        state.apply(seat, bots[seat].choose(Decision.at(state, seat)))
    assert joker_melds(), "no joker was melded"
    renderer = renderer_for(game)
    screen = io.StringIO()
    labels = [f"Seat {s}" for s in range(4)]
    Console(file=screen, width=120, highlight=False).print(
        renderer.table(state.view(0), labels, state.legal_actions(0)))
    text = screen.getvalue()
    for meld in state.public_info()["melds"]:
        owner = labels[meld["owner"]]
        # Each meld after the name a typed move gives it ("l 9H 2:1"): once it was not shown,
        # and a person typed the seat as the table counts it, from 1.
        row = re.search(rf"{meld['id']} {owner}'s (set|run) of [^\n│]+", text)
        assert row, text
        shown = row.group(0)
        cards = state.view(0)["zones"][f"meld:{meld['id']}"]["cards"]
        assert len(SHOWN_CARD.findall(shown)) == len(cards)
        if meld["jokers_stand_for"]:
            assert "(the joker stands for " in shown or "(the jokers stand for " in shown


def test_rules_lists_the_liverpool_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "liverpool"]) == 0
    out = capsys.readouterr().out
    assert "Liverpool Rummy (liverpool)" in out
    for option in ("natural_majority", "buy_limit", "claims", "extended", "joker_swaps",
                   "card_values"):
        assert re.search(rf"^{option}\s", out, re.MULTILINE), option
    assert "deal 1: 2 sets (12 cards)" in out


def rules_text(capsys: pytest.CaptureFixture[str], game: str) -> tuple[str, str]:
    """The summary of ``cardtable rules GAME`` (the part before the option table), unwrapped,
    and its moves line."""
    assert main(["rules", game]) == 0
    summary = capsys.readouterr().out.split("Options (set with name=value):")[0]
    moves = summary[summary.index("Moves:"):]
    return " ".join(summary[:summary.index("Moves:")].split()), moves


def test_dummy_rummy_rules_describe_what_is_on_and_name_the_options_for_the_rest(
    capsys: pytest.CaptureFixture[str],
) -> None:
    text, moves = rules_text(capsys, "dummy-rummy")
    # Off by default: neither offered as a move nor described as part of the game...
    assert "swap" not in moves and "rummy" not in moves and "JK" not in moves
    assert "call rummy" not in text and "Jokers are wild" not in text
    assert "floats" not in text and "cuts" not in text
    # ...but each is named with the option that turns it on.
    for option in ("jokers=4", "joker_swaps=true", "call_rummy=true", "go_out=discard",
                   "cut=true", "penalties=true", "return_discard=false"):
        assert option in text, option
    assert "Go out by playing or discarding your last card." in text
    assert "for 2 extra stock cards (at most 3 a deal; nearest in turn order first)" in text
    assert "(A 15, 2-7 5, 8-K 10)" in text
    # The text follows the options in force: a family that adds jokers and swaps sees them.
    game = load_game("dummy-rummy", 4, {"jokers": 8, "joker_swaps": True, "call_rummy": True})
    swaps = game.rules_summary()
    assert "swap 7H on 1:0" in swaps and "| rummy" in swaps and "JK" in swaps
    assert "joker_swaps=true" not in swaps and "call_rummy=true" not in swaps


def test_liverpool_rules_describe_its_swaps_calls_floating_and_cut(
    capsys: pytest.CaptureFixture[str],
) -> None:
    text, moves = rules_text(capsys, "liverpool")
    assert "swap 7H on 1:0" in moves and "rummy" in moves and "JK" in moves
    for words in ("swap a natural card for the joker", "anyone may call rummy",
                  "goes out only with one that fits no meld", "cutting exactly",
                  "(A 15, 2-9 5, 10-K 10, joker 20)"):
        assert words in text, words
    assert "joker_swaps=true" not in text and "penalties=true" in text


def test_help_in_a_window_is_headed_by_the_answers_it_takes(tmp_path: Path) -> None:
    windows: list[str] = []

    def person(state: ContractState, prompt: str) -> str:
        phase = state.phase
        if phase in ("buy", "rummy") and phase not in windows:
            windows.append(phase)
            return "help"
        if len(windows) == 2:
            return "quit"
        return keen_player(state, prompt)

    session, screen = short_session(tmp_path, 5, "2S,1S+1R", person)
    session.run()
    assert windows == ["buy", "rummy"] or windows == ["rummy", "buy"]
    helps = screen.getvalue().split("Legal moves now:")[1:]
    headings = [re.findall(r"^  (\S.*?) \(\d+\):$", h.split("Commands:")[0], re.MULTILINE)
                for h in helps]
    by_window = dict(zip(windows, headings, strict=True))
    assert by_window["buy"] == ["Buy or pass"]
    assert by_window["rummy"] == ["Call rummy or pass"]
