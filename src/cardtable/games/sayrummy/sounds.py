"""The Say Rummy deck: forty sound cards and the wild card, read from ``deck.json``.

Cards are small ints so that hands can be count vectors: sound cards 0..39 in the order of the
data file (consonants first), :data:`WILD` = 40. A card laid in a word is a *token*: a sound
card's own id, or ``WILD_TOKEN + sound`` for a wild card standing for ``sound`` (a wild keeps the
sound it was declared as for as long as the word stays on the table).

Sounds are written in IPA (``d``, ``ɔ``, ``tʃ``, ``oʊ``); for people without an IPA keyboard
each card also has an ASCII name, its CMU (ARPAbet) phone (``AO``, ``CH``, ``OW``; ``AH`` for
/ʌ/ and ``AX`` for /ə/), in either case. A few common IPA variants (``ɡ``, ``ɹ``, ``ɚ``, ``ɜ``)
are accepted too. The ASCII names are shown wherever the IPA symbol is not plain ASCII
or misleads (:func:`ascii_label`), so that nobody has to guess them.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any

from cardtable.engine.errors import NotationError

VOWEL = "vowel"
CONSONANT = "consonant"


@dataclass(frozen=True, slots=True)
class Sound:
    """One sound card as printed: symbol, vowel or consonant, spellings, an example word, and
    the ASCII name that may be typed instead of the symbol."""

    id: int
    ipa: str
    kind: str
    arpabet: str
    ascii: str
    spellings: tuple[str, ...]
    example: str

    @property
    def vowel(self) -> bool:
        return self.kind == VOWEL


def _load() -> tuple[tuple[Sound, ...], str]:
    data: dict[str, Any] = json.loads(
        resources.files(__package__).joinpath("deck.json").read_text(encoding="utf-8")
    )
    sounds = tuple(
        Sound(i, e["ipa"], e["kind"], e["arpabet"], e["ascii"], tuple(e["spellings"]),
              e["example"])
        for i, e in enumerate(data["sounds"])
    )
    return sounds, str(data["wild"]["symbol"])


SOUNDS, WILD_SYMBOL = _load()
NSOUNDS = len(SOUNDS)  # 40
WILD = NSOUNDS  # the wild card's id in a hand
NCARDS = NSOUNDS + 1  # length of a hand's count vector
WILD_TOKEN = 64  # token of a wild card declared as sound s: WILD_TOKEN + s
IPA: tuple[str, ...] = tuple(s.ipa for s in SOUNDS)
VOWELS = frozenset(s.id for s in SOUNDS if s.vowel)

_BY_TEXT: dict[str, int] = {}
for _s in SOUNDS:
    _BY_TEXT[_s.ipa] = _s.id
    _BY_TEXT[_s.arpabet.lower()] = _s.id
    _BY_TEXT.setdefault(_s.arpabet.lower().rstrip("01"), _s.id)  # AH (no stress mark) is /ʌ/
    _BY_TEXT.setdefault(_s.ascii.lower(), _s.id)
_ALIASES = {
    "ɡ": "g", "ɹ": "r", "ɚ": "ɝ", "ɜ": "ɝ", "ɜr": "ɝ", "ɜː": "ɝ", "ər": "ɝ", "y": "j",
    "iː": "i", "uː": "u", "ɔː": "ɔ", "ɑː": "ɑ", "ei": "eɪ", "ai": "aɪ", "au": "aʊ",
    "oi": "ɔɪ", "ou": "oʊ", "ʧ": "tʃ", "ʤ": "dʒ", "t͡ʃ": "tʃ", "d͡ʒ": "dʒ", "ax": "ə",
}
for _alias, _target in _ALIASES.items():
    _BY_TEXT.setdefault(_alias, _BY_TEXT[_target])


def code(card: int) -> str:
    """A card's code as the deck prints it: its IPA symbol, or ``*`` for the wild card."""
    return WILD_SYMBOL if card == WILD else IPA[card]


def token_code(token: int) -> str:
    """A laid card: ``ɔ`` for the sound card, ``*ɔ`` for a wild card declared as /ɔ/."""
    if token >= WILD_TOKEN:
        return WILD_SYMBOL + IPA[token - WILD_TOKEN]
    return IPA[token]


def token_sound(token: int) -> int:
    return token - WILD_TOKEN if token >= WILD_TOKEN else token


def token_card(token: int) -> int:
    """The card a token is: the sound card itself, or the wild card."""
    return WILD if token >= WILD_TOKEN else token


def parse_sound(text: str) -> int:
    """The sound written ``text`` (IPA, or its CMU name); NotationError if there is none."""
    key = text.strip()
    found = _BY_TEXT.get(key)
    if found is None:
        found = _BY_TEXT.get(key.lower())
    if found is None:
        raise NotationError(
            f"{text!r} is not a sound of the deck (write IPA such as d ɔ g, tʃ, oʊ, ɝ; "
            "or CMU names such as AO, CH)"
        )
    return found


def parse_card(text: str) -> int:
    """A card in a hand: a sound, or ``*`` for the wild card."""
    key = text.strip()
    if key in (WILD_SYMBOL, "wild"):
        return WILD
    return parse_sound(key)


def parse_token(text: str) -> int:
    """A card as laid in a word: ``ɔ`` (the sound card) or ``*ɔ`` (a wild card declared /ɔ/)."""
    key = text.strip()
    if key.startswith(WILD_SYMBOL):
        rest = key[len(WILD_SYMBOL):]
        if not rest:
            raise NotationError(
                "a wild card in a word must say which sound it stands for, e.g. *ɔ"
            )
        return WILD_TOKEN + parse_sound(rest)
    return parse_sound(key)


def split_sounds(parts: list[str] | tuple[str, ...]) -> list[str]:
    """Arguments to sound texts: each argument may hold several sounds separated by spaces,
    and slashes around a transcription (``/dɔg/`` style with spaces) are ignored."""
    out: list[str] = []
    for part in parts:
        out.extend(p for p in part.replace("/", " ").replace(",", " ").split() if p)
    return out


def ascii_label(sound: int) -> str:
    """The ASCII name of a sound when it is not simply its IPA symbol: ``AO`` for /ɔ/ (a
    special keyboard), ``Y`` for /j/ and ``IY`` for /i/ (letters that mislead); the empty
    string for /d/, which is typed ``d``."""
    s = SOUNDS[sound]
    return "" if s.ipa.upper() == s.ascii else s.ascii


def describe(card: int) -> str:
    """A card as the terminal shows it: ``/k/ (c k ck ch q)``; the wild card as ``* (wild)``."""
    if card == WILD:
        return f"{WILD_SYMBOL} (wild)"
    s = SOUNDS[card]
    return f"/{s.ipa}/ ({' '.join(s.spellings)})"


__all__ = [
    "IPA",
    "NCARDS",
    "NSOUNDS",
    "SOUNDS",
    "VOWELS",
    "WILD",
    "WILD_SYMBOL",
    "WILD_TOKEN",
    "Sound",
    "ascii_label",
    "code",
    "describe",
    "parse_card",
    "parse_sound",
    "parse_token",
    "split_sounds",
    "token_card",
    "token_code",
    "token_sound",
]
