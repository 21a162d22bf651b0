"""The gentle bot: a patient opponent for children, in every game.

Playing against ``greedy``, a child at a word-building table often sees a bot lay its whole
hand before the child has moved at all. ``gentle`` plays the game's own good moves (it asks the
game's greedy bot, or ``random`` where a game has none) with two differences:

- in the games with a discard pile (every game where a player goes out) it does not go out
  while the round is young: until every player has drawn ``turns`` times this round (two by
  default) it takes the best move that does not end the round, unless going out is the only
  legal move;
- now and then (``ease``, 0.3 by default) it lets its favourite play go and takes the next best
  one (a discard instead of a meld, a shorter word), so it is beatable.

Whether a move would end the round is read from a sample of the seat's own observation (the
move is tried on a state the seat cannot tell from the real one; going out depends only on the
bot's own hand, which the sample holds exactly). Every choice is drawn from the bot's seeded
generator. Parameters ride on the name as for every bot: ``gentle:turns=3:ease=0``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from cardtable.bots import Bot, Decision, Needs, bot_names, make_bot, register_param_bot
from cardtable.engine.errors import OptionError
from cardtable.engine.game import Action, Game

DRAWS = frozenset({"drew_stock", "drew_discard", "bought"})
ENDINGS = frozenset({"went_out", "match_over"})
DEFAULT_TURNS = 2
DEFAULT_EASE = 0.3
MAX_TURNS = 50


class GentleBot:
    """The game's good moves, without hurry; reads only its seat's observation."""

    name = "gentle"
    needs: ClassVar[Needs] = "observation"

    def __init__(self, game: Game, seed: int = 0, turns: int = DEFAULT_TURNS,
                 ease: float = DEFAULT_EASE) -> None:
        inner = "greedy" if "greedy" in bot_names(game.name) else "random"
        self.inner: Bot = make_bot(inner, game, seed)
        self.rng = random.Random(seed ^ 0x6E71E)
        self.turns = turns
        self.ease = ease
        self.players = game.players
        self._seen = -1
        self._draws = [0] * game.players

    # ---- how young the round is -------------------------------------------------------------
    def _young(self, decision: Decision) -> bool:
        """Whether some player has drawn fewer than ``turns`` times since the last deal."""
        observation = decision.observe()
        if observation.version < self._seen:  # a new match with the same bot
            self._seen, self._draws = -1, [0] * self.players
        for event in observation.events(self._seen):
            if event["kind"] == "dealt":
                self._draws = [0] * self.players
            elif event["kind"] in DRAWS and event.get("seat") is not None:
                self._draws[int(event["seat"])] += 1
        self._seen = observation.version
        return min(self._draws) < self.turns

    def _goes_out(self, decision: Decision, action: Action) -> bool:
        """Whether ``action`` makes this seat go out, or leaves it a single card to discard
        (which is going out a move later: the lay is where the hurry is)."""
        observation = decision.observe()
        state = observation.sample(random.Random(self.rng.getrandbits(32)))
        before = state.version
        state.apply(decision.seat, action)
        for event in state.events(decision.seat, before):
            if event["kind"] in ENDINGS:
                return True
            if event["kind"] == "round_scored" and event.get("seat") == decision.seat:
                return True
        if state.is_over or decision.seat not in state.actors:
            return False
        hand = state.view(decision.seat)["zones"].get(f"hand:{decision.seat}")
        return hand is not None and len(hand.get("cards", ())) <= 1 and not _is_draw(action)

    # ---- choosing ---------------------------------------------------------------------------
    def _ask(self, decision: Decision, legal: Sequence[Action]) -> Action:
        narrowed = Decision(decision.seat, tuple(legal), decision.game, decision.view(),
                            decision.observe())
        return self.inner.choose(narrowed)

    def choose(self, decision: Decision) -> Action:
        legal = list(decision.legal)
        if len(legal) == 1:
            return legal[0]
        choice = self._ask(decision, legal)
        if self.ease and _is_play(choice) and self.rng.random() < self.ease:
            rest = [a for a in legal if a != choice]
            if rest:
                choice = self._ask(decision, rest)
        if "discard" not in decision.view()["zones"] or not self._young(decision):
            return choice  # no discard pile, no going out: nothing to hold back
        tried: list[Action] = []
        while self._goes_out(decision, choice):
            tried.append(choice)
            rest = [a for a in legal if a not in tried]
            if not rest:
                return tried[0]  # going out is all there is to do
            choice = self._ask(decision, rest)
        return choice


def _is_draw(action: Action) -> bool:
    return str(action).split(" ", 1)[0].lower() in ("draw", "take", "buy")


def _is_play(action: Action) -> bool:
    """A meld, word, lay-off or raise: the moves worth easing off; draws and discards are not."""
    verb = str(action).split(" ", 1)[0].lower()
    return verb not in ("draw", "take", "discard", "pass", "fold", "check", "call", "keep")


def make_gentle(game: Game, seed: int, params: Mapping[str, str]) -> GentleBot:
    known = {"turns", "ease"}
    for key in params:
        if key not in known:
            raise OptionError(f"bot gentle has no parameter {key!r} (parameters: ease, turns)")
    turns = _number(params, "turns", DEFAULT_TURNS, int)
    ease = _number(params, "ease", DEFAULT_EASE, float)
    if not 0 <= turns <= MAX_TURNS:
        raise OptionError(f"bot gentle: turns must be between 0 and {MAX_TURNS}, not {turns}")
    if not 0.0 <= ease <= 1.0:
        raise OptionError(f"bot gentle: ease must be between 0 and 1, not {ease}")
    return GentleBot(game, seed, int(turns), float(ease))


def _number(params: Mapping[str, str], key: str, default: Any, kind: type) -> Any:
    if key not in params:
        return default
    text = params[key]
    try:
        if not text.isascii():
            raise ValueError
        value = kind(text)
    except ValueError:
        what = "a whole number" if kind is int else "a number"
        raise OptionError(f"bot gentle: {key} must be {what}, not {text[:40]!r}") from None
    if value != value:  # NaN
        raise OptionError(f"bot gentle: {key} must be a number, not {text[:40]!r}")
    return value


register_param_bot("gentle", "*", make_gentle,
                   about="plays sensibly but unhurried: good for children")

__all__ = ["GentleBot"]
