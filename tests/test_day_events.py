"""Day's event stream, its recorded deals, the masked swap and stale moves (issue 10).

Tables are set up the way a real table's deal is written down: each hand's deal (the private
cards, the dealer's two face-up cards, the rest of the deck top first) handed to
``new_state(None, deals=[...])``. The tests play the moves a player would type and check what
each seat, and a spectator, is told.
"""

from __future__ import annotations

import io
import json
import random
from collections.abc import Sequence
from typing import Any

import pytest
from rich.console import Console

from cardtable import load_game
from cardtable.bots import Decision
from cardtable.engine.errors import IllegalAction, RecordError, StaleAction
from cardtable.engine.events import cards_named
from cardtable.engine.record import replay
from cardtable.games.day.audit import audit_session
from cardtable.games.day.game import DayGame
from cardtable.games.day.state import DayState
from cardtable.terminal import renderer_for

NAMES = ["Ann", "Bob", "Cy"]
BOARD = ["2 Setting", "8 Setting"]
FINAL = "5 Risen"
DAY = ["11 Rising", "1 Rising"]  # a Day with the board above and a Risen final card
RUN = ["6 Risen", "7 Risen"]  # a Consecutive with the dealer's 5 and 8
HIGH = ["12 Risen", "10 Setting"]  # a Highest Card


def table(players: int = 3, **options: Any) -> DayGame:
    game = load_game("day", players, options)
    assert isinstance(game, DayGame)
    return game


def written_deal(game: DayGame, hands: list[list[str]], up: list[str], top: Sequence[str] = (),
                 dealer: int | None = None, **extra: Any) -> dict[str, Any]:
    """A whole deal as a person writes it: the hands, the dealer's face-up cards, the next cards
    of the deck (substitutions, the final card, tie-break draws, in the order they are taken)
    and the rest of the deck under them in deck order."""
    named = [c for hand in hands for c in hand] + list(up) + list(top)
    assert len(set(named)) == len(named)
    stock = list(top) + [c for c in game.deck() if c not in named]
    deal: dict[str, Any] = {"hands": [list(h) for h in hands], "up": list(up), "stock": stock,
                            **extra}
    if dealer is not None:
        deal["dealer"] = dealer
    return deal


def play(state: DayState, *moves: str) -> None:
    for text in moves:
        state.apply(state.actors[0], state.game.parse_action(text))


def stream(state: DayState, viewer: int | None, kind: str) -> list[dict[str, Any]]:
    return [e for e in state.events(viewer) if e["kind"] == kind]


def two_hands() -> DayState:
    """Three players, 20 chips each, no-limit. Hand 1: Ann keeps, Bob keeps, Cy swaps the 10
    Setting (for the Moon Risen); Ann bets 2, Bob raises to 4, Cy folds, Ann calls; the final
    card; Ann checks, Bob goes all-in, Ann calls: Ann's Day beats Bob's Consecutive, Bob is out.
    Hand 2 (Ann deals, Cy first): Cy goes all-in, Ann calls, Ann wins; the session is over."""
    game = table(3, stack=20, limit="no")
    first = written_deal(game, [DAY, RUN, HIGH], BOARD, ["Moon Risen", FINAL], dealer=2)
    second = written_deal(game, [["12 Rising", "12 Setting"], [], ["3 Rising", "4 Setting"]],
                          ["9 Risen", "1 Setting"], ["10 Risen"])
    state = game.new_state(None, deals=[first, second])
    play(state, "keep", "keep", "swap 10 Setting", "bet 2", "raise to 4", "fold", "call",
         "check", "all-in", "call")
    assert state.hand_no == 2 and state.current == 2
    play(state, "keep", "keep", "all-in", "call")
    assert state.is_over
    return state


# ---- the deal ----------------------------------------------------------------------------------
def test_a_written_deal_sets_the_table_and_each_seat_sees_only_its_own_cards() -> None:
    game = table(3)
    deal = written_deal(game, [DAY, RUN, HIGH], BOARD, [FINAL], dealer=2)
    state = game.new_state(None, deals=[deal])
    assert state.view(0)["zones"]["hand:0"]["cards"] == DAY
    assert state.view(None)["zones"]["dealer"]["cards"] == BOARD
    assert state.current == 0  # left of the dealer
    dealt = stream(state, None, "dealt")[0]
    assert dealt["round"] == 1 and dealt["dealer"] == 2 and dealt["up"] == BOARD
    assert dealt["hand_sizes"] == [2, 2, 2] and dealt["stock"] == 40 - 8
    antes = stream(state, 1, "antes_posted")[0]
    assert antes["antes"] == [1, 1, 1] and antes["pot"] == 3
    for viewer in (0, 1, 2, None):
        hands = {e["seat"]: e["cards"] for e in stream(state, viewer, "dealt_hand")}
        assert hands == {s: ([DAY, RUN, HIGH][s] if s == viewer else [None, None])
                         for s in range(3)}
    assert "seed" not in state.record() and state.record()["deals"][0]["stock"][0] == FINAL


def test_the_house_deals_when_the_dealer_is_the_house() -> None:
    game = table(2, dealer="house")
    state = game.new_state(None, deals=[written_deal(game, [DAY, HIGH], BOARD, dealer=1)])
    event = stream(state, None, "dealt")[0]
    assert event["dealer"] is None
    assert game.describe_event(event, NAMES).startswith("Hand 1 is dealt by the house;")


def test_live_play_is_the_same_for_the_same_seed_as_before_the_events() -> None:
    """Figures taken from the code before the deals were recorded: a seed still deals the same
    session (the first dealer, the hands, the board, the next stock card, a whole match)."""
    state = table(4).new_state(3)
    assert state.button == 1
    assert state.record()["deals"][0]["hands"] == [
        ["9 Rising", "1 Rising"], ["11 Risen", "10 Setting"], ["12 Setting", "5 Setting"],
        ["9 Setting", "5 Rising"]]
    assert state.record()["deals"][0]["up"] == ["4 Risen", "5 Risen"]
    assert state.record()["deals"][0]["stock"][0] == "8 Rising"
    state = table(3, limit="no", hands=20).new_state(8)
    policy = random.Random(8)
    while not state.is_over:
        legal = state.legal_actions(state.actors[0])
        state.apply(state.actors[0], legal[int(policy.random() * len(legal))])
    assert (state.totals, state.version) == ([0, 300, 0], 32)


# ---- substitution --------------------------------------------------------------------------------
def test_a_swap_is_the_swappers_alone_and_the_others_see_that_it_happened() -> None:
    state = two_hands()
    mine = stream(state, 2, "swapped")[0]
    assert (mine["seat"], mine["gave"], mine["got"]) == (2, "10 Setting", "Moon Risen")
    for viewer in (0, 1, None):
        seen = stream(state, viewer, "swapped")[0]
        assert (seen["seat"], seen["gave"], seen["got"]) == (2, None, None)
        assert "10 Setting" not in cards_named(state.events(viewer))
    kept = stream(state, None, "kept")
    assert [e["seat"] for e in kept][:2] == [0, 1]
    names = ["You", "Bob", "Cy"]
    assert state.game.describe_event(mine, names) == \
        "Cy swapped the 10 Setting for the Moon Risen."
    assert state.game.describe_event(stream(state, 0, "swapped")[0], names) == \
        "Cy swapped a card for one from the deck."


def test_the_swap_in_the_history_is_masked_for_the_other_seats() -> None:
    game = table(3)
    state = game.new_state(None, deals=[written_deal(game, [DAY, RUN, HIGH], BOARD, dealer=2)])
    play(state, "swap 11 Rising")
    assert str(state.seen_action(0, state.history[0][1], 0)) == "swap 11 Rising"
    for viewer in (1, 2, None):
        assert str(state.seen_action(0, state.history[0][1], viewer)) == "swap ?"
    play(state, "keep")
    observation = Decision.at(state, 2).observe()
    history = [str(a) for _seat, a in observation._state.history]
    assert history == ["swap ?", "keep"]
    sample = observation.sample(random.Random(5))
    assert "11 Rising" not in json.dumps(sample.record())
    assert sample.view(2)["zones"]["hand:2"]["cards"] == HIGH
    own = Decision.at(state, 0, "observation").observe()._state
    assert isinstance(own, DayState)
    assert [str(a) for _seat, a in own.history] == ["swap 11 Rising", "keep"]
    assert own.swapped[0] == state.swapped[0]  # a seat keeps the card it gave up


# ---- betting -----------------------------------------------------------------------------------
def test_every_bet_is_public_with_its_amount() -> None:
    state = two_hands()
    moves = [(e["kind"], e["seat"], {k: v for k, v in e.items()
                                     if k in ("amount", "to", "all_in", "effect")})
             for e in state.events(None)
             if e["kind"] in ("checked", "bet", "called", "raised", "folded", "all_in")]
    assert moves[:7] == [
        ("bet", 0, {"amount": 2, "all_in": False}),
        ("raised", 1, {"to": 4, "amount": 4, "all_in": False}),
        ("folded", 2, {}),
        ("called", 0, {"amount": 2, "all_in": False}),
        ("checked", 0, {}),
        ("all_in", 1, {"amount": 15, "to": 15, "effect": "bet"}),
        ("called", 0, {"amount": 15, "all_in": True}),  # everything Ann had left
    ]
    assert moves[7:] == [("all_in", 2, {"amount": 18, "to": 18, "effect": "bet"}),
                         ("called", 0, {"amount": 18, "all_in": False})]
    betting = {"checked", "bet", "called", "raised", "folded", "all_in"}
    public = [e for e in state.events(None) if e["kind"] in betting]
    for viewer in (0, 1, 2):  # nothing about a bet is hidden from anyone
        assert [e for e in state.events(viewer) if e["kind"] in betting] == public
    words = [state.game.describe_event(e, NAMES) for e in state.events(None)]
    assert "Ann bet 2." in words
    assert "Bob raised to 4." in words
    assert "Cy folded." in words
    assert "Ann checked." in words
    assert "Bob went all-in with 15 chips (a bet)." in words
    assert "Ann called 15 and is all-in." in words
    assert "Ann called 18." in words


def test_chips_nobody_called_go_back() -> None:
    game = table(2, stack=10, limit="no")
    state = game.new_state(None, deals=[written_deal(game, [DAY, HIGH], BOARD, [FINAL],
                                                     dealer=1)])
    play(state, "keep", "keep", "bet 9")
    bet = stream(state, 1, "bet")[0]
    assert (bet["seat"], bet["amount"], bet["all_in"]) == (0, 9, True)
    assert game.describe_event(bet, NAMES) == "Ann bet 9 and is all-in."
    play(state, "fold")
    back = stream(state, None, "returned")[0]
    assert (back["seat"], back["amount"]) == (0, 9)
    assert game.describe_event(back, NAMES) == "Ann took back 9 chips nobody could call."
    won = stream(state, None, "pot_won")[0]
    assert (won["seat"], won["amount"], won["pots"], won["rake"]) == (0, 2, 1, 0)
    assert stream(state, None, "showed_down") == []  # a hand won by folds shows no cards


# ---- the final card and the showdown -----------------------------------------------------------
def test_the_final_card_and_the_showdown_show_the_cards_of_players_still_in_only() -> None:
    state = two_hands()
    final = stream(state, None, "final_card")[0]
    assert final["card"] == FINAL
    assert state.game.describe_event(final, NAMES) == "The dealer laid the final card: 5 Risen."
    shown = [e for e in stream(state, None, "showed_down") if e["version"] <= 10]
    assert [(e["seat"], e["cards"], e["condition"], e["points"]) for e in shown] == [
        (0, DAY, "day", 6), (1, RUN, "consecutive", 4)]
    for viewer in (0, 1, None):  # Cy folded: its hand is never named to anyone else
        assert not {"12 Risen", "Moon Risen"} & set(cards_named(state.events(viewer)))
    assert state.game.describe_event(shown[1], NAMES) == \
        "Bob showed 6 Risen and 7 Risen: Consecutive, 4 points."


def test_pots_scores_busted_players_and_the_end_of_the_session() -> None:
    state = two_hands()
    pots = stream(state, 1, "pot_won")
    assert [(e["seat"], e["pot"], e["amount"], e["rake"]) for e in pots] == [
        (0, 0, 41, 0), (0, 0, 38, 0)]
    busted = stream(state, None, "busted")
    assert [(e["seat"], e["version"]) for e in busted] == [(1, 10), (2, 14)]
    scored = stream(state, 2, "round_scored")
    assert [e["result"] for e in scored] == state.public_info()["results"]
    over = stream(state, None, "match_over")[0]
    assert over["scores"] == [60, 0, 0] and over["winners"] == [0]
    words = [state.game.describe_event(e, NAMES) for e in state.events(None)]
    assert "Ann won the pot of 41 chips." in words
    assert "Bob ran out of chips." in words
    assert "Hand 1 is over; stacks: Ann 41, Bob 0, Cy 19." in words
    assert words[-1] == "The session is over: Ann won with 60 chips."


def test_side_pots_and_the_rake_are_awarded_pot_by_pot() -> None:
    game = table(3, stack=20, limit="no", rake=10)
    first = written_deal(game, [HIGH, ["3 Rising", "4 Rising"], ["9 Rising", "9 Setting"]],
                         ["1 Setting", "Moon Setting"], [FINAL], dealer=2)
    second = written_deal(game, [RUN, HIGH, DAY], BOARD, [FINAL])
    state = game.new_state(None, deals=[first, second])
    play(state, "keep", "keep", "keep", "bet 5", "fold", "call", "bet 5", "fold")
    assert state.results[0]["stacks"] == [26, 19, 14]
    play(state, "keep", "keep", "keep", "bet 5", "all-in", "call", "call", "all-in", "call")
    pots = [e for e in stream(state, None, "pot_won") if e["version"] > 8]
    assert [(e["seat"], e["pot"], e["pots"], e["amount"], e["rake"], e["eligible"])
            for e in pots] == [(2, 0, 2, 42, 4, [0, 1, 2]), (0, 1, 2, 10, 1, [0, 1])]
    words = [game.describe_event(e, NAMES) for e in pots]
    assert words == ["Cy won the main pot of 42 chips (4 raked by the house).",
                     "Ann won side pot 1 of 10 chips (1 raked by the house)."]
    assert state.results[1]["pots"][1]["winner"] == 0


def test_a_tie_is_broken_by_draws_from_the_recorded_deck_and_reshuffles() -> None:
    """Equal Highest Cards; the first draw ties again (two 9s), the cards go back and the
    stock is shuffled: the record's reshuffle says in which order, so the Crown comes to Bob."""
    game = table(2)
    hands = [["12 Rising", "10 Risen"], ["12 Setting", "10 Setting"]]
    up = ["1 Rising", "3 Risen"]
    top = ["5 Setting", "9 Rising", "9 Risen"]
    rest = [c for c in game.deck() if c not in {*hands[0], *hands[1], *up, *top}]
    reshuffled = ["2 Rising", "Crown", *[c for c in rest if c not in ("2 Rising", "Crown")],
                  "9 Rising", "9 Risen"]
    deal = written_deal(game, hands, up, top, dealer=1, reshuffles=[reshuffled])
    state = game.new_state(None, deals=[deal])
    play(state, "keep", "keep", "check", "check", "check", "check")
    draws = stream(state, 0, "tiebreak_drawn")
    assert [(e["seats"], e["cards"], e["high"]) for e in draws] == [
        ([0, 1], ["9 Rising", "9 Risen"], [0, 1]), ([0, 1], ["2 Rising", "Crown"], [1])]
    assert [game.describe_event(e, NAMES) for e in draws] == [
        "Tie-break draw: Ann 9 Rising, Bob 9 Risen; Ann and Bob tied again and draw again.",
        "Tie-break draw: Ann 2 Rising, Bob Crown; Bob drew highest."]
    won = stream(state, None, "pot_won")[0]
    assert won["seat"] == 1 and won["tied"] == [0, 1]
    assert state.record()["deals"][0]["reshuffles"] == [reshuffled]
    bad = json.loads(json.dumps(deal))
    bad["reshuffles"][0][0] = "9 Rising"
    with pytest.raises(RecordError, match="deal 1, reshuffles 1: 9 Rising appears 2 times"):
        state = game.new_state(None, deals=[bad])
        play(state, "keep", "keep", "check", "check", "check", "check")


def uneven_stacks_and_a_tie() -> DayState:
    """Hand 1 leaves Ann 27 chips, Bob 19, Cy 14 (no-limit). In hand 2 Ann and Bob tie (two 12s
    each) and Cy holds a Highest Card; Bob is first to act. The deck's next cards are the final
    card and one tie-break draw (Ann 7 Risen, Bob 4 Rising); a reshuffle is written down too,
    which would give Bob the Crown in a second draw."""
    game = table(3, stack=20, limit="no")
    first = written_deal(game, [HIGH, ["3 Rising", "4 Rising"], ["9 Rising", "9 Setting"]],
                         ["1 Setting", "Moon Setting"], [FINAL], dealer=2)
    hands = [["12 Rising", "10 Risen"], ["12 Setting", "10 Setting"], ["8 Rising", "2 Setting"]]
    up = ["1 Rising", "3 Risen"]
    top = ["5 Setting", "7 Risen", "4 Rising"]  # the final card, then Ann's and Bob's draw
    rest = [c for c in game.deck() if c not in {*hands[0], *hands[1], *hands[2], *up, top[0]}]
    reshuffled = ["6 Rising", "Crown", *[c for c in rest if c not in ("6 Rising", "Crown")]]
    second = written_deal(game, hands, up, top, reshuffles=[reshuffled])
    state = game.new_state(None, deals=[first, second])
    play(state, "keep", "keep", "keep", "bet 5", "fold", "call", "bet 5", "fold")
    assert state.results[0]["stacks"] == [27, 19, 14]
    play(state, "keep", "keep", "keep")
    return state


def test_one_tie_break_draw_settles_every_pot_the_tied_players_share() -> None:
    """The ruling of 2026-11-23: Ann and Bob tie for the main pot and for the side pot Cy
    could not cover. They draw once; the draw gives Ann both pots. (Each pot used to draw
    again: the deal's reshuffle then gave Bob the side pot with the Crown.)"""
    state = uneven_stacks_and_a_tie()
    game = state.game
    play(state, "all-in", "all-in", "call")
    draws = stream(state, None, "tiebreak_drawn")
    assert [(e["pot"], e["seats"], e["cards"], e["high"]) for e in draws] == [
        (0, [0, 1], ["7 Risen", "4 Rising"], [0])]
    won = [(e["seat"], e["pot"], e["amount"], e["eligible"], e["tied"])
           for e in stream(state, None, "pot_won") if e["version"] > 8]
    assert won == [(0, 0, 42, [0, 1, 2], [0, 1]), (0, 1, 10, [0, 1], [0, 1])]
    pots = state.results[1]["pots"]
    assert [(p["winner"], p["tied"], p["draws"]) for p in pots] == [
        (0, [0, 1], [{"0": "7 Risen", "1": "4 Rising"}])] * 2
    assert [game.describe_event(e, NAMES) for e in stream(state, None, "pot_won")][1:] == [
        "Ann won the main pot of 42 chips on the tie-break draw.",
        "Ann won side pot 1 of 10 chips on the tie-break draw."]
    assert state.scores == [60, 0, 0]
    assert "reshuffles" not in state.record()["deals"][1]  # no second draw, no reshuffle
    audited = audit_session(state.results, [20, 20, 20], game.evaluator, 0, None)
    assert audited == []
    # The hidden deal as a record: replayed from its deals alone, the same single draw.
    again = replay(json.loads(json.dumps(state.record())))
    assert isinstance(again, DayState)
    assert again.results == state.results and again.events(None) == state.events(None)


# ---- records -----------------------------------------------------------------------------------
def played(players: int, seed: int, **options: Any) -> DayState:
    state = table(players, **options).new_state(seed)
    policy = random.Random(seed)
    while not state.is_over:
        legal = state.legal_actions(state.actors[0])
        state.apply(state.actors[0], legal[int(policy.random() * len(legal))])
    return state


def test_a_record_replays_from_its_deals_without_the_seed() -> None:
    state = played(2, 0, hands=40)
    record = state.record()
    assert sum(len(d.get("reshuffles", [])) for d in record["deals"]) == 1
    assert all(len(d["hands"][0]) + len(d["stock"]) + len(d["up"]) + len(d["hands"][1]) == 40
               for d in record["deals"])
    data = json.loads(json.dumps(record))
    del data["seed"]
    again = replay(data)
    assert (again.scores, again.winners) == (state.scores, state.winners)
    assert again.events(None) == state.events(None)
    assert again.events(1) == state.events(1)
    rigged = two_hands().record()
    assert replay(json.loads(json.dumps(rigged))).record() == rigged


@pytest.mark.parametrize(
    ("edit", "words"),
    [
        (lambda d: d["hands"][1].__setitem__(0, d["hands"][0][0]), "11 Rising appears 2 times"),
        (lambda d: d["hands"][1].pop(), "seat 1 is dealt 1 card, but this deal gives 2"),
        (lambda d: d["stock"].pop(), "the stock has 31 cards, but this deal leaves 32"),
        (lambda d: d["hands"].append([]), "has 4 hands; this table has 3 seats"),
        (lambda d: d["stock"].__setitem__(0, "14 Rising"), "'14 Rising' is not a card of Day"),
        (lambda d: d.__setitem__("dealer", 5), "names dealer 5, which is no seat"),
    ],
)
def test_an_impossible_deal_is_refused_with_the_problem_named(edit: Any, words: str) -> None:
    game = table(3)
    deal = written_deal(game, [DAY, RUN, HIGH], BOARD, dealer=2)
    game.new_state(None, deals=[json.loads(json.dumps(deal))])  # as written, it is fine
    edit(deal)
    with pytest.raises(RecordError, match="deal 1") as refused:
        game.new_state(None, deals=[deal])
    assert words in str(refused.value)
    record = table(3).new_state(None, deals=[written_deal(game, [DAY, RUN, HIGH], BOARD,
                                                          dealer=2)]).record()
    record["deals"] = [deal]
    with pytest.raises(RecordError, match="deal 1"):
        replay(record)


def test_person_written_cards_are_read_in_any_spelling() -> None:
    game = table(2)
    deal = written_deal(game, [DAY, HIGH], BOARD, dealer=1)
    deal["hands"][0] = ["11 of rising", "1 rising"]
    deal["up"] = ["2 set", "8 Setting"]
    state = game.new_state(None, deals=[deal])
    assert state.view(0)["zones"]["hand:0"]["cards"] == DAY
    assert state.record()["deals"][0]["hands"][0] == DAY


# ---- the terminal's words ------------------------------------------------------------------
def screen(renderable: Any) -> str:
    console = Console(width=80, record=True, color_system=None, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


def test_a_call_for_more_than_the_stack_reads_as_all_in_for_what_is_left() -> None:
    """Bob goes all-in for 18; Cy has 13 left: the call is all-in for 13, not a call of 18."""
    state = uneven_stacks_and_a_tie()
    play(state, "all-in")
    view = state.view(2)
    assert view["table"]["to_call"] == 13 and view["table"]["call_all_in"]
    renderer = renderer_for(state.game)
    text = screen(renderer.table(view, NAMES, state.legal_actions(2)))
    assert "To call: 13" in text
    assert "To call: 18" not in text
    assert renderer.prompt(view, NAMES, state.legal_actions(2)) == (
        "Bob made it 18: calling takes all your 13 chips: call all-in, or fold")
    with pytest.raises(IllegalAction, match="18 to call and you have 13: call all-in for 13"):
        state.apply(2, state.game.parse_action("check"))
    play(state, "call")  # Ann has chips enough: a plain call of 18
    view = state.view(0)
    assert view["table"]["to_call"] == 18 and not view["table"]["call_all_in"]
    assert "To call: 18" in screen(renderer.table(view, NAMES, state.legal_actions(0)))


def test_side_pots_are_listed_in_columns_with_who_contested_each() -> None:
    state = uneven_stacks_and_a_tie()
    play(state, "all-in", "all-in", "call")
    event = {"kind": "round_scored", "round": 2, "result": state.results[1]}
    text = screen(renderer_for(state.game).event(event, ["You", "Bob", "Cy"]))
    lines = [line.rstrip() for line in text.splitlines()]
    flat = " ".join(text.split())
    assert "You won the main pot of 42 chips with X of a kind (two 12s)" in flat
    assert "You won side pot 1 of 10 chips" in flat
    assert "a draw settled it (You the 7 Risen, Bob the 4 Rising), and You drew highest" in flat
    assert max(len(line) for line in lines) <= 80


def test_the_log_speaks_to_the_reader_in_the_second_person() -> None:
    state = uneven_stacks_and_a_tie()
    play(state, "all-in", "all-in")
    names = ["Ann", "Bob", "You"]
    words = [state.game.describe_event(e, names) for e in state.events(2)]
    assert "You went all-in with 13 chips (a call)." in words
    called = {"kind": "called", "seat": 2, "amount": 13, "all_in": True}
    assert state.game.describe_event(called, names) == "You called 13 and are all-in."
    assert state.game.describe_event(called, ["Ann", "Bob", "You (seat 2)"]) == (
        "You (seat 2) called 13 and are all-in.")
    assert state.game.describe_event(called, ["Ann", "Bob", "Cy"]) == "Cy called 13 and is all-in."
    assert state.game.describe_event(called, ["Ann", "Bob", "Young Cy"]).endswith(" is all-in.")


# ---- versions ----------------------------------------------------------------------------------
def test_a_stale_move_is_refused_and_changes_nothing() -> None:
    game = table(3)
    state = game.new_state(None, deals=[written_deal(game, [DAY, RUN, HIGH], BOARD, dealer=2)])
    play(state, "keep", "keep")
    before = json.dumps(state.record()), json.dumps(state.events(None)), state.version
    with pytest.raises(StaleAction, match=r"version 1.*version 2"):
        state.apply(2, game.parse_action("keep"), version=1)
    assert (json.dumps(state.record()), json.dumps(state.events(None)), state.version) == before
    state.apply(2, game.parse_action("keep"), version=2)
    assert state.version == 3


# ---- the terminal ------------------------------------------------------------------------------
def test_the_terminal_draws_deals_and_hand_summaries() -> None:
    state = two_hands()
    renderer = renderer_for(state.game)
    drawn = {e["kind"] for e in state.events(0) if renderer.event(e, NAMES) is not None}
    assert drawn == {"dealt", "round_scored"}  # the final card is the game's one log line
