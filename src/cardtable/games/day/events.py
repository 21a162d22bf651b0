"""Day's own events and the words of its move log, shared by every front end.

Cards are named as :meth:`DayGame.deck` names them (``7 Rising``, ``Moon Setting``, ``Crown``),
chips are whole numbers. A "round" of the shared kinds (``dealt``, ``dealt_hand``,
``round_scored``) is one hand of the session; ``match_over`` ends the session.

What a player notices in a hand, in order: the deal (``dealt``: the dealer's two face-up cards;
``antes_posted``; each seat's two cards in a ``dealt_hand`` of its own, private to it), each
substitution choice (``kept``, or ``swapped``: the card given up and the card received are the
swapper's alone, the others learn only that a swap happened), the bets (``checked``, ``bet``,
``called``, ``raised``, ``folded``, ``all_in``, and ``returned`` for chips nobody called), the
dealer's ``final_card``, then at the showdown each remaining player's cards (``showed_down``:
the only time a player's cards are shown; a folded player's never are), any ``tiebreak_drawn``,
every pot won (``pot_won``: main pot first, side pots after, with the rake), ``round_scored``
(the hand's summary, as ``public_info()["results"]`` lists it), ``busted`` for each player left
without chips, and ``match_over``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from cardtable.engine.events import Card, DealtHand, Event, describe_common
from cardtable.games.day.cards import CODES, DECK_SIZE, PAIRS

CONDITION_WORDS: Mapping[str, str] = {
    "highest-card": "Highest Card", "kind": "X of a kind", "eclipse": "Eclipse",
    "consecutive": "Consecutive", "full-consecutive": "Full Consecutive", "day": "Day",
    "full-day": "Full Day",
}


@dataclass(slots=True)
class AntesPosted(Event):
    """Every seat dealt in put its ante in: ``antes`` per seat (0 for a seat out of chips; less
    than the ante for a seat that had fewer chips, which is then all-in), ``pot`` their sum."""

    kind: ClassVar[str] = "antes_posted"
    antes: tuple[int, ...]
    pot: int


@dataclass(slots=True)
class Kept(Event):
    """``seat`` kept both its cards: no substitution this hand."""

    kind: ClassVar[str] = "kept"


@dataclass(slots=True)
class Swapped(Event):
    """``seat`` substituted a card: ``gave`` went out of play face down, ``got`` came from the
    deck. Both are the swapper's alone; everyone sees that a swap happened (it costs a point at
    the showdown)."""

    kind: ClassVar[str] = "swapped"
    private: ClassVar[Mapping[str, str]] = {"gave": "seat", "got": "seat"}
    gave: Card | None
    got: Card | None


@dataclass(slots=True)
class Checked(Event):
    kind: ClassVar[str] = "checked"


@dataclass(slots=True)
class BetMade(Event):
    """``seat`` opened the betting round with ``amount`` chips (``all_in``: its last ones)."""

    kind: ClassVar[str] = "bet"
    amount: int
    all_in: bool


@dataclass(slots=True)
class Called(Event):
    """``seat`` called, putting ``amount`` chips in (``all_in``: its last ones, maybe fewer
    than the bet)."""

    kind: ClassVar[str] = "called"
    amount: int
    all_in: bool


@dataclass(slots=True)
class Raised(Event):
    """``seat`` raised to ``to`` chips this round, putting ``amount`` more in."""

    kind: ClassVar[str] = "raised"
    to: int
    amount: int
    all_in: bool


@dataclass(slots=True)
class Folded(Event):
    """``seat`` folded: its cards are never shown, its chips stay in the pot."""

    kind: ClassVar[str] = "folded"


@dataclass(slots=True)
class WentAllIn(Event):
    """``seat`` put every chip it had left in (``amount``), bringing its stake this round to
    ``to``: as a ``bet``, a ``raise`` or a ``call`` (possibly for less than the bet)."""

    kind: ClassVar[str] = "all_in"
    amount: int
    to: int
    effect: str


@dataclass(slots=True)
class Returned(Event):
    """Nobody could match ``seat``'s last ``amount`` chips: they went back to it."""

    kind: ClassVar[str] = "returned"
    amount: int


@dataclass(slots=True)
class FinalCard(Event):
    """The dealer laid the final card face up."""

    kind: ClassVar[str] = "final_card"
    card: Card


@dataclass(slots=True)
class ShowedDown(Event):
    """``seat``, still in at the showdown, showed its two cards: the best condition it meets,
    what ranks it within that condition (``detail``), and its points (one less after a
    substitution, never below 1)."""

    kind: ClassVar[str] = "showed_down"
    cards: tuple[Card, ...]
    condition: str
    detail: str
    points: int
    substituted: bool


@dataclass(slots=True)
class TiebreakDrawn(Event):
    """Tied players each drew a card face up: ``cards[i]`` went to ``seats[i]``; ``high`` are
    the seats with the highest card (one: the draw is decided; more: they draw again). A
    showdown breaks a tie once: the draw settles pot number ``pot`` (the first pot it was
    needed for) and every later pot the tied players share, without drawing again; a seat that
    drew earlier in the showdown shows the card it drew then, beside the newcomers' cards."""

    kind: ClassVar[str] = "tiebreak_drawn"
    pot: int
    seats: tuple[int, ...]
    cards: tuple[Card, ...]
    high: tuple[int, ...]


@dataclass(slots=True)
class PotWon(Event):
    """``seat`` won pot number ``pot`` of the hand's ``pots`` (0: the main pot, then the side
    pots), ``amount`` chips of which the house raked ``rake``; ``eligible`` could win it,
    ``tied`` shared the best hand before a draw decided (empty when none was needed)."""

    kind: ClassVar[str] = "pot_won"
    pot: int
    pots: int
    amount: int
    rake: int
    eligible: tuple[int, ...]
    tied: tuple[int, ...]


@dataclass(slots=True)
class Busted(Event):
    """``seat`` has no chips left after the hand: it is dealt no more hands."""

    kind: ClassVar[str] = "busted"


# ---- shared instances ----------------------------------------------------------------------------
# Events are never changed once made, so equal ones may be one object: random self-play logs a
# bet, a call or a check at every decision and a dealt hand for every seat at every deal, and
# building each afresh would cost it a tenth of its speed.
MAX_SEATS = 8
KEPT: tuple[Kept, ...] = tuple(Kept(s) for s in range(MAX_SEATS))
CHECKED: tuple[Checked, ...] = tuple(Checked(s) for s in range(MAX_SEATS))
FOLDED: tuple[Folded, ...] = tuple(Folded(s) for s in range(MAX_SEATS))
BUSTED: tuple[Busted, ...] = tuple(Busted(s) for s in range(MAX_SEATS))
FINAL_CARDS: tuple[FinalCard, ...] = tuple(FinalCard(None, c) for c in CODES)
_SHARED_BELOW = 1 << 12  # amounts above this (deep no-limit stacks) are built each time
_BETS: dict[tuple[int, int, bool], BetMade] = {}
_CALLS: dict[tuple[int, int, bool], Called] = {}
_RAISES: dict[tuple[int, int, int, bool], Raised] = {}
_HANDS: list[DealtHand | None] = [None] * (MAX_SEATS * DECK_SIZE * DECK_SIZE)
_ANTES: dict[tuple[int, ...], AntesPosted] = {}


def dealt_hand(seat: int, first: int, second: int) -> DealtHand:
    """The :class:`DealtHand` of ``seat`` dealt the cards ``first`` and ``second`` (ints)."""
    index = (seat * DECK_SIZE + first) * DECK_SIZE + second
    found = _HANDS[index]
    if found is None:
        found = _HANDS[index] = DealtHand(seat, PAIRS[first * DECK_SIZE + second])
    return found


def antes_posted(antes: tuple[int, ...]) -> AntesPosted:
    found = _ANTES.get(antes)
    if found is None:
        found = AntesPosted(None, antes, sum(antes))
        if len(_ANTES) < _SHARED_BELOW:
            _ANTES[antes] = found
    return found


def bet_made(seat: int, amount: int, all_in: bool) -> BetMade:
    key = (seat, amount, all_in)
    found = _BETS.get(key)
    if found is None:
        found = BetMade(seat, amount, all_in)
        if amount < _SHARED_BELOW:
            _BETS[key] = found
    return found


def called(seat: int, amount: int, all_in: bool) -> Called:
    key = (seat, amount, all_in)
    found = _CALLS.get(key)
    if found is None:
        found = Called(seat, amount, all_in)
        if amount < _SHARED_BELOW:
            _CALLS[key] = found
    return found


def raised(seat: int, to: int, amount: int, all_in: bool) -> Raised:
    key = (seat, to, amount, all_in)
    found = _RAISES.get(key)
    if found is None:
        found = Raised(seat, to, amount, all_in)
        if to < _SHARED_BELOW:
            _RAISES[key] = found
    return found


# ---- words ---------------------------------------------------------------------------------------
def _cards(cards: Sequence[Any]) -> str:
    """Cards as the reader may know them: "7 Rising and 3 Risen", "2 cards", "a card"."""
    known = [str(c) for c in cards if c is not None]
    hidden = len(cards) - len(known)
    if not known:
        return "a card" if hidden == 1 else f"{hidden} cards"
    if hidden:
        known.append("a card" if hidden == 1 else f"{hidden} cards")
    return known[0] if len(known) == 1 else ", ".join(known[:-1]) + " and " + known[-1]


def _names(seats: Sequence[int], names: Sequence[str]) -> str:
    who = [names[s] for s in seats]
    return who[0] if len(who) == 1 else ", ".join(who[:-1]) + " and " + who[-1]


def _is_you(label: str) -> bool:
    """Whether a seat's label addresses the reader: "You", or "You (seat 0)" at the terminal."""
    return label == "You" or label.startswith("You ")


def _chips(n: int) -> str:
    return "1 chip" if n == 1 else f"{n} chips"


def pot_name(pot: int, pots: int) -> str:
    """"the pot" when there is one, else "the main pot", "side pot 1", ..."""
    if pots == 1:
        return "the pot"
    return "the main pot" if pot == 0 else f"side pot {pot}"


def describe(event: Mapping[str, Any], names: Sequence[str]) -> str:
    """One line of the move log, in the words a player at the table would use."""
    kind = event["kind"]
    seat = event.get("seat")
    who = names[seat] if seat is not None else "The table"
    # The reader's own seat is worded in the second person ("You called 5 and are all-in").
    all_in = (f" and {'are' if _is_you(who) else 'is'} all-in" if event.get("all_in") else "")
    if kind == "dealt":
        dealer = event["dealer"]
        by = "the house" if dealer is None else names[dealer]
        return (f"Hand {event['round']} is dealt by {by}; the dealer's cards: "
                f"{_cards(event['up'])}.")
    if kind == "dealt_hand":
        return f"{who} got {_cards(event['cards'])}."
    if kind == "antes_posted":
        paid = [(s, a) for s, a in enumerate(event["antes"]) if a]
        if not paid:
            return "Nobody antes this hand."
        amounts = {a for _s, a in paid}
        if len(amounts) == 1:
            each = f" {amounts.pop()} each" if len(paid) > 1 else f" {paid[0][1]}"
            return f"{_names([s for s, _a in paid], names)} anted{each}; the pot is {event['pot']}."
        parts = ", ".join(f"{names[s]} {a}" for s, a in paid)
        return f"Antes: {parts}; the pot is {event['pot']}."
    if kind == "kept":
        return f"{who} kept both cards."
    if kind == "swapped":
        if event["gave"] is None:
            return f"{who} swapped a card for one from the deck."
        return f"{who} swapped the {event['gave']} for the {event['got']}."
    if kind == "checked":
        return f"{who} checked."
    if kind == "bet":
        return f"{who} bet {event['amount']}{all_in}."
    if kind == "called":
        return f"{who} called {event['amount']}{all_in}."
    if kind == "raised":
        return f"{who} raised to {event['to']}{all_in}."
    if kind == "folded":
        return f"{who} folded."
    if kind == "all_in":
        effect = event["effect"]
        how = {"bet": "a bet", "call": "a call"}.get(effect, f"a raise to {event['to']}")
        return f"{who} went all-in with {_chips(event['amount'])} ({how})."
    if kind == "returned":
        return f"{who} took back {_chips(event['amount'])} nobody could call."
    if kind == "final_card":
        return f"The dealer laid the final card: {event['card']}."
    if kind == "showed_down":
        condition = CONDITION_WORDS.get(event["condition"], event["condition"])
        if event["detail"]:
            condition += f" ({event['detail']})"
        points = "1 point" if event["points"] == 1 else f"{event['points']} points"
        swap = ", after the substitution point" if event["substituted"] else ""
        return f"{who} showed {_cards(event['cards'])}: {condition}, {points}{swap}."
    if kind == "tiebreak_drawn":
        drawn = ", ".join(f"{names[s]} {c}" for s, c in zip(event["seats"], event["cards"],
                                                                   strict=True))
        high = event["high"]
        outcome = (f"{names[high[0]]} drew highest" if len(high) == 1
                   else f"{_names(high, names)} tied again and draw again")
        return f"Tie-break draw: {drawn}; {outcome}."
    if kind == "pot_won":
        name = pot_name(event["pot"], event["pots"])
        rake = f" ({event['rake']} raked by the house)" if event["rake"] else ""
        draw = " on the tie-break draw" if event["tied"] else ""
        return f"{who} won {name} of {_chips(event['amount'])}{draw}{rake}."
    if kind == "busted":
        return f"{who} ran out of chips."
    if kind == "round_scored":
        stacks = ", ".join(f"{names[s]} {c}" for s, c in enumerate(event["result"]["stacks"]))
        return f"Hand {event['round']} is over; stacks: {stacks}."
    if kind == "match_over":
        winners = [names[s] for s in event["winners"]]
        best = max(event["scores"]) if event["scores"] else 0
        return (f"The session is over: {' and '.join(winners) or 'nobody'} won with "
                f"{_chips(best)}.")
    return describe_common(event, names)
