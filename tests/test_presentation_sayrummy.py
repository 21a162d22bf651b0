"""What a person reads of a Say Rummy table: the game's presentation (issue 42, item 2).

The front ends draw cards, moves, prompts, legends and results from
:class:`cardtable.games.sayrummy.presentation.SayRummyPresentation` and know no sound. These
tests read what a player would: each button's words (the English word a play makes, the word
it grows numbered from 1), the prompt at each step of a turn, the legend under the options in
force, a game's result and every card's face; and over seeded games that every legal move is
described, its cards found in the hand in spelling order. Tables are dealt the public way
(``new_state(None, deals=[...])``) and played by moves in the notation.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from cardtable import load_game
from cardtable.engine.game import Game, State
from cardtable.engine.kit import presentation_for
from cardtable.engine.presentation import Board, Move, Presentation
from cardtable.games.sayrummy.sounds import SOUNDS

NAMES = ["Ann", "Bob", "Cy"]
SHORTCUTS = {"s": "draw stock", "d": "draw discard", "w": "word", "e": "extend",
             "x": "discard"}


def say_rummy(players: int = 2, **options: Any) -> Game:
    """A table on the full word list unless ``options`` say otherwise (the examples lay rare
    words such as "doggies", which the default classroom list leaves out)."""
    return load_game("say-rummy", players, {"word_list": "full", **options})


def dealt(game: Game, hands: list[str], up: str, stock_top: str = "", dealer: int = 1
          ) -> State:
    """A table dealt as a person writes the deal down: the hands, the upcard and the stock's
    next cards; the rest of the deck goes under them in deck order."""
    named = [h.split() for h in hands]
    top = stock_top.split()
    rest = Counter(game.deck())
    rest.subtract([*(c for h in named for c in h), up, *top])
    assert all(n >= 0 for n in rest.values())
    stock = top + [c for c in dict.fromkeys(game.deck()) for _ in range(rest[c])]
    return game.new_state(None, deals=[{"dealer": dealer, "hands": named, "stock": stock,
                                        "up": [up]}])


def play(state: State, *moves: str) -> None:
    for text in moves:
        state.apply(state.actors[0], state.game.parse_action(text))


def told(state: State, seat: int | None, names: list[str] | None = None
         ) -> tuple[Presentation, list[Move], Board]:
    game = state.game
    shown = names or ["You" if s == seat else NAMES[s] for s in range(game.players)]
    pres = presentation_for(game)
    view = state.view(seat)
    legal = state.legal_actions(seat) if seat is not None and seat in state.actors else []
    moves = pres.moves(view, legal, shown)
    return pres, moves, pres.board(view, moves, shown)


def labels(moves: list[Move]) -> dict[str, str]:
    return {m["move"]: m["label"] for m in moves}


def cat_table(**options: Any) -> State:
    """Ann (seat 0) holds "cat" with a wild card and "doggie"; Bob a hand of consonants."""
    game = say_rummy(2, games=1, **options)
    return dealt(game, ["k * t d ɔ g i", "s p b f v n l"], up="ʃ", stock_top="m z")


# ---- the cards --------------------------------------------------------------------------------

def test_by_default_a_card_leads_with_the_spellings_a_child_reads() -> None:
    faces = presentation_for(say_rummy()).faces()
    for sound in SOUNDS:
        face = faces[sound.ipa]
        written = " · ".join(sound.spellings)
        # the spellings large, first; the sound's symbol in the corner; an example word
        assert face["lines"][0] == {"text": written, "size": "large"}
        assert face["lines"][1] == {"text": f"as in {sound.example}", "size": "medium"}
        assert face["corner"] == sound.ipa and face["lead"] == written
        assert f"/{sound.ipa}/" not in [line["text"] for line in face["lines"]]
        assert face["sound"] == sound.ipa  # a tap plays the card's recording
        laid = faces[f"*{sound.ipa}"]
        assert laid["lines"][0]["text"] == written and laid["sound"] == sound.ipa
    assert "sound" not in faces["*"]  # the wild card has no sound of its own
    # a hand is arranged by spelling first
    assert list(faces["k"]["sort"]) == ["spelling", "sound"]


def test_every_card_shows_its_sound_spellings_and_example() -> None:
    game = say_rummy(card_face="sound")
    faces = presentation_for(game).faces()
    assert set(game.deck()) <= set(faces)
    assert list(faces["k"]["sort"]) == ["sound", "spelling"] and "lead" not in faces["k"]
    for sound in SOUNDS:
        face = faces[sound.ipa]
        assert face["name"] == f"/{sound.ipa}/" and face["corner"] == sound.ipa
        assert face["lines"][0]["text"] == f"/{sound.ipa}/"
        assert face["lines"][1]["text"] == " · ".join(sound.spellings)
        assert face["speak"] == sound.example and sound.example in face["label"]
        assert face["group"] == ("Vowels" if sound.vowel else "Consonants")
        # and as it lies in a word on the table, a wild card declared as the sound
        laid = faces[f"*{sound.ipa}"]
        assert laid["name"] == f"wild card as /{sound.ipa}/" and laid["tone"] == "wild"
    aw = faces["ɔ"]
    assert aw["mark"] == "AO" and aw["badges"] == [{"text": "AO", "title": "type AO for /ɔ/"}]
    assert faces["d"]["mark"] == "" and faces["d"]["badges"] == []
    wild = faces["*"]
    assert wild["name"] == "wild card" and wild["group"] == "Wild cards"
    assert wild["corner"] == "★"
    # a hand sorted by order reads vowels, consonants, then wild cards
    groups = [f["group"] for f in sorted(faces.values(), key=lambda f: f["order"])]
    assert groups == sorted(groups, key=["Vowels", "Consonants", "Wild cards"].index)


# ---- a turn, step by step ----------------------------------------------------------------------

def test_a_word_is_described_by_its_sounds_its_english_word_and_its_wild_card() -> None:
    state = cat_table()
    _, moves, board = told(state, 0)
    assert board["prompt"] == "Draw: take the stock or the discard (/ʃ/)."
    assert labels(moves) == {
        "draw stock": "Draw from the stock",
        "draw discard": "Take /ʃ/ from the discard pile (it cannot go back this turn)"}
    play(state, "draw stock")
    _, moves, board = told(state, 0)
    assert board["prompt"] == (
        "Lay one new word or add to words on the table (not both), then discard one card.")
    cat = next(m for m in moves if m["move"] == "word k *æ t")
    assert cat == {"move": "word k *æ t", "kind": "word", "cards": ["k", "*", "t"],
                   "target": None, "label": "Lay /k æ t/ “cat”, a wild card as /æ/",
                   "key": "w k *æ t", "ordered": True, "group": "Words",
                   "note": "/k æ t/ “cat”", "rank": 3 * 16 - 1}
    dog = next(m for m in moves if m["move"] == "word d ɔ g")
    assert dog["cards"] == ["d", "ɔ", "g"] and dog["label"].startswith("Lay /d ɔ g/ “dog”")
    # the ways of laying one word share its note, and the one spending no wild card ranks first
    dogs = sorted((m for m in moves if m.get("note") == dog["note"]),
                  key=lambda m: -m.get("rank", 0))
    assert len(dogs) > 1 and dogs[0] is dog and {"*"} <= set(dogs[-1]["cards"])
    assert labels(moves)["discard m"] == "Discard /m/"
    assert labels(moves)["discard *"] == "Discard a wild card"
    play(state, "word k *æ t")
    _, moves, board = told(state, 0)
    assert {m["kind"] for m in moves} == {"discard"}
    assert board["prompt"] == "You laid your word: discard one card to end your turn."


def test_an_extension_names_the_word_from_one_and_what_it_becomes() -> None:
    state = cat_table()
    play(state, "draw stock", "word k *æ t", "discard m")
    _, _, anns = told(state, 0)
    assert anns["prompt"] == (
        "Waiting for Bob: Bob is deciding whether to take your discard (/m/).")
    play(state, "draw discard")
    _, moves, board = told(state, 1)
    assert board["prompt"] == (
        "Lay one new word or add to words on the table (not both), then discard one card "
        "(not the /m/ you took from the discard pile).")
    cats = next(m for m in moves if m["move"] == "extend 0 k *æ t s")
    assert cats["kind"] == "extend" and cats["target"] == "word:0" and cats["ordered"]
    assert cats["cards"] == ["s"] and cats["key"] == "e 1 k *æ t s"
    assert cats["label"] == ("Make word 1, /k æ t/ “cat”, into /k æ t s/ “cats” by adding /s/ "
                             "at the end")
    assert cats["note"] == "word 1: /k æ t s/ “cats”"
    assert "discard m" not in labels(moves)  # the taken card cannot go back
    play(state, "extend 0 k *æ t s")
    _, moves, board = told(state, 1)
    assert {m["kind"] for m in moves} == {"discard"}  # nothing more to add
    assert board["prompt"] == (
        "Discard one card to end your turn (not the /m/ you took from the discard pile).")
    [area] = board["areas"]
    assert area["title"] == "Words on the table (1)"
    [word] = area["groups"][0]["melds"]
    assert word == {"id": "word:0", "title": "word 1 · Ann", "cards": ["k", "*æ", "t", "s"],
                    "note": "/k æ t s/ “cats”", "speak": "cats"}
    assert "word:0" in state.view(1)["zones"]


def test_going_out_is_said_on_the_move_that_empties_the_hand() -> None:
    state = cat_table()
    play(state, "draw stock", "word k *æ t", "discard m")
    play(state, "draw discard", "extend 0 k *æ t s", "discard p")
    play(state, "draw stock")
    said = labels(told(state, 0)[1])
    assert said["word d ɔ g i z"] == (
        "Lay /d ɔ g i z/ “doggies”: your last cards, and you win the game")
    play(state, "word d ɔ g i z")
    pres, moves, board = told(state, 0)
    assert moves == [] and board["prompt"] == "The match is over."
    [result] = state.view(0)["table"]["results"]
    assert pres.result(result, ["You", "Bob"]) == {"title": "Game 1", "lines": [
        "You won: went out by laying words.",
        "You: 0 cards left, penalty 0, total 0",
        "Bob: 6 cards left, penalty 6, total 6"]}
    assert pres.round_word == "game" and pres.totals_title == "Penalty points"


def test_the_log_numbers_words_from_one_as_the_board_does() -> None:
    state = cat_table()
    play(state, "draw stock", "word k *æ t", "discard m", "draw discard", "extend 0 k *æ t s")
    lines = [state.game.describe_event(e, NAMES) for e in state.events(None)]
    assert any(line.startswith("Ann laid word 1, /k æ t/") for line in lines)
    assert any(line.startswith("Bob made word 1, /k æ t/") for line in lines)
    assert not any("word 0" in line for line in lines)


# ---- the legend and the options ----------------------------------------------------------------

def test_the_legend_follows_the_options_in_force() -> None:
    plain = presentation_for(say_rummy()).legend()
    assert "Counted as one sound here: /ʌ/ = /ə/." in plain
    assert any(line.startswith("A turn lays one new word, or adds") for line in plain)
    assert plain[-1] == ("Empty your hand to win the game; 1 penalty point for each card left "
                         "in hand (a wild card 1). The lowest total after 5 games wins the "
                         "match.")
    assert any(line.startswith("★ is a wild card") for line in plain)
    house = presentation_for(say_rummy(schwa_merge=False, dialect_merges="ɑ=ɔ",
                                       plays_per_turn="any", scoring="vowels", games=1,
                                       wilds=0, min_word_length=3,
                                       word_list="common")).legend()
    assert "Counted as one sound here: /ɑ/ = /ɔ/." in house
    assert not any("/ʌ/ = /ə/" in line for line in house)
    assert any(line.startswith("A turn may lay any number of new words") for line in house)
    assert "Words at this table have at least 3 cards." in house
    assert "everyday English word" in house[0]
    assert not any("wild" in line for line in house)
    assert house[-1] == ("Empty your hand to win the game; penalty points for each card left "
                         "in hand: 1 for a vowel, 2 for a consonant. The lowest total after 1 "
                         "game wins the match.")
    graphemes = presentation_for(say_rummy(scoring="graphemes")).legend()[-1]
    assert "as many as the spellings on it (a wild card 6)" in graphemes


def test_the_status_says_which_game_of_the_match() -> None:
    state = dealt(say_rummy(3, games=4, scoring="graphemes"),
                  ["k * t d ɔ g i", "s p b f v n l", "m z ʃ ʒ h w j"], up="ɛ")
    _, _, board = told(state, 1)
    assert board["status"] == ("Say Rummy · game 1 of 4 · penalty by graphemes · empty your "
                               "hand to win")
    assert [s["lines"] for s in board["seats"]] == [
        ["7 cards", "penalty total 0"], ["7 cards", "penalty total 0", "dealer"],
        ["7 cards", "penalty total 0"]]
    assert board["prompt"] == "Waiting for Cy to draw from the stock or take the discard."


# ---- every move of seeded games ------------------------------------------------------------------

def expand(key: str) -> str:
    """The notation a key stands for: ``e N`` counts the words from 1, as people read them,
    the notation from 0."""
    head, _, rest = key.partition(" ")
    if head == "e":
        number, _, sounds = rest.partition(" ")
        rest = f"{int(number) - 1} {sounds}"
    return f"{SHORTCUTS[head]} {rest}".strip()


@pytest.mark.parametrize(("players", "seed", "options"), [
    (2, 3, {}), (3, 4, {"plays_per_turn": "any"}), (2, 5, {"wilds": 8}),
])
def test_every_legal_move_of_seeded_play_is_described(players: int, seed: int,
                                                      options: dict[str, Any]) -> None:
    seen = described_play(players, seed, options)
    assert seen["word"] and seen["extend"] and seen["take"] and seen["discard"]


def described_play(players: int, seed: int, options: dict[str, Any]) -> Counter[str]:
    """A seeded game played to its end (plays chosen more often than not), every legal move
    of the seat on move checked as it is described; how many of each kind were seen."""
    game = say_rummy(players, games=1, **options)
    state = game.new_state(seed)
    rng = random.Random(seed)
    faces = presentation_for(game).faces()
    lexicon = game.lexicon  # type: ignore[attr-defined]
    seen: Counter[str] = Counter()
    while not state.is_over:
        seat = state.actors[0]
        legal = state.legal_actions(seat)
        _, moves, board = told(state, seat)
        hand = Counter(board["hand"] or [])
        words = {m["id"]: m for m in board["areas"][0]["groups"][0]["melds"]}
        assert [m["move"] for m in moves] == [str(a) for a in legal]
        for move in moves:
            seen[move["kind"]] += 1
            assert not Counter(move["cards"]) - hand, move
            assert all(c in faces for c in move["cards"])
            assert expand(move["key"] or "") == move["move"]
            assert move["label"] and "word 0" not in move["label"]
            tokens = move["move"].split()[1:]
            if move["kind"] == "word":
                assert move["ordered"] and move["target"] is None
                assert move["cards"] == ["*" if t.startswith("*") else t for t in tokens]
            if move["kind"] == "extend":
                index = int(tokens.pop(0))
                assert move["target"] == f"word:{index}" and move["target"] in words
                assert f"word {index + 1}, " in move["label"]
            if move["kind"] in ("word", "extend"):
                spelled = lexicon.words_for(
                    [SOUNDS_BY_IPA[t.removeprefix("*")] for t in tokens])
                assert spelled and f"“{'I' if spelled[0] == 'i' else spelled[0]}”" in \
                    move["label"]
        laid = state.view(seat)["table"]["laid_this_turn"]
        if laid == "additions" and "extend" in {m["kind"] for m in moves} and \
                options.get("plays_per_turn", "one") == "one":
            seen["more additions"] += 1
            assert board["prompt"].startswith(
                "Add more cards to words on the table, or discard to end your turn")
        assert board["prompt"].startswith(("Draw", "Lay", "Add", "You laid", "No word",
                                           "Discard"))
        plays = [m["move"] for m in moves if m["kind"] in ("word", "extend")]
        choice = rng.choice(plays) if plays and rng.random() < 0.6 else str(
            legal[rng.randrange(len(legal))])
        state.apply(seat, game.parse_action(choice))
    return seen


def test_a_turn_that_has_added_to_words_may_add_more() -> None:
    seen: Counter[str] = Counter()
    for seed in range(6, 12):
        seen += described_play(2, seed, {})
        if seen["more additions"]:
            break
    assert seen["more additions"]


SOUNDS_BY_IPA = {s.ipa: s.id for s in SOUNDS}
