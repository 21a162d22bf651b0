"""The word finder: every word a hand can say, and every way it can lengthen a word on the table.

Both searches walk the lexicon's trie of sorted sounds (see :class:`Lexicon`), carrying the hand
as counts per sound and the number of wild cards left. A path is followed only while the hand
(plus wild cards) can pay for it, so the work grows with what the hand can do, not with the
size of the dictionary. For an extension the base word's sounds are *required* on the path:
since the trie is sorted, each required sound must be taken when the path reaches it, and any
other sound on the way is an added card. Whether the base's sounds also come in the right
order is checked on the few pronunciations found.

Searches give pronunciations (canonical sounds). Which cards say them (a sound card, another
card of a merged sound, or a wild card) is spelled out by :func:`word_plays` and
:func:`extension_plays`, which the legal moves use.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import chain, combinations

from cardtable.games.sayrummy.lexicon import PRIMES, TERMINAL, Lexicon, Trie
from cardtable.games.sayrummy.sounds import NSOUNDS, WILD, WILD_TOKEN

_FILL = bytes(range(WILD_TOKEN, 256)) + bytes(WILD_TOKEN)  # sound c -> wild card as c
_LACKING = b"\x01" * 256


class Hand:
    """A hand prepared for the searches: counts by trie rank, and which card says each sound.

    Built once per decision and shared by the search for new words and the searches for every
    word on the table.
    """

    __slots__ = ("_subsets", "counts", "fill", "lacking", "present", "ranked", "wilds")

    def __init__(self, lex: Lexicon, counts: Sequence[int]) -> None:
        self.counts = counts
        self.wilds = counts[WILD]
        ranked = [0] * NSOUNDS
        # Translation tables over canonical sounds: ``fill`` gives the one kind of card of the
        # sound's class in the hand, or a wild card declared as the sound when there is none;
        # ``lacking`` marks those sounds with 1. No tables when some class has two kinds of
        # card in the hand (/ʌ/ and /ə/ both held): then plays are searched card by card.
        fill = bytearray(_FILL)
        lacking = bytearray(_LACKING)
        simple = True
        canon = lex.canon
        rank = lex.rank
        for s in range(NSOUNDS):
            k = counts[s]
            if k:
                c = canon[s]
                ranked[rank[c]] += k
                if not lacking[c]:
                    simple = False
                fill[c] = s
                lacking[c] = 0
        self.ranked = ranked
        self.fill: bytes | None = bytes(fill) if simple else None
        self.lacking = bytes(lacking)
        self.present = [r for r in range(NSOUNDS) if ranked[r]]
        self._subsets: list[tuple[int, int]] | None = None

    @property
    def subsets(self) -> list[tuple[int, int]]:
        """Every sub-multiset of the hand's sound cards as (key, size); see Lexicon.multisets."""
        if self._subsets is None:
            keys = [(1, 0)]
            for r in self.present:
                prime = PRIMES[r]
                grown = []
                for key, size in keys:
                    for j in range(1, self.ranked[r] + 1):
                        key *= prime
                        grown.append((key, size + j))
                keys += grown
            self._subsets = keys
        return self._subsets


def find_words(lex: Lexicon, hand: Hand, min_length: int = 1) -> list[bytes]:
    """Every pronunciation the hand can lay as a new word, using at least one sound card."""
    if hand.wilds in (1, 2):
        # Look the hand's sub-multisets up: with one wild card, the words of exactly those
        # sounds or of one sound more; with two, also one more again (any sound, tried in turn).
        exact, one_more = lex.multisets
        keys = [key for key, size in hand.subsets if size]
        hits = [*map(exact.get, keys), *map(one_more.get, keys)]
        if hand.wilds == 2:
            hits += map(one_more.get, [key * prime for key in keys for prime in PRIMES])
        found = dict.fromkeys(chain.from_iterable(filter(None, hits)))
        if min_length > 1:
            return [p for p in found if len(p) >= min_length]
        return list(found)
    h = list(hand.ranked)
    present = hand.present
    out: list[bytes] = []

    def walk(node: Trie, wilds: int, naturals: int, last: int) -> None:
        ending = node.get(TERMINAL)
        if ending is not None and naturals:
            out.extend(ending)
        if wilds:
            for r, child in node.items():
                if r < 0:
                    continue
                if h[r]:
                    h[r] -= 1
                    walk(child, wilds, naturals + 1, r)
                    h[r] += 1
                else:
                    walk(child, wilds - 1, naturals, r)
        else:
            for r in present:
                if r < last or not h[r]:
                    continue
                child = node.get(r)
                if child is not None:
                    h[r] -= 1
                    walk(child, 0, naturals + 1, r)
                    h[r] += 1

    walk(lex.trie, hand.wilds, 0, -1)
    if min_length > 1:
        return [p for p in out if len(p) >= min_length]
    return out


def _contains(word: bytes, base: bytes) -> bool:
    """Does ``word`` hold ``base``'s sounds in order (not necessarily together)?"""
    i = 0
    for s in base:
        i = word.find(s, i)
        if i < 0:
            return False
        i += 1
    return True


def find_extensions(
    lex: Lexicon, base: bytes, hand: Hand, min_length: int = 1
) -> list[bytes]:
    """Every pronunciation made by adding at least one of the hand's cards to ``base``
    (canonical sounds), anywhere, keeping ``base``'s sounds in order."""
    rank = lex.rank
    if hand.wilds in (1, 2):
        # As in find_words: the base's sounds plus each sub-multiset of the hand, plus one
        # sound for a wild card (and one more again for a second), looked up.
        exact, one_more = lex.multisets
        base_key = 1
        for s in base:
            base_key *= PRIMES[rank[s]]
        keys = [base_key * key for key, _size in hand.subsets]
        hits = [*map(exact.get, keys[1:]), *map(one_more.get, keys)]  # keys[0]: nothing added
        if hand.wilds == 2:
            hits += map(one_more.get, [key * prime for key in keys for prime in PRIMES])
        candidates = dict.fromkeys(chain.from_iterable(filter(None, hits)))
        return [p for p in candidates if len(p) >= min_length and _contains(p, base)]
    need = sorted(rank[s] for s in base)
    n_need = len(need)
    h = list(hand.ranked)
    present = hand.present
    out: list[bytes] = []

    def walk(node: Trie, wilds: int, j: int, added: int, last: int) -> None:
        if j == n_need:
            ending = node.get(TERMINAL)
            if ending is not None and added:
                for pron in ending:
                    if _contains(pron, base):
                        out.append(pron)
            due = NSOUNDS
        else:
            due = need[j]
            child = node.get(due)
            if child is not None:
                walk(child, wilds, j + 1, added, due)
        if wilds:
            for r, child in node.items():
                if r < 0 or r == due:
                    continue
                if r > due:
                    break
                if h[r]:
                    h[r] -= 1
                    walk(child, wilds, j, added + 1, r)
                    h[r] += 1
                else:
                    walk(child, wilds - 1, j, added + 1, r)
        else:
            for r in present:
                if r < last or r == due or not h[r]:
                    continue
                if r > due:
                    break
                child = node.get(r)
                if child is not None:
                    h[r] -= 1
                    walk(child, 0, j, added + 1, r)
                    h[r] += 1

    def walk_plain(node: Trie, j: int, added: int, last: int) -> None:
        """``walk`` without wild cards: the base's sounds are followed in a loop, and only
        the hand's cards inserted on the way branch."""
        while True:
            if j == n_need:
                if added:
                    ending = node.get(TERMINAL)
                    if ending is not None:
                        for pron in ending:
                            if _contains(pron, base):
                                out.append(pron)
                due = NSOUNDS
            else:
                due = need[j]
            for r in present:
                if r < last or r == due or not h[r]:
                    continue
                if r > due:
                    break
                child = node.get(r)
                if child is not None:
                    h[r] -= 1
                    walk_plain(child, j, added + 1, r)
                    h[r] += 1
            if j == n_need:
                return
            node = node.get(due)  # type: ignore[assignment]
            if node is None:
                return
            j += 1
            last = due

    if hand.wilds:
        walk(lex.trie, hand.wilds, 0, 0, -1)
    else:
        walk_plain(lex.trie, 0, 0, -1)
    if min_length > 1:
        return [p for p in out if len(p) >= min_length]
    return out


def find_all(
    lex: Lexicon, counts: Sequence[int], bases: Sequence[bytes], min_length: int = 1
) -> tuple[list[bytes], list[list[bytes]]]:
    """New words and, for each base word, its extensions (canonical pronunciations)."""
    hand = Hand(lex, counts)
    return (
        find_words(lex, hand, min_length),
        [find_extensions(lex, b, hand, min_length) for b in bases],
    )


# ---- from pronunciations to the cards that say them -------------------------------------------

def _fillings(lex: Lexicon, sounds: bytes, hand: Hand, need_natural: bool) -> list[bytes]:
    """Every way to lay cards from the hand for ``sounds`` (canonical), one card a sound: a
    sound card of that sound's class, or a wild card declared as the canonical sound. Each
    way is a bytes of tokens.

    ``sounds`` must be affordable (the finder's results are). The usual case is quick: no sound
    twice in the word and each sound said by one kind of card in the hand. Then the sound
    cards go where they can, wild cards where they must (one translation does both), and any
    spare wild card may replace any sound card.
    """
    if hand.fill is not None and len(set(sounds)) == len(sounds):
        laid = sounds.translate(hand.fill)
        n = len(laid)
        missing = sounds.translate(hand.lacking).count(1)
        spare = hand.wilds - missing
        if spare < 0 or (need_natural and missing == n):
            return []
        out = [laid]
        if spare:
            naturals = [i for i in range(n) if laid[i] < WILD_TOKEN]
            most = min(spare, len(naturals) - (1 if need_natural else 0))
            for k in range(1, most + 1):
                for chosen in combinations(naturals, k):
                    variant = bytearray(laid)
                    for i in chosen:
                        variant[i] = WILD_TOKEN + sounds[i]
                    out.append(bytes(variant))
        return out
    members = lex.members
    h = list(hand.counts)
    n = len(sounds)
    found: list[bytes] = []
    picked = bytearray(n)

    def fill(i: int, naturals: int) -> None:
        if i == n:
            if naturals or not need_natural:
                found.append(bytes(picked))
            return
        c = sounds[i]
        for s in members[c]:
            if h[s]:
                h[s] -= 1
                picked[i] = s
                fill(i + 1, naturals + 1)
                h[s] += 1
        if h[WILD]:
            h[WILD] -= 1
            picked[i] = WILD_TOKEN + c
            fill(i + 1, naturals)
            h[WILD] += 1

    fill(0, 0)
    return found


def all_word_plays(lex: Lexicon, prons: Sequence[bytes], hand: Hand) -> list[bytes]:
    """:func:`word_plays` for many pronunciations at once (the quick case inlined)."""
    fill = hand.fill
    if fill is not None and not hand.wilds:
        # No wild card and one kind of card per sound: each word has exactly one way.
        return [pron.translate(fill) for pron in prons]
    out: list[bytes] = []
    if fill is None:
        for pron in prons:
            out.extend(_fillings(lex, pron, hand, need_natural=True))
        return out
    # One kind of card per sound (the common case): the sound cards go where they can, wild
    # cards where they must, and a spare wild card may stand in for any sound card.
    lacking = hand.lacking
    wilds = hand.wilds
    for pron in prons:
        laid = pron.translate(fill)
        missing = pron.translate(lacking).count(1)
        if missing == wilds:
            out.append(laid)
        elif len(set(pron)) != len(pron):
            out.extend(_fillings(lex, pron, hand, need_natural=True))
        else:
            out.append(laid)
            n = len(pron)
            if missing == n - 1:
                continue  # the one sound card must stay
            spare = wilds - missing
            naturals = [i for i in range(n) if laid[i] < WILD_TOKEN]
            for i in naturals:
                out.append(laid[:i] + bytes((WILD_TOKEN + pron[i],)) + laid[i + 1:])
            if spare > 1:
                most = min(spare, len(naturals) - 1)
                for k in range(2, most + 1):
                    for chosen in combinations(naturals, k):
                        variant = bytearray(laid)
                        for i in chosen:
                            variant[i] = WILD_TOKEN + pron[i]
                        out.append(bytes(variant))
    return out


def word_plays(lex: Lexicon, pron: bytes, hand: Hand) -> list[bytes]:
    """The card sequences (tokens) that lay ``pron`` as a new word from the hand."""
    return _fillings(lex, pron, hand, need_natural=True)


def _embeddings(pron: bytes, base: bytes) -> list[tuple[int, ...]]:
    """Every set of positions of ``pron`` that holds ``base``'s sounds in order."""
    out: list[tuple[int, ...]] = []
    picked: list[int] = []

    def place(i: int, j: int) -> None:
        if j == len(base):
            out.append(tuple(picked))
            return
        for k in range(i, len(pron) - (len(base) - j) + 1):
            if pron[k] == base[j]:
                picked.append(k)
                place(k + 1, j + 1)
                picked.pop()

    place(0, 0)
    return out


def extension_plays(
    lex: Lexicon, base_tokens: bytes, base: bytes, pron: bytes, hand: Hand
) -> list[bytes]:
    """The card sequences that turn the table word ``base_tokens`` (canonical sounds
    ``base``) into ``pron``: the base's cards where they fit in order, cards from the hand (at
    least one) everywhere else."""
    n = len(pron)
    fill = hand.fill
    if fill is not None and n == len(base) + 1:
        # One card added (the usual case): wherever leaving it out gives the base, that card
        # from the hand, or a wild card.
        one: dict[bytes, None] = {}
        for k in range(n):
            if pron[:k] + pron[k + 1:] == base:
                c = pron[k]
                if fill[c] < WILD_TOKEN:
                    one[base_tokens[:k] + bytes((fill[c],)) + base_tokens[k:]] = None
                if hand.wilds:
                    one[base_tokens[:k] + bytes((WILD_TOKEN + c,)) + base_tokens[k:]] = None
        return list(one)
    found: dict[bytes, None] = {}
    for spots in _embeddings(pron, base):
        gaps = [k for k in range(n) if k not in spots]
        for filling in _fillings(lex, bytes(pron[k] for k in gaps), hand, need_natural=False):
            result = bytearray(n)
            for b, k in enumerate(spots):
                result[k] = base_tokens[b]
            for g, k in enumerate(gaps):
                result[k] = filling[g]
            found[bytes(result)] = None
    return list(found)


__all__ = [
    "Hand",
    "all_word_plays",
    "extension_plays",
    "find_all",
    "find_extensions",
    "find_words",
    "word_plays",
]
