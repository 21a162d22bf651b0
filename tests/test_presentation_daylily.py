"""What a person reads of a Daylily table: the game's presentation (issue 42, item 2).

The front ends draw cards, moves, prompts, legends and results from
:class:`cardtable.games.daylily.presentation.DaylilyPresentation` and know no flower. These
tests read what a player would: the words on each button and prompt, the legend under the
options in force, a round's result, every card's face; and over seeded games that every legal
move is described, with the cards it uses found in the seat's hand. Tables are dealt the public
way (``new_state(None, deals=[...])``) and played by moves in the notation.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from typing import Any

import pytest

from cardtable import load_game
from cardtable.engine.game import Game, State
from cardtable.engine.kit import presentation_for
from cardtable.engine.presentation import Board, Move, Presentation
from cardtable.games.daylily.events import describe

NAMES = ["Ann", "Bob", "Cy"]
CODE = re.compile(r"\b[1-3][A-Z]{2}\b")  # "2MT": notation, never shown to a reader
SHORTCUTS = {"s": "draw stock", "d": "draw discard", "m": "meld", "x": "discard"}


def daylily(players: int = 2, **options: Any) -> Game:
    return load_game("daylily", players, options)


def dealt(game: Game, hands: list[str], up: str, stock_top: str = "", dealer: int = 1
          ) -> State:
    """A table dealt as a person writes the deal down: the hands, the upcard and the stock's
    next cards; the rest of the deck goes under them in deck order."""
    named = [h.split() for h in hands]
    top = stock_top.split()
    used = {c for h in named for c in h} | {up, *top}
    stock = top + [c for c in game.deck() if c not in used]
    return game.new_state(None, deals=[{"dealer": dealer, "hands": named, "stock": stock,
                                        "up": [up]}])


def play(state: State, *moves: str) -> None:
    for text in moves:
        state.apply(state.actors[0], state.game.parse_action(text))


def told(state: State, seat: int | None, names: list[str] | None = None
         ) -> tuple[Presentation, list[Move], Board]:
    """What ``seat`` is shown: its moves described and the board, names as it reads them."""
    game = state.game
    shown = names or ["You" if s == seat else NAMES[s] for s in range(game.players)]
    pres = presentation_for(game)
    view = state.view(seat)
    legal = state.legal_actions(seat) if seat is not None and seat in state.actors else []
    moves = pres.moves(view, legal, shown)
    return pres, moves, pres.board(view, moves, shown)


def labels(moves: list[Move]) -> dict[str, str]:
    return {m["move"]: m["label"] for m in moves}


# Ann (seat 0) holds three scoring trios, a spider pair and a double-bloom pair: she can go out.
ANN = "1MT 2MT 3MT 1SD 2SD 3SD 1FC 1FV 1DE 2IN"
BOB = "2FC 3FC 2FV 3FV 2DE 3DE 2CA 1PB 3PM 1AR"


def ready_table(**options: Any) -> State:
    return dealt(daylily(2, **options), [ANN, BOB], up="2PB", stock_top="3CA 1GP 2GP")


# ---- the cards --------------------------------------------------------------------------------

def test_every_card_shows_its_blooms_flower_and_family() -> None:
    game = daylily()
    faces = presentation_for(game).faces()
    assert set(faces) == set(game.deck()) and len(faces) == 45
    for card, face in faces.items():
        blooms = int(card[0])
        # the name sentences use is the log's ("2 Ming Toy")
        assert face["name"] == describe({"kind": "discarded", "seat": 0, "card": card},
                                        ["Ann"]).removeprefix("Ann discarded ").rstrip(".")
        assert face["corner"] == str(blooms) and face["mark"] == "✿" * blooms
        assert face["data"]["flower"] in face["lines"][1]["text"]
        assert face["group"] == face["data"]["family"]
        assert face["tone"] == face["group"].lower()
        assert face["label"].startswith(face["name"])
    ming = faces["2MT"]
    assert ming["name"] == "2 Ming Toy" and ming["group"] == "Red" and ming["badges"] == []
    assert "early bloomer (pairs with Stella d'Oro)" in ming["label"]
    infinity = faces["3IN"]["label"]
    assert "double bloom (pairs with Dublin Elaine)" in infinity
    assert "orange (pairs with Goebel Porter)" in infinity


def test_only_shady_lady_and_pandoras_box_wear_the_accent_and_the_box_its_worth() -> None:
    faces = presentation_for(daylily()).faces()
    accents = {c for c, f in faces.items() if any(b["text"] == "accent" for b in f["badges"])}
    assert accents == {"1SL", "2SL", "3SL", "1PB", "2PB", "3PB"}
    for blooms in "123":
        box = faces[f"{blooms}PB"]
        assert [b["text"] for b in box["badges"]] == ["accent", "+3 / −10"]
        assert "earns 3 more in any declared meld and costs 10" in box["badges"][1]["title"]
        assert box["tone"] == "pandora" and box["data"]["pandora"]


# ---- moves and prompts, turn by turn -----------------------------------------------------------

def test_the_draw_says_what_lies_on_the_discard_pile() -> None:
    state = ready_table()
    _, moves, board = told(state, 0)
    assert board["prompt"] == "Draw: take the stock or the discard (2 Pandora's Box)."
    assert moves == [
        {"move": "draw stock", "kind": "draw", "cards": [], "target": "stock",
         "label": "Draw from the stock", "key": "s", "ordered": False, "group": "Draws"},
        {"move": "draw discard", "kind": "take", "cards": [], "target": "discard",
         "label": "Take 2 Pandora's Box from the discard pile", "key": "d", "ordered": False,
         "group": "Draws"},
    ]
    # Bob waits; the upcard is nobody's discard.
    _, none, bobs = told(state, 1)
    assert none == []
    assert bobs["prompt"] == "Waiting for Ann to draw from the stock or take the discard."
    _, _, watching = told(state, None, NAMES[:2])
    assert watching["prompt"] == bobs["prompt"] and watching["hand"] is None


def test_melds_are_described_by_kind_and_worth_and_discards_by_flower() -> None:
    state = ready_table()
    play(state, "draw stock")
    _, moves, board = told(state, 0)
    assert board["prompt"] == "Declare melds, then discard one card."
    said = labels(moves)
    assert said["meld 1MT 2MT 3MT"] == (
        "Declare 1 Ming Toy + 2 Ming Toy + 3 Ming Toy: trio run, 3 points")
    assert said["meld 1FC 1FV"] == "Declare 1 Fly Catcher + 1 Flamboyant Vamp: pair, 2 points"
    assert said["meld 1DE 2IN"] == (
        "Declare 1 Dublin Elaine + 2 Infinity: pair, safe (no points)")
    assert said["discard 3CA"] == "Discard 3 Carlotta"
    meld = next(m for m in moves if m["move"] == "meld 1MT 2MT 3MT")
    assert meld["kind"] == "meld" and meld["cards"] == ["1MT", "2MT", "3MT"]
    assert meld["key"] == "m 1MT 2MT 3MT" and meld["group"] == "Melds"
    assert meld["note"] == "trio run, 3 points" and meld["rank"] == 3
    assert next(m for m in moves if m["move"] == "meld 1DE 2IN")["rank"] == 0
    assert all(not CODE.search(m["label"]) for m in moves)


def test_a_pandoras_box_meld_says_its_bonus_and_a_quad_its_accent() -> None:
    game = daylily()
    state = dealt(game, ["1PB 1SL 1MN 1TR 1AR 2MT 3MT 1SD 2SD 3SD",
                         "2FC 3FC 2FV 3FV 2DE 3DE 2CA 3PB 3PM 1GP"], up="2GP", stock_top="3CA")
    play(state, "draw stock")
    said = labels(told(state, 0)[1])
    assert said["meld 1SL 1PB"] == (
        "Declare 1 Shady Lady + 1 Pandora's Box: pair, 5 points (Pandora's Box +3)")
    assert said["meld 1MN 1TR 1AR 1SL"] == (
        "Declare 1 Manhattan Night + 1 Trahlyta + 1 Allenhurst Royalty + 1 Shady Lady: quad, "
        "4 points")
    assert said["meld 1MN 1TR 1AR 1PB"] == (
        "Declare 1 Manhattan Night + 1 Trahlyta + 1 Allenhurst Royalty + 1 Pandora's Box: "
        "quad, 7 points (Pandora's Box +3)")


def test_the_others_see_who_is_deciding_on_their_discard() -> None:
    state = ready_table()
    play(state, "draw stock", "discard 3CA")
    _, _, anns = told(state, 0)
    assert anns["prompt"] == (
        "Waiting for Bob: Bob is deciding whether to take your discard (3 Carlotta).")
    _, _, watching = told(state, None, NAMES[:2])
    assert watching["prompt"] == "Waiting for Bob to draw from the stock or take the discard."
    play(state, "draw discard")
    _, _, anns = told(state, 0)
    assert anns["prompt"] == "Waiting for Bob to declare melds, then discard."
    bob = anns["seats"][1]
    assert bob["cards"] == 11 and "seen taking 3 Carlotta" in bob["lines"]


def test_the_no_return_house_rule_is_said_where_it_bites() -> None:
    for rule in (False, True):
        state = ready_table(no_return_discard=rule)
        _, _, board = told(state, 0)
        house = [line for line in board["legend"] if line.startswith("House rule")]
        assert house == (["House rule: the card taken from the discard pile cannot be "
                          "discarded again in the same turn."] if rule else [])
        play(state, "draw discard")
        _, moves, board = told(state, 0)
        assert ("discard 2PB" in labels(moves)) is not rule
        if rule:
            assert board["prompt"] == (
                "Declare melds, then discard one card (not 2 Pandora's Box: the card just "
                "taken from the discard pile cannot go back this turn).")
        else:
            assert board["prompt"] == "Declare melds, then discard one card."


def test_going_out_is_announced_on_the_last_meld_and_the_last_discard() -> None:
    state = ready_table()
    play(state, "draw stock", "meld 1MT 2MT 3MT", "meld 1SD 2SD 3SD", "meld 1FC 1FV")
    _, moves, board = told(state, 0)
    assert labels(moves)["meld 1DE 2IN"].endswith(
        "; then your last card's discard presents the Festival")
    play(state, "meld 1DE 2IN")
    _, moves, board = told(state, 0)
    assert board["prompt"] == "Discard your last card to present the Festival."
    assert labels(moves) == {
        "discard 3CA": "Discard 3 Carlotta: your last card, presenting the Festival"}


def test_a_hint_in_notation_reads_with_flower_names() -> None:
    pres = presentation_for(daylily())
    assert pres.log_text("keeps 1MT 3FC 2CA, waiting for 2IN; meld 1DE 2IN then discard 3SL") == (
        "keeps 1 Ming Toy + 3 Fly Catcher + 2 Carlotta, waiting for 2 Infinity; meld 1 Dublin "
        "Elaine + 2 Infinity then discard 3 Shady Lady")
    assert pres.log_text("Take the discard: 2 routes") == "Take the discard: 2 routes"


# ---- the board -------------------------------------------------------------------------------

def test_the_board_numbers_melds_from_one_and_names_them_by_the_views_zones() -> None:
    state = ready_table()
    play(state, "draw stock", "meld 1MT 2MT 3MT", "meld 1FC 1FV", "discard 3CA")
    _, _, board = told(state, 1)
    assert board["status"] == (
        "Daylily Rummy · round 1, playing to 100 · first to declare 10 cards presents the "
        "Festival")
    assert [p["id"] for p in board["piles"]] == ["stock", "discard"]
    stock, discard = board["piles"]
    assert stock["title"] == "Stock" and not stock["face_up"] and stock["cards"] == []
    assert discard["title"] == "Discard pile" and discard["top"] == "3CA"
    [area] = board["areas"]
    ann, bob = area["groups"]
    assert ann["title"] == "Ann: 5/10 declared, 5 points" and bob["melds"] == []
    assert bob["title"] == "You: 0/10 declared, 0 points" and bob["empty"] == "no melds yet"
    assert [(m["id"], m["title"], m["cards"], m.get("note")) for m in ann["melds"]] == [
        ("meld:0:0", "meld 1", ["1MT", "2MT", "3MT"], "trio run, 3 points"),
        ("meld:0:1", "meld 2", ["1FC", "1FV"], "pair, 2 points"),
    ]
    assert set(state.view(1)["zones"]) >= {m["id"] for m in ann["melds"]}
    assert board["seats"][0]["lines"] == ["5/10 declared", "5 points in melds", "total 0"]
    assert board["seats"][1]["lines"][-1] == "dealer"
    assert board["hand"] == state.view(1)["zones"]["hand:1"]["cards"]
    assert board["hand_title"] == "Your hand (10 cards)"


@pytest.mark.parametrize(("options", "goal", "status"), [
    ({}, "The match ends after the round in which someone reaches 100 points; the highest "
         "total wins.", "round 1, playing to 100"),
    ({"target": 150}, "The match ends after the round in which someone reaches 150 points; "
                      "the highest total wins.", "round 1, playing to 150"),
    ({"rounds": 3}, "The match is 3 rounds; the highest total wins.", "round 1 of 3"),
])
def test_the_legend_and_status_follow_the_options(options: dict[str, Any], goal: str,
                                                  status: str) -> None:
    state = ready_table(**options)
    _, _, board = told(state, 0)
    assert board["legend"][-1] == goal
    assert status in board["status"]
    assert ("Pandora's Box earns 3 more in any declared meld and costs 10 if it is left in "
            "your hand.") in board["legend"]
    assert any("early bloomer: Ming Toy + Stella d'Oro" in line for line in board["legend"])


# ---- a round's result -------------------------------------------------------------------------

def test_a_festival_round_is_summed_up_seat_by_seat() -> None:
    state = ready_table()
    play(state, "draw stock", "meld 1MT 2MT 3MT", "meld 1SD 2SD 3SD", "meld 1FC 1FV",
         "meld 1DE 2IN", "discard 3CA")
    [result] = state.view(0)["table"]["results"]
    pres = presentation_for(state.game)
    worded = pres.result(result, ["You", "Bob"])
    assert worded["title"] == "Round 1: Festival"
    head, ann, bob = worded["lines"]
    assert head == "You presented the Festival."
    received = result["seats"][0]["cards_received"]
    assert ann == (f"You: {result['points'][0]:+d} (melds +8, Festival +10, cards received "
                   f"+{received}); total {result['totals'][0]}")
    assert bob.startswith(f"Bob: {result['points'][1]:+d} (melds +0, ")
    assert f"{received} cards handed to the winner" in bob
    assert "Pandora's Box in hand -10" in bob  # 1PB has no partner in Bob's hand
    assert "melded in hand: " in bob and not CODE.search(bob)
    assert pres.round_word == "round" and pres.totals_title == "Score sheet"


def test_a_round_without_a_festival_says_why() -> None:
    pres = presentation_for(daylily())
    worded = pres.result({"round": 4, "festival": None, "reason": "every player has nine "
                          "melded cards", "points": [5, -10], "totals": [30, 2],
                          "seats": [{"declared": 5, "penalty": 0},
                                    {"declared": 0, "penalty": -10}]}, ["You", "Bob"])
    assert worded == {"title": "Round 4: no Festival", "lines": [
        "No Festival: every player has nine melded cards.",
        "You: +5 (melds +5); total 30",
        "Bob: -10 (melds +0, Pandora's Box in hand -10); total 2"]}


# ---- every move of seeded games ------------------------------------------------------------------

def expand(key: str) -> str:
    """The terminal's shortcut typed: its first letter is the verb."""
    head, _, rest = key.partition(" ")
    return f"{SHORTCUTS[head]} {rest}".strip()


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (2, 7)])
def test_every_legal_move_of_seeded_play_is_described(players: int, seed: int) -> None:
    game = daylily(players, no_return_discard=seed % 2 == 0, rounds=1)
    state = game.new_state(seed)
    rng = random.Random(seed)
    faces = presentation_for(game).faces()
    seen: Counter[str] = Counter()
    while not state.is_over:
        seat = state.actors[0]
        legal = state.legal_actions(seat)
        _, moves, board = told(state, seat)
        hand = Counter(board["hand"] or [])
        assert [m["move"] for m in moves] == [str(a) for a in legal]
        targets = {p["id"] for p in board["piles"]}
        for move in moves:
            seen[move["kind"]] += 1
            assert move["kind"] in ("draw", "take", "meld", "discard")
            assert not Counter(move["cards"]) - hand, move
            assert all(c in faces for c in move["cards"])
            assert move["target"] is None or move["target"] in targets
            assert move["label"] and not CODE.search(move["label"])
            assert move["key"] is not None and expand(move["key"]) == move["move"]
        assert board["prompt"].startswith(("Draw", "Declare", "Discard"))
        for other in range(players):
            if other != seat:
                assert told(state, other)[2]["prompt"].startswith("Waiting for ")
        melds = [m["move"] for m in moves if m["kind"] == "meld"]
        choice = rng.choice(melds) if melds and rng.random() < 0.6 else str(
            legal[rng.randrange(len(legal))])
        state.apply(seat, game.parse_action(choice))
    assert seen["meld"] and seen["take"] and seen["discard"] and seen["draw"]
    assert told(state, 0)[2]["prompt"] == "The match is over."
