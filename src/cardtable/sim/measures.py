"""What one finished match says about its game, read from the public event stream.

A designer's questions (who wins, how long a match runs, how the lead moves, what happens in
each game's own terms) are answered from what a spectator sees: ``state.events(None)`` and the
seats that acted. Nothing here reads a hand or the stock, so every figure could be taken at a
real table, and a game's private representation can change without touching these measures.

Each match gives whole numbers only (counts, points, per-mille), so the totals of a run are
exact sums that come out the same however the run was split into batches and workers.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardtable.engine.game import State, lowest_wins

Values = dict[str, int]
Event = dict[str, Any]


@dataclass(frozen=True, slots=True)
class Ratio:
    """A measure shown as ``key`` over ``per`` summed across the run (``per=None``: per match),
    as a percentage when ``percent``."""

    key: str
    label: str
    per: str | None = None
    percent: bool = False


@dataclass(slots=True)
class MatchMeasures:
    """One match, reduced to what the running totals of a balance run need."""

    winners: list[int]
    scores: list[int]
    first: int  # the seat that made the match's first decision
    values: Values = field(default_factory=dict)


SHAPE = (
    Ratio("rounds", "rounds a match"),
    Ratio("decisions", "decisions a match"),
    Ratio("lead_changes", "lead changes a match"),
    Ratio("drama", "drama: the winner's worst deficit, in points"),
    Ratio("comeback", "comebacks: the winner trailed after some round", None, True),
    Ratio("decided_permille", "decisiveness: share of the match played before the winner led "
          "for good", None, True),
    Ratio("limit_hit", "completion: matches that hit a round, turn or stock limit", None, True),
    Ratio("tie", "ties", None, True),
    Ratio("first_won", "first player won", None, True),
)
"""The measures every game has, in the order a report lists them."""

HISTOGRAMS = ("rounds", "decisions", "lead_changes", "drama", "decided_permille")
"""Per-match values whose whole distribution is kept (as counts per value)."""


def measure(state: State, decisions: int, winners: Sequence[int]) -> MatchMeasures:
    """Reduce a finished match to its measures (generic ones and its game's diagnostics).
    ``winners`` are the match's, or the seats on the best total of a match cut short after a
    number of rounds."""
    events = state.events(None)
    players = state.game.players
    winners = list(winners)
    scores = list(state.scores)
    first = state.history[0][0] if state.history else 0
    values: Values = {"rounds": state.rounds_played, "decisions": decisions,
                      "tie": int(len(winners) > 1), "first_won": int(first in winners)}
    values.update(_lead(events, winners, lowest_wins(state), players))
    diagnose = DIAGNOSTICS.get(state.game.name)
    if diagnose is not None:
        values.update(diagnose(events, state))
    values["limit_hit"] = int(values.get("limited_rounds", 0) > 0
                              or values.get("match_limit", 0) > 0)
    return MatchMeasures(winners, scores, first, {k: v for k, v in values.items() if v})


def _totals(event: Event) -> list[int] | None:
    result = event.get("result") or {}
    totals = result.get("totals", result.get("stacks"))
    return list(totals) if isinstance(totals, list) else None


def _lead(events: list[Event], winners: list[int], low: bool, players: int) -> Values:
    """Lead changes, drama and decisiveness, from the totals after every round.

    The leader is the one seat on the best total (a shared lead changes nothing). Drama is the
    widest gap, in points, between the eventual winner and the best total after any round;
    decisiveness the share of rounds played before the winner became and stayed sole leader.
    """
    if not winners:
        return {}
    after = [t for t in (_totals(e) for e in events if e["kind"] == "round_scored")
             if t is not None and len(t) == players]
    if not after:
        return {}
    leader: int | None = None
    changes = worst = 0
    not_sole = -1
    for i, totals in enumerate(after):
        best = min(totals) if low else max(totals)
        leaders = [s for s, t in enumerate(totals) if t == best]
        if len(leaders) == 1:
            if leader is not None and leaders[0] != leader:
                changes += 1
            leader = leaders[0]
        worst = max(worst, min(abs(totals[w] - best) for w in winners))
        if len(winners) > 1 or leaders != winners:
            not_sole = i
    return {"lead_changes": changes, "drama": worst, "comeback": int(worst > 0),
            "decided_permille": 1000 * (not_sole + 1) // len(after)}


def _rounds(events: list[Event]) -> list[list[Event]]:
    """The events of each round, from its deal to its score."""
    rounds: list[list[Event]] = []
    for event in events:
        if event["kind"] == "dealt":
            rounds.append([])
        if rounds:
            rounds[-1].append(event)
    return rounds


def _round_first(state: State, round_events: list[Event]) -> int | None:
    """The seat that made the first decision of a round: the action after its deal."""
    version = round_events[0]["version"]
    return state.history[version][0] if version < len(state.history) else None


def _turns(round_events: list[Event]) -> int:
    return sum(1 for e in round_events if e["kind"] in ("drew_stock", "drew_discard"))


def _ended(round_events: list[Event]) -> dict[str, Any] | None:
    for event in reversed(round_events):
        if event["kind"] == "round_scored":
            result: dict[str, Any] = event["result"]
            return result
    return None


def _add(values: Values, key: str, amount: int = 1) -> None:
    values[key] = values.get(key, 0) + amount


# ---- Daylily Rummy ------------------------------------------------------------------------------

DAYLILY = (
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


def _daylily(events: list[Event], state: State) -> Values:
    values: Values = {}
    options = state.game.options
    for round_events in _rounds(events):
        result = _ended(round_events)
        if result is None:
            continue
        reason = str(result.get("reason", ""))
        turns = _turns(round_events)
        if result.get("festival") is not None:
            _add(values, "end:festival")
            _add(values, "out_turns", turns)
            if result["festival"] == _round_first(state, round_events):
                _add(values, "festival_first")
        elif "nine melded" in reason:
            _add(values, "end:nine melded")
        elif "stock" in reason:
            _add(values, "end:stock")
            _add(values, "limited_rounds")
        else:
            _add(values, "end:turns")
            _add(values, "limited_rounds")
        for seat in result.get("seats", []):
            if result.get("festival") is None and seat.get("penalty", 0) < 0:
                _add(values, "pandora_penalised")
        for event in round_events:
            kind = event["kind"]
            if kind == "stock_rebuilt":
                _add(values, "stock_rebuilds")
            elif kind == "meld_declared":
                cards = [str(c) for c in event["cards"]]
                _add(values, "melds")
                _add(values, f"meld:{event['meld']}")
                if event["points"] > 0:
                    _add(values, "scoring_melds")
                boxes = sum(1 for c in cards if c.endswith("PB"))
                _add(values, "pandora_declared", boxes)
                if boxes == len(cards) == 3:
                    _add(values, "pandora_run")
    if options.get("rounds") is None and state.rounds_played >= options.get("max_rounds", 0) \
            and max(state.scores) < options.get("target", 0):
        values["match_limit"] = 1
    return values


# ---- Say Rummy ----------------------------------------------------------------------------------

SAY_RUMMY = (
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


def _say_rummy(events: list[Event], state: State) -> Values:
    values: Values = {}
    for round_events in _rounds(events):
        result = _ended(round_events)
        if result is None:
            continue
        reason = str(result.get("reason", ""))
        words: dict[int, list[Any]] = {}
        for event in round_events:
            kind = event["kind"]
            if kind == "word_laid":
                _add(values, "words_laid")
                words[int(event["index"])] = list(event["tokens"])
            elif kind == "word_extended":
                _add(values, "words_extended")
                words[int(event["index"])] = list(event["tokens"])
            elif kind == "stock_exhausted":
                _add(values, "stock_outs")
            elif kind == "went_out":
                _add(values, "went_out")
                turns = _turns(round_events)
                _add(values, "out_turns", turns)
                if turns <= 1:
                    _add(values, "first_turn_out")
                if event["seat"] == _round_first(state, round_events):
                    _add(values, "out_first")
        for tokens in words.values():
            _add(values, "words_final")
            _add(values, "word_sounds", len(tokens))
            _add(values, f"word_len:{len(tokens)}")
            _add(values, "wild_used", sum(1 for t in tokens if str(t).startswith("*")))
            for sound in _sounds(tokens):
                _add(values, f"sound:{sound}")
        if "laying" in reason:
            _add(values, "end:laid")
        elif "discarding" in reason:
            _add(values, "end:discarded")
        elif "stock" in reason:
            _add(values, "end:stock")
            _add(values, "limited_rounds")
        else:
            _add(values, "end:turns")
            _add(values, "limited_rounds")
    return values


# ---- Day ----------------------------------------------------------------------------------------

DAY = (
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


def _day(events: list[Event], state: State) -> Values:
    values: Values = {}
    for round_events in _rounds(events):
        shown: dict[int, dict[str, Any]] = {}
        for event in round_events:
            kind = event["kind"]
            if (kind == "dealt" and "Crown" in (event.get("up") or [])) \
                    or (kind == "final_card" and event.get("card") == "Crown"):
                _add(values, "crown_board")
            elif kind == "swapped":
                _add(values, "swaps")
            elif kind == "folded":
                _add(values, "folds")
            elif kind == "all_in":
                _add(values, "all_ins")
            elif kind == "tiebreak_drawn":
                _add(values, "tiebreaks")
            elif kind == "busted":
                _add(values, "busts")
            elif kind == "showed_down":
                shown[int(event["seat"])] = event
            elif kind == "pot_won" and event["pot"] == 0:
                if event["pots"] > 1:
                    _add(values, "side_pots")
                if shown:
                    _add(values, "showdowns")
                    _add(values, "shown", len(shown))
                    winner = int(event["seat"])
                    for seat, hand in shown.items():
                        crown = "Crown" in (hand.get("cards") or [])
                        prefix = "crown" if crown else "plain"
                        _add(values, f"{prefix}_shown")
                        if seat == winner:
                            _add(values, f"{prefix}_won")
                    if winner in shown:
                        _add(values, f"cond:{shown[winner]['condition']}")
    if sum(1 for s in state.scores if s > 0) == 1:
        values["last_standing"] = 1
    return values


# ---- Dummy Rummy and Liverpool ------------------------------------------------------------------

CONTRACT = (
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


def _contract(events: list[Event], state: State) -> Values:
    values: Values = {}
    players = state.game.players
    totals = [0] * players
    for round_events in _rounds(events):
        result = _ended(round_events)
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
                _add(values, "buys")
                if leaders == [buyer]:
                    _add(values, "buy_leader")
                if discarder is not None:
                    _add(values, f"buy_place:{(buyer - discarder) % players}")
            elif kind == "laid_down":
                _add(values, "contracts")
                for meld_kind in event["kinds"]:
                    _add(values, "melds")
                    _add(values, f"melds:{meld_kind}")
                _add(values, "jokers_laid", sum(1 for meld in event["tokens"] for t in meld
                                                 if str(t).startswith("JK")))
            elif kind == "laid_off":
                _add(values, "laid_off")
                if str(event.get("token", "")).startswith("JK"):
                    _add(values, "jokers_laid")
            elif kind == "joker_swapped":
                _add(values, "joker_swaps")
            elif kind == "called_rummy":
                _add(values, "rummy_calls")
            elif kind == "floating":
                _add(values, "floating")
        out = result.get("out")
        if out is not None:
            _add(values, "end:went out")
            _add(values, "out_turns", _turns(round_events))
            if out == _round_first(state, round_events):
                _add(values, "out_first")
        elif "turns" in str(result.get("reason", "")):
            _add(values, "end:turns")
            _add(values, "limited_rounds")
        else:
            _add(values, "end:stock")
            _add(values, "limited_rounds")
        after = _totals({"result": result})
        if after is not None:
            totals = after
    return values


DIAGNOSTICS: dict[str, Callable[[list[Event], State], Values]] = {
    "daylily": _daylily,
    "say-rummy": _say_rummy,
    "day": _day,
    "dummy-rummy": _contract,
    "liverpool": _contract,
}
RATIOS: dict[str, tuple[Ratio, ...]] = {
    "daylily": DAYLILY,
    "say-rummy": SAY_RUMMY,
    "day": DAY,
    "dummy-rummy": CONTRACT,
    "liverpool": CONTRACT,
}
"""Each game's own diagnostics as a report shows them; families of keys (``meld:``,
``word_len:``, ``sound:``, ``cond:``, ``buy_place:``) are also shown as whole distributions."""

FAMILIES: dict[str, tuple[tuple[str, str], ...]] = {
    "daylily": (("meld:", "melds declared by shape"),),
    "say-rummy": (("word_len:", "words on the table at a game's end, by sounds"),
                  ("sound:", "sounds used in those words")),
    "day": (("cond:", "winning condition of the main pot at a showdown"),),
    "dummy-rummy": (("buy_place:", "buys by the buyer's place after the discarder"),),
    "liverpool": (("buy_place:", "buys by the buyer's place after the discarder"),),
}
