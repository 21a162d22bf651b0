"""`cardtable judge daylily ...`: the referee agrees with the rule text's own examples."""

from __future__ import annotations

import json
from typing import Any

import pytest

from cardtable.cli import main
from cardtable.games.daylily.referee import QUESTIONS, judge_meld, read_cards


def judge(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    """Run the judge as a player would and return its JSON answer (asserting exit 0)."""
    code = main(["judge", "daylily", *argv])
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


MELD_KEYS = {"valid", "kind", "scoring", "points", "reason"}


# ---- meld: the rule text's examples --------------------------------------------------------

@pytest.mark.parametrize(
    ("cards", "kind", "scoring", "points"),
    [
        (["1 Carlotta", "2 Ming Toy", "3 Fly Catcher"], "trio-run", False, 0),
        (["1 Carlotta", "2 Ming Toy", "3 Ming Toy"], "trio-run", False, 0),
        (["1 Ming Toy", "2 Ming Toy", "3 Ming Toy"], "trio-run", True, 3),
        (["1 Carlotta", "1 Ming Toy", "1 Flycatcher"], "trio-set", True, 3),
        (["1 Pandora's Box", "2 Pandora's Box", "3 Pandora's Box"], "trio-run", True, 12),
        (["2 Shady Lady", "2 Pandora's Box"], "pair", True, 5),
        (["1 Shady Lady", "3 Pandora's Box"], "pair", False, 3),
        (["2 Ming Toy", "2 Stella d'Oro"], "pair", True, 2),
        (["1 Infinity", "1 Goebel Porter"], "pair", True, 2),
        (["3 Infinity", "1 Dublin Elaine"], "pair", False, 0),
        (["2 Manhattan Night", "2 Trahlyta", "2 Allenhurst Royalty", "2 Shady Lady"],
         "quad", True, 4),
        (["2 Manhattan Night", "2 Trahlyta", "2 Allenhurst Royalty", "3 Shady Lady"],
         "quad", True, 3),
        (["1 Trahlyta", "2 Trahlyta", "3 Trahlyta", "1 Shady Lady"], "quad", True, 3),
        (["1 Trahlyta", "2 Manhattan Night", "3 Trahlyta", "1 Shady Lady"], "quad", False, 0),
        (["1 Manhattan Night", "1 Trahlyta", "1 Allenhurst Royalty", "1 Pandora's Box"],
         "quad", True, 7),
        (["1 Trahlyta", "2 Manhattan Night", "3 Trahlyta", "2 Pandora's Box"], "quad", False, 3),
    ],
)
def test_valid_melds(
    capsys: pytest.CaptureFixture[str], cards: list[str], kind: str, scoring: bool, points: int
) -> None:
    answer = judge(capsys, "meld", *cards)
    assert set(answer) == MELD_KEYS
    assert answer["valid"] is True
    assert (answer["kind"], answer["scoring"], answer["points"]) == (kind, scoring, points)
    assert answer["reason"]


@pytest.mark.parametrize(
    ("cards", "why"),
    [
        (["1 Carlotta", "2 Ming Toy", "2 Flycatcher"], "1, 2, 3"),  # not a 1-2-3 run
        (["1 Carlotta", "1 Ming Toy", "1 Trahlyta"], "family"),  # Trahlyta is purple
        (["1 Infinity", "1 Goebel Porter", "1 Dublin Elaine"], "family"),  # no orange set
        (["1 Ming Toy", "1 Fly Catcher"], "share no attribute"),  # sisters do not pair
        (["1 Shady Lady", "2 Shady Lady", "3 Shady Lady", "1 Trahlyta"], "quad"),
        (["1 Manhattan Night"], "2, 3 or 4 cards"),
        (["1MT", "2MT", "3MT", "1SD", "2SD"], "2, 3 or 4 cards"),
    ],
)
def test_invalid_melds_are_answers_with_a_reason(
    capsys: pytest.CaptureFixture[str], cards: list[str], why: str
) -> None:
    answer = judge(capsys, "meld", *cards)
    assert answer == {
        "valid": False, "kind": None, "scoring": False, "points": 0, "reason": answer["reason"]
    }
    assert why in answer["reason"]


def test_reasons_describe_valid_melds(capsys: pytest.CaptureFixture[str]) -> None:
    assert judge(capsys, "meld", "1MT", "2MT", "3MT")["reason"] == "scoring trio run of Ming Toy"
    assert "safe" in judge(capsys, "meld", "1 Carlotta", "2 Ming Toy", "3 Fly Catcher")["reason"]
    pb = judge(capsys, "meld", "1PB", "2PB", "3PB")["reason"]
    assert "Pandora's Box" in pb and "9" in pb
    quad = judge(capsys, "meld", "2MN", "2TR", "2AR", "2SL")["reason"]
    assert "quad" in quad and "matching" in quad


def test_the_orange_family_has_no_set_only_runs() -> None:
    orange_trios = [
        judge_meld(read_cards(list(cards)))
        for cards in (("1IN", "2GP", "3IN"), ("1IN", "2IN", "3IN"), ("1GP", "2GP", "3GP"))
    ]
    assert [t["kind"] for t in orange_trios] == ["trio-run"] * 3
    assert [t["scoring"] for t in orange_trios] == [False, True, True]


@pytest.mark.parametrize(
    "spelling", ["2 stella doro", "2 Stella d'Oro", "2 STELLA D'ORO", "2stelladoro", "2SD"]
)
def test_flower_names_ignore_case_spaces_and_punctuation(
    capsys: pytest.CaptureFixture[str], spelling: str
) -> None:
    answer = judge(capsys, "meld", spelling, "2 ming toy")
    assert (answer["kind"], answer["points"]) == ("pair", 2)
    assert "early bloomer" in answer["reason"]


def test_flycatcher_in_capitals_is_fly_catcher(capsys: pytest.CaptureFixture[str]) -> None:
    answer = judge(capsys, "meld", "1 FLYCATCHER", "2 FLYCATCHER", "3 fly catcher")
    assert (answer["kind"], answer["scoring"], answer["points"]) == ("trio-run", True, 3)


def test_several_cards_quoted_as_one_argument_are_read(capsys: pytest.CaptureFixture[str]) -> None:
    assert judge(capsys, "meld", "1MT 2MT 3MT")["points"] == 3
    assert judge(capsys, "meld", "1 Carlotta, 1 Ming Toy", "1 Fly Catcher")["kind"] == "trio-set"


# ---- hand: a loser's cards at a Festival ----------------------------------------------------

def test_a_stray_pandoras_box_costs_ten_and_goes_to_the_winner(
    capsys: pytest.CaptureFixture[str],
) -> None:
    answer = judge(capsys, "hand", "1 Pandora's Box", "1 Ming Toy", "2 Ming Toy", "3 Ming Toy")
    assert answer["melds"] == [["1 Ming Toy", "2 Ming Toy", "3 Ming Toy"]]
    assert answer["score"] == -10
    assert answer["to_winner"] == 1
    assert answer["strays"] == ["1 Pandora's Box"]


def test_a_pandoras_box_in_an_in_hand_meld_is_not_penalised(
    capsys: pytest.CaptureFixture[str],
) -> None:
    answer = judge(capsys, "hand", "1PB", "2PB", "3PB", "2 Carlotta")
    assert answer["score"] == 0
    assert answer["to_winner"] == 1
    assert answer["strays"] == ["2 Carlotta"]
    assert answer["melds"] == [["1 Pandora's Box", "2 Pandora's Box", "3 Pandora's Box"]]


def test_the_arrangement_saves_pandoras_box_before_saving_cards(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Shady Lady and Pandora's Box pair up; the Manhattan Night run stays a trio.
    answer = judge(capsys, "hand", "1MN", "2MN", "3MN", "2SL", "2PB")
    assert (answer["score"], answer["to_winner"]) == (0, 0)
    # The Shady Lady run would leave one stray card, but it would be the Pandora's Box (-10);
    # pairing the Box with a Shady Lady costs two strays instead and no penalty.
    answer = judge(capsys, "hand", "1SL", "2SL", "3SL", "1PB")
    assert len(answer["melds"]) == 1
    assert "1 Pandora's Box" in answer["melds"][0]
    assert (answer["score"], answer["to_winner"]) == (0, 2)
    assert "1 Pandora's Box" not in answer["strays"]


def test_an_unmeldable_hand_all_goes_to_the_winner(capsys: pytest.CaptureFixture[str]) -> None:
    answer = judge(capsys, "hand", "1MT", "2AF", "3GP", "3PB")
    assert answer["melds"] == []
    assert (answer["score"], answer["to_winner"]) == (-10, 4)


# ---- out: ten melded cards and a discard ---------------------------------------------------

GOES_OUT = ["1FC", "2FC", "3FC", "2MT", "1PM", "2PM", "3PM", "1AR", "2AR", "3AR", "1SL"]


def test_going_out_takes_the_best_declaration(capsys: pytest.CaptureFixture[str]) -> None:
    # Discarding 2 Ming Toy keeps the scoring Fly Catcher run (3 + 3 + quad 3 = 9); discarding
    # 2 Fly Catcher instead would leave a safe 1FC 2MT 3FC run and only 6.
    answer = judge(capsys, "out", *GOES_OUT)
    assert answer["can_go_out"] is True
    assert answer["discard"] == "2 Ming Toy"
    assert answer["points"] == 9
    melded = [card for meld in answer["melds"] for card in meld]
    assert len(melded) == 10
    assert "2 Ming Toy" not in melded
    assert ["1 Fly Catcher", "2 Fly Catcher", "3 Fly Catcher"] in answer["melds"]


def test_going_out_counts_the_pandoras_box_bonus(capsys: pytest.CaptureFixture[str]) -> None:
    # Pandora's Box run 12, safe purple run 0, scoring early bloomer pair 2, safe orange pair 0:
    # ten cards, so the Shady Lady that could have made the purple run a quad is the discard.
    hand = ["1PB", "2PB", "3PB", "1MN", "2TR", "3AR", "1SL", "2MT", "2SD", "1IN", "3GP"]
    answer = judge(capsys, "out", *hand)
    assert answer["can_go_out"] is True
    assert answer["discard"] == "1 Shady Lady"
    assert answer["points"] == 12 + 0 + 2 + 0


def test_a_hand_that_cannot_go_out_says_why(capsys: pytest.CaptureFixture[str]) -> None:
    # Three 1-bloom sets (or their pairs) use nine cards; the two purples fit nowhere.
    hand = ["1MT", "1FC", "1CA", "1SD", "1SL", "1AF", "1FV", "1DE", "1PM", "1MN", "1TR"]
    answer = judge(capsys, "out", *hand)
    assert answer["can_go_out"] is False
    assert (answer["melds"], answer["discard"], answer["points"]) == ([], None, 0)
    assert "Manhattan Night" in answer["reason"] and "Trahlyta" in answer["reason"]


@pytest.mark.parametrize("count", [1, 10, 12])
def test_a_wrong_number_of_cards_is_an_answer_not_an_error(
    capsys: pytest.CaptureFixture[str], count: int
) -> None:
    cards = [*GOES_OUT, "3MT"][:count]
    answer = judge(capsys, "out", *cards)
    assert answer["can_go_out"] is False
    assert answer["points"] == 0
    assert str(count) in answer["reason"]


# ---- input that cannot be read: one line, exit 2 ---------------------------------------------

@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["daylily", "meld", "2 Rose"], "Rose"),
        (["daylily", "meld", "4 Ming Toy"], "4"),
        (["daylily", "meld", "Ming Toy"], "blooms"),
        (["daylily", "meld"], "at least one card"),
        (["daylily", "meld", "²MT", "3MT"], "not a card"),
        (["daylily", "meld", "1" * 5000 + "MT"], "not a card"),
        (["chess", "meld", "1MT"], "daylily"),
        (["daylily", "shuffle", "1MT"], "meld, hand, out"),
        (["daylily"], "QUESTION"),
    ],
)
def test_unreadable_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], words: str
) -> None:
    assert words in refused(capsys, *argv)


# ---- cards that parse but no real table holds: an answer, not an error ------------------------

@pytest.mark.parametrize(
    ("argv", "blank"),
    [
        (["meld", "1MT", "1MT"], {"kind": None, "scoring": False, "points": 0}),
        (["meld", "1MT", "2MT", "1 ming toy"], {"kind": None, "scoring": False, "points": 0}),
        (["out", *GOES_OUT[:10], "1FC"],
         {"can_go_out": False, "melds": [], "discard": None, "points": 0}),
        (["hand", "2MT", "2 ming toy"],
         {"melds": [], "score": None, "to_winner": None, "strays": []}),
    ],
)
def test_a_card_named_twice_is_answered_as_no_real_hand(
    capsys: pytest.CaptureFixture[str], argv: list[str], blank: dict[str, Any]
) -> None:
    answer = judge(capsys, *argv)
    assert answer["valid"] is False
    assert "is named twice, but the deck holds only one" in answer["reason"]
    assert answer == {**blank, "valid": False, "reason": answer["reason"]}


def test_every_question_is_listed_in_the_help(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["judge", "--help"])
    assert exit_info.value.code == 0
    out = capsys.readouterr().out
    for question in QUESTIONS:
        assert f"daylily {question}" in out
    assert "twice" in out  # the duplicate-card decision is documented
