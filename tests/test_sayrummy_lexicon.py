"""The Say Rummy word list and word finder.

The word list must hold the ordinary words of today's American English with every pronunciation
the CMU dictionary lists (the everyday words children say included), and nothing else a teacher
would reject (names, abbreviations, letter names, slurs); the ``common`` list keeps the words a
class knows. The finder
must find exactly what a brute-force scan of the whole dictionary finds, for new words and for
extensions, with and without wild cards; the legal moves are built on it.
"""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from cardtable.engine.errors import OptionError
from cardtable.engine.game import game_class
from cardtable.games.sayrummy import lexicon as lexicon_module
from cardtable.games.sayrummy.finder import (
    Hand,
    _fillings,
    all_word_plays,
    extension_plays,
    find_extensions,
    find_words,
)
from cardtable.games.sayrummy.game import SayRummyGame
from cardtable.games.sayrummy.lexicon import (
    COMMON_ZIPF,
    lexicon,
    merge_classes,
    parse_merges,
    raw_words,
    zipf_frequencies,
)
from cardtable.games.sayrummy.sounds import NCARDS, NSOUNDS, SOUNDS, WILD, WILD_TOKEN, parse_sound


def sounds(text: str) -> list[int]:
    return [parse_sound(t) for t in text.split()]


def test_the_deck_has_forty_sounds_with_spellings_in_one_data_file() -> None:
    assert len(SOUNDS) == 40
    assert sum(s.vowel for s in SOUNDS) == 16
    assert SOUNDS[parse_sound("k")].spellings == ("c", "k", "ck", "ch", "q")
    assert SOUNDS[parse_sound("f")].spellings == ("f", "ff", "ph", "gh")
    assert all(s.spellings for s in SOUNDS)


@pytest.mark.parametrize(
    ("word", "kept"),
    [("dog", True), ("doggy", True), ("cats", True), ("walked", True), ("bee", True),
     ("a", True), ("i", True), ("mary", False), ("paris", False), ("mr", False),
     ("nasa", False), ("ibm", False), ("b", False), ("c", False), ("tv", False),
     ("ok", False), ("shit", False), ("goldilocks", False), ("anaesthesia", False),
     # everyday words the 1930s list missed
     ("okay", True), ("pizza", True), ("email", True), ("cool", True), ("selfie", True),
     ("texted", True), ("blog", True), ("website", True), ("gonna", True)],
)
def test_ordinary_words_only(word: str, kept: bool) -> None:
    assert (word in raw_words()) == kept


@pytest.mark.parametrize(
    ("word", "kept"),
    [("dog", True), ("doggy", True), ("okay", True), ("pizza", True), ("cool", True),
     ("email", True), ("teacher", True), ("a", True), ("i", True),
     ("extradite", False), ("prowess", False), ("selfie", False), ("sycamore", False),
     ("mary", False)],
)
def test_the_common_list_keeps_the_everyday_words(word: str, kept: bool) -> None:
    assert (word in raw_words("common")) == kept


def test_the_common_list_is_the_full_list_cut_by_frequency() -> None:
    full, common = raw_words(), raw_words("common")
    assert set(common) < set(full)
    assert all(common[w] == full[w] for w in common)
    zipf = zipf_frequencies(full)
    assert {w for w in full if zipf[w] >= COMMON_ZIPF or len(w) == 1} == set(common)
    assert 10_000 < len(common) < len(full) // 2


def test_the_word_list_option_chooses_the_lexicon_and_doggy_holds_in_both() -> None:
    cls = game_class("say-rummy")
    assert issubclass(cls, SayRummyGame)
    full = cls(2, {"word_list": "full"}).lexicon
    common = cls(2, {"word_list": "common"}).lexicon
    classroom = cls(2).lexicon  # the default
    assert classroom.word_list == "classroom"
    doggy = sounds("d ɔ g i")
    assert full.words_for(doggy) == common.words_for(doggy) == classroom.words_for(doggy) \
        == ("doggy",)
    extradite = bytes(sounds("ɛ k s t r ə d aɪ t"))
    assert full.words_for(extradite) == ("extradite",)
    assert common.words_for(extradite) == classroom.words_for(extradite) == ()
    hell = bytes(sounds("h ɛ l"))
    assert full.words_for(hell) == common.words_for(hell) == ("hell",)
    assert classroom.words_for(hell) == ()
    with pytest.raises(OptionError, match="word_list must be one of classroom, full, common"):
        cls(2, {"word_list": "huge"})
    with pytest.raises(OptionError, match="word_list"):
        raw_words("huge")


def test_every_pronunciation_is_kept_and_stress_splits_strut_from_schwa() -> None:
    the = {bytes(sounds(t)) for t in ("ð ʌ", "ð ə", "ð i")}
    assert set(raw_words()["the"]) == the
    lex = lexicon()
    assert lex.words_for(sounds("d ɔ g i")) == ("doggy",)
    assert "two" in lex.words_for(sounds("t u"))
    assert lex.words_for(sounds("k ə p")) == ("cup",)  # /ʌ/ = /ə/ by default
    strict = lexicon(merge_classes([]))
    assert strict.words_for(sounds("k ə p")) == ()
    schwa = (parse_sound("ʌ"), parse_sound("ə"))
    cot_caught = lexicon(merge_classes((*parse_merges("ɑ=ɔ"), schwa)))
    assert "dog" in cot_caught.words_for(sounds("d ɑ g"))


def test_the_cache_is_written_then_read_and_rebuilt_when_missing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tiny = {"dog": (bytes(sounds("d ɔ g")),), "doggy": (bytes(sounds("d ɔ g i")),)}
    monkeypatch.setenv("CARDTABLE_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(lexicon_module, "_RAW", {})
    monkeypatch.setattr(lexicon_module, "_LEXICONS", {})
    monkeypatch.setattr(lexicon_module, "build_raw", lambda: dict(tiny))
    lex = lexicon()
    assert lex.words_for(sounds("d ɔ g")) == ("dog",)
    assert len(list(tmp_path.glob("sayrummy-*.pickle"))) == 2

    def fail() -> dict[str, tuple[bytes, ...]]:
        raise AssertionError("the cache should have been read")

    monkeypatch.setattr(lexicon_module, "_RAW", {})
    monkeypatch.setattr(lexicon_module, "_LEXICONS", {})
    monkeypatch.setattr(lexicon_module, "build_raw", fail)
    assert lexicon().words_for(sounds("d ɔ g i")) == ("doggy",)
    for path in tmp_path.glob("sayrummy-*.pickle"):
        path.unlink()  # a fresh clone: nothing cached
    monkeypatch.setattr(lexicon_module, "_LEXICONS", {})
    monkeypatch.setattr(lexicon_module, "_RAW", {})
    monkeypatch.setattr(lexicon_module, "build_raw", lambda: dict(tiny))
    assert lexicon().words_for(sounds("d ɔ g")) == ("dog",)
    assert len(list(tmp_path.glob("sayrummy-*.pickle"))) == 2


# ---- the finder against brute force -------------------------------------------------------------

def _short(lex: lexicon_module.Lexicon, need: Counter[int], counts: list[int]) -> int:
    """How many of these sounds the hand's sound cards cannot say (wild cards must)."""
    have: Counter[int] = Counter()
    for s in range(NSOUNDS):
        have[lex.canon[s]] += counts[s]
    return sum(max(0, k - have[c]) for c, k in need.items())


def _affordable(lex: lexicon_module.Lexicon, need: Counter[int], counts: list[int]) -> bool:
    return _short(lex, need, counts) <= counts[WILD]


def _random_hand(rng: random.Random, wilds: int) -> list[int]:
    counts = [0] * NCARDS
    for s in rng.sample([s for s in range(NSOUNDS) for _ in range(2)], rng.randint(2, 7)):
        counts[s] += 1
    counts[WILD] = wilds
    return counts


@pytest.mark.parametrize("wilds", [0, 1, 2])
def test_the_finder_finds_exactly_what_a_scan_of_the_dictionary_finds(wilds: int) -> None:
    lex = lexicon()
    rng = random.Random(wilds)
    prons = list(lex.spellings)
    for _ in range(3):
        counts = _random_hand(rng, wilds)
        hand = Hand(lex, counts)
        size = sum(counts)
        expected = {
            p for p in prons
            if len(p) <= size and _affordable(lex, Counter(p), counts)
            and _short(lex, Counter(p), counts) < len(p)  # at least one sound card
        }
        assert set(find_words(lex, hand)) == expected
        base = rng.choice([p for p in prons if 2 <= len(p) <= 5])
        found = set(find_extensions(lex, base, hand))
        scan = set()
        for p in prons:
            if len(p) > len(base):
                it = iter(p)
                if all(s in it for s in base) and _affordable(
                    lex, Counter(p) - Counter(base), counts
                ):
                    scan.add(p)
        assert found == scan


def test_every_way_to_lay_a_word_is_offered() -> None:
    """The quick path of the card assignment agrees with trying every card at every place."""
    lex = lexicon()
    rng = random.Random(7)
    for _ in range(40):
        counts = _random_hand(rng, rng.randint(0, 2))
        hand = Hand(lex, counts)
        prons = find_words(lex, hand)[:40]
        slow: set[bytes] = set()
        for pron in prons:
            quick = set(_fillings(lex, pron, hand, need_natural=True))
            one = set(_all_assignments(lex, pron, counts))
            assert quick == one, pron
            slow |= one
        laid = all_word_plays(lex, prons, hand)
        assert len(laid) == len(set(laid)) and set(laid) == slow


def _all_assignments(
    lex: lexicon_module.Lexicon, pron: bytes, counts: list[int], need_natural: bool = True
) -> list[bytes]:
    options = [[*lex.members[c], WILD_TOKEN + c] for c in pron]
    out = []

    def go(i: int, chosen: list[int]) -> None:
        if i == len(pron):
            used = Counter(WILD if t >= WILD_TOKEN else t for t in chosen)
            if all(used[c] <= counts[c] for c in used) and (
                used[WILD] < len(pron) or not need_natural
            ):
                out.append(bytes(chosen))
            return
        for t in options[i]:
            go(i + 1, [*chosen, t])

    go(0, [])
    return out


def test_extension_plays_keep_the_table_cards_where_they_lie() -> None:
    lex = lexicon()
    base_tokens = bytes([parse_sound("d"), WILD_TOKEN + parse_sound("ɔ"), parse_sound("g")])
    counts = [0] * NCARDS
    counts[parse_sound("i")] = 1
    base = base_tokens.translate(lex.token_canon)
    hand = Hand(lex, counts)
    assert bytes(sounds("d ɔ g i")) in find_extensions(lex, base, hand)
    plays = extension_plays(lex, base_tokens, base, bytes(sounds("d ɔ g i")), hand)
    assert plays == [base_tokens + bytes([parse_sound("i")])]


def test_every_way_to_extend_a_word_is_offered() -> None:
    """Extension plays agree with placing the base's cards every possible way and trying every
    card from the hand in the gaps."""
    lex = lexicon()
    rng = random.Random(11)
    bases = [p for p in lex.spellings if 2 <= len(p) <= 4]
    checked = 0
    for _ in range(60):
        counts = _random_hand(rng, rng.randint(0, 2))
        hand = Hand(lex, counts)
        base = rng.choice(bases)
        base_tokens = bytes(lex.members[c][0] for c in base)
        for pron in find_extensions(lex, base, hand)[:10]:
            quick = set(extension_plays(lex, base_tokens, base, pron, hand))
            slow: set[bytes] = set()
            for k in _subsequences(pron, base):
                gaps = bytes(pron[i] for i in range(len(pron)) if i not in k)
                for filling in _all_assignments(lex, gaps, counts, need_natural=False):
                    out, b, g = bytearray(), 0, 0
                    for i in range(len(pron)):
                        if i in k:
                            out.append(base_tokens[b])
                            b += 1
                        else:
                            out.append(filling[g])
                            g += 1
                    slow.add(bytes(out))
            assert quick == slow, (base, pron)
            checked += 1
    assert checked > 20


def _subsequences(pron: bytes, base: bytes) -> list[tuple[int, ...]]:
    from itertools import combinations

    return [k for k in combinations(range(len(pron)), len(base))
            if bytes(pron[i] for i in k) == base]
