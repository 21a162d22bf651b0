"""Tally, a game small enough to write in a test, registered the way a third-party game is: one
:class:`GameKit` naming each of its parts, so the tests can hold every consumer (bots, the RL
layer, balance, the judge) to asking the kit rather than knowing the game.

Six cards, ``1`` to ``6``; each of two players is dealt two, the rest stay face down. In turn
each plays a card of their hand face up; when both hands are empty the higher total played wins.
:data:`TALLY` names every part; :data:`BARE` is the same rules under another name with no part
but the rules, as a game that describes nothing else would be.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Self

from cardtable.engine.deals import Deal
from cardtable.engine.errors import ImpossibleCards, NotationError
from cardtable.engine.events import Event
from cardtable.engine.game import Action, Game, State, check_actor
from cardtable.engine.kit import GameKit
from cardtable.engine.zones import Visibility, Zone
from cardtable.rl.codec import Codec, Layout, Obs
from cardtable.sim.measures import Event as EventData
from cardtable.sim.measures import GameMeasures, Ratio, Values

CARDS = ("1", "2", "3", "4", "5", "6")
HAND = 2


@dataclass(frozen=True, slots=True)
class Play:
    card: str

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(slots=True)
class Played(Event):
    kind: ClassVar[str] = "played"
    card: str = ""


class TallyGame(Game):
    name = "tally"
    title = "Tally"
    player_counts = (2,)

    def new_state(self, seed: int | None = None, deals: Sequence[Deal] | None = None) -> State:
        return TallyState(self, seed, deals)

    def parse_action(self, text: str) -> Action:
        word, _, card = text.strip().partition(" ")
        if word != "play" or card not in CARDS:
            raise NotationError(f"{text!r} is not a move of Tally (play 1 to play 6)")
        return Play(card)

    def rules_summary(self) -> str:
        return "Play the cards of your hand one a turn; the higher total played wins."

    def deck(self) -> list[str]:
        return list(CARDS)

    def decision_bound(self) -> int:
        return HAND * self.players

    def random_action(self, rng: random.Random) -> Action:
        return Play(rng.choice(CARDS))


class BareGame(TallyGame):
    name = "bare-tally"
    title = "Bare Tally"


class TallyState(State):
    lowest_wins = False

    def __init__(self, game: Game, seed: int | None, deals: Sequence[Deal] | None) -> None:
        self._start(game, seed, deals)
        cards = list(CARDS)
        self.rng.shuffle(cards)
        self.hands = [cards[s * HAND:(s + 1) * HAND] for s in range(game.players)]
        self.stock = cards[game.players * HAND:]
        self.played: list[list[str]] = [[] for _ in range(game.players)]
        self.turn = 0

    @property
    def actors(self) -> tuple[int, ...]:
        return () if self.is_over else (self.turn,)

    def legal_actions(self, seat: int) -> Sequence[Action]:
        return [Play(c) for c in self.hands[seat]] if seat in self.actors else []

    def refusal(self, seat: int, action: Action) -> str | None:
        problem = check_actor(self, seat)
        if problem is None and (not isinstance(action, Play) or action.card not in
                                self.hands[seat]):
            problem = f"seat {seat} holds no {action}"
        return problem

    def _perform(self, seat: int, action: Action) -> None:
        assert isinstance(action, Play)
        self.hands[seat].remove(action.card)
        self.played[seat].append(action.card)
        self._emit(Played(seat, action.card))
        self.turn = (seat + 1) % self.game.players

    @property
    def is_over(self) -> bool:
        return not any(self.hands)

    @property
    def scores(self) -> list[int]:
        return [sum(int(c) for c in cards) for cards in self.played]

    @property
    def rounds_played(self) -> int:
        return int(self.is_over)

    @property
    def winners(self) -> list[int]:
        if not self.is_over:
            return []
        best = max(self.scores)
        return [s for s, total in enumerate(self.scores) if total == best]

    def zones(self) -> list[Zone]:
        return [
            *(Zone(f"hand:{s}", tuple(h), Visibility.OWNER, s) for s, h in enumerate(self.hands)),
            *(Zone(f"played:{s}", tuple(p), Visibility.PUBLIC, s)
              for s, p in enumerate(self.played)),
            Zone("stock", tuple(self.stock), Visibility.NOBODY),
        ]

    def public_info(self) -> dict[str, Any]:
        return {"turn": self.turn}

    def clone(self) -> Self:
        new = self._branch()
        new.hands = [list(h) for h in self.hands]
        new.stock = list(self.stock)
        new.played = [list(p) for p in self.played]
        return new

    def _redeal(self, seat: int, rng: random.Random | None) -> None:
        others = [s for s in range(self.game.players) if s != seat]
        hidden = sorted([c for s in others for c in self.hands[s]] + self.stock)
        if rng is not None:
            rng.shuffle(hidden)
        for s in others:
            size = len(self.hands[s])
            self.hands[s], hidden = hidden[:size], hidden[size:]
        self.stock = hidden


# ---- the parts the kit names ----------------------------------------------------------------

class TallyCodec(Codec):
    """One id per card played; the observation is my hand and every card played."""

    action_size = len(CARDS)
    lowest_wins = False

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.layout = Layout()
        self.f_hand = self.layout.add("hand", len(CARDS), "1 for each card in my hand")
        self.f_played = self.layout.add("played", len(CARDS), "1 for each card played")

    def spell(self, action: Action) -> tuple[int, ...]:
        assert isinstance(action, Play)
        return (CARDS.index(action.card),)

    def encode(self, view: dict[str, Any], seat: int, out: Obs) -> None:
        for card in view["zones"][f"hand:{seat}"]["cards"]:
            out[self.f_hand + CARDS.index(card)] = 1.0
        for s in range(self.players):
            for card in view["zones"][f"played:{s}"]["cards"]:
                out[self.f_played + CARDS.index(card)] = 1.0


def tally_values(events: list[EventData], state: State) -> Values:
    sixes = sum(1 for e in events if e["kind"] == "played" and e["card"] == "6")
    return {"sixes": sixes}


MEASURES = GameMeasures(values=tally_values,
                        ratios=(Ratio("sixes", "sixes played a match"),))


def _sum(args: Sequence[str]) -> dict[str, Any]:
    for card in args:
        if card not in CARDS:
            raise NotationError(f"{card!r} is not a card of Tally (1 to 6)")
    if len(set(args)) < len(args):
        raise ImpossibleCards("a card is named twice, but the deck holds each once")
    return {"total": sum(int(c) for c in args)}


@dataclass(frozen=True, slots=True)
class Question:
    name: str
    usage: str
    summary: str
    judge: Callable[[Sequence[str]], dict[str, Any]]
    blank: dict[str, Any]

    def answer(self, args: Sequence[str]) -> dict[str, Any]:
        return self.judge(args)


QUESTIONS = {"sum": Question("sum", "CARD...", "what these cards add up to -> total", _sum,
                             {"total": None})}
CARD_HELP = "Tally cards are the numbers 1 to 6."
EXAMPLES = ("cardtable judge tally sum 1 5",)

TALLY = GameKit(
    game=TallyGame,
    bots=("registration_bots",),
    codec="registration_game:TallyCodec",
    measures="registration_game:MEASURES",
    referee="registration_game",
)
BARE = GameKit(game=BareGame)
