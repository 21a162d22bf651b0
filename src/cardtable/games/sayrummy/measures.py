"""Say Rummy's own balance measures: how games end, the words laid and the sounds they use."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardtable.engine.game import Game, State
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
    Ratio("end:laid", "games ended by laying the last cards as words", "rounds", True),
    Ratio("end:discarded", "games ended by discarding the last card", "rounds", True),
    Ratio("end:stock", "games ended by the stock running out twice", "rounds", True),
    Ratio("end:turns", "games ended by the turn limit (house rule)", "rounds", True),
    Ratio("out_turns", "turns to go out", "went_out"),
    Ratio("first_turn_out", "games won on the very first turn", "rounds", True),
    Ratio("out_first", "goings out by the game's first player", "went_out", True),
    Ratio("words_laid", "new words a game", "rounds"),
    Ratio("words_extended", "words extended a game", "rounds"),
    Ratio("word_sounds", "sounds a word on the table, at the game's end", "words_final"),
    Ratio("wild_used", "wild cards used a game", "rounds"),
    Ratio("stock_outs", "times the stock ran out a game", "rounds"),
)


def _sounds(tokens: Sequence[Any]) -> list[str]:
    return [str(t)[1:] if str(t).startswith("*") else str(t) for t in tokens]


def say_rummy_values(events: list[Event], state: State) -> Values:
    values: Values = {}
    for round_events in rounds_of(events):
        result = round_result(round_events)
        if result is None:
            continue
        reason = str(result.get("reason", ""))
        words: dict[int, list[Any]] = {}
        for event in round_events:
            kind = event["kind"]
            if kind == "word_laid":
                add(values, "words_laid")
                words[int(event["index"])] = list(event["tokens"])
            elif kind == "word_extended":
                add(values, "words_extended")
                words[int(event["index"])] = list(event["tokens"])
            elif kind == "stock_exhausted":
                add(values, "stock_outs")
            elif kind == "went_out":
                add(values, "went_out")
                turns = turns_in(round_events)
                add(values, "out_turns", turns)
                if turns <= 1:
                    add(values, "first_turn_out")
                if event["seat"] == round_first(state, round_events):
                    add(values, "out_first")
        for tokens in words.values():
            add(values, "words_final")
            add(values, "word_sounds", len(tokens))
            add(values, f"word_len:{len(tokens)}")
            add(values, "wild_used", sum(1 for t in tokens if str(t).startswith("*")))
            for sound in _sounds(tokens):
                add(values, f"sound:{sound}")
        if "laying" in reason:
            add(values, "end:laid")
        elif "discarding" in reason:
            add(values, "end:discarded")
        elif "stock" in reason:
            add(values, "end:stock")
            add(values, "limited_rounds")
        else:
            add(values, "end:turns")
            add(values, "limited_rounds")
    return values


def deck_sounds(game: Game) -> list[str]:
    """Every sound of the table's deck (the wild card aside), so a sound no word used shows."""
    return sorted({c for c in game.deck() if c != "*"})


MEASURES = GameMeasures(
    values=say_rummy_values,
    ratios=RATIOS,
    breakdowns=(
        Breakdown("word_len:", "words on the table at a game's end, by sounds"),
        Breakdown("sound:", "sounds used in those words", every=deck_sounds,
                  unused_key="sounds_never_used", unused_title="Sounds never used in a word"),
    ),
)
