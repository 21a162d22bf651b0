"""Say Rummy's event stream, its recorded deals and stale moves (issue 10).

Tables are set up the way a real table's deal is written down: a record's deal (hands, the
upcard, the stock top first) handed to ``new_state(None, deals=[...])``. Each test plays the
moves a player would type and checks what each seat, and a spectator, is told.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from typing import Any

import pytest

from cardtable import load_game
from cardtable.engine.errors import RecordError, StaleAction
from cardtable.engine.events import cards_named
from cardtable.engine.record import replay
from cardtable.games.sayrummy.game import SayRummyGame
from cardtable.games.sayrummy.state import SayRummyState

NAMES = ["Ann", "Bob", "Cy"]


def table(players: int = 2, **options: Any) -> SayRummyGame:
    """A table on the full word list (the examples lay "doggies" and "scat", which the
    classroom list, the default, leaves out as rare)."""
    game = load_game("say-rummy", players, {"word_list": "full", **options})
    assert isinstance(game, SayRummyGame)
    return game


def written_deal(game: SayRummyGame, hands: list[str], up: str, stock_top: str = "",
                 dealer: int = 1) -> dict[str, Any]:
    """A whole deal as a person writes it: the hands and the upcard, the stock's top cards
    named and the rest of the deck under them (in deck order)."""
    named = [h.split() for h in hands]
    top = stock_top.split()
    rest = Counter(game.deck())
    rest.subtract([*(c for h in named for c in h), up, *top])
    assert all(n >= 0 for n in rest.values()), "a card named more often than the deck holds it"
    stock = top + [c for c in dict.fromkeys(game.deck()) for _ in range(rest[c])]
    return {"dealer": dealer, "hands": named, "stock": stock, "up": [up]}


def play(state: SayRummyState, *moves: str) -> None:
    for text in moves:
        state.apply(state.actors[0], state.game.parse_action(text))


def kinds(state: SayRummyState, viewer: int | None) -> list[str]:
    return [e["kind"] for e in state.events(viewer)]


def last(state: SayRummyState, kind: str, viewer: int | None) -> dict[str, Any]:
    return [e for e in state.events(viewer) if e["kind"] == kind][-1]


def fingerprint(state: SayRummyState) -> str:
    return json.dumps([state.record(), state.view(None), state.events(None),
                       [state.view(s) for s in range(state.game.players)],
                       [state.events(s) for s in range(state.game.players)]],
                      sort_keys=True, ensure_ascii=False)


# ---- one game, every kind of play ---------------------------------------------------------------
#   Ann (seat 0) draws /m/, lays "cat" with a wild card as /æ/ and discards /m/;
#   Bob takes /m/ from the discard pile, makes "cat" into "cats", discards /p/;
#   Ann draws /z/ and lays "doggies", emptying her hand: she went out and the match is over.

def cat_and_doggies() -> SayRummyState:
    game = table(games=1)
    deal = written_deal(game, ["k * t d ɔ g i", "s p b f v n l"], up="ʃ", stock_top="m z")
    state = game.new_state(None, deals=[deal])
    play(state, "draw stock", "word k *æ t", "discard m")
    play(state, "draw discard", "extend 0 k *æ t s", "discard p")
    play(state, "draw stock", "word d ɔ g i z")
    return state


def test_the_deal_tells_each_seat_its_own_hand_only() -> None:
    state = cat_and_doggies()
    dealt = state.events(None)[0]
    assert dealt["kind"] == "dealt" and dealt["dealer"] == 1 and dealt["round"] == 1
    assert dealt["up"] == ["ʃ"] and dealt["hand_sizes"] == [7, 7]
    assert dealt["stock"] == 84 - 15
    ann, bob = "* d g i k t ɔ", "b f l n p s v"
    hidden = "- - - - - - -"
    for viewer, ann_sees, bob_sees in [(0, ann, hidden), (1, hidden, bob),
                                       (None, hidden, hidden)]:
        hands = [e for e in state.events(viewer) if e["kind"] == "dealt_hand"]
        assert [h["seat"] for h in hands] == [0, 1]
        shown = [" ".join(sorted(c or "-" for c in h["cards"])) for h in hands]
        assert shown == [ann_sees, bob_sees]


def test_a_stock_draw_is_the_drawers_and_a_discard_draw_everyones() -> None:
    state = cat_and_doggies()
    assert [e["card"] for e in state.events(0) if e["kind"] == "drew_stock"] == ["m", "z"]
    for viewer in (1, None):
        assert [e["card"] for e in state.events(viewer) if e["kind"] == "drew_stock"] == [
            None, None]
    for viewer in (0, 1, None):
        took = last(state, "drew_discard", viewer)
        assert took["seat"] == 1 and took["card"] == "m"
        assert [(e["seat"], e["card"]) for e in state.events(viewer)
                if e["kind"] == "discarded"] == [(0, "m"), (1, "p")]


def test_a_word_laid_names_its_cards_the_wild_cards_sound_and_the_english_word() -> None:
    state = cat_and_doggies()
    for viewer in (0, 1, None):
        laid = [e for e in state.events(viewer) if e["kind"] == "word_laid"]
        cat, doggies = laid
        assert cat["seat"] == 0 and cat["index"] == 0
        assert cat["cards"] == ["k", "*", "t"] and cat["tokens"] == ["k", "*æ", "t"]
        assert cat["sounds"] == "/k æ t/" and "cat" in cat["words"]
        assert doggies["index"] == 1 and doggies["words"] == ["doggies"]
        assert doggies["cards"] == ["d", "ɔ", "g", "i", "z"]


def test_an_extension_says_which_word_where_the_cards_went_and_the_new_word() -> None:
    state = cat_and_doggies()
    for viewer in (0, 1, None):
        grown = last(state, "word_extended", viewer)
        assert grown["seat"] == 1 and grown["index"] == 0  # Bob grew Ann's word
        assert grown["added"] == ["s"] and grown["at"] == [3]
        assert grown["cards"] == ["k", "*", "t", "s"] and grown["tokens"] == ["k", "*æ", "t", "s"]
        assert grown["sounds"] == "/k æ t s/" and grown["words"] == ["cats"]
        assert grown["was_sounds"] == "/k æ t/" and "cat" in grown["was_words"]


def test_going_out_ends_the_game_and_the_match_with_the_score_sheet() -> None:
    state = cat_and_doggies()
    assert state.is_over
    assert kinds(state, None)[-3:] == ["went_out", "round_scored", "match_over"]
    out = last(state, "went_out", None)
    assert out["seat"] == 0 and out["how"] == "laid"
    scored = last(state, "round_scored", 1)
    assert scored["round"] == 1 and scored["result"] == state.public_info()["results"][0]
    assert scored["result"]["winners"] == [0] and scored["result"]["points"] == [0, 6]
    over = last(state, "match_over", None)
    assert over["scores"] == [0, 6] and over["winners"] == [0]


def test_the_log_reads_as_a_player_would_say_it() -> None:
    state = cat_and_doggies()
    game = state.game
    lines = [game.describe_event(e, NAMES) for e in state.events(1)]
    assert lines[0] == "Game 1 is dealt by Bob; /ʃ/ starts the discard pile."
    assert "Ann drew a card from the stock." in lines
    assert "Bob took /m/ from the discard pile." in lines
    assert "Ann discarded /m/." in lines
    assert any(line.startswith("Ann laid word 1, /k æ t/ “cat”") and
               line.endswith(", with a wild card as /æ/.") for line in lines)
    assert any(line.startswith("Bob made word 1, /k æ t/ “cat”") and
               line.endswith(", into /k æ t s/ “cats” by adding /s/ at the end.")
               for line in lines)
    assert "Ann went out by laying the last cards in a word." in lines
    assert any(line.startswith("Game 1 scored (Ann won): penalty points Ann 0, Bob 6")
               for line in lines)
    assert lines[-1].startswith("The match is over: Ann won")
    own = [game.describe_event(e, NAMES) for e in state.events(0)]
    assert "Ann drew /m/ from the stock." in own


def two_turns(ann: str, bob: str, ann_play: str, bob_play: str) -> SayRummyState:
    """Ann and Bob each draw a /l/ from the stock, make one play and throw the /l/ back."""
    game = table(games=1)
    state = game.new_state(None, deals=[written_deal(game, [ann, bob], up="ʃ", stock_top="l l")])
    play(state, "draw stock", ann_play, "discard l")
    play(state, "draw stock", bob_play, "discard l")
    return state


def test_cards_added_in_front_or_inside_are_placed_in_the_log() -> None:
    front = two_turns("k æ t d ɔ g m", "s i n p b f v", "word k æ t", "extend 0 s k æ t")
    grown = last(front, "word_extended", None)
    assert grown["at"] == [0] and grown["added"] == ["s"] and grown["words"] == ["scat"]
    assert front.game.describe_event(grown, NAMES).endswith("by adding /s/ in front.")
    inside = two_turns("k æ t d ɔ g m", "* i n p b f v", "word k æ t", "extend 0 k æ *s t")
    grown = last(inside, "word_extended", 0)
    assert grown["at"] == [2] and grown["added"] == ["*"] and grown["tokens"][2] == "*s"
    assert "cast" in grown["words"]
    assert inside.game.describe_event(grown, NAMES).endswith(
        "by adding a wild card as /s/ inside.")


def test_going_out_by_discarding_the_last_card() -> None:
    game = table(games=1)
    deal = written_deal(game, ["b ɛ d k æ t s", "m i ŋ p b f v"], up="ʃ", stock_top="l m l")
    state = game.new_state(None, deals=[deal])
    play(state, "draw stock", "word b ɛ d", "discard l")
    play(state, "draw stock", "discard m")
    play(state, "draw stock", "word k æ t s")
    assert not state.is_over and state.zones()[0].cards == ("l",)
    play(state, "discard l")
    assert state.is_over
    assert kinds(state, 1)[-4:] == ["discarded", "went_out", "round_scored", "match_over"]
    out = last(state, "went_out", 1)
    assert out["seat"] == 0 and out["how"] == "discarded"
    assert game.describe_event(out, NAMES) == "Ann went out by discarding the last card."


# ---- the stock --------------------------------------------------------------------------------

def stock_game(rebuild: list[str] | None = None) -> tuple[SayRummyState, dict[str, Any]]:
    """A 40-card deck (one of each sound, no wilds), two players who always draw the stock and
    throw back what they drew, until the stock has run out twice."""
    game = table(copies=1, wilds=0, games=1)
    deck = game.deck()
    deal: dict[str, Any] = {"dealer": 1, "hands": [deck[:7], deck[7:14]], "up": [deck[14]],
                            "stock": deck[15:]}
    if rebuild is not None:
        deal["rebuilds"] = [rebuild]
    state = game.new_state(None, deals=[deal])
    while not state.is_over:
        seat = state.actors[0]
        play(state, "draw stock")
        drawn = [e for e in state.events(seat) if e["kind"] == "drew_stock"][-1]["card"]
        play(state, f"discard {drawn}")
    return state, deal


def test_the_stock_is_rebuilt_from_the_pile_under_its_top_card() -> None:
    state, deal = stock_game()
    for viewer in (0, 1, None):
        rebuilt = last(state, "stock_rebuilt", viewer)
        # 25 stock cards: the 25th draw empties it with the upcard and 24 discards on the pile
        assert rebuilt["seat"] is None and rebuilt["cards"] == 24
        assert rebuilt["kept"] == [deal["stock"][23]]  # the 24th card drawn was thrown on top
    assert len(state.deals[0]["rebuilds"]) == 1
    assert sorted(state.deals[0]["rebuilds"][0]) == sorted([deal["up"][0], *deal["stock"][:23]])


def test_a_recorded_rebuild_sets_the_new_stocks_order() -> None:
    deck = table(copies=1, wilds=0).deck()
    order = sorted([deck[14], *deck[15:38]], reverse=True)  # upcard and 23 first draws
    state, _deal = stock_game(rebuild=order)
    own = sorted((e for s in (0, 1) for e in state.events(s)
                  if e["kind"] == "drew_stock" and e["seat"] == s), key=lambda e: e["version"])
    assert len(own) == 25 + 24
    assert [e["card"] for e in own[25:]] == order  # the new stock, drawn from its top
    assert state.deals[0]["rebuilds"] == [order]
    assert all(e["card"] is None for e in state.events(None) if e["kind"] == "drew_stock")


def test_the_second_time_the_stock_runs_out_ends_the_game() -> None:
    state, _deal = stock_game()
    assert state.is_over
    assert kinds(state, None)[-6:] == ["drew_stock", "stock_exhausted", "discarded",
                                       "game_ended", "round_scored", "match_over"]
    exhausted = last(state, "stock_exhausted", 1)
    assert exhausted["times"] == 2 and exhausted["seat"] is None
    ended = last(state, "game_ended", None)
    assert ended["reason"] == "stock" and ended["cards_left"] == [7, 7]
    assert ended["winners"] == [0, 1]  # the fewest cards in hand: a tie shares the game
    assert last(state, "round_scored", None)["result"]["winners"] == [0, 1]
    game = state.game
    assert game.describe_event(exhausted, NAMES) == (
        "The stock ran out a second time: the game ends after this turn.")
    assert game.describe_event(ended, NAMES) == (
        "Game 1 is over: the stock ran out a second time. Fewest cards in hand (7 cards): "
        "Ann and Bob.")
    rebuilt = last(state, "stock_rebuilt", None)
    assert game.describe_event(rebuilt, NAMES).startswith(
        "The stock ran out: the 24 cards under the top discard were shuffled into a new stock")


# ---- records ------------------------------------------------------------------------------------

def random_match(seed: int, players: int = 3, **options: Any) -> SayRummyState:
    game = table(players, **options)
    state = game.new_state(seed)
    rng = random.Random(seed)
    while not state.is_over:
        seat = state.actors[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])
    return state


def test_a_record_replays_from_its_deals_alone() -> None:
    state = random_match(7, copies=1, wilds=2, games=2)
    record = json.loads(json.dumps(state.record(), ensure_ascii=False))
    assert record["format"] == "cardtable-record/2" and len(record["deals"]) == 2
    del record["seed"]
    again = replay(record)
    assert (again.scores, again.winners) == (state.scores, state.winners)
    for viewer in (None, *range(3)):
        assert again.events(viewer) == state.events(viewer)
    assert again.deals == state.deals


def test_a_record_with_a_rebuilt_stock_replays_without_its_seed() -> None:
    """The new stock's order comes from the record: without the seed, the generator would
    shuffle the pile another way."""
    state = table(copies=1, wilds=0, games=1).new_state(2024)
    while not state.is_over:
        seat = state.actors[0]
        play(state, "draw stock")
        play(state, f"discard {last(state, 'drew_stock', seat)['card']}")
    assert len(state.deals[0]["rebuilds"]) == 1
    record = json.loads(json.dumps(state.record(), ensure_ascii=False))
    del record["seed"]
    again = replay(record)
    for viewer in (None, 0, 1):
        assert again.events(viewer) == state.events(viewer)
    assert again.record() == {k: v for k, v in state.record().items() if k != "seed"}


def test_written_cards_may_use_the_cmu_names_and_wild() -> None:
    game = table(games=1)
    deal = written_deal(game, ["k * t d ɔ g i", "s p b f v n l"], up="ʃ", stock_top="m z")
    deal["hands"][0] = ["K", "wild", "T", "D", "AO", "G", "IY"]
    state = game.new_state(None, deals=[deal])
    assert state.deals[0]["hands"][0] == ["k", "*", "t", "d", "ɔ", "g", "i"]
    assert sorted(state.zones()[0].cards) == sorted(["k", "*", "t", "d", "ɔ", "g", "i"])


def impossible(deal: dict[str, Any], game: SayRummyGame | None = None) -> str:
    with pytest.raises(RecordError) as exc:
        (game or table()).new_state(None, deals=[deal])
    return str(exc.value)


def test_impossible_deals_are_refused_with_the_problem_named() -> None:
    game = table()
    good = written_deal(game, ["k * t d ɔ g i", "s p b f v n l"], up="ʃ")
    twice = json.loads(json.dumps(good))
    twice["stock"][twice["stock"].index("s")] = "k"  # a third /k/, and one /s/ fewer
    assert "k appears 3 times, but the deck holds it 2 times" in impossible(twice)
    short = json.loads(json.dumps(good))
    short["stock"].pop()
    assert "deal 1: the stock has 68 cards, but this deal leaves 69" in impossible(short)
    big = json.loads(json.dumps(good))
    big["hands"][0].append(big["stock"].pop())
    assert "deal 1: seat 0 is dealt 8 cards, but this deal gives 7" in impossible(big)
    nonsense = json.loads(json.dumps(good))
    nonsense["up"] = ["x"]
    assert "'x' is not a card of Say Rummy" in impossible(nonsense)
    seats = json.loads(json.dumps(good))
    seats["hands"].append([])
    assert "deal 1 has 3 hands; this table has 2 seats" in impossible(seats)
    dealer = json.loads(json.dumps(good))
    dealer["dealer"] = 5
    assert "deal 1 names dealer 5, which is no seat of this table" in impossible(dealer)


def test_a_rebuild_missing_a_card_is_refused() -> None:
    game = table(copies=1, wilds=0)
    deck = game.deck()
    order = [deck[14], *deck[15:37]]  # one of the 23 discards left out
    missing = rf"deal 1, rebuilds 1: {re.escape(deck[37])} is missing"
    with pytest.raises(RecordError, match=missing):
        stock_game(rebuild=order)


def test_a_later_deal_is_checked_when_its_game_begins() -> None:
    game = table(games=2)
    first = written_deal(game, ["k * t d ɔ g i", "s p b f v n l"], up="ʃ", stock_top="m z")
    second = written_deal(game, ["m æ p b ɛ d n", "k æ t s p f v"], up="ʃ", dealer=1)
    state = game.new_state(None, deals=[first, second])
    play(state, "draw stock", "word k *æ t", "discard m")
    play(state, "draw discard", "extend 0 k *æ t s", "discard p")
    with pytest.raises(RecordError, match="deal 2 names seat 1 as dealer, but by the rules "
                                          "seat 0 deals it"):
        play(state, "draw stock", "word d ɔ g i z")
    second["dealer"] = 0
    state = game.new_state(None, deals=[first, second])
    play(state, "draw stock", "word k *æ t", "discard m")
    play(state, "draw discard", "extend 0 k *æ t s", "discard p")
    play(state, "draw stock", "word d ɔ g i z")
    assert state.public_info()["game"] == 2 and state.current == 1
    assert sorted(state.zones()[0].cards) == sorted(["m", "æ", "p", "b", "ɛ", "d", "n"])


# ---- what a seat is handed ----------------------------------------------------------------------

def test_an_observation_depends_only_on_what_the_seat_knows() -> None:
    game = table()
    one = written_deal(game, ["k * t d ɔ g i", "s p b f v n l"], up="ʃ", stock_top="m z")
    other = json.loads(json.dumps(one))
    other["hands"][1] = ["s", "p", "b", "f", "v", "n", "ŋ"]  # Bob's /l/ is deep in the stock
    other["stock"][other["stock"].index("ŋ")] = "l"
    a, b = game.new_state(None, deals=[one]), game.new_state(None, deals=[other])
    for state in (a, b):
        play(state, "draw stock", "word k *æ t", "discard m", "draw discard")
    seen_a, seen_b = a.observe(0), b.observe(0)
    assert seen_a.view() == seen_b.view() and seen_a.events() == seen_b.events()
    assert [(z.name, z.cards) for z in seen_a._state.zones()] == [
        (z.name, z.cards) for z in seen_b._state.zones()]
    assert seen_a._state.seed is None and seen_a._state.deals[0]["hands"][1] == [None] * 7
    assert all(c is None for c in seen_a._state.deals[0]["stock"])
    assert cards_named(seen_a.events()[2]["cards"]) == []  # Bob's dealt hand: 7 blanks
    sample = seen_a.sample(random.Random(3))
    bob = sample.zones()[1].cards
    assert len(bob) == 8 and "m" in bob  # everyone saw Bob take the /m/
    assert sample.seed is None and sample.events(0) == a.events(0)


# ---- stale moves --------------------------------------------------------------------------------

def test_a_stale_move_is_refused_and_changes_nothing() -> None:
    game = table(games=1)
    deal = written_deal(game, ["k * t d ɔ g i", "s p b f v n l"], up="ʃ", stock_top="m z")
    state = game.new_state(None, deals=[deal])
    play(state, "draw stock")
    before = fingerprint(state)
    with pytest.raises(StaleAction, match="version 0"):
        state.apply(0, game.parse_action("word k *æ t"), version=0)
    assert fingerprint(state) == before
    state.apply(0, game.parse_action("word k *æ t"), version=1)
    assert state.version == 2 and last(state, "word_laid", None)["version"] == 2


def test_the_house_rules_turn_limit_ends_a_game_like_the_stock() -> None:
    game = table(games=1, max_turns=2)
    deal = written_deal(game, ["k * t d ɔ g i", "s p b f v n l"], up="ʃ", stock_top="m z")
    state = game.new_state(None, deals=[deal])
    play(state, "draw stock", "word k *æ t", "discard m", "draw stock", "discard z")
    ended = last(state, "game_ended", 1)
    assert ended["reason"] == "turns" and ended["turns"] == 2
    assert ended["cards_left"] == [4, 7] and ended["winners"] == [0]
    assert game.describe_event(ended, NAMES) == (
        "Game 1 is over: 2 turns were played (house rule). Fewest cards in hand (4 cards): Ann.")
    assert kinds(state, None)[-3:] == ["game_ended", "round_scored", "match_over"]
