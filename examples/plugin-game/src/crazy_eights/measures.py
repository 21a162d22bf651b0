"""Crazy Eights' own balance measures, read from the public event stream of a finished match:
how hands end, how much is drawn and passed, what the eights do, and who gets caught with what.
"""

from __future__ import annotations

from cardtable.engine.game import State
from cardtable.sim.measures import (
    Breakdown,
    Event,
    GameMeasures,
    Ratio,
    Values,
    add,
    round_first,
    round_result,
    rounds_of,
)

RATIOS = (
    Ratio("end:out", "hands ended by a player going out", "rounds", True),
    Ratio("end:blocked", "hands blocked (stock empty, nobody able to play)", "rounds", True),
    Ratio("out_first", "goings out by the hand's first player", "end:out", True),
    Ratio("out_plays", "cards the winner of a hand played to go out", "end:out"),
    Ratio("plays", "cards played a hand", "rounds"),
    Ratio("draws", "cards drawn a hand", "rounds"),
    Ratio("passes", "passes a hand", "rounds"),
    Ratio("eights", "eights played a hand", "rounds"),
    Ratio("eights_caught", "eights left in hand at a hand's end (50 points each)", "rounds"),
    Ratio("penalty", "penalty points charged a hand, all seats together", "rounds"),
)


def crazy_eights_values(events: list[Event], state: State) -> Values:
    values: Values = {}
    for hand in rounds_of(events):
        result = round_result(hand)
        if result is None:
            continue
        out = result.get("out")
        if out is None:
            add(values, "end:blocked")
        else:
            add(values, "end:out")
            if out == round_first(state, hand):
                add(values, "out_first")
            add(values, "out_plays",
                sum(1 for e in hand if e["kind"] == "played" and e["seat"] == out))
        for event in hand:
            kind = event["kind"]
            if kind == "played":
                add(values, "plays")
                if event.get("suit"):
                    add(values, "eights")
                    add(values, f"named:{event['suit']}")
            elif kind == "drew_stock":
                add(values, "draws")
            elif kind == "passed":
                add(values, "passes")
        add(values, "penalty", sum(result.get("penalties", [])))
        add(values, "eights_caught", sum(1 for cards in result.get("held", [])
                                         for c in cards if str(c).startswith("8")))
    return values


MEASURES = GameMeasures(
    values=crazy_eights_values,
    ratios=RATIOS,
    breakdowns=(Breakdown("named:", "suits named by the eights played"),),
)
