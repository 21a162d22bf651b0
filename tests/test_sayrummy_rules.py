"""Say Rummy rule by rule, on tables dealt by hand.

Each test deals a game by hand (the cards that matter in each hand, the stock's next cards, the
card turned up), plays to the position it needs by the moves a player would type through the
public protocol (words laid in earlier turns, a stock drawn down), and checks what the players
would notice: what may be laid, the reason given when not, who wins and what the score sheet
says.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from cardtable import load_game
from cardtable.engine.errors import IllegalAction, NotationError, OptionError
from cardtable.engine.record import replay
from cardtable.games.sayrummy.game import SayRummyGame
from cardtable.games.sayrummy.sounds import NCARDS, WILD, code, parse_card
from cardtable.games.sayrummy.state import DRAW, OVER, PLAY, SayRummyState
from conformance import fingerprint
from dealing import written_deal


def cards(text: str) -> list[int]:
    return [parse_card(t) for t in text.split()]


def counts(text: str) -> list[int]:
    out = [0] * NCARDS
    for c in cards(text):
        out[c] += 1
    return out


def held(state: SayRummyState, seat: int) -> Counter[int]:
    return Counter({c: k for c, k in enumerate(state.hands[seat]) if k})


def table(
    hands: dict[int, str],
    *,
    draws: str = "",
    moves: tuple[str, ...] = (),
    up: str | None = None,
    first: int = 0,
    phase: str = PLAY,
    options: dict[str, Any] | None = None,
    players: int = 2,
) -> SayRummyState:
    """A game dealt by hand, played on by ``moves`` to the position a test needs.

    Each seat is dealt the cards named for it (and the rest of its seven from a fixed shuffle),
    ``up`` is turned up, ``draws`` are the stock's next cards, first drawn first, and ``first``
    is the dealer's left. ``moves`` are played in turn, each by the seat to act; then, in the
    play phase, that seat draws from the stock. The full word list unless ``options`` say
    otherwise: the rules' examples use rare words too."""
    game = load_game("say-rummy", players, {"word_list": "full", **(options or {})})
    assert isinstance(game, SayRummyGame)
    deal = written_deal(game.deck(), {s: h.split() for s, h in hands.items()}, players=players,
                        size=7, dealer=(first - 1) % players, up=up, draws=draws.split())
    state = game.new_state(0, deals=[deal])
    for text in moves:
        play(state, text)
    if phase == PLAY:
        play(state, "draw stock")
    assert state.phase == phase
    return state


def laid_first(word: str, hand: str = "", **kw: Any) -> SayRummyState:
    """Seat 1 lays ``word`` in the first turn (and throws the card it drew); seat 0, dealt
    ``hand``, has drawn."""
    state = table({0: hand, 1: word}, first=1, draws="m", moves=(
        "draw stock", f"word {word}", "discard m"), **kw)
    assert [w["sounds"] for w in state.view(None)["table"]["words"]] == [f"/{word}/"]
    return state


def throw_any(state: SayRummyState) -> None:
    """The player to move, who has drawn, throws the first card of its hand."""
    play(state, f"discard {code(next(iter(held(state, state.current))))}")


def throw_drawn(state: SayRummyState) -> None:
    """A turn that draws from the stock and throws that card away."""
    drawn = state.stock[-1]
    play(state, "draw stock")
    play(state, f"discard {code(drawn)}")


def play(state: SayRummyState, text: str, seat: int | None = None) -> None:
    state.apply(state.current if seat is None else seat, state.game.parse_action(text))


def legal(state: SayRummyState) -> set[str]:
    return {str(a) for a in state.legal_actions(state.current)}


def refused(state: SayRummyState, text: str) -> str:
    """The reason ``text`` is refused; the table must be exactly as before."""
    before = fingerprint(state)
    with pytest.raises(IllegalAction) as exc:
        play(state, text)
    assert fingerprint(state) == before
    return str(exc.value)


# ---- the rule text's example and words --------------------------------------------------------

def test_dog_extended_by_i_is_doggy() -> None:
    state = laid_first("d ɔ g", "i m n")
    assert "extend 0 d ɔ g i" in legal(state)
    before = held(state, 0)
    play(state, "extend 0 d ɔ g i")
    word = state.view(1)["table"]["words"][0]
    assert word["sounds"] == "/d ɔ g i/" and "doggy" in word["spellings"]
    assert held(state, 0) == before - Counter(cards("i"))


def test_a_new_word_from_the_hand_and_its_spellings_on_the_table() -> None:
    state = table({0: "k æ t s"})
    assert {"word k æ t", "word k æ t s", "word æ t"} <= legal(state)
    play(state, "word k æ t")
    word = state.view(None)["table"]["words"][0]
    assert "cat" in word["spellings"] and word["cards"] == ["k", "æ", "t"]


@pytest.mark.parametrize(("hand", "text"), [
    ("t ɛ k s ə s", "word t ɛ k s ə s"),  # "Texas" is a name, not an ordinary word
    ("p æ r ɪ s", "word p æ r ɪ s"),  # "Paris"
    ("n æ s ə", "word n æ s ə"),  # "NASA", an abbreviation
])
def test_non_words_and_names_are_refused_with_the_sounds_said(hand: str, text: str) -> None:
    state = table({0: hand})
    assert f"/{text.removeprefix('word ')}/ is not a word" in refused(state, text)
    assert text not in legal(state)


def test_a_word_the_tables_list_leaves_out_is_called_a_word_not_spelled() -> None:
    # "A child who lays down an everyday word must not be told it is no word": at the
    # classroom table "stupid" is left out, "giraffe" is below the everyday words' line, and
    # "Texas" is no ordinary word at all. The refusal names the sounds, never the rude word.
    classroom = {"word_list": "classroom"}
    rude = refused(table({0: "s t u p ɪ d"}, options=classroom), "word s t u p ɪ d")
    assert rude == "/s t u p ɪ d/ is a word, but one the classroom word list leaves out", rude
    assert "stupid" not in rude
    rare = refused(table({0: "dʒ ɝ æ f"}, options=classroom), "word dʒ ɝ æ f")
    assert rare.startswith("/dʒ ɝ æ f/ is a word, but not one of the everyday words"), rare
    common = refused(table({0: "dʒ ɝ æ f"}, options={"word_list": "common"}), "word dʒ ɝ æ f")
    assert common.endswith("word list (common)"), common
    name = refused(table({0: "t ɛ k s ə s"}, options=classroom), "word t ɛ k s ə s")
    assert name == "/t ɛ k s ə s/ is not a word in the dictionary", name
    assert "word s t u p ɪ d" in legal(table({0: "s t u p ɪ d"}))  # the full list has it


@pytest.mark.parametrize("sounds", ["oʊ k eɪ", "p i t s ə", "i m eɪ l", "k u l"])
def test_everyday_words_children_say_are_words(sounds: str) -> None:
    """okay, pizza, email, cool: missing from the 1930s list the game used before."""
    state = table({0: sounds + " m"})
    assert f"word {sounds}" in legal(state)
    before = held(state, 0)
    play(state, f"word {sounds}")
    assert held(state, 0) == before - Counter(cards(sounds))


def test_strut_and_schwa_match_by_default_and_options_change_the_sounds() -> None:
    assert "word k ə p" in legal(table({0: "k ə p"}))  # "cup" is /k ʌ p/
    strict = table({0: "k ə p"}, options={"schwa_merge": False})
    assert "word k ə p" not in legal(strict)
    assert "not a word" in refused(strict, "word k ə p")
    assert "word d ɑ g" not in legal(table({0: "d ɑ g"}))
    assert "word d ɑ g" in legal(table({0: "d ɑ g"}, options={"dialect_merges": "ɑ=ɔ"}))


def test_words_of_any_length_by_default_and_a_minimum_as_an_option() -> None:
    assert "word ɔ" in legal(table({0: "ɔ m"}))  # "awe"
    state = table({0: "ɔ m æ t"}, options={"min_word_length": 2})
    assert "word ɔ" not in legal(state)
    assert "at least 2 cards" in refused(state, "word ɔ")
    assert "word æ t" in legal(state)


# ---- wild cards ---------------------------------------------------------------------------------

def test_a_wild_card_is_declared_and_keeps_its_sound_on_the_table() -> None:
    state = table({0: "k t * m"})
    assert "word k *æ t" in legal(state)
    before = held(state, 0)
    play(state, "word k *æ t")
    word = state.view(1)["table"]["words"][0]
    assert word["cards"] == ["k", "*æ", "t"] and word["sounds"] == "/k æ t/"
    assert state.zones()[-1].cards == ("k", "*", "t")  # the card itself is the wild card
    assert held(state, 0) == before - Counter(cards("k * t"))


def test_a_word_needs_a_sound_card_and_wilds_are_declared_in_canonical_form() -> None:
    state = table({0: "* * m"})
    assert "only wild cards" in refused(state, "word *ɔ *ɔ")  # "awe awe" aside, no sound card
    assert not any(a.startswith("word ") and all(t.startswith("*") for t in a.split()[1:])
                   for a in legal(state))
    assert any(a.startswith("word ") and "*" in a for a in legal(state))
    # /ʌ/ counts as /ə/: a wild card typed as *ʌ is read as *ə
    assert str(state.game.parse_action("word k *ʌ p")) == "word k *ə p"


def test_a_wild_may_stand_for_a_sound_card_held_and_both_plays_are_offered() -> None:
    state = table({0: "k æ t *"})
    plays = legal(state)
    assert {"word k æ t", "word *k æ t", "word k *æ t", "word k æ *t"} <= plays


def test_extensions_insert_anywhere_keep_the_old_cards_and_may_use_wilds() -> None:
    state = laid_first("k æ t", "s t * m")
    plays = legal(state)
    assert "extend 0 k æ t s" in plays  # cats: at the end
    assert "extend 0 s k æ t" in plays  # scat: at the front
    play(state, "extend 0 s k æ t")
    assert state.view(1)["table"]["words"][0]["spellings"] == ["scat"]
    # Each refusal names the word as the board does (from 1, with its cards) and says how
    # the notation counts: "extend 1" for the board's word 1 once met "adds at least one card"
    # about another word, with no word of which.
    assert refused(state, "extend 0 s k æ t") == (
        "word 1 on the table (s k æ t) has 4 cards: an extension writes the whole new word, "
        "longer than it (extend counts the words from 0: the board's word 1 is extend 0, or "
        "e 1)")
    moved = laid_first("k æ t", "s")
    assert refused(moved, "extend 0 æ k t s").startswith(
        "word 1 on the table (k æ t) must keep its cards, in their order, inside the new word")
    assert refused(moved, "extend 1 k æ t s").startswith(
        "there is no word 1 on the table: its words are extend 0 to 0 (extend counts")


def test_several_plays_in_one_turn_then_one_discard_as_a_house_rule() -> None:
    state = laid_first("d ɔ g", "i b ɛ d m n", options={"plays_per_turn": "any"})
    play(state, "extend 0 d ɔ g i")
    play(state, "word b ɛ d")
    assert state.phase == PLAY and state.current == 0
    play(state, "discard m")
    assert state.phase == DRAW and state.current == 1


# ---- the discard pile ---------------------------------------------------------------------------

def test_the_card_taken_from_the_discard_pile_cannot_go_back_this_turn() -> None:
    state = table({0: "m n ŋ p b d g"}, up="ɔ", phase=DRAW)
    play(state, "draw discard")
    assert "discard ɔ" not in legal(state)
    assert "cannot go back" in refused(state, "discard ɔ")
    assert state.view(1)["zones"]["hand:0"]["known"] == ["ɔ"]  # everyone saw it taken
    play(state, "discard m")
    assert state.view(1)["zones"]["hand:0"]["known"] == ["ɔ"]


def test_another_copy_of_the_taken_sound_may_be_discarded() -> None:
    state = table({0: "ɔ n ŋ p b d g"}, up="ɔ", phase=DRAW)
    play(state, "draw discard")
    assert "discard ɔ" in legal(state)
    play(state, "discard ɔ")
    assert state.hands[0] == counts("ɔ n ŋ p b d g")


def test_a_play_may_not_leave_only_the_taken_card() -> None:
    # Seat 0 laid "stop" last turn and holds b ɛ d; seat 1 threw the ɔ.
    state = table({0: "b ɛ d s t ɑ p", 1: "ɔ"}, draws="v z", phase=DRAW,
                  moves=("draw stock", "word s t ɑ p", "discard v", "draw stock", "discard ɔ"),
                  options={"plays_per_turn": "any"})
    assert held(state, 0) == Counter(cards("b ɛ d"))
    play(state, "draw discard")
    assert "word b ɛ d" not in legal(state)
    assert "only the card you took" in refused(state, "word b ɛ d")
    # Laying the taken card itself is fine: "awe", then bed empties the hand and wins.
    play(state, "word ɔ")
    play(state, "word b ɛ d")
    assert state.results[-1]["winners"] == [0]


# ---- going out, the stock, the end of a game ---------------------------------------------------

def going_out(kept: str, said: str, **options: Any) -> SayRummyState:
    """Seat 0 laid "window" in its first turn and now holds k æ t after drawing; seat 1 laid
    ``said`` in its turn and kept ``kept``."""
    state = table({0: "k æ w ɪ n d oʊ", 1: f"{kept} {said}"}, draws="m v t",
                  moves=("draw stock", "word w ɪ n d oʊ", "discard m",
                         "draw stock", f"word {said}", "discard v"),
                  options={"games": 1, **options})
    assert held(state, 0) == Counter(cards("k æ t")) and held(state, 1) == Counter(cards(kept))
    return state


def test_emptying_the_hand_by_laying_words_wins_at_once() -> None:
    state = going_out("m n ŋ", "f ɔ r k")
    play(state, "word k æ t")
    assert state.phase == OVER and state.winners == [0]
    assert state.results[0]["reason"] == "went out by laying words"
    assert state.results[0]["points"] == [0, 3]


def test_emptying_the_hand_by_discarding_wins() -> None:
    # "cat" in the first turn, "fork" in the second: the m drawn is the last card.
    state = table({0: "k æ t f ɔ r k"}, draws="v z m", options={"games": 1},
                  moves=("draw stock", "word k æ t", "discard v", "draw stock", "discard z"))
    play(state, "word f ɔ r k")
    assert held(state, 0) == Counter(cards("m"))
    play(state, "discard m")
    assert state.phase == OVER and state.winners == [0]
    assert state.results[0]["reason"] == "went out by discarding the last card"


SMALL_DECK = {"games": 1, "copies": 1, "wilds": 0}  # 40 cards: 25 in the stock for two


def test_the_stock_is_rebuilt_once_and_the_game_ends_at_the_second_time() -> None:
    state = table({0: "k æ t"}, options=SMALL_DECK)
    play(state, "word k æ t")
    throw_any(state)
    while len(state.stock) > 1:
        throw_drawn(state)
    pile = list(state.discard)
    play(state, "draw stock")  # the stock runs out: the pile under its top card becomes stock
    assert state.view(None)["table"]["stock_ran_out"] == 1
    assert state.discard == pile[-1:] and sorted(state.stock) == sorted(pile[:-1])
    throw_any(state)
    while len(state.stock) > 1:
        throw_drawn(state)
    play(state, "draw stock")  # the last card: the game ends after this turn
    assert state.phase == PLAY
    throw_any(state)
    assert state.phase == OVER
    result = state.results[0]
    assert result["reason"] == "the stock ran out a second time"
    assert result["cards_left"] == [4, 7] and result["winners"] == [0]


def test_fewest_cards_ties_share_the_game() -> None:
    state = table({}, options=SMALL_DECK, phase=DRAW)
    while state.phase != OVER:
        throw_drawn(state)
    result = state.results[0]
    assert result["reason"] == "the stock ran out a second time"
    assert result["cards_left"] == [7, 7] and result["winners"] == [0, 1]


# ---- scoring over a match ------------------------------------------------------------------------

@pytest.mark.parametrize(
    ("scoring", "points"),
    [("cards", 4), ("graphemes", 5 + 1 + 4 + 6), ("vowels", 2 + 1 + 2 + 2)],
)
def test_the_three_scoring_schemes_and_the_wild_card_at_the_top(scoring: str, points: int
                                                                ) -> None:
    state = going_out("ʃ æ g *", "b ɛ d", scoring=scoring)
    play(state, "word k æ t")
    values = state.game.card_values
    assert values[WILD] == max(values[:WILD])
    assert state.results[0]["points"][1] == sum(values[c] for c in cards("ʃ æ g *"))
    assert state.results[0]["points"][1] == points


def test_a_match_is_games_games_and_the_lowest_total_wins() -> None:
    game = load_game("say-rummy", 3, {"games": 3})
    state = game.new_state(5)
    assert isinstance(state, SayRummyState)
    from cardtable.bots import Decision, make_bot
    bots = [make_bot("greedy", game, s) for s in range(3)]
    while not state.is_over:
        seat = state.actors[0]
        state.apply(seat, bots[seat].choose(Decision.at(state, seat)))
    assert len(state.results) == 3
    totals = [sum(r["points"][s] for r in state.results) for s in range(3)]
    assert state.scores == totals
    assert state.winners == [s for s in range(3) if totals[s] == min(totals)]
    dealers = [r["dealer"] for r in state.results]
    assert dealers[1] == (dealers[0] + 1) % 3  # the deal passes to the left
    record = json.loads(json.dumps(state.record()))
    assert replay(record).scores == state.scores


# ---- options and notation ------------------------------------------------------------------------

def test_the_deck_has_copies_and_wilds_and_too_small_a_deck_is_refused() -> None:
    game = load_game("say-rummy", 2)
    deck = game.deck()
    assert len(deck) == 84 and deck.count("*") == 4 and deck.count("tʃ") == 2
    assert len(load_game("say-rummy", 2, {"copies": 3, "wilds": 0}).deck()) == 120
    with pytest.raises(OptionError, match="too small"):
        load_game("say-rummy", 6, {"copies": 1, "wilds": 0})
    with pytest.raises(OptionError, match="dialect_merges"):
        load_game("say-rummy", 2, {"dialect_merges": "ɑ+ɔ"})
    with pytest.raises(OptionError):
        load_game("say-rummy", 7)


def test_seven_cards_each_one_upcard_and_the_left_of_the_dealer_starts() -> None:
    state = load_game("say-rummy", 4).new_state(11)
    assert isinstance(state, SayRummyState)
    assert state.sizes == [7, 7, 7, 7] and len(state.discard) == 1
    assert len(state.stock) == 84 - 28 - 1
    assert state.current == (state.dealer + 1) % 4 and state.phase == DRAW


@pytest.mark.parametrize(
    "text",
    ["draw stock", "draw discard", "word d ɔ g", "word k *æ t", "extend 3 d ɔ g i",
     "discard *", "discard tʃ", "word oʊ ɝ"],
)
def test_notation_round_trips(text: str) -> None:
    game = load_game("say-rummy", 2)
    action = game.parse_action(text)
    assert str(action) == text and game.parse_action(str(action)) == action


def test_notation_accepts_cmu_names_and_explains_mistakes() -> None:
    game = load_game("say-rummy", 2)
    assert str(game.parse_action("word D AO G")) == "word d ɔ g"
    for bad, hint in [("word", "name the word"), ("word d x g", "not a sound"),
                      ("extend d ɔ g", "which word"), ("word d *", "which sound"),
                      ("jump", "unknown command")]:
        with pytest.raises(NotationError, match=hint):
            game.parse_action(bad)
