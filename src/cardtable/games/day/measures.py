"""Day's own balance measures: showdowns, the Crown, folds, all-ins and side pots."""

from __future__ import annotations

from typing import Any

from cardtable.engine.game import State
from cardtable.sim.measures import (
    Breakdown,
    Event,
    GameMeasures,
    Ratio,
    Values,
    add,
    rounds_of,
)

RATIOS = (
    Ratio("showdowns", "hands that reach a showdown", "rounds", True),
    Ratio("shown", "hands shown at a showdown", "showdowns"),
    Ratio("crown_won", "pots won by a hand holding the Crown, of those shown", "crown_shown",
          True),
    Ratio("plain_won", "pots won by a hand without the Crown, of those shown", "plain_shown",
          True),
    Ratio("crown_board", "hands with the Crown among the dealer's cards", "rounds", True),
    Ratio("swaps", "substitutions a hand", "rounds"),
    Ratio("folds", "folds a hand", "rounds"),
    Ratio("all_ins", "all-ins a hand", "rounds"),
    Ratio("side_pots", "hands with side pots", "rounds", True),
    Ratio("tiebreaks", "tie-break draws a hand", "rounds"),
    Ratio("busts", "players out of chips a match"),
    Ratio("last_standing", "matches won by taking every chip", None, True),
)


def day_values(events: list[Event], state: State) -> Values:
    values: Values = {}
    for round_events in rounds_of(events):
        shown: dict[int, dict[str, Any]] = {}
        for event in round_events:
            kind = event["kind"]
            if (kind == "dealt" and "Crown" in (event.get("up") or [])) \
                    or (kind == "final_card" and event.get("card") == "Crown"):
                add(values, "crown_board")
            elif kind == "swapped":
                add(values, "swaps")
            elif kind == "folded":
                add(values, "folds")
            elif kind == "all_in":
                add(values, "all_ins")
            elif kind == "tiebreak_drawn":
                add(values, "tiebreaks")
            elif kind == "busted":
                add(values, "busts")
            elif kind == "showed_down":
                shown[int(event["seat"])] = event
            elif kind == "pot_won" and event["pot"] == 0:
                if event["pots"] > 1:
                    add(values, "side_pots")
                if shown:
                    add(values, "showdowns")
                    add(values, "shown", len(shown))
                    winner = int(event["seat"])
                    for seat, hand in shown.items():
                        crown = "Crown" in (hand.get("cards") or [])
                        prefix = "crown" if crown else "plain"
                        add(values, f"{prefix}_shown")
                        if seat == winner:
                            add(values, f"{prefix}_won")
                    if winner in shown:
                        add(values, f"cond:{shown[winner]['condition']}")
    if sum(1 for s in state.scores if s > 0) == 1:
        values["last_standing"] = 1
    return values


MEASURES = GameMeasures(
    values=day_values,
    ratios=RATIOS,
    breakdowns=(Breakdown("cond:", "winning condition of the main pot at a showdown"),),
)
