"""Accents a teacher can pick by name: the sound mergers of North American English.

A class says words the way its town does. Some mergers join two sounds everywhere (*cot* and
*caught* rhyme): that is a plain merge, the same as ``ɑ=ɔ`` in ``dialect_merges``. Others join
sounds only before certain sounds: *pin* and *pen* sound alike, yet *bit* and *bet* do not.
A global merge of /ɪ/ and /ɛ/ would wrongly let *bet* be spelled with the cards of *bit*, so a
contextual merger is applied to the word list instead: every word gets, besides its own
pronunciation, the ones a speaker of that accent would say (*pen* is also /p ɪ n/, *pin* also
/p ɛ n/), and the lexicon indexes those as words of their own. The cards stay the cards.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass

from cardtable.engine.errors import OptionError
from cardtable.games.sayrummy.sounds import IPA


def _ids(*symbols: str) -> frozenset[int]:
    return frozenset(IPA.index(s) for s in symbols)


@dataclass(frozen=True)
class Context:
    """Sounds that are one sound when the next sound is one of ``before``."""

    sounds: frozenset[int]
    before: frozenset[int]

    def key(self) -> str:
        """A stable text for the cache's signature."""
        return f"{sorted(self.sounds)}<{sorted(self.before)}"


@dataclass(frozen=True)
class Preset:
    """A named accent: its words, its everywhere-merges and its merges in context."""

    name: str
    example: str
    merges: tuple[tuple[int, ...], ...] = ()
    contexts: tuple[Context, ...] = ()


PRESETS: dict[str, Preset] = {
    p.name: p
    for p in (
        Preset("cot-caught", "cot = caught, everywhere",
               merges=((IPA.index("ɑ"), IPA.index("ɔ")),)),
        Preset("pin-pen", "pin = pen, before m, n and ng only",
               contexts=(Context(_ids("ɪ", "ɛ"), _ids("m", "n", "ŋ")),)),
        Preset("mary-marry-merry", "Mary = marry = merry, before r only",
               contexts=(Context(_ids("æ", "ɛ", "eɪ"), _ids("r")),)),
    )
}

MOST_PLACES = 4
"""A word is given its accent's pronunciations at no more than this many places (the first
ones): no ordinary word has more, and it bounds the variants at 3^4 a pronunciation."""


def split_presets(text: str | None) -> tuple[str, tuple[Preset, ...]]:
    """``dialect_merges`` text -> (its sound equalities, left for the parser, and its presets).

    A part with ``=`` is a sound equality (``ɑ=ɔ``); any other part must name a preset."""
    if text is None:
        return "", ()
    rest: list[str] = []
    presets: list[Preset] = []
    for part in text.replace(";", ",").split(","):
        name = part.strip()
        if not name or name.lower() == "none":
            continue
        if "=" in name:
            rest.append(name)
            continue
        preset = PRESETS.get(name.lower())
        if preset is None:
            raise OptionError(
                f"dialect_merges: {name!r} is neither a merge of sounds like ɑ=ɔ nor an accent "
                f"({', '.join(PRESETS)})"
            )
        if preset not in presets:
            presets.append(preset)
    return ",".join(rest), tuple(presets)


def accent_variants(pron: bytes, contexts: tuple[Context, ...]) -> Iterator[bytes]:
    """Every pronunciation a speaker with these merges in context says for ``pron`` (raw
    sound ids), ``pron`` itself first."""
    choices: list[tuple[int, ...]] = [(s,) for s in pron]
    places = 0
    for i in range(len(pron) - 1):
        for context in contexts:
            if pron[i] in context.sounds and pron[i + 1] in context.before:
                choices[i] = (pron[i], *sorted(context.sounds - {pron[i]}))
                places += 1
                break
        if places == MOST_PLACES:
            break
    if places == 0:
        yield pron
        return
    for combo in itertools.product(*choices):
        yield bytes(combo)


def describe_presets() -> str:
    """One line an accent, for the option's help and the rules page."""
    return ", ".join(f"{p.name} ({p.example})" for p in PRESETS.values())


__all__ = ["MOST_PLACES", "PRESETS", "Context", "Preset", "accent_variants",
           "describe_presets", "split_presets"]
