"""Pots: the main pot and side pots made from what each seat put into a hand.

A player who is all-in can win from each other player at most what they themselves put in; the
chips above that level form side pots that only the players who covered them can win. Folded
players' chips stay in the pots they reached, but a folded player is never eligible.
"""

from __future__ import annotations

from collections.abc import Sequence


def side_pots(contrib: Sequence[int], live: Sequence[bool]) -> list[tuple[int, list[int]]]:
    """The pots of a hand, main pot first, each as (chips, seats eligible to win it).

    ``contrib[s]`` is every chip seat ``s`` put in this hand (antes included), ``live[s]`` says
    whether it is still in (dealt in and not folded). Chips of folded players above every live
    player's total (possible only after uncalled chips went back) join the last pot.
    """
    n = len(contrib)
    levels = sorted({contrib[s] for s in range(n) if live[s] and contrib[s] > 0})
    pots: list[tuple[int, list[int]]] = []
    prev = 0
    for level in levels:
        amount = 0
        for c in contrib:
            if c > prev:
                amount += (c if c < level else level) - prev
        pots.append((amount, [s for s in range(n) if live[s] and contrib[s] >= level]))
        prev = level
    leftover = sum(c - prev for c in contrib if c > prev)
    if leftover:
        if pots:
            amount, eligible = pots[-1]
            pots[-1] = (amount + leftover, eligible)
        else:
            pots.append((leftover, [s for s in range(n) if live[s]]))
    return pots
