"""Sound on this machine, for every front end: words spoken by espeak-ng, and the program that
plays a recording.

The server sends the audio to a page; the terminal plays it where the person sits. Neither
knows which game has sounds: a game's kit offers a ``card_sound`` (a card's recording) and a
``voice`` (espeak-ng's voice for its words). Nothing here is downloaded or needs a network.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import tempfile
from functools import lru_cache

from cardtable.engine.errors import CardtableError

SPEECH_SECONDS = 10.0
"""The longest espeak-ng may take for one word (a page then uses its own voice)."""
PLAY_SECONDS = 15.0
"""The longest a recording may play in the terminal before the program is stopped."""
PLAYER_ENV = "CARDTABLE_AUDIO_PLAYER"
"""A command to play a sound file, the file's path appended (e.g. ``mpv --really-quiet``)."""

# Players a Linux or macOS desktop has, first found first; each takes a file's path last.
# aplay reads only WAV, so it is offered for WAV alone.
PLAYERS: tuple[tuple[tuple[str, ...], frozenset[str]], ...] = (
    (("pw-play",), frozenset({"audio/wav", "audio/ogg"})),
    (("paplay",), frozenset({"audio/wav", "audio/ogg"})),
    (("play", "-q"), frozenset({"audio/wav", "audio/ogg"})),  # sox
    (("ffplay", "-nodisp", "-autoexit", "-loglevel", "quiet"),
     frozenset({"audio/wav", "audio/ogg"})),
    (("mpv", "--no-video", "--really-quiet"), frozenset({"audio/wav", "audio/ogg"})),
    (("afplay",), frozenset({"audio/wav"})),
    (("aplay", "-q"), frozenset({"audio/wav"})),
)
SUFFIXES = {"audio/wav": ".wav", "audio/ogg": ".ogg"}


def espeak() -> str | None:
    """Where espeak-ng is, or None when it is not installed."""
    return shutil.which("espeak-ng")


@lru_cache(maxsize=512)
def synthesise(text: str, voice: str) -> bytes:
    """``text`` spoken by espeak-ng as a WAV file (CardtableError if it cannot)."""
    path = espeak()
    if path is None:
        raise CardtableError("espeak-ng is not installed")
    try:
        done = subprocess.run([path, "-v", voice, "-s", "140", "--stdout", text],
                              capture_output=True, timeout=SPEECH_SECONDS, check=False)
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise CardtableError(f"espeak-ng could not speak: {exc}") from None
    if done.returncode != 0 or not done.stdout.startswith(b"RIFF"):
        raise CardtableError("espeak-ng could not speak the word")
    return sized_wav(done.stdout)


def sized_wav(wav: bytes) -> bytes:
    """A WAV file written to a pipe with its true sizes: espeak-ng's ``--stdout`` cannot seek
    back, so it leaves the RIFF and data sizes at 2 GB, which sox forgives and a browser's
    decoder (Chromium's) refuses."""
    at = wav.find(b"data", 12)
    if at < 0:
        return wav
    out = bytearray(wav)
    out[4:8] = (len(wav) - 8).to_bytes(4, "little")
    out[at + 4:at + 8] = (len(wav) - at - 8).to_bytes(4, "little")
    return bytes(out)


def player(media_type: str) -> list[str] | None:
    """The command that plays a file of ``media_type`` here (the path to be appended), or
    None: ``$CARDTABLE_AUDIO_PLAYER`` when set, else the first player installed."""
    chosen = os.environ.get(PLAYER_ENV, "").strip()
    if chosen:
        return shlex.split(chosen)
    for command, types in PLAYERS:
        if media_type in types and shutil.which(command[0]):
            return list(command)
    return None


def play(data: bytes, media_type: str) -> None:
    """Play a recording and wait for it to end; CardtableError, in one sentence, if there
    is no player or it fails."""
    command = player(media_type)
    if command is None:
        raise CardtableError(
            "no program to play sound was found (install sox, PipeWire or mpv, or set "
            f"{PLAYER_ENV} to one)")
    with tempfile.TemporaryDirectory(prefix="cardtable-sound-") as folder:
        path = os.path.join(folder, "sound" + SUFFIXES.get(media_type, ""))
        with open(path, "wb") as f:
            f.write(data)
        try:
            done = subprocess.run([*command, path], capture_output=True,
                                  timeout=PLAY_SECONDS, check=False)
        except FileNotFoundError:
            raise CardtableError(f"the sound player {command[0]!r} is not installed") from None
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise CardtableError(f"the sound player {command[0]!r} failed: {exc}") from None
    if done.returncode != 0:
        said = done.stderr.decode(errors="replace").strip().splitlines()
        raise CardtableError(f"the sound player {command[0]!r} could not play it"
                             + (f": {said[-1]}" if said else ""))


__all__ = ["PLAYER_ENV", "espeak", "play", "player", "synthesise"]
