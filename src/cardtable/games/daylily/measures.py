"""Daylily Rummy's own balance measures: how rounds end, the melds declared, Pandora's Box."""

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
    turns_in,
)

RATIOS = (
    Ratio("end:festival", "rounds ended by a Festival", "rounds", True),
    Ratio("end:nine melded", "rounds ended with every player on nine melded cards", "rounds", True),
    Ratio("end:stock", "rounds ended when the stock ran out (house rule)", "rounds", True),
    Ratio("end:turns", "rounds ended by the turn limit (house rule)", "rounds", True),
    Ratio("match_limit", "matches ended by the round limit before the target", None, True),
    Ratio("out_turns", "turns to present the Festival", "end:festival"),
    Ratio("festival_first", "Festivals presented by the round's first player", "end:festival",
          True),
    Ratio("stock_rebuilds", "stock rebuilds a round", "rounds"),
    Ratio("melds", "melds declared a round", "rounds"),
    Ratio("meld:pair", "pairs among the melds", "melds", True),
    Ratio("meld:trio-run", "trio runs among the melds", "melds", True),
    Ratio("meld:trio-set", "trio sets among the melds", "melds", True),
    Ratio("meld:quad", "quads among the melds", "melds", True),
    Ratio("scoring_melds", "scoring melds (the rest are safe)", "melds", True),
    Ratio("pandora_declared", "Pandora's Box cards declared in melds a round", "rounds"),
    Ratio("pandora_run", "Pandora's Box runs (1PB 2PB 3PB) a round", "rounds"),
    Ratio("pandora_penalised", "Pandora's Box penalties a round (seats caught holding one)",
          "rounds"),
)


def daylily_values(events: list[Event], state: State) -> Values:
    values: Values = {}
    options = state.game.options
    for round_events in rounds_of(events):
        result = round_result(round_events)
        if result is None:
            continue
        reason = str(result.get("reason", ""))
        turns = turns_in(round_events)
        if result.get("festival") is not None:
            add(values, "end:festival")
            add(values, "out_turns", turns)
            if result["festival"] == round_first(state, round_events):
                add(values, "festival_first")
        elif "nine melded" in reason:
            add(values, "end:nine melded")
        elif "stock" in reason:
            add(values, "end:stock")
            add(values, "limited_rounds")
        else:
            add(values, "end:turns")
            add(values, "limited_rounds")
        for seat in result.get("seats", []):
            if result.get("festival") is None and seat.get("penalty", 0) < 0:
                add(values, "pandora_penalised")
        for event in round_events:
            kind = event["kind"]
            if kind == "stock_rebuilt":
                add(values, "stock_rebuilds")
            elif kind == "meld_declared":
                cards = [str(c) for c in event["cards"]]
                add(values, "melds")
                add(values, f"meld:{event['meld']}")
                if event["points"] > 0:
                    add(values, "scoring_melds")
                boxes = sum(1 for c in cards if c.endswith("PB"))
                add(values, "pandora_declared", boxes)
                if boxes == len(cards) == 3:
                    add(values, "pandora_run")
    if options.get("rounds") is None and state.rounds_played >= options.get("max_rounds", 0) \
            and max(state.scores) < options.get("target", 0):
        values["match_limit"] = 1
    return values


MEASURES = GameMeasures(
    values=daylily_values,
    ratios=RATIOS,
    breakdowns=(Breakdown("meld:", "melds declared by shape"),),
)
