"""What Say Rummy's cards and words sound like: a recording of each sound card, and the voice
a front end speaks the table's words in.

The recordings are made from Debian's espeak-ng by ``scripts/make_card_sounds.py`` and shipped
in the wheel as small Ogg Vorbis files (``audio/<ascii name>.ogg``): a child can hear /k/ or
/ɔɪ/ alone, on every machine, without the browser having a voice. The kit offers them as the
``card_sound`` extra and the voice as ``voice``, so the server serves them without naming the
game.
"""

from __future__ import annotations

from functools import cache
from importlib import resources

from cardtable.engine.errors import NotationError
from cardtable.games.sayrummy.sounds import SOUNDS, WILD, parse_card

VOICE = "en-us"
"""espeak-ng's voice for the table's words (the deck's sounds are American English's)."""

MEDIA_TYPE = "audio/ogg"


@cache
def _recording(sound: int) -> bytes:
    name = f"{SOUNDS[sound].ascii.lower()}.ogg"
    return resources.files(__package__).joinpath("audio", name).read_bytes()


def card_sound(card: str) -> tuple[bytes, str] | None:
    """The recording of the sound card ``card`` (as the notation or a person writes it: ``ɔ``,
    ``AO``) and its media type; None for the wild card, which has no sound of its own.
    NotationError for anything that is not a card of the deck."""
    found = parse_card(card)
    if found == WILD:
        return None
    return _recording(found), MEDIA_TYPE


__all__ = ["MEDIA_TYPE", "VOICE", "NotationError", "card_sound"]
