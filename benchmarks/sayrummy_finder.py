"""The Say Rummy word finder and lexicon: the two speed bars of issue 4.

- Lexicon load, warm: a fresh Python process imports cardtable and loads the cached lexicon
  (the cache is built first if missing); the load alone is timed, in several processes.
- Word finder: for random 7-card hands with 0, 1 and 2 wild cards and 10 random words on the
  table, every new word and every extension of every table word, the way the legal moves and
  the hint call it (``Hand`` + ``find_words`` + ``find_extensions``); median per hand. The table
  words are dictionary words of 2 to 7 sounds; hands are dealt from the default deck (two copies
  of each sound card).

    .venv/bin/python benchmarks/sayrummy_finder.py [--hands 400] [--seed 1] [--loads 5]
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time

from cardtable.games.sayrummy.finder import Hand, all_word_plays, find_extensions, find_words
from cardtable.games.sayrummy.lexicon import lexicon
from cardtable.games.sayrummy.sounds import NCARDS, NSOUNDS, WILD
from machine import print_machine

LOAD_SNIPPET = """
import time
t0 = time.perf_counter()
from cardtable.games.sayrummy.lexicon import lexicon
t1 = time.perf_counter()
lex = lexicon()
t2 = time.perf_counter()
lex.multisets
t3 = time.perf_counter()
print(f"{t1 - t0:.4f} {t2 - t1:.4f} {t3 - t2:.4f} {len(lex.spellings)}")
"""


def load_times(runs: int) -> list[tuple[float, float, float, int]]:
    subprocess.run([sys.executable, "-c", LOAD_SNIPPET], check=True, capture_output=True)
    out = []
    for _ in range(runs):
        done = subprocess.run([sys.executable, "-c", LOAD_SNIPPET], check=True,
                              capture_output=True, text=True)
        a, b, c, n = done.stdout.split()
        out.append((float(a), float(b), float(c), int(n)))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--hands", type=int, default=400, help="hands per wild-card count")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--loads", type=int, default=5, help="fresh processes for the load time")
    args = parser.parse_args()
    print_machine()

    loads = load_times(args.loads)
    print(f"\nlexicon load, warm cache, {args.loads} fresh processes "
          f"({loads[0][3]:,} pronunciations):")
    print(f"  import {statistics.median(x[0] for x in loads) * 1000:.0f} ms (median), "
          f"lexicon {statistics.median(x[1] for x in loads) * 1000:.0f} ms (median, worst "
          f"{max(x[1] for x in loads) * 1000:.0f} ms), wild-card tables on first use "
          f"{statistics.median(x[2] for x in loads) * 1000:.0f} ms; bar: under 500 ms")

    lex = lexicon()
    _exact, _one_more = lex.multisets  # loaded once per process, at the first wild card
    rng = random.Random(args.seed)
    table_words = [p for p in lex.spellings if 2 <= len(p) <= 7]
    deck = [s for s in range(NSOUNDS) for _ in range(2)]
    everything: list[float] = []
    print(f"\nword finder: 7-card hands, 10 words on the table, {args.hands} hands each")
    for wilds in (0, 1, 2):
        times = []
        found = []
        for _ in range(args.hands):
            counts = [0] * NCARDS
            for s in rng.sample(deck, 7 - wilds):
                counts[s] += 1
            counts[WILD] = wilds
            table = rng.sample(table_words, 10)
            t0 = time.perf_counter()
            hand = Hand(lex, counts)
            words = find_words(lex, hand)
            extensions = [find_extensions(lex, base, hand) for base in table]
            times.append(time.perf_counter() - t0)
            found.append(len(words) + sum(map(len, extensions)))
        everything += times
        print(f"  {wilds} wild: median {statistics.median(times) * 1000:.2f} ms, "
              f"90th percentile {sorted(times)[len(times) * 9 // 10] * 1000:.2f} ms, "
              f"{statistics.mean(found):,.0f} words and extensions found on average")
    print(f"  all hands with up to 2 wild cards: median "
          f"{statistics.median(everything) * 1000:.2f} ms; bar: under 5 ms")
    # The legal moves also spell out which cards say each word (wild card placements).
    counts = [0] * NCARDS
    for s in rng.sample(deck, 5):
        counts[s] += 1
    counts[WILD] = 2
    hand = Hand(lex, counts)
    t0 = time.perf_counter()
    plays = all_word_plays(lex, find_words(lex, hand), hand)
    print(f"  one 2-wild hand: {len(plays):,} ways to lay new words, spelled out in "
          f"{(time.perf_counter() - t0) * 1000:.1f} ms")


if __name__ == "__main__":
    main()
