"""The contract rummies' own balance measures (Dummy Rummy and Liverpool alike): how deals end,
buys, contracts, lay-offs, jokers and floating."""

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
    totals_of,
    turns_in,
)

RATIOS = (
    Ratio("end:went out", "deals ended by a player going out", "rounds", True),
    Ratio("end:stock", "deals ended with the stock and discards spent", "rounds", True),
    Ratio("end:turns", "deals ended by the turn limit (house rule)", "rounds", True),
    Ratio("out_turns", "turns to go out", "end:went out"),
    Ratio("out_first", "goings out by the deal's first player", "end:went out", True),
    Ratio("buys", "buys a deal", "rounds"),
    Ratio("buy_leader", "buys by the player leading the match (lowest total)", "buys", True),
    Ratio("contracts", "contracts laid down a deal", "rounds"),
    Ratio("melds:set", "sets among the contract melds", "melds", True),
    Ratio("melds:run", "runs among the contract melds", "melds", True),
    Ratio("laid_off", "cards laid off a deal", "rounds"),
    Ratio("jokers_laid", "jokers laid a deal (in contracts and laid off)", "rounds"),
    Ratio("joker_swaps", "joker swaps a deal", "rounds"),
    Ratio("rummy_calls", "rummy calls a deal", "rounds"),
    Ratio("floating", "players left floating a deal", "rounds"),
)


def contract_values(events: list[Event], state: State) -> Values:
    values: Values = {}
    players = state.game.players
    totals = [0] * players
    for round_events in rounds_of(events):
        result = round_result(round_events)
        if result is None:
            continue
        best = min(totals)
        leaders = [s for s, t in enumerate(totals) if t == best]
        discarder: int | None = None
        for event in round_events:
            kind = event["kind"]
            if kind == "discarded":
                discarder = event["seat"]
            elif kind == "bought":
                buyer = int(event["seat"])
                add(values, "buys")
                if leaders == [buyer]:
                    add(values, "buy_leader")
                if discarder is not None:
                    add(values, f"buy_place:{(buyer - discarder) % players}")
            elif kind == "laid_down":
                add(values, "contracts")
                for meld_kind in event["kinds"]:
                    add(values, "melds")
                    add(values, f"melds:{meld_kind}")
                add(values, "jokers_laid", sum(1 for meld in event["tokens"] for t in meld
                                                 if str(t).startswith("JK")))
            elif kind == "laid_off":
                add(values, "laid_off")
                if str(event.get("token", "")).startswith("JK"):
                    add(values, "jokers_laid")
            elif kind == "joker_swapped":
                add(values, "joker_swaps")
            elif kind == "called_rummy":
                add(values, "rummy_calls")
            elif kind == "floating":
                add(values, "floating")
        out = result.get("out")
        if out is not None:
            add(values, "end:went out")
            add(values, "out_turns", turns_in(round_events))
            if out == round_first(state, round_events):
                add(values, "out_first")
        elif "turns" in str(result.get("reason", "")):
            add(values, "end:turns")
            add(values, "limited_rounds")
        else:
            add(values, "end:stock")
            add(values, "limited_rounds")
        after = totals_of({"result": result})
        if after is not None:
            totals = after
    return values


MEASURES = GameMeasures(
    values=contract_values,
    ratios=RATIOS,
    breakdowns=(Breakdown("buy_place:", "buys by the buyer's place after the discarder"),),
)
