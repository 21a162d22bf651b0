"""Fingerprints of seeded random matches: the proof that a change of structure changed no rule.

Each match (game, table size, seed) is played to its end by seeded random choices; its
fingerprint is a hash over, at every decision, the seat's legal moves and view, and the
events each seat was told, and the finished record. The file ``tests/golden/
fingerprints.json`` holds the figures taken before the registration rework (issue 42);
``tests/test_fingerprints.py`` replays a slice of them in CI and this script all of them.

    .venv/bin/python benchmarks/fingerprints.py --check        # every match, against the file
    .venv/bin/python benchmarks/fingerprints.py --write        # take them afresh (a rule change)
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from pathlib import Path

from cardtable import load_game

GOLDEN = Path(__file__).resolve().parent.parent / "tests" / "golden" / "fingerprints.json"
TABLES: tuple[tuple[str, int], ...] = (
    ("daylily", 3), ("say-rummy", 2), ("day", 4), ("dummy-rummy", 4), ("liverpool", 3),
)
MATCHES = 400
AS_RECORDED: dict[str, dict[str, object]] = {"say-rummy": {"word_list": "full"}}
"""Options that were the defaults when the fingerprints were taken (Say Rummy's default word
list became the classroom list later, issue 44): the recorded matches are replayed with them."""
SHOWN_ONLY: dict[str, tuple[str, ...]] = {"say-rummy": ("card_face",)}
"""Options added after the fingerprints were taken that change how cards look, not a rule
(Say Rummy's card face, issue 44): left out of the record that is hashed."""
MAX_STEPS = 20_000


def fingerprint(name: str, players: int, seed: int) -> str:
    """The hash of one seeded random match, everything each seat could observe along the way."""
    game = load_game(name, players, AS_RECORDED.get(name))
    state = game.new_state(seed)
    rng = random.Random(seed * 7919 + 17)
    digest = hashlib.sha256()
    seen = [-1] * players

    def feed(value: object) -> None:
        digest.update(json.dumps(value, sort_keys=True, default=str).encode())

    for _ in range(MAX_STEPS):
        if state.is_over:
            break
        seat = state.actors[0]
        legal = state.legal_actions(seat)
        feed([seat, [str(a) for a in legal]])
        feed(state.view(seat))
        for s in range(players):
            feed(state.events(s, seen[s]))
            seen[s] = state.version
        state.apply(seat, legal[rng.randrange(len(legal))])
    record = state.record()
    if name in SHOWN_ONLY:
        record["options"] = {k: v for k, v in record["options"].items()
                             if k not in SHOWN_ONLY[name]}
    feed(record)
    return digest.hexdigest()[:24]


def table_key(name: str, players: int) -> str:
    return f"{name}/{players}"


def compute(matches: int) -> dict[str, list[str]]:
    return {table_key(n, p): [fingerprint(n, p, seed) for seed in range(matches)]
            for n, p in TABLES}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--check", action="store_true")
    mode.add_argument("--write", action="store_true")
    parser.add_argument("--matches", type=int, default=MATCHES)
    args = parser.parse_args()
    found = compute(args.matches)
    if args.write:
        GOLDEN.parent.mkdir(parents=True, exist_ok=True)
        GOLDEN.write_text(json.dumps(found, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {sum(map(len, found.values()))} fingerprints to {GOLDEN}")
        return
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    bad = 0
    for key, prints in found.items():
        differ = [i for i, (a, b) in enumerate(zip(prints, golden[key], strict=False)) if a != b]
        bad += len(differ)
        print(f"{key}: {len(prints) - len(differ)}/{len(prints)} identical"
              + (f", first differing seed {differ[0]}" if differ else ""))
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
