"""Daylily Rummy rule by rule, on tables dealt by hand.

Each test deals a table by hand (hands, declared melds, stock and discard pile), plays the moves
a player would make through the public protocol, and checks what the players would notice: the
score sheet, who deals next, what may not be done and the reason given.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from cardtable import load_game
from cardtable.engine.errors import IllegalAction, NotationError, OptionError
from cardtable.engine.game import Action
from cardtable.engine.options import parse_option_assignments
from cardtable.games.daylily.actions import DISCARDS, DRAW_DISCARD, DRAW_STOCK, Declare, Discard
from cardtable.games.daylily.cards import FULL_DECK, card, cards_of, code, mask_of, name, parse_card
from cardtable.games.daylily.game import DaylilyGame
from cardtable.games.daylily.melds import MELDS
from cardtable.games.daylily.state import DRAW, OVER, DaylilyState


def c(text: str) -> int:
    """One card by its code, e.g. ``c("2MT")``."""
    return parse_card(text)


def cs(text: str) -> list[int]:
    return [parse_card(t) for t in text.split()]


def m(text: str) -> int:
    return mask_of(cs(text))


def meld(text: str) -> Declare:
    return Declare(m(text))


def new_state(players: int, options: dict[str, Any] | None = None, seed: int = 0
              ) -> DaylilyState:
    game = load_game("daylily", players, options or {})
    assert isinstance(game, DaylilyGame)
    return game.new_state(seed)


def rig(
    players: int,
    hands: dict[int, str],
    declared: dict[int, list[str]] | None = None,
    *,
    stock_top: str = "",
    discard: str | None = None,
    rest: str = "stock",
    current: int = 0,
    dealer: int | None = None,
    options: dict[str, Any] | None = None,
) -> DaylilyState:
    """A table reached from a written deal by real turns, at the start of ``current``'s turn.

    ``stock_top`` lists the next cards of the stock, first drawn first. Cards named nowhere go
    under them (``rest="stock"``) or under the named discard pile (``rest="discard"``); when no
    discard pile is named, one of them is turned up. Every seat must hold 10 cards in hand and
    declared together, as at the start of any turn. The dealer is the seat before ``current``
    unless ``dealer`` says otherwise.

    Declared melds and a pile of more than the up card are played there: each seat is dealt
    its hand and its melds, and the seats take setup turns from the dealer's left until
    ``current`` is to draw, each declaring its melds on its first turn and discarding the card
    it drew. A setup turn drawing from the stock lays one card on the pile; one that takes the
    pile's top card and puts it straight back leaves the pile as it was (both are legal moves).
    Setup turns that the named pile does not need lay spare cards under it.
    """
    game = load_game("daylily", players, options or {})
    assert isinstance(game, DaylilyGame)
    deal, setup = written_round(game, hands, declared, stock_top=stock_top, discard=discard,
                                rest=rest, current=current, dealer=dealer)
    state = game.new_state(0, deals=[deal])
    setup(state)
    return state


def written_round(
    game: DaylilyGame,
    hands: dict[int, str],
    declared: dict[int, list[str]] | None = None,
    *,
    stock_top: str = "",
    discard: str | None = None,
    rest: str = "stock",
    current: int = 0,
    dealer: int | None = None,
) -> tuple[dict[str, Any], Callable[[DaylilyState], None]]:
    """One round's written deal, as ``rig`` describes it, and its setup turns to play once the
    round is dealt (in any round of a match, not only the first)."""
    players = game.players
    declared = declared or {}
    held = {s: cs(hands.get(s, "")) for s in range(players)}
    laid = {s: [cs(x) for x in declared.get(s, [])] for s in range(players)}
    for s in range(players):
        assert len(held[s]) + sum(map(len, laid[s])) == 10, f"seat {s} is not dealt 10"
    dealt = {s: held[s] + [c for cards in laid[s] for c in cards] for s in range(players)}
    used = mask_of([c for s in range(players) for c in dealt[s]])
    top = cs(stock_top)
    pile = cs(discard) if discard else []
    used |= mask_of(top + pile)
    spare = cards_of(FULL_DECK & ~used)
    if discard is None:
        pile, spare = spare[-1:], spare[:-1]
    dealer = (current - 1) % players if dealer is None else dealer
    first = (dealer + 1) % players  # the first to draw
    # Setup turns: enough for every seat with melds to declare them, ending at ``current``.
    need = max([(s - first) % players + 1 for s in range(players) if laid[s]], default=0)
    if rest == "discard":
        pile, spare = spare + pile, []
    need = max(need, len(pile) - 1)
    turns = need + (current - first - need) % players
    from_stock = max(len(pile) - 1, turns if rest == "stock" else 0)
    pad = from_stock + 1 - len(pile)  # spare cards laid under a pile shorter than the turns
    pile, spare = spare[:pad] + pile, spare[pad:]
    putting_back = turns - from_stock  # turns that take the up card and put it back
    assert not (putting_back and game.options["no_return_discard"]), "no setup turns fit"
    stock = pile[1:] + top + spare[::-1]  # top first
    deal = {
        "dealer": dealer,
        "hands": [[code(c) for c in dealt[s]] for s in range(players)],
        "stock": [code(c) for c in stock],
        "up": [code(pile[0])],
    }

    def setup(state: DaylilyState) -> None:
        assert state.dealer == dealer and state.phase == DRAW
        declaring = {s for s in range(players) if laid[s]}
        for turn in range(turns):
            seat = state.current
            drawn = state.discard[-1] if turn < putting_back else state.stock[-1]
            play(state, "draw discard" if turn < putting_back else "draw stock")
            if seat in declaring:
                declaring.discard(seat)
                for cards in laid[seat]:
                    play(state, "meld " + " ".join(code(c) for c in cards))
            play(state, f"discard {code(drawn)}")
        assert state.current == current and state.phase == DRAW
        assert state.discard == pile and state.stock == [*spare, *reversed(top)]
        assert state.hands == [mask_of(held[s]) for s in range(players)]
        assert state.declared == [[mask_of(x) for x in laid[s]] for s in range(players)]

    return deal, setup


def play(state: DaylilyState, *moves: str) -> None:
    """Apply moves written in the notation, each for whoever is to act."""
    for text in moves:
        state.apply(state.current, state.game.parse_action(text))
        assert state.invariant_violations() == []


def snapshot(state: DaylilyState) -> str:
    """Everything any seat or spectator could observe, plus the record and the shuffle state."""
    views = [state.view(seat) for seat in [None, *range(state.game.players)]]
    return json.dumps([views, state.record(), repr(state.rng.getstate())], sort_keys=True)


TWO_HANDS = {0: "1MT 2MT 3MT 1SD 2SD 3SD 1IN 2IN 3IN 1CA",
             1: "1FC 2FC 3FC 1FV 2FV 3FV 1DE 2DE 3DE 2CA"}


# ---- the deal and the turn -----------------------------------------------------------------------

@pytest.mark.parametrize(("players", "stock"), [(2, 24), (3, 14)])
def test_a_deal_gives_ten_cards_each_turns_one_up_and_the_dealers_left_starts(
    players: int, stock: int
) -> None:
    for seed in range(20):
        state = new_state(players, seed=seed)
        assert [h.bit_count() for h in state.hands] == [10] * players
        assert len(state.discard) == 1 and len(state.stock) == stock
        assert state.actors == ((state.dealer + 1) % players,)
        assert state.phase == DRAW and state.round_no == 1


def test_a_turn_is_a_draw_then_any_melds_then_one_discard() -> None:
    state = rig(2, TWO_HANDS, stock_top="3CA", discard="2PM")
    assert state.legal_actions(0) == [DRAW_STOCK, DRAW_DISCARD]
    assert state.legal_actions(1) == []
    play(state, "draw stock")
    assert state.hands[0] >> c("3CA") & 1
    legal = state.legal_actions(0)
    assert meld("1MT 2MT 3MT") in legal and Discard(c("3CA")) in legal
    assert DRAW_STOCK not in legal and DRAW_DISCARD not in legal
    play(state, "meld 1MT 2MT 3MT", "meld 1IN 2IN 3IN", "discard 1CA")
    assert state.actors == (1,) and state.phase == DRAW
    assert state.discard == [c("2PM"), c("1CA")]
    assert state.hands[0].bit_count() == 10 - 6


def test_declaring_moves_the_cards_face_up_and_counts_them() -> None:
    state = rig(2, {0: "1MT 2MT 3MT 1SL 1PB 2GP 3GP 1AF 2AF 3DE",
                    1: "1FC 2FC 3FC 1FV 2FV 3FV 1DE 2DE 2PM 2CA"})
    play(state, "draw stock", "meld 1MT 2MT 3MT", "meld 1SL 1PB")
    assert state.hands[0] & m("1MT 2MT 3MT 1SL 1PB") == 0
    assert state.hands[0].bit_count() == 11 - 5
    assert state.melded[0] == 5
    assert state.declared[0] == [m("1MT 2MT 3MT"), m("1SL 1PB")]
    assert state.declared_points(0) == 3 + (2 + 3)
    for seat in (None, 0, 1):
        view = state.view(seat)
        assert view["zones"]["meld:0:0"]["cards"] == ["1MT", "2MT", "3MT"]
        assert view["zones"]["meld:0:1"]["cards"] == ["1SL", "1PB"]
        assert view["table"]["melded"][0] == 5 and view["table"]["meld_points"][0] == 8
    assert "cards" not in state.view(1)["zones"]["hand:0"]


def test_the_whole_discard_pile_and_cards_taken_from_it_are_public() -> None:
    state = rig(2, TWO_HANDS, discard="1PM 2PM 3PM")
    play(state, "draw discard", "discard 1CA")
    for seat in (None, 1):
        other = state.view(seat)
        assert other["zones"]["discard"]["cards"] == ["1PM", "2PM", "1CA"]
        assert other["zones"]["hand:0"]["known"] == ["3PM"]
        assert "cards" not in other["zones"]["hand:0"]
    play(state, "draw stock", "discard 2CA", "draw stock", "discard 3PM")
    # Once the known card leaves the hand, nothing about that hand is public any more.
    assert "known" not in state.view(1)["zones"]["hand:0"]


# ---- the Festival --------------------------------------------------------------------------------

FESTIVAL_HANDS = {0: "3DE 3IN", 1: "2MN 2TR 2AR 2PB 3TR 1GP",
                  2: "1PB 2SL 1SD 3AF 3PB 3MN 3FC"}
FESTIVAL_MELDS = {
    0: ["1MT 2MT 3MT", "1CA 2FC 3CA", "1FC 2FV"],  # 3 + 0 + 0 points, 8 cards
    1: ["1MN 1TR 1AR 1SL"],  # a set with an accent of the same blooms: 4
    2: ["1FV 1DE 1PM"],  # a set: 3
}


def festival_round(game: DaylilyGame, turn: int = 0
                   ) -> tuple[dict[str, Any], Callable[[DaylilyState], None]]:
    """The festival table's round with every seat moved ``turn`` places on: seat ``turn`` can
    go out (and scores 22), the next seat holds a Pandora quad in hand (4), the one after a box
    it cannot save (-7)."""
    return written_round(game, {(s + turn) % 3: h for s, h in FESTIVAL_HANDS.items()},
                         declared={(s + turn) % 3: x for s, x in FESTIVAL_MELDS.items()},
                         stock_top="2GP", current=turn, dealer=(2 + turn) % 3)


def festival_table(**options: Any) -> DaylilyState:
    """Seat 0 can go out; seat 1 holds a Pandora quad in hand; seat 2 a box it cannot save."""
    return rig(3, FESTIVAL_HANDS, FESTIVAL_MELDS, stock_top="2GP", current=0, dealer=2,
               options=options)


def go_out(state: DaylilyState) -> None:
    """The player to move goes out: the festival table's last turn, whichever seat it is."""
    seat, round_no = state.current, state.round_no
    play(state, "draw stock", "meld 3DE 3IN")
    assert state.melded[seat] == 10 and state.round_no == round_no
    assert state.hands[seat] == m("2GP")
    play(state, "discard 2GP")


def test_going_out_presents_the_festival_and_scores_winner_and_losers() -> None:
    state = festival_table()
    go_out(state)
    result = state.results[-1]
    assert result["festival"] == 0 and result["round"] == 1
    winner, quad_holder, stranded = result["seats"]
    # Seat 1: the in-hand quad saves its box; the two leftovers go to the winner.
    assert quad_holder["in_hand_melds"] == [["2MN", "2TR", "2AR", "2PB"]]
    assert quad_holder["to_winner"] == 2 and quad_holder["penalty"] == 0
    # Seat 2: pairing one box with the Shady Lady beats the yellow run that strands both boxes;
    # the other box costs 10 and is still one of the five cards handed over.
    [kept] = stranded["in_hand_melds"]
    assert "2SL" in kept and len(kept) == 2 and kept[0].endswith("PB") != kept[1].endswith("PB")
    assert stranded["to_winner"] == 5 and stranded["penalty"] == -10
    # Winner: 10 for the Festival, 3 + 2 for the scoring melds declared, 7 cards received.
    assert winner["festival_bonus"] == 10 and winner["cards_received"] == 7
    assert result["points"] == [10 + 5 + 7, 4, 3 - 10]
    assert state.scores == [22, 4, -7]


def test_the_losers_stray_cards_are_counted_not_shown() -> None:
    state = festival_table()
    go_out(state)
    text = json.dumps(state.view(1)["table"]["results"])
    for stray in ("3TR", "1GP", "1SD", "3AF", "3MN", "3FC"):
        assert stray not in text


def test_the_festival_presenter_deals_the_next_round() -> None:
    state = festival_table()
    go_out(state)
    assert state.round_no == 2 and state.dealer == 0
    assert state.actors == (1,) and state.phase == DRAW
    assert [h.bit_count() for h in state.hands] == [10, 10, 10]
    assert state.melded == [0, 0, 0] and state.declared == [[], [], []]
    assert len(state.discard) == 1 and len(state.stock) == 14


def two_player_festival(**options: Any) -> DaylilyState:
    """Seat 0 goes out with a Pandora pair; seat 1 keeps two runs and a Pandora pair in hand."""
    return rig(
        2,
        {0: "1SL 1PB", 1: "1MT 2MT 3MT 2PB 2SL 3SD 1AF 2AF 3AF 2PM"},
        declared={0: ["1MN 2MN 3MN", "1TR 2TR 3TR", "1IN 2GP"]},
        stock_top="1GP",
        options=options,
    )


def test_a_two_player_festival() -> None:
    state = two_player_festival()
    play(state, "draw stock", "meld 1SL 1PB", "discard 1GP")
    result = state.results[-1]
    # Seat 1 keeps two trios and the accent pair in hand: no penalty, two cards handed over
    # (breaking the red run for the early-bloomer pair 1MT 3SD would strand two).
    assert result["seats"][1]["penalty"] == 0 and result["seats"][1]["to_winner"] == 2
    assert result["points"] == [10 + (3 + 3 + 0 + 5) + 2, 0]
    assert state.dealer == 0 and state.actors == (1,)


def test_going_out_by_discarding_the_card_just_taken_from_the_pile() -> None:
    state = rig(2, {0: "1MT 2MT 3MT", 1: TWO_HANDS[1]},
                declared={0: ["1SD 2SD 3SD", "1MN 2MN 3MN 1SL"]}, discard="3CA")
    play(state, "draw discard", "meld 1MT 2MT 3MT", "discard 3CA")
    assert state.results[-1]["festival"] == 0


# ---- rounds without a Festival -------------------------------------------------------------------

def test_everyone_stuck_at_nine_melded_ends_the_round_and_the_dealer_deals_again() -> None:
    state = rig(
        2,
        {0: "1PB 2SL 3SD", 1: "3PB"},
        declared={0: ["1MT 2MT 3MT", "1MN 2MN 3MN 1SL"],
                  1: ["1FC 2FC 3FC", "1TR 2TR 3TR", "1AR 2AR 3AR"]},
        stock_top="3GP",
        current=0,
        dealer=1,
    )
    play(state, "draw stock", "meld 1PB 2SL")  # nine melded now, like seat 1
    assert state.round_no == 1
    play(state, "discard 3GP")
    result = state.results[-1]
    assert result["festival"] is None and "nine melded" in result["reason"]
    # Seat 0: 3 + 3 declared, plus 3 for the box in its (safe) pair.
    # Seat 1: 3 x 3 declared, minus 10 for the box still in hand.
    assert result["points"] == [9, 9 - 10]
    assert state.dealer == 1 and state.round_no == 2 and state.actors == (0,)


def test_one_player_at_nine_melded_does_not_end_the_round_and_may_only_discard() -> None:
    state = rig(2, {0: "1GP", 1: "1PB 2PB 3PB 2SL 3SD 1AF 2AF 3AF 1DE 2DE"},
                declared={0: ["1MT 2MT 3MT", "1FC 2FC 3FC", "1CA 2CA 3CA"]}, stock_top="2IN")
    play(state, "draw stock")
    assert state.legal_actions(0) == [Discard(c("2IN")), Discard(c("1GP"))]
    with pytest.raises(IllegalAction, match="exactly 10"):
        state.apply(0, meld("2IN 1GP"))  # an orange pair would be the 11th card
    play(state, "discard 1GP")
    assert state.round_no == 1 and state.actors == (1,)


# ---- the stock -----------------------------------------------------------------------------------

def test_the_stock_is_rebuilt_as_soon_as_its_last_card_is_drawn() -> None:
    state = rig(2, TWO_HANDS, stock_top="3CA", rest="discard")
    pile = list(state.discard)
    assert state.stock == [c("3CA")] and len(pile) == 45 - 21
    play(state, "draw stock")
    # Before the discard: the whole pile is the new stock and the pile is empty.
    assert state.hands[0] >> c("3CA") & 1
    assert sorted(state.stock) == sorted(pile) and state.discard == []
    assert state.rebuilds == 1 and state.view(None)["table"]["stock_rebuilds"] == 1
    play(state, "discard 1CA")
    assert state.discard == [c("1CA")]  # the discard starts the new pile
    assert state.actors == (1,) and state.round_no == 1


def test_drawing_the_discard_never_rebuilds_the_stock() -> None:
    state = rig(2, TWO_HANDS, stock_top="3CA", rest="discard")
    stock = list(state.stock)
    play(state, "draw discard")
    assert state.stock == stock and state.rebuilds == 0


def exhausted(rebuilds: int, **options: Any) -> DaylilyState:
    """Seat 1 to draw the last stock card (3PB) after ``rebuilds`` rebuilds, every other card
    of the pack on the discard pile.

    Reached by play: from a written deal both seats draw from the stock and discard what they
    drew, through the stock and each rebuilt one (the deal records each rebuild's order, the
    3PB last in the final one), until only the 3PB is left; when seat 0 would be to draw then,
    it takes the pile's top card and puts it back."""
    game = load_game("daylily", 2, options)
    assert isinstance(game, DaylilyGame)
    hands = [cs(TWO_HANDS[0]), cs("1FC 2FC 3FC 1FV 2FV 3FV 1DE 2DE 1PB 2PB")]
    last = c("3PB")
    pack = cards_of(FULL_DECK & ~mask_of(hands[0] + hands[1]))
    others = [x for x in pack if x != last]
    # Top first: the 3PB is drawn last from the stock that ends the setup, early otherwise.
    up, *stock = [*others, last] if rebuilds == 0 else [others[0], last, *others[1:]]
    orders: list[list[int]] = []
    for k in range(rebuilds):  # each rebuild turns over every card but the one just drawn
        drawn_last = (stock if k == 0 else orders[-1])[-1]
        rest = [x for x in others if x != drawn_last]
        orders.append([*rest, last] if k == rebuilds - 1 else [last, *rest])
    state = game.new_state(0, deals=[{
        "dealer": 0,
        "hands": [[code(x) for x in h] for h in hands],
        "stock": [code(x) for x in stock],
        "up": [code(up)],
        "rebuilds": [[code(x) for x in o] for o in orders],
    }])
    while not (state.rebuilds == rebuilds and state.stock == [last]):
        drawn = state.stock[-1]
        play(state, "draw stock", f"discard {code(drawn)}")
    if state.current == 0:
        play(state, "draw discard", f"discard {code(state.discard[-1])}")
    assert state.current == 1 and state.phase == DRAW and state.round_no == 1
    assert sorted(state.discard) == [x for x in pack if x != last]
    return state


@pytest.mark.parametrize("limit", [0, 1, 3])
def test_the_round_ends_when_the_stock_runs_out_after_the_allowed_rebuilds(limit: int) -> None:
    state = exhausted(limit, max_stock_rebuilds=limit)
    play(state, "draw stock")
    assert state.stock == [] and state.rebuilds == limit  # no more rebuilding
    assert state.round_no == 1  # the player still finishes the turn
    play(state, "meld 1PB 2PB 3PB", "discard 2DE")
    result = state.results[-1]
    assert result["festival"] is None and "stock ran out" in result["reason"]
    assert result["points"] == [0, 12]
    assert state.scores == [0, 12]
    assert state.dealer == 0 and state.round_no == 2 and state.actors == (1,)


def test_below_the_rebuild_limit_the_stock_is_rebuilt_instead() -> None:
    state = exhausted(1, max_stock_rebuilds=2)
    play(state, "draw stock")
    assert state.rebuilds == 2 and len(state.stock) == 45 - 21 and state.discard == []


def test_a_box_in_hand_when_the_stock_runs_out_costs_ten_even_inside_a_run() -> None:
    state = exhausted(3)
    play(state, "draw stock", "discard 2DE")
    result = state.results[-1]
    assert result["points"] == [0, -30] and result["seats"][1]["penalty"] == -30


def test_going_out_on_the_turn_the_stock_runs_dry_is_still_a_festival() -> None:
    state = rig(2, {0: TWO_HANDS[0], 1: "1AR 2AR 3AR 3SL"},
                declared={1: ["1MN 2MN 3MN", "1TR 2TR 3TR"]}, stock_top="3PM", rest="discard",
                current=1, dealer=0, options={"max_stock_rebuilds": 0})
    play(state, "draw stock", "meld 1AR 2AR 3AR 3SL", "discard 3PM")
    result = state.results[-1]
    # 10 for the Festival, 3 + 3 + 3 declared, and seat 0's one stray card (1CA).
    assert result["festival"] == 1 and result["points"] == [0, 10 + 9 + 1]
    assert state.dealer == 1


def test_max_round_turns_ends_a_round_without_a_festival() -> None:
    state = new_state(2, {"max_round_turns": 5}, seed=3)
    dealer = state.dealer
    for _ in range(5):
        play(state, "draw stock", f"discard {code(cards_of(state.hands[state.current])[0])}")
    result = state.results[-1]
    assert result["round"] == 1 and result["festival"] is None and "5 turns" in result["reason"]
    assert state.round_no == 2 and state.dealer == dealer


# ---- house rule: no_return_discard ---------------------------------------------------------------

def test_by_default_the_card_taken_from_the_pile_may_go_straight_back() -> None:
    state = rig(2, TWO_HANDS, discard="3CA")
    play(state, "draw discard")
    assert Discard(c("3CA")) in state.legal_actions(0)
    play(state, "discard 3CA")
    assert state.discard == [c("3CA")]


def test_no_return_discard_forbids_discarding_the_card_just_taken() -> None:
    state = rig(2, TWO_HANDS, discard="3CA", options={"no_return_discard": True})
    play(state, "draw discard")
    assert Discard(c("3CA")) not in state.legal_actions(0)
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="just taken from the discard pile"):
        state.apply(0, Discard(c("3CA")))
    assert snapshot(state) == before
    play(state, "discard 1CA", "draw stock")
    drawn = state.hands[1] & ~m(TWO_HANDS[1])
    assert Discard(drawn.bit_length() - 1) in state.legal_actions(1)  # stock cards may go back


def test_no_return_discard_forbids_going_out_with_the_card_just_taken() -> None:
    # Under the default rules a meld can never swallow the whole hand without also passing ten
    # declared cards; only this house rule makes "nothing left to discard" a separate refusal.
    state = rig(2, {0: "1MT 2MT 3MT", 1: TWO_HANDS[1]},
                declared={0: ["1SD 2SD 3SD", "1MN 2MN 3MN 1SL"]}, discard="3CA",
                options={"no_return_discard": True})
    play(state, "draw discard")
    assert meld("1MT 2MT 3MT") not in state.legal_actions(0)
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="keep a card to discard"):
        state.apply(0, meld("1MT 2MT 3MT"))
    assert snapshot(state) == before


# ---- the end of the match ------------------------------------------------------------------------

def test_the_match_ends_after_the_round_that_reaches_the_target() -> None:
    state = two_player_festival(target=20)
    play(state, "draw stock", "meld 1SL 1PB", "discard 1GP")
    assert state.is_over and state.phase == OVER and state.scores == [23, 0]
    assert state.winners == [0] and state.actors == () and state.legal_actions(0) == []
    with pytest.raises(IllegalAction, match="match is over"):
        state.apply(1, DRAW_STOCK)
    assert state.record()["winners"] == [0]


def test_below_the_target_play_goes_on() -> None:
    state = two_player_festival(target=24)
    play(state, "draw stock", "meld 1SL 1PB", "discard 1GP")
    assert not state.is_over and state.winners == [] and state.round_no == 2


def test_the_highest_total_wins_even_if_someone_else_reached_the_target() -> None:
    """Seat 1 presents round 1 for 23, short of 24; in round 2 seat 0 presents and reaches 25,
    but seat 1's declared red run lifts it to 26: the match ends and the higher total wins."""
    game = load_game("daylily", 2, {"target": 24})
    assert isinstance(game, DaylilyGame)
    festival = {"1MN 2MN 3MN", "1TR 2TR 3TR", "1IN 2GP"}
    first, setup_first = written_round(
        game, {1: "1SL 1PB", 0: "1MT 2MT 3MT 2PB 2SL 3SD 1AF 2AF 3AF 2PM"},
        declared={1: sorted(festival)}, stock_top="1GP", current=1, dealer=0)
    second, setup_second = written_round(
        game, {0: "1SL 1PB", 1: "1AF 2AF 3AF 3SD 2PM 2CA 3FV"},
        declared={0: sorted(festival), 1: ["1MT 2MT 3MT"]}, stock_top="1GP")
    state = game.new_state(0, deals=[first, second])
    setup_first(state)
    play(state, "draw stock", "meld 1SL 1PB", "discard 1GP")
    assert not state.is_over and state.scores == [0, 23] and state.round_no == 2
    setup_second(state)
    play(state, "draw stock", "meld 1SL 1PB", "discard 1GP")
    assert state.results[-1]["points"] == [10 + 11 + 4, 3]
    assert state.is_over and state.scores == [25, 26] and state.winners == [1]


def test_a_tie_goes_to_the_tied_player_who_presented_a_festival() -> None:
    """Seat 0 goes out on melds worth 2 and takes seat 1's two stray cards: 14; seat 1 never
    presented but declared two quads with a Pandora's Box each: 14 too, the target."""
    state = rig(2, {0: "3DE 3IN", 1: "1SD 2IN"},
                declared={0: ["1MT 2MT 3FC", "1CA 2FC 3CA", "1FC 2FV"],
                          1: ["2MN 2TR 2AR 2PB", "3MN 3TR 3AR 3PB"]},
                stock_top="2GP", options={"target": 14})
    play(state, "draw stock", "meld 3DE 3IN", "discard 2GP")
    assert state.results[-1]["festival"] == 0 and state.results[-1]["seats"][1]["to_winner"] == 2
    assert state.is_over and state.scores == [14, 14] and state.winners == [0]


def quiet_round(game: DaylilyGame, hands: dict[int, str],
                declared: dict[int, list[str]] | None = None, *, dealer: int
                ) -> tuple[dict[str, Any], Callable[[DaylilyState], None]]:
    """A round nobody goes out in: the seats declare ``declared`` on their first turns and it
    ends at the turn limit (the ``max_round_turns`` option, 4 here), each seat scoring its
    melds less 10 for every Pandora's Box left in hand. Its setup ends with the dealer's left to
    move; :func:`quiet_turns` plays the rest."""
    return written_round(game, hands, declared, stock_top="1GP 2GP 3GP 3IN",
                         current=(dealer + 1) % 3, dealer=dealer)


def quiet_turns(state: DaylilyState) -> None:
    """Draw and throw the card drawn until the round ends at its turn limit."""
    round_no = state.round_no
    while state.round_no == round_no:
        drawn = state.stock[-1]
        play(state, "draw stock", f"discard {code(drawn)}")


def test_a_tie_goes_to_whichever_tied_player_presented_most_recently() -> None:
    # Round 1: nobody goes out and seat 0 is left with a box (-10). Rounds 2, 3 and 4 are the
    # festival table turned so that seat 1, then seat 2, then seat 0 presents: seats 1 and 2
    # tie at the top, and seat 2 presented more recently.
    game = load_game("daylily", 3, {"rounds": 4, "max_round_turns": 4})
    assert isinstance(game, DaylilyGame)
    quiet, setup_quiet = quiet_round(game, {
        0: "1PB 1FC 2CA 1AF 2FV 3DE 1TR 2AR 1IN 1MT",
        1: "2FC 3CA 2SL 3AF 1DE 2PM 2MN 3TR 3AR 2IN",
        2: "3FC 1CA 1SD 2SD 3SL 2AF 3FV 3PM 1MN 2TR"}, dealer=0)
    rounds = [festival_round(game, turn) for turn in (1, 2, 0)]
    state = game.new_state(0, deals=[quiet] + [deal for deal, _ in rounds])
    setup_quiet(state)
    quiet_turns(state)
    assert state.scores == [-10, 0, 0] and state.dealer == 0
    for _, setup in rounds:
        setup(state)
        go_out(state)
    assert [r["festival"] for r in state.results] == [None, 1, 2, 0]
    assert state.scores == [9, 19, 19]
    assert state.winners == [2]


def test_a_tie_stands_when_none_of_the_tied_presented_a_festival() -> None:
    # Round 1: nobody goes out; seat 0 keeps two boxes (-20), seat 2 declares 5 + 3 + 3. Round 2
    # is the festival table: seat 0 presents but stays behind seats 1 and 2, who never did.
    game = load_game("daylily", 3, {"rounds": 2, "max_round_turns": 4})
    assert isinstance(game, DaylilyGame)
    quiet, setup_quiet = quiet_round(game, {
        0: "1PB 2PB 1FC 2CA 1AF 2FV 3DE 1TR 2AR 1IN",
        1: "2FC 3CA 2SL 3AF 1DE 2PM 2MN 3TR 3AR 2IN",
        2: "1FV 2DE"},
        declared={2: ["3SL 3PB", "1MT 2MT 3MT", "1SD 2SD 3SD"]}, dealer=2)
    second, setup_second = festival_round(game)
    state = game.new_state(0, deals=[quiet, second])
    setup_quiet(state)
    quiet_turns(state)
    assert state.scores == [-20, 0, 11] and state.dealer == 2
    setup_second(state)
    go_out(state)
    assert state.scores == [2, 4, 4] and state.winners == [1, 2]


def random_match(players: int, options: dict[str, Any], seed: int) -> DaylilyState:
    state = new_state(players, options, seed)
    rng = random.Random(seed)
    while not state.is_over:
        seat = state.actors[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("rounds", [1, 2, 3])
def test_the_rounds_option_plays_exactly_that_many_rounds_whatever_the_scores(
    players: int, rounds: int
) -> None:
    for seed in range(3):
        state = random_match(players, {"rounds": rounds, "target": 1}, seed)
        assert len(state.results) == rounds == state.round_no
        assert state.scores == state.results[-1]["totals"]
        assert state.winners


def test_the_rounds_option_ignores_the_target() -> None:
    state = two_player_festival(target=20, rounds=2)
    play(state, "draw stock", "meld 1SL 1PB", "discard 1GP")
    assert state.scores == [23, 0] and not state.is_over and state.round_no == 2


def test_max_rounds_ends_a_match_that_never_reaches_the_target() -> None:
    state = random_match(3, {"max_rounds": 2, "target": 1000}, 1)
    assert len(state.results) == 2 and state.winners


# ---- refusals leave the table untouched ----------------------------------------------------------

def at_nine() -> DaylilyState:
    state = rig(2, {0: "1GP", 1: TWO_HANDS[1]},
                declared={0: ["1MT 2MT 3MT", "1SD 2SD 3SD", "1PM 2PM 3PM"]}, stock_top="2IN")
    play(state, "draw stock")
    return state


def drawn() -> DaylilyState:
    state = rig(2, TWO_HANDS, stock_top="3CA")
    play(state, "draw stock")
    return state


def over() -> DaylilyState:
    state = two_player_festival(target=1)
    play(state, "draw stock", "meld 1SL 1PB", "discard 1GP")
    return state


REFUSALS: list[tuple[str, Any, int, Action, str]] = [
    ("not your turn", lambda: rig(2, TWO_HANDS), 1, DRAW_STOCK, "not seat 1's move"),
    ("no such seat", lambda: rig(2, TWO_HANDS), 7, DRAW_STOCK, "no seat 7"),
    ("meld before drawing", lambda: rig(2, TWO_HANDS), 0, meld("1MT 2MT 3MT"), "draw a card"),
    ("discard before drawing", lambda: rig(2, TWO_HANDS), 0, DISCARDS[c("1CA")], "draw a card"),
    ("draw twice", drawn, 0, DRAW_STOCK, "already drawn"),
    ("draw the discard after the stock", drawn, 0, DRAW_DISCARD, "already drawn"),
    ("meld cards not held", drawn, 0, meld("1FC 2FC 3FC"), "do not hold 1FC 2FC 3FC"),
    ("meld one held, one not", drawn, 0, meld("1MT 2MT 3MT 1SL"), "do not hold 1SL$"),
    ("invalid meld", drawn, 0, meld("1MT 1IN"), "share no attribute"),
    ("invalid trio", drawn, 0, meld("1MT 2MT 3CA 1SD"), "purple trio"),
    ("single card", drawn, 0, meld("1MT"), "2, 3 or 4 cards"),
    ("empty meld", drawn, 0, Declare(0), "not a meld"),
    ("eleventh melded card", at_nine, 0, meld("2IN 1GP"), "exactly 10"),
    ("discard not held", drawn, 0, DISCARDS[c("1FC")], "do not hold 1FC"),
    ("after the match", over, 1, DRAW_STOCK, "match is over"),
]


@pytest.mark.parametrize(
    ("make", "seat", "action", "reason"),
    [r[1:] for r in REFUSALS],
    ids=[r[0] for r in REFUSALS],
)
def test_an_illegal_action_is_refused_with_a_reason_and_changes_nothing(
    make: Any, seat: int, action: Action, reason: str
) -> None:
    state: DaylilyState = make()
    before = snapshot(state)
    history = list(state.history)
    assert action not in (state.legal_actions(seat) if 0 <= seat < 2 else [])
    with pytest.raises(IllegalAction, match=reason):
        state.apply(seat, action)
    assert snapshot(state) == before and state.history == history
    assert state.invariant_violations() == []


def test_every_legal_action_on_a_rigged_table_is_accepted_and_no_other_meld_is() -> None:
    state = festival_table()
    play(state, "draw stock")
    legal = state.legal_actions(0)
    for meld_ in MELDS:
        action = Declare(meld_.mask)
        assert (state.refusal(0, action) is None) == (action in legal)
    for x in range(45):
        assert (state.refusal(0, DISCARDS[x]) is None) == (DISCARDS[x] in legal)


# ---- options -------------------------------------------------------------------------------------

def test_option_defaults() -> None:
    assert DaylilyGame(3).options == {
        "target": 100,
        "rounds": None,
        "no_return_discard": False,
        "max_stock_rebuilds": 3,
        "max_round_turns": 300,
        "max_rounds": 200,
    }


@pytest.mark.parametrize(
    ("players", "options", "message"),
    [
        (3, {"bogus": 1}, "unknown option 'bogus'"),
        (3, {"Target": 50}, "unknown option 'Target'"),
        (3, {"target": "100"}, "target must be a whole number"),
        (3, {"target": 0}, "target must be at least 1"),
        (3, {"target": True}, "target must be a whole number"),
        (3, {"rounds": 0}, "rounds must be at least 1"),
        (3, {"no_return_discard": "yes"}, "no_return_discard must be true or false"),
        (3, {"max_stock_rebuilds": -1}, "max_stock_rebuilds must be at least 0"),
        (3, {"max_round_turns": 0}, "max_round_turns must be at least 1"),
        (3, {"rounds": 201}, "rounds cannot exceed max_rounds"),
        (2, {"rounds": 5, "max_rounds": 4}, "rounds cannot exceed max_rounds"),
        (4, {}, "2, 3 players, not 4"),
        (1, {}, "not 1"),
    ],
)
def test_bad_options_are_refused_with_a_clear_message(
    players: int, options: dict[str, Any], message: str
) -> None:
    with pytest.raises(OptionError, match=message):
        load_game("daylily", players, options)


def test_options_typed_as_text() -> None:
    specs = DaylilyGame.option_specs
    assert parse_option_assignments(
        specs, ["target=50", "rounds=none", "no_return_discard=yes", "max-stock-rebuilds=0"]
    ) == {"target": 50, "rounds": None, "no_return_discard": True, "max_stock_rebuilds": 0}
    for bad, message in [("target=abc", "whole number"), ("rounds", "name=value"),
                         ("colour=red", "unknown option"), ("no_return_discard=maybe", "true")]:
        with pytest.raises(OptionError, match=message):
            parse_option_assignments(specs, [bad])


def test_a_seed_must_be_a_whole_number() -> None:
    game = load_game("daylily", 2)
    with pytest.raises(OptionError, match="seed"):
        game.new_state("7")  # type: ignore[arg-type]


# ---- notation ------------------------------------------------------------------------------------

def test_every_action_round_trips_through_its_notation() -> None:
    game = load_game("daylily", 3)
    actions: list[Action] = [DRAW_STOCK, DRAW_DISCARD, *DISCARDS]
    actions += [Declare(meld_.mask) for meld_ in MELDS]
    for action in actions:
        text = str(action)
        assert game.parse_action(text) == action
        assert str(game.parse_action(text)) == text


def test_cards_read_by_code_or_by_name() -> None:
    for x in range(45):
        assert parse_card(code(x)) == x == parse_card(name(x))
        assert parse_card(name(x).upper().replace(" ", "")) == x
    assert card("Ming Toy", 2) == parse_card("2MT") == parse_card("2 ming toy")
    assert parse_card("3 Flycatcher") == card("Fly Catcher", 3)
    assert parse_card("1 stella doro") == card("Stella d'Oro", 1)
    assert parse_card("2 Pandora's Box") == card("Pandora's Box", 2)


def test_long_forms_of_the_notation() -> None:
    game = load_game("daylily", 2)
    assert game.parse_action("meld 1 Ming Toy, 2 Ming Toy, 3 Ming Toy") == meld("1MT 2MT 3MT")
    assert game.parse_action("  Discard 2 Shady Lady ") == Discard(card("Shady Lady", 2))
    assert game.parse_action("DRAW STOCK") == DRAW_STOCK
    assert game.parse_action("draw discard") == DRAW_DISCARD


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty"),
        ("meld", "name the meld"),
        ("discard", "name the card"),
        ("discard 4MT", "1, 2 or 3 blooms"),
        ("discard 2XY", "not a flower"),
        ("meld 1MT 1MT", "named twice"),
        ("draw hand", "stock' or 'discard"),
        ("pass", "unknown command"),
    ],
)
def test_bad_notation_is_explained(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        load_game("daylily", 2).parse_action(text)
