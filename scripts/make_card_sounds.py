"""Remake the recordings of Say Rummy's 40 sound cards from Debian's espeak-ng.

Each card's sound is spoken alone by espeak-ng's American English voice from its phoneme
notation (``[[k@]]``), trimmed of silence, made as loud as the others and saved as a small
Ogg Vorbis file (16 kHz mono) in ``src/cardtable/games/sayrummy/audio/``, named by the card's
ASCII name (``k.ogg``, ``ao.ogg``), which the wheel ships. A stop (/p/, /t/, /k/...) cannot be
heard without a vowel after it, so it is said as teachers say it, with a short /ə/ ("kuh");
every other sound is said alone.

Needs ``espeak-ng`` and ``sox`` (``apt-get install espeak-ng sox``). Run from the repository:
``python scripts/make_card_sounds.py`` (``--check`` only tells whether every file is there).
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "src" / "cardtable" / "games" / "sayrummy"
OUT = GAME / "audio"

ESPEAK = {
    "p": "p@", "b": "b@", "t": "t@", "d": "d@", "k": "k@", "g": "g@", "f": "f:", "v": "v:",
    "θ": "T:", "ð": "D:", "s": "s:", "z": "z:", "ʃ": "S:", "ʒ": "Z:", "h": "h@", "tʃ": "tS@",
    "dʒ": "dZ@", "m": "m:", "n": "n:", "ŋ": "N:", "l": "l:", "r": "r@", "w": "w@", "j": "j@",
    "i": "i:", "ɪ": "I", "eɪ": "eI", "ɛ": "E", "æ": "a", "ɑ": "A:", "ɔ": "O:", "oʊ": "oU",
    "ʊ": "U", "u": "u:", "ʌ": "V", "ə": "@", "ɝ": "3:", "aɪ": "aI", "aʊ": "aU", "ɔɪ": "OI",
}
"""Each card's sound in espeak-ng's phoneme notation (``:`` lengthens a sound said alone)."""


def card_file(ascii_name: str) -> str:
    return f"{ascii_name.lower()}.ogg"


def make(ipa: str, target: Path, work: Path) -> None:
    wav = work / "raw.wav"
    subprocess.run(["espeak-ng", "-v", "en-us", "-s", "130", "-w", str(wav),
                    f"[[{ESPEAK[ipa]}]]"], check=True, capture_output=True)
    # trim the silence at both ends, normalise to -1 dBFS, 16 kHz mono, Vorbis quality 1
    subprocess.run(["sox", str(wav), "-r", "16000", "-c", "1", "-C", "1", str(target),
                    "silence", "1", "0.01", "0.3%", "reverse", "silence", "1", "0.01", "0.3%",
                    "reverse", "pad", "0.05", "0.1", "gain", "-n", "-1"],
                   check=True, capture_output=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only check every file is there")
    args = parser.parse_args()
    deck = json.loads((GAME / "deck.json").read_text(encoding="utf-8"))
    sounds = [(s["ipa"], s["ascii"]) for s in deck["sounds"]]
    if args.check:
        missing = [card_file(a) for _ipa, a in sounds if not (OUT / card_file(a)).is_file()]
        print("missing: " + " ".join(missing) if missing else f"all {len(sounds)} are there")
        return 1 if missing else 0
    for tool in ("espeak-ng", "sox"):
        if shutil.which(tool) is None:
            print(f"{tool} is not installed (apt-get install espeak-ng sox)", file=sys.stderr)
            return 1
    OUT.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        for ipa, ascii_name in sounds:
            make(ipa, OUT / card_file(ascii_name), Path(tmp))
    total = sum((OUT / card_file(a)).stat().st_size for _ipa, a in sounds)
    print(f"{len(sounds)} recordings, {total} bytes, in {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
