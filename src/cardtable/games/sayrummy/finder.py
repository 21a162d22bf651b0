"""The word finder: every word a hand can say, and every way it can lengthen a word on the table.

Both searches walk the lexicon's trie of sorted sounds (see :class:`Lexicon`), carrying the hand
as counts per sound and the number of wild cards left. A path is followed only while the hand
(plus wild cards) can pay for it, so the work grows with what the hand can do, not with the
size of the dictionary. For an extension the base word's sounds are *required* on the path:
since the trie is sorted, each required sound must be taken when the path reaches it, and any
other sound on the way is an added card. Whether the base's sounds also come in the right
order is checked on the few pronunciations found.

With one or two wild cards the trie is not walked at all: the hand's sub-multisets are looked
up in ``Lexicon.multisets``. For two wild cards the words of "these sounds and two more" are
kept per multiset in a bounded cache: the same small multisets (a common vowel and a consonant
or two) turn up in almost every hand, and each costs forty lookups to gather afresh.

Searches give pronunciations (canonical sounds). Which cards say them (a sound card, another
card of a merged sound, or a wild card) is spelled out by :func:`word_plays` and
:func:`extension_plays`, which the legal moves use. Every function gives its answer in a fixed
order (the legal moves are listed in it, and seeded play depends on it).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import chain, combinations, compress, repeat
from weakref import WeakKeyDictionary

from cardtable.engine.memo import Memo
from cardtable.games.sayrummy.lexicon import PRIMES, TERMINAL, Lexicon, Trie
from cardtable.games.sayrummy.sounds import NSOUNDS, WILD, WILD_TOKEN

_FILL = bytes(range(WILD_TOKEN, 256)) + bytes(WILD_TOKEN)  # sound c -> wild card as c
_LACKING = b"\x01" * 256
_AS_WILD = tuple(bytes((WILD_TOKEN + c,)) for c in range(NSOUNDS))  # a wild card said as c
_BYTE = tuple(bytes((t,)) for t in range(256))


class _Tables:
    """What the finder keeps per lexicon: the pronunciations that repeat a sound, and the
    cache of "these sounds and two more" (see :func:`_two_more`)."""

    __slots__ = ("repeats", "two_more")

    def __init__(self, lex: Lexicon) -> None:
        self.repeats = frozenset(p for p in lex.spellings if len(set(p)) < len(p))
        self.two_more: Memo[int, tuple[bytes, ...]] = Memo(limit=100_000)  # multisets


_TABLES: WeakKeyDictionary[Lexicon, _Tables] = WeakKeyDictionary()


def _tables(lex: Lexicon) -> _Tables:
    found = _TABLES.get(lex)
    if found is None:
        found = _TABLES[lex] = _Tables(lex)
    return found


def _two_more(lex: Lexicon) -> Callable[[int], tuple[bytes, ...]]:
    """A function from a multiset's key to the pronunciations of those sounds and two more
    (each once, in the order of looking up "one more" for each added prime in turn), cached."""
    cache = _tables(lex).two_more
    one_more = lex.multisets[1].get
    get = cache.get

    def lookup(key: int) -> tuple[bytes, ...]:
        found = get(key)
        if found is None:
            found = cache.keep(key, tuple(dict.fromkeys(chain.from_iterable(
                filter(None, map(one_more, map(key.__mul__, PRIMES)))
            ))))
        return found

    return lookup


class Hand:
    """A hand prepared for the searches: counts by trie rank, and which card says each sound.

    Built once per decision and shared by the search for new words and the searches for every
    word on the table.
    """

    __slots__ = ("_plus_one", "_subsets", "counts", "fill", "lacking", "present", "ranked", "wilds")

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
        present = []
        for s in compress(range(NSOUNDS), counts):
            c = canon[s]
            r = rank[c]
            if not ranked[r]:
                present.append(r)
            ranked[r] += counts[s]
            if not lacking[c]:
                simple = False
            fill[c] = s
            lacking[c] = 0
        present.sort()
        self.ranked = ranked
        self.fill: bytes | None = bytes(fill) if simple else None
        self.lacking = bytes(lacking)
        self.present = present
        self._subsets: list[int] | None = None
        self._plus_one: list[int] | None = None

    @property
    def subsets(self) -> list[int]:
        """Every sub-multiset of the hand's sound cards as its key (see Lexicon.multisets),
        the empty one (key 1) first."""
        if self._subsets is None:
            keys = [1]
            ranked = self.ranked
            for r in self.present:
                prime = PRIMES[r]
                if ranked[r] == 1:
                    keys += [key * prime for key in keys]
                else:
                    powers = [prime**j for j in range(1, ranked[r] + 1)]
                    keys += [key * power for key in keys for power in powers]
            self._subsets = keys
        return self._subsets

    @property
    def plus_one(self) -> list[int]:
        """The keys of :attr:`subsets` with one sound more (any sound, in rank order): the
        sounds a hand with two wild cards can look up in ``Lexicon.multisets``' second table."""
        if self._plus_one is None:
            self._plus_one = [key * prime for key in self.subsets for prime in PRIMES]
        return self._plus_one


def find_words(lex: Lexicon, hand: Hand, min_length: int = 1) -> list[bytes]:
    """Every pronunciation the hand can lay as a new word, using at least one sound card."""
    if hand.wilds in (1, 2):
        # Look the hand's sub-multisets up: with one wild card, the words of exactly those
        # sounds or of one sound more; with two, also two more.
        exact, one_more = lex.multisets
        keys = hand.subsets[1:]
        hits = [*map(exact.get, keys), *map(one_more.get, keys)]
        if hand.wilds == 2:
            hits += map(_two_more(lex), keys)
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
        keys = list(map(base_key.__mul__, hand.subsets))
        hits = [*map(exact.get, keys[1:]), *map(one_more.get, keys)]  # keys[0]: nothing added
        if hand.wilds == 2:
            hits += map(_two_more(lex), keys)
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

def _wild_variants(
    laid: bytes, sounds: bytes, places: Sequence[int], hand: Hand, need_natural: bool
) -> list[bytes]:
    """For a hand with one kind of card per sound (``hand.fill``): every way to lay cards at
    ``places`` of ``laid``, which holds there each sound's card from the hand, or a wild card
    declared as the sound (``sounds``, canonical) where the hand has none. Other places are
    kept as they are. Wild cards go where they must; spare ones may replace sound cards (and
    must, for a card used more often than the hand holds it); ``need_natural``: at least one
    sound card stays.

    Returns ways in a fixed order: fewest wild cards first, then by the places they take.
    """
    naturals = [k for k in places if laid[k] < WILD_TOKEN]
    spare = hand.wilds - (len(places) - len(naturals))
    if spare < 0 or (need_natural and not naturals):
        return []
    most = min(spare, len(naturals) - (1 if need_natural else 0))
    if len({laid[k] for k in naturals}) == len(naturals):
        # No card is short (the usual case): any spare wild card may replace any sound card.
        if most < 1:
            return [laid]
        out = [laid]
        out += [laid[:k] + _AS_WILD[sounds[k]] + laid[k + 1:] for k in naturals]
        for size in range(2, most + 1):
            for chosen in combinations(naturals, size):
                variant = bytearray(laid)
                for k in chosen:
                    variant[k] = WILD_TOKEN + sounds[k]
                out.append(bytes(variant))
        return out
    # A card used more often than the hand holds it: that many of its places must take a
    # wild card (``short``: card -> how many).
    short: dict[int, int] = {}
    for k in naturals:
        short[laid[k]] = short.get(laid[k], 0) + 1
    counts = hand.counts
    short = {c: n - counts[c] for c, n in short.items() if n > counts[c]}
    least = sum(short.values())
    if least > spare:
        return []
    out = [] if least else [laid]
    for size in range(max(1, least), most + 1):
        for chosen in combinations(naturals, size):
            if short and any(
                sum(1 for k in chosen if laid[k] == c) < n for c, n in short.items()
            ):
                continue
            variant = bytearray(laid)
            for k in chosen:
                variant[k] = WILD_TOKEN + sounds[k]
            out.append(bytes(variant))
    return out


def _fillings(lex: Lexicon, sounds: bytes, hand: Hand, need_natural: bool) -> list[bytes]:
    """Every way to lay cards from the hand for ``sounds`` (canonical), one card a sound: a
    sound card of that sound's class, or a wild card declared as the canonical sound. Each
    way is a bytes of tokens.

    ``sounds`` must be affordable (the finder's results are). The usual case is quick: each
    sound said by one kind of card in the hand (see :func:`_wild_variants`). Otherwise (/ʌ/
    and /ə/ both held, say) every card is tried at every place.
    """
    if hand.fill is not None:
        return _wild_variants(sounds.translate(hand.fill), sounds, range(len(sounds)), hand,
                              need_natural)
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
    # cards where they must, and a spare wild card may stand in for any sound card. Most words
    # found with a wild card need it for a sound the hand lacks: those have one way only.
    wilds = hand.wilds
    laids = list(map(bytes.translate, prons, repeat(fill)))
    missing = list(map(bytes.count, map(bytes.translate, prons, repeat(hand.lacking)), repeat(1)))
    repeats = _tables(lex).repeats
    append = out.append
    for pron, laid, gaps in zip(prons, laids, missing, strict=True):
        if gaps == wilds:
            append(laid)  # affordable, so no card is short: every wild card fills a gap
        elif pron in repeats:
            out += _wild_variants(laid, pron, range(len(pron)), hand, True)
        else:
            append(laid)
            n = len(pron)
            if gaps == n - 1:
                continue  # the one sound card must stay
            if gaps:
                naturals: Sequence[int] = [i for i in range(n) if laid[i] < WILD_TOKEN]
            else:
                naturals = range(n)
            for i in naturals:
                append(laid[:i] + _AS_WILD[pron[i]] + laid[i + 1:])
            spare = wilds - gaps
            if spare > 1:
                most = min(spare, len(naturals) - 1)
                for k in range(2, most + 1):
                    for chosen in combinations(naturals, k):
                        variant = bytearray(laid)
                        for i in chosen:
                            variant[i] = WILD_TOKEN + pron[i]
                        append(bytes(variant))
    return out


def word_plays(lex: Lexicon, pron: bytes, hand: Hand) -> list[bytes]:
    """The card sequences (tokens) that lay ``pron`` as a new word from the hand."""
    return _fillings(lex, pron, hand, need_natural=True)


def _embeddings(pron: bytes, base: bytes) -> list[tuple[int, ...]]:
    """Every set of positions of ``pron`` that holds ``base``'s sounds in order."""
    # Usually there is one way: then the leftmost and the rightmost placements agree (every
    # placement lies between them, sound by sound).
    left: list[int] = []
    i = 0
    for s in base:
        i = pron.find(s, i)
        if i < 0:
            return []
        left.append(i)
        i += 1
    right: list[int] = []
    i = len(pron)
    for s in reversed(base):
        i = pron.rfind(s, 0, i)
        right.append(i)
    right.reverse()
    if left == right:
        return [tuple(left)]
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
    least one) everywhere else. ``pron`` must be one :func:`find_extensions` gives for this
    base and hand (so the hand can pay for it)."""
    n = len(pron)
    fill = hand.fill
    if fill is not None and n == len(base) + 1:
        # One card added (the usual case). It goes where ``pron`` first differs from the base,
        # or anywhere earlier in the run of that same sound: the card from the hand, or a wild
        # card.
        k = 0
        last = n - 1
        while k < last and pron[k] == base[k]:
            k += 1
        if pron[k + 1:] != base[k:]:
            return []
        c = pron[k]
        card = fill[c]
        first = k
        while first and pron[first - 1] == c:
            first -= 1
        if first == k:
            head, tail = base_tokens[:k], base_tokens[k:]
            if card < WILD_TOKEN:
                if hand.wilds:
                    return [head + _BYTE[card] + tail, head + _AS_WILD[c] + tail]
                return [head + _BYTE[card] + tail]
            return [head + _AS_WILD[c] + tail] if hand.wilds else []
        one: dict[bytes, None] = {}
        for at in range(first, k + 1):
            if card < WILD_TOKEN:
                one[base_tokens[:at] + _BYTE[card] + base_tokens[at:]] = None
            if hand.wilds:
                one[base_tokens[:at] + _AS_WILD[c] + base_tokens[at:]] = None
        return list(one)
    found: dict[bytes, None] = {}
    if fill is not None:
        # Each placement of the base leaves the rest of the word to the hand's cards.
        laid = pron.translate(fill)
        placements = _embeddings(pron, base)
        if not hand.wilds:
            # Then the hand's own cards fill the gaps, one way for each placement.
            for spots in placements:
                template = bytearray(laid)
                for b, k in zip(base_tokens, spots, strict=True):
                    template[k] = b
                found[bytes(template)] = None
            return list(found)
        for spots in placements:
            template = bytearray(laid)
            for b, k in enumerate(spots):
                template[k] = base_tokens[b]
            gaps = [k for k in range(n) if k not in spots]
            found.update(dict.fromkeys(
                _wild_variants(bytes(template), pron, gaps, hand, need_natural=False)
            ))
        return list(found)
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
