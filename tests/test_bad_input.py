"""Bad input on every parser and every judge question: one clear refusal, never a traceback.

Each defect found by trying (digits that are not ASCII digits reaching ``int()``, numbers of
thousands of digits, a Liverpool contract of more than 127 cards, a range message swallowed,
input echoed back whole, seeds 11 and -11 dealing the same match) has a test of its own; the
property tests then feed arbitrary Unicode to the notation of every game in states of its
matches, to every judge question, to the option parser and to the record reader, and accept
only the project's own errors with a sentence, or an answer.
"""

from __future__ import annotations

import contextlib
import io
import json
import random
from collections.abc import Sequence
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable.bots import Decision, RandomBot
from cardtable.cli import main
from cardtable.cli.judge import questions, refereed
from cardtable.engine.errors import (
    CardtableError,
    IllegalAction,
    NotationError,
    OptionError,
    RecordError,
)
from cardtable.engine.game import Game, State, game_names, load_game, seeded_generator
from cardtable.engine.options import parse_option_assignments
from cardtable.engine.record import check_record, read_record_text, verify
from cardtable.engine.text import MAX_DIGITS, clip, shorten, whole_number

GAMES = game_names()
QUICK = settings(max_examples=200, deadline=None,
                 suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

# Digits of other scripts and number-like characters: superscripts, Arabic-Indic, fullwidth,
# Devanagari, circled, vulgar fractions.
# What a command line gives for bytes that are not UTF-8 (Python's surrogateescape).
LONE_SURROGATES = st.text(alphabet=st.characters(categories=["Cs"]), min_size=1, max_size=3)

ODD_DIGITS = ["²", "³", "¹", "٣", "۴", "３", "१", "①", "½", "𝟗", "⁰"]


def judge(*argv: str) -> tuple[int, str, str]:
    """Run ``cardtable judge ...``; the exit code, stdout and stderr."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(["judge", *argv])
        except SystemExit as exc:  # argparse's usage errors exit from inside main
            code = int(exc.code or 0)
    return code, out.getvalue(), err.getvalue()


def assert_answer_or_one_line(code: int, out: str, err: str) -> dict[str, Any] | None:
    """The judge's contract: exit 0 and one JSON object, or exit 2 and one sentence."""
    if code == 0:
        assert err == ""
        if out.startswith("usage: cardtable judge "):  # -h among the cards: the question's help
            return None
        answer = json.loads(out)
        assert isinstance(answer, dict)
        if answer.get("valid") is False and "reason" in answer:
            assert answer["reason"]
        return answer
    assert code == 2, err
    assert out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("cardtable"), err
    assert len(lines[0]) < 1000
    return None


# ---- one reader of whole numbers ---------------------------------------------------------------

def test_whole_number_reads_ascii_digits_only() -> None:
    assert whole_number("42") == 42
    assert whole_number(" 7\t") == 7
    assert whole_number("-5") is None and whole_number("-5", signed=True) == -5
    assert whole_number("+5", signed=True) == 5
    for text in ["", " ", "-", "1_000", "4.0", "0x1F", "1e3", "١٢", *ODD_DIGITS]:
        assert whole_number(text) is None, text
        assert whole_number(text, signed=True) is None, text
    assert whole_number("9" * MAX_DIGITS) == int("9" * MAX_DIGITS)
    assert whole_number("9" * (MAX_DIGITS + 1)) is None
    assert whole_number("9" * 5000) is None  # int() itself would raise past 4,300 digits


# ---- digits in the action notation -------------------------------------------------------------

NOTATION_WITH_NUMBERS = {
    "day": ["bet {}", "raise to {}", "swap {} Rising"],
    "daylily": ["discard {}MT", "meld {}MT 2MT 3MT"],
    "dummy-rummy": ["lay 9H on {}:0", "lay 9H on 0:{}", "swap 7H on {}:0", "discard {}H"],
    "liverpool": ["lay 9H on {}:0", "lay 9H on 0:{} high", "swap 7H on 1:{}", "discard {}H"],
    "say-rummy": ["extend {} d ɔ g", "extend {}: d ɔ g"],
}


@pytest.mark.parametrize("name", sorted(NOTATION_WITH_NUMBERS))
@pytest.mark.parametrize("digit", [*ODD_DIGITS, "9" * 5000, "1" * 101])
def test_numbers_not_in_ascii_digits_are_refused_in_a_sentence(name: str, digit: str) -> None:
    game = load_game(name)
    for pattern in NOTATION_WITH_NUMBERS[name]:
        with pytest.raises(NotationError) as refused:
            game.parse_action(pattern.format(digit))
        assert 0 < len(str(refused.value)) < 400


@pytest.mark.parametrize(
    ("name", "text"),
    [("day", "bet 12"), ("day", "raise to 30"), ("liverpool", "lay 9H on 2:0 high"),
     ("dummy-rummy", "swap 7H on 1:0"), ("say-rummy", "extend 2 d ɔ g i"),
     ("daylily", "discard 2MT")],
)
def test_ascii_numbers_still_read(name: str, text: str) -> None:
    game = load_game(name)
    assert str(game.parse_action(text)) == text


def test_a_judge_flag_with_a_superscript_is_refused_in_a_sentence() -> None:
    code, out, err = judge("day", "showdown", "--dealer", "7 Rising, 9 Risen, 5 Setting",
                           "--player", "Crown, 4 Risen", "--substituted", "²")
    assert_answer_or_one_line(code, out, err)
    assert code == 2 and "--substituted '²'" in err
    code, out, err = judge("liverpool", "contract", "²", "5H", "6H", "7H", "8H")
    assert_answer_or_one_line(code, out, err)
    assert code == 2 and "'²' is not a deal" in err


def test_a_liverpool_contract_of_more_than_127_cards_is_refused_in_a_sentence() -> None:
    every_card = [rank + suit for rank in "A23456789TJQK" for suit in "HSDC"] * 3 + ["JK"] * 6
    code, out, err = judge("liverpool", "contract", "1", *every_card)
    assert_answer_or_one_line(code, out, err)
    assert code == 2 and "127" in err and "162" in err
    code, out, err = judge("liverpool", "contract", "1", *every_card[:127])
    assert code == 0 and json.loads(out)["met"] is True


# ---- the judge: impossible cards are answers, unreadable ones are not --------------------------

@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["say-rummy", "word", "d", "d", "d"], "d is named 3 times"),
        (["say-rummy", "-o", "wilds=1", "word", "d", "*ɔ", "*"], "2 wild cards named"),
        (["say-rummy", "extend", "d ɔ g", "d ɔ g d d"], "d is named 3 times"),
        (["say-rummy", "score", "ɔ", "ɔ", "ɔ"], "ɔ is named 3 times"),
    ],
)
def test_say_rummy_cards_beyond_the_deck_are_answered_as_no_real_hand(
    argv: list[str], words: str
) -> None:
    code, out, err = judge(*argv)
    answer = assert_answer_or_one_line(code, out, err)
    assert answer is not None and answer["valid"] is False
    assert words in answer["reason"]


def test_an_empty_hand_scores_nothing() -> None:
    for scoring in ("cards", "graphemes", "vowels"):
        code, out, err = judge("say-rummy", "score", "--scoring", scoring)
        assert (code, json.loads(out), err) == (0, {"points": 0}, "")
    code, out, _ = judge("say-rummy", "score")
    assert (code, json.loads(out)) == (0, {"points": 0})


# ---- options -----------------------------------------------------------------------------------

def test_an_out_of_range_option_says_its_range() -> None:
    specs = load_game("daylily").option_specs
    with pytest.raises(OptionError, match="at least 1, not 0"):
        parse_option_assignments(specs, ["target=0"])
    with pytest.raises(OptionError, match="at least 1, not -3"):
        parse_option_assignments(specs, ["target=-3"])
    with pytest.raises(OptionError, match="must be a whole number, not '²'"):
        parse_option_assignments(specs, ["target=²"])
    code, _, err = judge("liverpool", "-o", "buy_price=9", "score", "AS")
    assert code == 2 and "at most 5, not 9" in err


@pytest.mark.parametrize(
    ("option", "value", "words"),
    [
        ("contracts", "9" * 5000 + "S", "is not like 2S"),  # int() raised past 4,300 digits
        ("contracts", "2S,٣R", "is not like 2S"),
        ("card_values", "²=5", "is not a rank"),  # str.isdigit() let it through to int()
        ("card_values", "A=" + "9" * 5000, "is not a number"),
        ("deal_sizes", "١٠,10,10,10,10,10,10", "numbers separated by commas"),
    ],
)
def test_contract_option_languages_read_ascii_numbers_only(
    option: str, value: str, words: str
) -> None:
    with pytest.raises(OptionError, match=words) as refused:
        load_game("liverpool", 4, {option: value})
    assert len(str(refused.value)) < 300


# ---- echoes are cut short ----------------------------------------------------------------------

def test_clip_cuts_between_characters_and_keeps_accents_with_their_letter() -> None:
    assert clip("short") == "short"
    assert clip("x" * 100, 10) == "x" * 9 + "…"
    emoji = "🂡" * 100  # astral characters: one code point each, four bytes in UTF-8
    assert clip(emoji, 10) == "🂡" * 9 + "…"
    accented = "e\u0301" * 50  # e + combining acute
    cut = clip(accented, 10)
    assert len(cut) <= 10 and cut.endswith("e\u0301…")
    cut.encode("utf-8")  # whole characters only


def test_shorten_keeps_the_advice_at_the_end() -> None:
    message = "'" + "x" * 100_000 + "' is not a card: write rank then suit, e.g. 10H"
    short = shorten(message)
    assert len(short) <= 400
    assert short.endswith("is not a card: write rank then suit, e.g. 10H")


@pytest.mark.parametrize(
    "argv",
    [
        ["daylily", "meld", "1 " + "Ming Toy" * 12_500],  # a 100 KB card name
        ["liverpool", "meld", "Q" * 100_000],
        ["day", "showdown", "--dealer", "7 " + "Rising" * 20_000],
        ["say-rummy", "word", "ɔ" * 100_000],
        ["liverpool", "contract", "7" * 100_000, "QS"],
        ["liverpool", "-o", "x" * 100_000 + "=1", "meld", "QS"],
        ["liverpool", "-o", "decks=" + "x" * 100_000, "meld", "QS"],
        ["x" * 1_000_000, "meld"],
        ["daylily", "y" * 1_000_000],
    ],
)
def test_huge_input_is_echoed_cut_short(argv: list[str]) -> None:
    code, out, err = judge(*argv)
    assert_answer_or_one_line(code, out, err)
    assert code == 2 and len(err) < 1000


# ---- seeds -------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", GAMES)
def test_a_seed_and_its_negative_deal_different_matches(name: str) -> None:
    game = load_game(name)
    for seed in (11, 1, 2**62):
        assert game.new_state(seed).deals != game.new_state(-seed).deals
    assert game.new_state(-11).deals == game.new_state(-11).deals


def test_seeds_of_zero_or_more_keep_their_deals() -> None:
    for seed in (0, 11, 65, 2**62, 10**76):
        assert seeded_generator(seed).getstate() == random.Random(seed).getstate()
    assert seeded_generator(None).getstate() == random.Random(0).getstate()


def test_no_two_seeds_share_a_generator_key() -> None:
    # Negative seeds are keyed above every seed's own key: -n by 2**256 + n.
    keys = {seeded_generator(s).getrandbits(64) for s in range(-300, 300)}
    assert len(keys) == 600


@pytest.mark.parametrize("seed", [10**77, -(10**77), True, 1.5, "7"])
def test_a_seed_out_of_range_is_refused_in_a_sentence(seed: Any) -> None:
    with pytest.raises(OptionError, match="seed"):
        load_game("daylily").new_state(seed)


# ---- property tests: arbitrary text ------------------------------------------------------------

@cache
def states_of(name: str) -> tuple[Game, list[State]]:
    """A game and a few of its states: the deal, and after some random moves."""
    game = load_game(name)
    found: list[State] = []
    for seed, moves in ((1, 0), (2, 3), (3, 12), (4, 40)):
        state = game.new_state(seed)
        bot = RandomBot(game, seed)
        for _ in range(moves):
            if state.is_over:
                break
            seat = state.actors[0]
            state.apply(seat, bot.choose(Decision.at(state, seat)))
        found.append(state)
    return game, found


def words_of(name: str) -> list[str]:
    game = load_game(name)
    verbs = ["draw", "take", "stock", "discard", "meld", "word", "extend", "lay", "swap", "on",
             "down", "|", "high", "low", "bet", "raise", "to", "call", "fold", "keep", "check",
             "all-in", "buy", "pass", "rummy", "*", ":", "0:0", "1:0", "2", "10", "-1"]
    return verbs + sorted(set(game.deck()))


def fuzzy_text(name: str) -> st.SearchStrategy[str]:
    """Commands that come near the notation (its verbs, its cards, odd digits) or not at all."""
    piece = st.one_of(
        st.sampled_from(words_of(name)),
        st.text(max_size=6),
        st.sampled_from(ODD_DIGITS),
        st.integers(min_value=-(10**6), max_value=10**6).map(str),
        st.text(alphabet=st.characters(categories=["Nd", "No"]), min_size=1, max_size=4),
        LONE_SURROGATES,
    )
    return st.one_of(st.text(), st.lists(piece, max_size=8).map(" ".join))


@pytest.mark.parametrize("name", GAMES)
def test_any_text_is_an_action_or_a_refusal_in_every_state(name: str) -> None:
    game, states = states_of(name)

    @QUICK
    @given(text=fuzzy_text(name))
    def check(text: str) -> None:
        try:
            action = game.parse_action(text)
        except NotationError as exc:
            assert str(exc).strip()
            return
        for state in states:
            for seat in range(game.players):
                probe = state.clone()
                before = probe.record()
                try:
                    probe.apply(seat, action)
                except IllegalAction as exc:
                    assert str(exc).strip()
                    assert probe.record() == before  # refused: nothing changed

    check()


def judge_args(name: str) -> st.SearchStrategy[list[str]]:
    deck = sorted(set(load_game(name).deck()))
    card = st.sampled_from(deck)
    piece = st.one_of(
        card,
        card,
        st.lists(card, min_size=1, max_size=3).map(", ".join),
        st.sampled_from(["--dealer", "--player", "--substituted", "--scoring", "-o",
                         "--option", "vowels", "0", "1", "*", "*ɔ", "JK", *ODD_DIGITS]),
        st.text(max_size=8),
        LONE_SURROGATES,
    )
    return st.lists(piece, max_size=12)


@pytest.mark.parametrize(
    ("name", "question"),
    [(name, q) for name in refereed() for q in questions(name)],
)
def test_any_judge_question_is_answered_or_refused_in_one_line(name: str, question: str) -> None:
    # Through the whole command line (argparse, the judge, the referee): 100 examples a
    # question, as thirteen questions share the run.
    @settings(QUICK, max_examples=100)
    @given(args=judge_args(name))
    def check(args: list[str]) -> None:
        assert_answer_or_one_line(*judge(name, question, *args))

    check()


@pytest.mark.parametrize("name", GAMES)
def test_any_option_text_is_read_or_refused(name: str) -> None:
    game = load_game(name)
    names = [spec.name for spec in game.option_specs]

    @QUICK
    @given(
        key=st.one_of(st.sampled_from(names), st.text(max_size=10)),
        value=st.one_of(
            st.text(max_size=12),
            st.integers(min_value=-(10**9), max_value=10**9).map(str),
            st.sampled_from(["true", "false", "none", "0", "1", "9" * 5000]),
            # pieces of the games' own option languages (contracts, card values, merges)
            st.lists(st.one_of(st.sampled_from(["S", "R", "!", "+", ",", "=", "-", "A", "JK",
                                                "2", "10", "ɑ=ɔ", "9" * 5000]),
                               st.sampled_from(ODD_DIGITS), st.text(max_size=3)),
                     max_size=6).map("".join),
        ),
        equals=st.booleans(),
    )
    def check(key: str, value: str, equals: bool) -> None:
        item = f"{key}={value}" if equals else key + value
        try:
            chosen = parse_option_assignments(game.option_specs, [item])
            load_game(name, game.players, chosen)
        except OptionError as exc:
            assert str(exc).strip()

    check()


@cache
def short_record(name: str = "daylily") -> dict[str, Any]:
    """A record of a few moves (a whole match would make each example slow to replay)."""
    return states_of(name)[1][1].record()


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner,
                                                                  max_size=4),
    max_leaves=12,
)


def refused_or_read(data: Any) -> None:
    try:
        check_record(data)
        verify(data)
    except RecordError as exc:
        assert str(exc).strip()


@QUICK
@given(text=st.one_of(st.text(), JSON_VALUES.map(json.dumps)))
def test_any_text_is_a_record_or_a_refusal(text: str) -> None:
    try:
        data = read_record_text(text)
    except RecordError as exc:
        assert str(exc).strip()
        return
    refused_or_read(data)


@QUICK
@given(
    key=st.sampled_from(["format", "game", "players", "options", "seed", "deals", "actions",
                         "over", "scores", "winners", "cardtable"]),
    value=JSON_VALUES,
)
def test_a_record_with_any_field_changed_replays_or_is_refused(key: str, value: Any) -> None:
    data = json.loads(json.dumps(short_record()))
    data[key] = value
    refused_or_read(data)


@pytest.mark.parametrize("name", GAMES)
def test_a_record_with_any_deal_or_action_changed_replays_or_is_refused(name: str) -> None:
    record = short_record(name)
    deal_keys = sorted(record["deals"][0])

    @QUICK
    @given(path=st.lists(st.integers(min_value=0, max_value=40), min_size=1, max_size=3),
           value=JSON_VALUES)
    def check(path: Sequence[int], value: Any) -> None:
        data = json.loads(json.dumps(record))
        where: Any = data["actions"]
        if path[0] % 2:
            where = data["deals"][0]
            key = deal_keys[path[0] % len(deal_keys)]
            if len(path) == 1 or not isinstance(where[key], list) or not where[key]:
                where[key] = value
                refused_or_read(data)
                return
            where = where[key]
        for step in path[1:-1]:
            if where and isinstance(where[step % len(where)], list):
                where = where[step % len(where)]
        if where:
            where[path[-1] % len(where)] = value
        refused_or_read(data)

    check()


def test_every_error_is_a_cardtable_error() -> None:
    # The property tests above accept only these; all derive from the one base class.
    for kind in (NotationError, OptionError, RecordError, IllegalAction):
        assert issubclass(kind, CardtableError)
