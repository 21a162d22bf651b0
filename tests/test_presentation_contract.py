"""What a Dummy Rummy or Liverpool player reads (issue 42): the cards, every move's words and
key, the prompt at each point of a turn (buying and rummy windows, going down, the card that may
not go back), melds named in players' words, the legend from the options in force and a deal's
result, all from the game's presentation, which the terminal and the browser render alike.

Tables are set up through the public way (a deal written as a person writes it, handed to
``new_state(None, deals=...)``, or a seed) and played by the moves a player would type.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

from cardtable import load_game
from cardtable.engine.kit import presentation_for
from cardtable.engine.presentation import Move
from cardtable.games.contract.actions import Down
from cardtable.games.contract.game import ContractGame
from cardtable.games.contract.presentation import ContractPresentation
from cardtable.games.contract.state import ContractState

NAMES = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo", "Kim", "Lu"]
SUIT = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}


def table(name: str = "liverpool", players: int = 3, **options: Any) -> ContractGame:
    game = load_game(name, players, options)
    assert isinstance(game, ContractGame)
    return game


def told(game: ContractGame) -> ContractPresentation:
    presentation = presentation_for(game)
    assert isinstance(presentation, ContractPresentation)
    return presentation


def names_for(seat: int | None, players: int) -> list[str]:
    return ["You" if s == seat else NAMES[s] for s in range(players)]


def written_deal(game: ContractGame, hands: list[str], up: str, stock_top: str = "",
                 dealer: int = 2) -> dict[str, Any]:
    """A whole deal as a person writes it: the hands and the upcard, the stock's top cards
    named and the rest of the pack under them (in pack order)."""
    named = [h.split() for h in hands]
    top = stock_top.split()
    rest = Counter(game.deck())
    rest.subtract([*(c for h in named for c in h), up, *top])
    assert all(n >= 0 for n in rest.values())
    stock = top + [c for c in dict.fromkeys(game.deck()) for _ in range(rest[c])]
    return {"dealer": dealer, "hands": named, "stock": stock, "up": [up]}


def play(state: ContractState, *moves: str) -> None:
    """Each move by the seat named in front of it (``1: buy``), or else by the first actor."""
    for text in moves:
        seat, sep, move = text.partition(":")
        if sep and seat.isdigit():
            state.apply(int(seat), state.game.parse_action(move))
        else:
            state.apply(state.actors[0], state.game.parse_action(text))


def seen(state: ContractState, seat: int | None) -> tuple[dict[str, Any], list[Move], list[str]]:
    view = state.view(seat)
    names = names_for(seat, state.game.players)
    legal = list(state.legal_actions(seat)) if seat is not None else []
    return view, told(state.game).moves(view, legal, names), names


def board(state: ContractState, seat: int | None) -> dict[str, Any]:
    view, moves, names = seen(state, seat)
    return dict(told(state.game).board(view, moves, names))


def prompt(state: ContractState, seat: int | None) -> str:
    return str(board(state, seat)["prompt"])


def labels(moves: Sequence[Move]) -> dict[str, str]:
    return {m["move"]: m["label"] for m in moves}


# ---- a Liverpool deal: the buying window, going down, a rummy call, the card kept back -------
#   Ann (seat 0) draws rather than take the upcard K♣: Bob and Cy may buy it. Bob buys it (with
#   the 2♠ from the stock), Ann draws the 9♥ and holds the contract, two sets; she goes down and
#   discards the Q♣, which fits her queens: the others may call rummy. Both pass; Bob takes the
#   Q♣, which he may not throw straight back at Liverpool.
ANN = "QS QH QD 5C 5D 5H 9S 2C 3D 4H 8C QC"
BOB = "KD KH 7C 7D 9D 10C JC 2D 3H 4S 6S 8D"
CY = "AC AD 2H 3S 4C 6C 6D 8S 10D JH JS 9C"


def liverpool_deal(name: str = "liverpool", **options: Any) -> ContractState:
    game = table(name, 3, **options)
    return game.new_state(None, deals=[written_deal(game, [ANN, BOB, CY], "KC", "2S 9H")])


def test_the_buying_window_is_explained_to_each_seat() -> None:
    state = liverpool_deal()
    assert prompt(state, 0) == ("Take the K♣ or draw from the stock; if you draw, the others "
                                "may buy the K♣ first.")
    _view, moves, _names = seen(state, 0)
    assert labels(moves) == {"take": "Take the K♣ from the discard pile",
                             "draw": "Draw from the stock (the others may then buy the K♣)"}
    assert {m["move"]: m["key"] for m in moves} == {"take": "t", "draw": "d"}
    assert prompt(state, 1) == "Waiting for Ann to draw."
    play(state, "draw")
    assert prompt(state, 1) == ("Ann turned down the K♣: buy it (you also take 1 card from the "
                                "stock) or pass.")
    assert prompt(state, 2) == prompt(state, 1)
    assert labels(seen(state, 2)[1])["pass"] == "Pass: let the K♣ go"
    assert prompt(state, 0) == ("You turned down the K♣: it is for sale to Bob and Cy before "
                                "you draw from the stock.")
    assert prompt(state, None) == ("Ann turned down the K♣: waiting for Bob and Cy to buy it or "
                                   "pass.")
    _view, moves, _names = seen(state, 1)
    assert labels(moves) == {"buy": "Buy the K♣ and 1 card from the stock",
                             "pass": "Pass: let the K♣ go"}
    assert {m["move"]: m["key"] for m in moves} == {"buy": "b", "pass": "p"}
    assert {m["group"] for m in moves} == {"Buy or pass"}
    facts = board(state, 0)["areas"][0]["facts"]
    assert "The K♣ is for sale: waiting for Bob and Cy" in facts
    # The dealer reads of themself as "you" mid-sentence (once "dealt by You").
    dealer = int(state.view(0)["table"]["dealer"])
    dealt = [f for f in board(state, dealer)["areas"][0]["facts"] if "dealt by" in f]
    assert dealt and all(f.endswith("dealt by you") for f in dealt), dealt


def test_go_down_is_prompted_exactly_when_the_hand_holds_the_contract() -> None:
    state = liverpool_deal()
    play(state, "draw", "1: buy")
    assert state.actors == (0,)
    assert prompt(state, 0) == "Go down: you hold the contract (two sets). Or discard a card."
    _view, moves, _names = seen(state, 0)
    downs = [m for m in moves if m["kind"] == "down"]
    assert downs and all(m["key"] is None and not m["ordered"] for m in downs)
    # A long list of lay-downs shows first those that shed the most points.
    assert {m["move"]: m["rank"] for m in downs}["down 5C 5D 5H | QD QH QS"] == 3 * 5 + 3 * 10
    assert {m["group"] for m in moves} == {"Go down", "Discards"}
    assert labels(moves)["down 5C 5D 5H | QD QH QS"] == (
        "Go down with a set of fives (5♣ 5♦ 5♥) and a set of queens (Q♦ Q♥ Q♠)")
    assert labels(moves)["discard 9H"] == "Discard the 9♥"
    assert {m["move"]: m["key"] for m in moves}["discard 9H"] == "x 9H"
    # Bob, who bought, holds no contract: he is told so at his turn.
    play(state, "down 5C 5D 5H | QD QH QS")
    _view, moves, _names = seen(state, 0)
    assert not any(m["kind"] == "down" for m in moves)
    assert labels(moves)["lay QC on 0:1"] == "Lay the Q♣ off on your set of queens"
    assert {m["move"]: m["key"] for m in moves}["lay QC on 0:1"] == "l QC 0:1"
    assert prompt(state, 0) == "Lay off on the melds, or discard a card."
    shown = board(state, 1)
    ann = shown["areas"][0]["groups"][0]
    assert ann["title"] == "Ann's melds"
    assert [m["title"] for m in ann["melds"]] == ["Ann's set of fives", "Ann's set of queens"]
    assert [m["id"] for m in ann["melds"]] == ["meld:0:0", "meld:0:1"]
    assert shown["areas"][0]["groups"][1]["empty"] == "not down yet"
    assert "down" in shown["seats"][0]["lines"] and "not down" in shown["seats"][1]["lines"]


def test_a_rummy_window_and_the_card_taken_that_may_not_go_back() -> None:
    state = liverpool_deal()
    play(state, "draw", "1: buy", "down 5C 5D 5H | QD QH QS", "discard QC")
    assert prompt(state, 1) == ("Ann discarded the Q♣, which could have been laid off: call "
                                "rummy (Ann takes it back with a stock card) or pass.")
    assert prompt(state, 0) == ("You discarded the Q♣, which could have been laid off: waiting "
                                "for Bob and Cy to call rummy or pass.")
    _view, moves, _names = seen(state, 2)
    assert labels(moves) == {"rummy": "Call rummy on Ann's Q♣", "pass": "Pass: do not call rummy"}
    assert {m["group"] for m in moves} == {"Call rummy or pass"}
    play(state, "1: pass", "2: pass")
    assert state.actors == (1,)
    play(state, "take")
    view, moves, _names = seen(state, 1)
    hand = view["zones"]["hand:1"]["cards"]
    discards = {m["cards"][0] for m in moves if m["kind"] == "discard"}
    assert "QC" in hand and discards == set(hand) - {"QC"}
    assert prompt(state, 1) == ("You do not hold the contract (two sets) yet: discard a card. "
                                "You may not discard the Q♣: you took it from the pile this "
                                "turn.")


def test_dummy_rummy_lets_the_taken_card_go_back_and_has_no_rummy_calls() -> None:
    state = liverpool_deal("dummy-rummy", deal_sizes="12,12,12,12,12,12,12")
    assert prompt(state, 0) == ("Take the K♣ or draw from the stock; if you draw, the others "
                                "may buy the K♣ first.")
    play(state, "draw", "1: buy")
    # Dummy Rummy's price is two stock cards, three buys a deal.
    _view, moves, _names = seen(state, 0)
    play(state, "down 5C 5D 5H | QD QH QS", "discard QC")
    assert state.actors == (1,)  # no rummy window
    play(state, "take")
    view, moves, _names = seen(state, 1)
    discards = {m["cards"][0] for m in moves if m["kind"] == "discard"}
    assert discards == set(view["zones"]["hand:1"]["cards"])
    assert "may not discard" not in prompt(state, 1)
    assert "2 buys left" in board(state, 1)["seats"][1]["lines"]


def test_no_buying_deal_has_no_sale_in_its_words() -> None:
    state = liverpool_deal(contracts="2S!,1S+1R,2R,3S,2S+1R,1S+2R,3R")
    assert prompt(state, 0) == "Take the K♣ or draw from the stock."
    assert labels(seen(state, 0)[1])["draw"] == "Draw from the stock"
    shown = board(state, 0)
    assert shown["status"] == "Liverpool Rummy · deal 1 of 7 · contract: two sets · no buying " \
        "this deal"
    assert "No buying this deal" in shown["areas"][0]["facts"]


# ---- runs and jokers: lay-offs only when legal, the same-turn rule, joker swaps --------------
#   Liverpool with one deal of a set and a run, others' melds closed in the turn one goes down.
#   Ann takes the 9♣, goes down with Q♣ Q♦ Q♠ and 5♥ 6♥ joker 8♥ (the joker as the 7♥) and
#   discards the 2♣. Bob takes it and goes down with K♣ K♦ K♥ and 2♠-5♠: his 9♥ fits Ann's run
#   and his 7♥ could take her joker, but not this turn. Next turn he may do both.
RUNS = {"contracts": "1S+1R", "deal_sizes": "11", "lay_off_same_turn": False}
ANN_RUN = "5H 6H JK 8H QS QD QC 9S 2C 3D 4S"
BOB_RUN = "KC KD KH 2S 3S 4S 5S 9H 7H 8D 10D"
CY_RUN = "AC AD 2H 3C 4C 6C 6D 8S 10C JH JS"


def runs_deal(**options: Any) -> ContractState:
    game = table("liverpool", 3, **{**RUNS, **options})
    return game.new_state(None, deals=[written_deal(game, [ANN_RUN, BOB_RUN, CY_RUN], "9C")])


def test_a_lay_down_with_a_joker_says_what_it_stands_for() -> None:
    state = runs_deal()
    play(state, "take")
    _view, moves, _names = seen(state, 0)
    down = next(m for m in moves if m["move"] == "down QC QD QS | 5H 6H JK 8H")
    assert down["label"] == ("Go down with a set of queens (Q♣ Q♦ Q♠) and a run of hearts "
                             "(5♥ 6♥ joker as the 7♥ 8♥)")
    assert down["ordered"]  # the joker's place says what it is
    assert Counter(down["cards"]) == Counter(["5H", "6H", "JK", "8H", "QC", "QD", "QS"])
    play(state, "down 5H 6H JK 8H | QC QD QS")
    run = board(state, 1)["areas"][0]["groups"][0]["melds"][1]
    assert run["title"] == "Ann's run of hearts" and run["note"] == "the joker stands for the 7♥"


def test_lay_offs_on_others_melds_wait_for_the_turn_after_going_down() -> None:
    state = runs_deal()
    play(state, "take", "down 5H 6H JK 8H | QC QD QS", "discard 2C", "take",
         "down KC KD KH | 2S 3S 4S 5S")
    view, moves, _names = seen(state, 1)
    assert "9H" in view["zones"]["hand:1"]["cards"] and "7H" in view["zones"]["hand:1"]["cards"]
    assert not any(m["kind"] in ("lay off", "swap") for m in moves)
    assert prompt(state, 1) == ("Nothing of yours fits a meld: discard a card. You may not "
                                "discard the 2♣: you took it from the pile this turn.")
    play(state, "discard 10D", "take", "discard 8S", "take", "discard 9S", "take")
    view, moves, _names = seen(state, 1)
    said = labels(moves)
    assert said["lay 9H on 0:1 high"] == ("Lay the 9♥ off on Ann's run of hearts "
                                          "(5♥ 6♥ joker (7♥) 8♥), at the high end")
    assert said["swap 7H on 0:1"] == ("Put the 7♥ in Ann's run of hearts in place of the joker "
                                      "standing for it, and take the joker (play it this turn)")
    lay = next(m for m in moves if m["move"] == "lay 9H on 0:1 high")
    assert lay["target"] == "meld:0:1" and lay["cards"] == ["9H"] and lay["key"] == "l 9H 0:1 high"
    assert prompt(state, 1) == ("Lay off on the melds, or discard a card. You may not discard "
                                "the 9♠: you took it from the pile this turn.")
    # With the house rule off, the same lay-offs come in the turn of going down.
    same = runs_deal(lay_off_same_turn=True)
    play(same, "take", "down 5H 6H JK 8H | QC QD QS", "discard 2C", "take",
         "down KC KD KH | 2S 3S 4S 5S")
    assert {"lay 9H on 0:1 high", "swap 7H on 0:1"} <= {m["move"] for m in seen(same, 1)[1]}


def test_a_swapped_joker_must_be_played_and_its_lay_offs_say_what_it_becomes() -> None:
    state = runs_deal()
    play(state, "take", "down 5H 6H JK 8H | QC QD QS", "discard 2C", "take",
         "down KC KD KH | 2S 3S 4S 5S", "discard 10D", "take", "discard 8S", "take",
         "discard 9S", "take", "swap 7H on 0:1")
    _view, moves, _names = seen(state, 1)
    assert not any(m["kind"] == "discard" for m in moves)
    assert prompt(state, 1) == "Play the joker you swapped out (lay it off) before you discard."
    said = labels(moves)
    assert said["lay JK on 0:1 low"] == ("Lay the joker as the 4♥ off on Ann's run of hearts "
                                         "(5♥ 6♥ 7♥ 8♥), at the low end")
    assert said["lay JK on 0:0"] == "Lay the joker as a queen off on Ann's set of queens"
    assert said["lay JK on 1:0"] == "Lay the joker as a king off on your set of kings"
    assert said["lay JK on 1:1 low"] == ("Lay the joker as the A♠ off on your run of spades "
                                         "(2♠ 3♠ 4♠ 5♠), at the low end")


def test_a_floater_is_told_what_it_may_do() -> None:
    # Liverpool goes out only by a discard: Ann lays off her last cards and floats; the 10♥
    # Cy throws fits her run, so she may take it, and then must lay it off.
    game = table("liverpool", 3, contracts="1S+1R", deal_sizes="8")
    state = game.new_state(None, deals=[written_deal(game, [
        "QC QD QS 5H 6H 7H 8H 9H", "2D 3D 4S 6C 7C 8S JD KS", "2S 3S 5C 10H JC KD KH AD"],
        "2C", "4H")])
    play(state, "draw", "1: pass", "2: pass", "down QC QD QS | 5H 6H 7H 8H", "lay 9H on 0:1 high",
         "lay 4H on 0:1 low")
    shown = board(state, 0)
    assert shown["hand"] == [] and shown["hand_title"] == "Your hand: empty, you are floating"
    assert "down, floating" in board(state, 1)["seats"][0]["lines"]
    play(state, "take", "discard JD", "take", "discard 10H")
    assert prompt(state, 0) == ("You are floating: take the 10♥ to lay it off, or draw from the "
                                "stock.")
    play(state, "take")
    assert [m["move"] for m in seen(state, 0)[1]] == ["lay 10H on 0:1 high"]
    assert prompt(state, 0) == ("You are floating: lay off what fits a meld; you go out only by "
                                "discarding a card that fits none.")


def test_two_melds_alike_are_told_apart_by_their_order() -> None:
    game = table("dummy-rummy", 2)
    state = game.new_state(None, deals=[written_deal(
        game, ["QS QS QH QD QD QC 2C 3D 4H 5S 7C", "KC KD KH 2S 3S 4S 5S 9H 7H 8D 10D"], "9C",
        dealer=1)])
    play(state, "take", "down QC QD QD | QH QS QS")
    groups = board(state, 1)["areas"][0]["groups"]
    assert [m["title"] for m in groups[0]["melds"]] == ["Ann's first set of queens",
                                                        "Ann's second set of queens"]
    _view, moves, _names = seen(state, 0)
    assert labels(moves)["discard 7C"] == "Discard the 7♣"
    mine = board(state, 0)["areas"][0]["groups"][0]["melds"]
    assert [m["title"] for m in mine] == ["Your first set of queens", "Your second set of queens"]


# ---- faces -----------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["liverpool", "dummy-rummy"])
def test_every_card_has_a_face(name: str) -> None:
    game = table(name)
    faces = told(game).faces()
    assert set(faces) == set(game.deck())
    seven = faces["7H"]
    assert (seven["name"], seven["corner"], seven["mark"], seven["tone"], seven["group"]) == \
        ("7♥", "7", "♥", "red", "hearts")
    assert seven["label"] == "seven of hearts"
    assert faces["10S"]["name"] == "10♠" and faces["10S"]["tone"] == "black"
    # Aces sort high within their suit.
    assert faces["AC"]["order"] > faces["KC"]["order"] > faces["2C"]["order"]
    assert faces["2D"]["order"] > faces["AC"]["order"]
    assert faces["AC"]["data"]["points"] == 15
    if name == "liverpool":
        joker = faces["JK"]
        assert joker["name"] == "joker" and joker["badges"][0]["text"] == "wild"
        assert joker["order"] > max(f["order"] for c, f in faces.items() if c != "JK")
    else:
        assert "JK" not in faces  # Dummy Rummy plays without jokers unless the table adds them
        assert "JK" in told(table(name, jokers=4)).faces()


def test_a_hints_words_name_cards_as_the_table_shows_them() -> None:
    said = told(table()).log_text("Take the 9S: it completes a set with the 10H and JK.")
    assert said == "Take the 9♠: it completes a set with the 10♥ and JK."


# ---- legends and results ---------------------------------------------------------------------
def test_the_legend_follows_each_rule_set_and_its_options() -> None:
    liverpool = told(table("liverpool")).legend()
    dummy = told(table("dummy-rummy")).legend()
    assert any("call rummy" in line for line in liverpool)
    assert not any("call rummy" in line for line in dummy)
    assert any("may not throw that card back" in line for line in liverpool)
    assert any("may throw it back" in line for line in dummy)
    assert any(line.startswith("Jokers are wild") for line in liverpool)
    assert not any(line.startswith("Jokers are wild") for line in dummy)
    later = told(table("liverpool", lay_off_same_turn=False)).legend()
    assert any("from the turn after going down" in line for line in later)
    assert not any("from the turn after going down" in line for line in liverpool)
    assert any("1 extra stock card (no limit" in line for line in liverpool)
    assert any("2 extra stock cards (at most 3 a deal" in line for line in dummy)


def test_a_deal_result_names_who_went_out_and_what_each_was_left_holding() -> None:
    # Ann takes the 9♣, goes down, throws the 9♠; Bob draws the 2♠ and throws it; Ann draws
    # the Q♣, lays it off and goes out with the 9♣.
    game = table("dummy-rummy", 2, deal_sizes="7,7", contracts="2S,1S+1R")
    deal = written_deal(game, ["QS QH QD 5C 5D 5H 9S", "KD KH 7C 7D 9D 10C JC"], "9C",
                        "2S QC", dealer=1)
    state = game.new_state(None, deals=[deal])
    play(state, "take", "down 5C 5D 5H | QD QH QS", "discard 9S", "draw", "discard 2S", "draw",
         "lay QC on 0:1")
    assert labels(seen(state, 0)[1]) == {"discard 9C": "Discard the 9♣ and go out"}
    play(state, "discard 9C")
    result = state.view(None)["table"]["results"][0]
    told_result = told(game).result(result, ["Ann", "You"])
    assert told_result == {"title": "Deal 1: two sets", "lines": [
        "Ann went out; the contract was two sets.",
        "Ann: went out: 0; total 0.",
        "You: 60 for 7 cards left (7♣ 10♣ J♣ 7♦ 9♦ K♦ K♥); total 60."]}


# ---- every legal move of random play, and nothing hidden -------------------------------------
CODE = re.compile(r"\b(10|[2-9JQKA])([CDHS♣♦♥♠])(?![a-z])")


def decisions(game: ContractGame, seed: int, limit: int) -> Iterator[ContractState]:
    """A seeded session stopping at each decision: moves are picked at random, a lay-down,
    lay-off or swap twice as often as the rest, so the table fills with melds."""
    state = game.new_state(seed)
    rng = random.Random(seed)
    for _ in range(limit):
        if state.is_over:
            return
        yield state
        seat = state.actors[0]
        legal = list(state.legal_actions(seat))
        plays = [a for a in legal if str(a).startswith(("down", "lay", "swap"))]
        state.apply(seat, rng.choice(plays if plays and rng.random() < 0.7 else legal))


STANDS_FOR = re.compile(r"joker as the (10|[2-9JQKA])[♣♦♥♠]")
"""What a joker would stand for in a lay-down or at a run's end: a rank, no card anyone holds."""


def cards_in(text: str) -> set[str]:
    text = STANDS_FOR.sub("joker", text)
    return {rank + SUIT.get(suit, suit) for rank, suit in CODE.findall(text)}


@pytest.mark.parametrize(("name", "players", "options"), [
    ("liverpool", 3, {}), ("liverpool", 4, {"lay_off_same_turn": False}),
    ("dummy-rummy", 3, {}), ("dummy-rummy", 5, {"jokers": 4, "joker_swaps": True}),
    ("liverpool", 2, {"go_out": "play", "claims": "first", "buy_limit": 1}),
])
def test_every_legal_move_of_random_play_is_described_from_what_the_seat_sees(
        name: str, players: int, options: dict[str, Any]) -> None:
    game = table(name, players, **options)
    presentation = told(game)
    kinds: set[str] = set()
    went_down: dict[int, int] = {}  # seat -> the turn it went down in
    for state in decisions(game, 3, 500):
        table_info = state.view(None)["table"]
        for seat, down in enumerate(table_info["down"]):
            if not down:
                went_down.pop(seat, None)
            elif seat not in went_down:
                went_down[seat] = table_info["turn"]
        for seat in state.actors:
            view = state.view(seat)
            names = names_for(seat, players)
            legal = list(state.legal_actions(seat))
            moves = presentation.moves(view, legal, names)
            assert [m["move"] for m in moves] == [str(a) for a in legal]
            hand = Counter(view["zones"][f"hand:{seat}"].get("cards") or [])
            meld_ids = {f"meld:{m['id']}" for m in view["table"]["melds"]}
            for move, action in zip(moves, legal, strict=True):
                kinds.add(move["kind"])
                assert not Counter(move["cards"]) - hand, move
                assert move["target"] in meld_ids | {"stock", "discard", None}
                assert not re.search(r"\d:\d|JK|\bmeld \d", move["label"]), move["label"]
                if isinstance(action, Down):
                    assert move["label"].startswith("Go down with ")
            # The same-turn rule holds by construction: nothing on others' melds then.
            if not game.rules.lay_off_same_turn and went_down.get(seat) == table_info["turn"]:
                assert all(m["target"] is None or not m["target"].startswith("meld:")
                           or m["target"].split(":")[1] == str(seat) for m in moves)
            shown = presentation.board(view, moves, names)
            assert shown["prompt"]
            if any(m["kind"] == "down" for m in moves):
                assert shown["prompt"].startswith("Go down: you hold the contract")
            else:
                assert "Go down" not in shown["prompt"]
            if table_info["phase"] == "buy":
                assert "turned down" in shown["prompt"]
            # Only cards this seat may see are named anywhere on its screen.
            text = json.dumps([shown, moves, [presentation.result(r, names)
                                              for r in view["table"]["results"]]],
                              ensure_ascii=False)
            assert cards_in(text) <= cards_in(json.dumps(view)), seat
    assert {"take", "draw", "discard", "down", "lay off"} <= kinds


def test_the_terminal_names_each_meld_as_a_typed_move_does() -> None:
    # A lay-off is typed "l 9H 2:1": the seat from 0 and the meld's number. The table showed
    # "Seat 3 (greedy)'s set of jacks" and no number, so a person typed the seat as shown (3:0
    # for 2:0) and was told only that there is no meld 3:0.
    from io import StringIO

    from rich.console import Console

    from cardtable.games.contract.actions import Lay
    from cardtable.games.contract.cards import parse_card
    from cardtable.terminal.presented import PresentedRenderer
    from dealing import contract_table

    state = contract_table("liverpool", {0: "KH 2C 9C"}, phase="play", downs={
        0: "KC KD KS | 4H 5H 6H 7H", 1: "QC QD QS | 8S 9S 10S JS"})
    out = StringIO()
    Console(file=out, width=80, color_system=None).print(PresentedRenderer(state.game).table(
        state.view(0), ["You", "Seat 2", "Seat 3"], state.legal_actions(0)))
    shown = out.getvalue()
    for key, title in (("0:0", "set of kings"), ("0:1", "run of hearts"),
                       ("1:0", "set of queens"), ("1:1", "run of spades")):
        assert re.search(rf"{key} (Your|Seat 2's) {title}", shown), (key, shown)
    refused = state.refusal(0, Lay(parse_card("KH"), 2, 0, None))
    assert refused is not None and "the melds on the table are 0:0, 0:1, 1:0, 1:1" in refused
