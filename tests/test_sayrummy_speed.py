"""The quick paths behind Say Rummy's legal moves and self-check give the same answers as the
slow ones.

The card assignment for a hand with one kind of card per sound works out where wild cards must
go (including a sound said more often than its card is held) instead of trying every card at
every place; the self-check run after every simulated decision adds the card counts up as one
number. Both must still catch exactly what the slow ways catch.
"""

from __future__ import annotations

import random
from collections import Counter

from cardtable import load_game
from cardtable.bots import Decision, RandomBot
from cardtable.games.sayrummy import finder
from cardtable.games.sayrummy.finder import (
    Hand,
    _fillings,
    extension_plays,
    find_extensions,
    find_words,
)
from cardtable.games.sayrummy.lexicon import Lexicon, lexicon
from cardtable.games.sayrummy.sounds import NCARDS, WILD, WILD_TOKEN, parse_sound
from cardtable.games.sayrummy.state import SayRummyState


def _brute(lex: Lexicon, pron: bytes, counts: list[int], need_natural: bool) -> set[bytes]:
    """Every card at every place, kept when the hand holds the cards used."""
    out: set[bytes] = set()

    def go(i: int, chosen: list[int]) -> None:
        if i == len(pron):
            used = Counter(WILD if t >= WILD_TOKEN else t for t in chosen)
            if all(used[c] <= counts[c] for c in used) and (
                used[WILD] < len(pron) or not need_natural
            ):
                out.add(bytes(chosen))
            return
        for t in [*lex.members[pron[i]], WILD_TOKEN + pron[i]]:
            go(i + 1, [*chosen, t])

    go(0, [])
    return out


def test_words_with_a_sound_twice_get_every_way_to_place_the_wild_cards() -> None:
    lex = lexicon()
    repeated = [p for p in lex.spellings if len(set(p)) < len(p) <= 6]
    rng = random.Random(5)
    checked = 0
    for _ in range(300):
        pron = rng.choice(repeated)
        counts = [0] * NCARDS
        for c in pron:
            if rng.random() < 0.7:
                counts[lex.members[c][0]] = rng.choice((1, 1, 2))
        counts[WILD] = rng.randint(0, 2)
        hand = Hand(lex, counts)
        if hand.fill is None:
            continue
        for need_natural in (True, False):
            quick = _fillings(lex, pron, hand, need_natural)
            assert len(quick) == len(set(quick))
            assert set(quick) == _brute(lex, pron, counts, need_natural), (pron, counts)
        checked += 1
    assert checked > 200


def test_extensions_adding_several_cards_are_all_offered_once() -> None:
    lex = lexicon()
    rng = random.Random(9)
    bases = [p for p in lex.spellings if 2 <= len(p) <= 3]
    checked = 0
    for _ in range(80):
        counts = [0] * NCARDS
        for _card in range(8):
            counts[rng.randrange(NCARDS - 1)] += 1
        counts[WILD] = rng.randint(0, 1)
        hand = Hand(lex, counts)
        base = rng.choice(bases)
        base_tokens = bytes(lex.members[c][0] for c in base)
        for pron in find_extensions(lex, base, hand):
            if len(pron) < len(base) + 2:
                continue
            plays = extension_plays(lex, base_tokens, base, pron, hand)
            assert len(plays) == len(set(plays))
            for tokens in plays:
                it = iter(tokens)
                assert all(t in it for t in base_tokens)  # the table's cards, in order
                assert tokens.translate(lex.token_canon) == pron
            checked += 1
    assert checked > 50


def _mid_game(players: int = 3) -> SayRummyState:
    game = load_game("say-rummy", players)
    state = game.new_state(21)
    bot = RandomBot(game, 4)
    for _ in range(60):
        seat = state.actors[0]
        state.apply(seat, bot.choose(Decision.at(state, seat)))
    assert isinstance(state, SayRummyState)
    assert state.words, "the test wants words on the table"
    return state


def test_the_self_check_passes_a_real_game_and_catches_every_kind_of_damage() -> None:
    state = _mid_game()
    assert state.invariant_violations() == []
    holder = next(s for s in range(3) if state.sizes[s])
    card = next(c for c in range(NCARDS) if state.hands[holder][c])

    lost = state.clone()
    lost.hands[holder][card] -= 1
    lost.sizes[holder] -= 1
    assert any("not conserved" in p for p in lost.invariant_violations())

    doubled = state.clone()
    doubled.stock.append(card)
    assert any("not conserved" in p for p in doubled.invariant_violations())

    miscounted = state.clone()
    miscounted.sizes[holder] += 1
    assert any("hand size" in p for p in miscounted.invariant_violations())

    swapped = state.clone()  # one card turned into another: sizes still add up
    other = (card + 1) % NCARDS
    swapped.hands[holder][card] -= 1
    swapped.hands[holder][other] += 1
    assert any("not conserved" in p for p in swapped.invariant_violations())

    imagined = state.clone()
    imagined.known[holder][card] = imagined.hands[holder][card] + 1
    assert any("known to hold" in p for p in imagined.invariant_violations())


def test_a_card_added_inside_a_run_of_its_sound_is_offered_at_every_place_once() -> None:
    """The one-card path places the card where the word first differs from the base or
    earlier in the run of that sound; the table's wild card in the run makes the places
    differ."""
    lex = lexicon()
    b, d = lex.canon[parse_sound("b")], lex.canon[parse_sound("d")]
    base_tokens = bytes((b, WILD_TOKEN + d, d))  # /b d d/, the first /d/ a wild card
    base = base_tokens.translate(lex.token_canon)
    pron = bytes((b, d, d, d))
    counts = [0] * NCARDS
    counts[d] = 1
    counts[WILD] = 1
    hand = Hand(lex, counts)
    slow: dict[bytes, None] = {}
    for k in range(len(pron)):
        if pron[:k] + pron[k + 1:] == base:
            slow[base_tokens[:k] + bytes((d,)) + base_tokens[k:]] = None
            slow[base_tokens[:k] + bytes((WILD_TOKEN + d,)) + base_tokens[k:]] = None
    assert extension_plays(lex, base_tokens, base, pron, hand) == list(slow)
    # before or after the wild card, or last, as a sound card or a wild card: six ways, two
    # pairs of which lay the same cards
    assert len(slow) == 4


def test_the_two_wild_card_cache_starts_afresh_when_full_and_answers_the_same() -> None:
    lex = lexicon()
    counts = [0] * NCARDS
    for text in ("k", "æ", "t", "s"):
        counts[parse_sound(text)] += 1
    counts[WILD] = 2
    cache = finder._tables(lex).two_more
    cache.clear()
    first = find_words(lex, Hand(lex, counts))
    needed = len(cache)  # the multisets this hand looks up
    assert needed > 8
    limit = cache.limit
    try:
        cache.limit = 8
        cache.clear()
        again = find_words(lex, Hand(lex, counts))
        assert len(cache) <= 8  # it started afresh each time it was full
    finally:
        cache.limit = limit
    assert again == first
