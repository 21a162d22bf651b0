"""Contract rummy's own events (Dummy Rummy and Liverpool) and the words of its move log.

Cards are named as :meth:`ContractGame.deck` names them (``10H``, ``QS``, ``JK``). Several decks
are shuffled together, so a name may stand for any of its copies. A joker on the table is also
given as it lies (``tokens``): ``JK=7H`` is a joker standing for the seven of hearts in a run,
``JK=Q`` one standing for a queen in a set. Melds are named ``SEAT:NUMBER`` as moves name them;
the log's words (:func:`describe`) name them as players do ("Ann's run of hearts") and cards as
the table shows them ("the 7♥", "a joker as the 7♥").

The shared kinds (dealt, dealt_hand, drew_stock, drew_discard, discarded, stock_rebuilt,
round_scored, match_over) come from :mod:`cardtable.engine.events`; a "round" is one deal.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from cardtable.engine.events import Card, Dealt, Event, describe_common

JOKER_CODE = "JK"
STANDS_FOR = "="  # JK=7H: a joker standing for the 7H


@dataclass(slots=True)
class ContractDealt(Dealt):
    """A deal begins (kind ``dealt``): the shared fields, and the deal's ``contract`` in words
    ("two sets and a run"), whether the discard may be bought (``buying``), ``deals`` in the
    match, and Liverpool's cut: ``cutter`` cut the deck ``cut`` cards deep, which scores
    ``cut_points`` (-50 when the cut held exactly the deal and the upcard, else 0). Public."""

    deals: int
    contract: str
    buying: bool
    cutter: int | None
    cut: int | None
    cut_points: int


@dataclass(slots=True)
class Declined(Event):
    """``seat`` drew from the stock rather than take ``card``, the top discard, which is now
    for sale to ``buyers`` (in the order their claims rank). Public."""

    kind: ClassVar[str] = "declined"
    card: Card
    buyers: tuple[int, ...]


@dataclass(slots=True)
class Passed(Event):
    """``seat`` let ``card`` go in a ``window``: "buy" (did not buy the discard) or "rummy"
    (did not call rummy on it). Public."""

    kind: ClassVar[str] = "passed"
    card: Card
    window: str


@dataclass(slots=True)
class Claimed(Event):
    """``seat`` claimed ``card`` in a ``window`` ("buy" or "rummy") but a nearer player may
    still claim it first: the claim waits. (A claim that wins at once is told by
    :class:`Bought` or :class:`CalledRummy` alone.) Public."""

    kind: ClassVar[str] = "claimed"
    card: Card
    window: str


@dataclass(slots=True)
class Bought(Event):
    """``seat`` bought ``card`` (everyone saw it) and took ``penalty`` from the stock, which
    only the buyer sees (the others see how many)."""

    kind: ClassVar[str] = "bought"
    private: ClassVar[Mapping[str, str]] = {"penalty": "seat"}
    card: Card
    penalty: tuple[Card | None, ...]


@dataclass(slots=True)
class LaidDown(Event):
    """``seat`` laid down its contract: meld ``ids[i]`` is a ``kinds[i]`` ("set" or "run") of
    ``melds[i]`` (runs from low to high), and ``tokens[i]`` the same cards with each joker
    written with what it stands for (``JK=7H``, ``JK=Q``). Public."""

    kind: ClassVar[str] = "laid_down"
    ids: tuple[str, ...]
    kinds: tuple[str, ...]
    melds: tuple[tuple[Card, ...], ...]
    tokens: tuple[tuple[str, ...], ...]


@dataclass(slots=True)
class LaidOff(Event):
    """``seat`` laid ``card`` off on meld ``owner``:``index`` (a ``meld_kind``), at the ``end``
    of a run ("low" or "high"; None on a set). ``token`` is the card as it lies (``JK=9H``) and
    ``meld`` the meld's cards now. Public."""

    kind: ClassVar[str] = "laid_off"
    card: Card
    owner: int
    index: int
    meld_kind: str
    end: str | None
    token: str
    meld: tuple[Card, ...]


@dataclass(slots=True)
class JokerSwapped(Event):
    """``seat`` put ``card`` in the run ``owner``:``index`` in place of the joker standing for
    it and took the joker, which it must play this turn. Public."""

    kind: ClassVar[str] = "joker_swapped"
    card: Card
    owner: int
    index: int
    meld: tuple[Card, ...]


@dataclass(slots=True)
class RummyChance(Event):
    """``seat``, who is down, discarded ``card``, which could have been laid off: the others
    may call rummy. Public."""

    kind: ClassVar[str] = "rummy_chance"
    card: Card


@dataclass(slots=True)
class CalledRummy(Event):
    """``seat`` called rummy on ``offender``'s discard ``card``: the offender took it back
    with ``extra`` from the stock (None when the stock was out), which only the offender sees."""

    kind: ClassVar[str] = "called_rummy"
    private: ClassVar[Mapping[str, str]] = {"extra": "offender"}
    offender: int
    card: Card
    extra: Card | None
    drew_extra: bool


@dataclass(slots=True)
class WentOut(Event):
    """``seat`` has no card left and the deal ends: ``how`` = "played" (its last card went
    onto the table) or "discarded". Public."""

    kind: ClassVar[str] = "went_out"
    how: str


@dataclass(slots=True)
class Floating(Event):
    """``seat`` played its last card where going out needs a discard: it stays in the deal
    with no cards, drawing on its turn until it can discard one. Public."""

    kind: ClassVar[str] = "floating"


@dataclass(slots=True)
class Penalised(Event):
    """A referee table (option ``penalties``): ``seat``'s lay-down attempt ``melds`` was wrong
    for ``reason`` and cost it ``points``; the cards stay in its hand. Public."""

    kind: ClassVar[str] = "penalised"
    melds: tuple[tuple[Card, ...], ...]
    reason: str
    points: int


# ---- words ---------------------------------------------------------------------------------------
# A card is named as the table shows it, with its suit's symbol ("the 7♥"), a joker by what it
# stands for ("a joker as the 7♥"), and a meld as the players call it ("Ann's run of hearts"),
# never by the SEAT:NUMBER the notation uses.
_SUITS = "CDHS"
_SYMBOLS = "♣♦♥♠"
_SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
_RANK_NAMES = ("ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
               "jack", "queen", "king")


def shown(card: str) -> str:
    """A card as it looks on the table: "7♥", "10♣"; "joker"."""
    if card == JOKER_CODE:
        return "joker"
    if card[-1:] in _SUITS and card[:-1] in _RANKS:
        return card[:-1] + _SYMBOLS[_SUITS.index(card[-1])]
    return card


def the(card: str | None) -> str:
    """"the 7♥", "a joker", or "a card" when the reader may not know it."""
    if card is None:
        return "a card"
    if card == JOKER_CODE:
        return "a joker"
    return f"the {shown(card)}"


def _a_rank(rank: str) -> str:
    name = _RANK_NAMES[_RANKS.index(rank)] if rank in _RANKS else rank
    return f"{'an' if name[0] in 'aeiou' else 'a'} {name}"


def laid(token: str) -> str:
    """A card as it lies on the table: "7♥", "joker as the 7♥" in a run, "joker as a queen"
    in a set."""
    card, sep, meaning = token.partition(STANDS_FOR)
    if not sep:
        return shown(card)
    if meaning[-1:] in _SUITS:
        return f"joker as the {shown(meaning)}"
    return f"joker as {_a_rank(meaning)}"


def whose(names: Sequence[str], seat: int) -> str:
    """A possessive: "Ann's", or "your" for the reader's own seat ("You", "You (seat 0)")."""
    name = names[seat]
    return "your" if name.split(" ", 1)[0].lower() == "you" else f"{name}'s"


def _and(parts: Sequence[str]) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


_NUMBERS = ("no", "a", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def _count(n: int, word: str) -> str:
    number = _NUMBERS[n] if n < len(_NUMBERS) else str(n)
    return f"{number} {word}{'' if n == 1 else 's'}"


def meld_words(kind: str, cards: Sequence[str]) -> str:
    """"set of queens", "run of hearts": a meld told by its rank or its suit (from its natural
    cards), as players tell melds apart."""
    naturals = [c for c in cards if c != JOKER_CODE and c[-1:] in _SUITS]
    if not naturals:
        return kind
    if kind == "run":
        return f"run of {_SUIT_NAMES[_SUITS.index(naturals[0][-1])]}"
    name = _RANK_NAMES[_RANKS.index(naturals[0][:-1])]
    return f"set of {name}es" if name.endswith("x") else f"set of {name}s"


def _meld(names: Sequence[str], owner: int, kind: str, cards: Sequence[str],
          player: int | None) -> str:
    """A meld as ``player`` plays on it: "Ann's run of hearts", "their own set of queens"
    (or "your own set of queens" for the reader)."""
    mine = whose(names, owner)
    if owner == player:
        mine = "your own" if mine == "your" else "their own"
    return f"{mine} {meld_words(kind, cards)}"


def _penalty(cards: Sequence[str | None]) -> str:
    if not cards:
        return " (the stock had no card left to pay with)"
    known = [c for c in cards if c is not None]
    many = _count(len(cards), "penalty card")
    if len(known) == len(cards):
        return f" and {many} ({' '.join(shown(c) for c in known)})"
    return f" and {many}"


def describe(event: Mapping[str, Any], names: Sequence[str]) -> str:
    """One line of the move log, in the words a player would use."""
    kind = event["kind"]
    seat = event.get("seat")
    who = names[seat] if seat is not None else "The table"
    if kind == "dealt":
        line = (f"Deal {event['round']} of {event['deals']} ({event['contract']}) is dealt by "
                f"{names[event['dealer']]}, {event['hand_sizes'][0]} cards each")
        if event["cutter"] is not None:
            line += f", after {whose(names, event['cutter'])} cut"
        up = f"; {the(event['up'][0])} starts the discard pile" if event["up"] else ""
        line += up + "."
        if not event["buying"]:
            line += " No buying this deal."
        if event["cut_points"]:
            line += (f" {names[event['cutter']]} cut exactly the cards of the deal and the "
                     f"upcard: {event['cut_points']:+d} points.")
        return line
    if kind == "dealt_hand":
        cards = event["cards"]
        if any(c is None for c in cards):
            return f"{who} got {_count(len(cards), 'card')}."
        return f"{who} got {' '.join(shown(c) for c in cards)}."
    if kind == "declined":
        buyers = _and([names[s] for s in event["buyers"]])
        return f"{who} turned down {the(event['card'])}: it is for sale to {buyers}."
    if kind == "passed":
        if event["window"] == "rummy":
            return f"{who} did not call rummy."
        return f"{who} passed on {the(event['card'])}."
    if kind == "claimed":
        if event["window"] == "rummy":
            return (f"{who} called rummy on {the(event['card'])} (a nearer player may still "
                    "call it first).")
        return (f"{who} asked to buy {the(event['card'])} (a nearer player may still buy it "
                "first).")
    if kind == "bought":
        return f"{who} bought {the(event['card'])}{_penalty(event['penalty'])}."
    if kind == "laid_down":
        melds = " | ".join(" ".join(laid(t) for t in meld) for meld in event["tokens"])
        sets = sum(1 for k in event["kinds"] if k == "set")
        runs = len(event["kinds"]) - sets
        made = _and([_count(n, w) for n, w in ((sets, "set"), (runs, "run")) if n])
        return f"{who} went down with {made}: {melds}."
    if kind == "laid_off":
        card = the(event["card"])
        token: str = event["token"]
        if STANDS_FOR in token:
            card = f"a {laid(token)}"
        end = f" ({event['end']} end)" if event["end"] else ""
        target = _meld(names, event["owner"], event["meld_kind"], event["meld"], seat)
        return f"{who} laid off {card} on {target}{end}."
    if kind == "joker_swapped":
        target = _meld(names, event["owner"], "run", event["meld"], seat)
        return (f"{who} put {the(event['card'])} in place of the joker in {target} and took "
                "the joker, to play it this turn.")
    if kind == "rummy_chance":
        card = the(event["card"])
        return f"{card[0].upper()}{card[1:]} could have been laid off: anyone may call rummy."
    if kind == "called_rummy":
        offender = names[event["offender"]]
        extra = f" and {the(event['extra'])} from the stock" if event["drew_extra"] else ""
        return f"Rummy, called by {who}! {offender} took back {the(event['card'])}{extra}."
    if kind == "went_out":
        how = "playing" if event["how"] == "played" else "discarding"
        return f"{who} went out by {how} the last card."
    if kind == "floating":
        return f"{who} has no card left and floats until able to discard one."
    if kind == "penalised":
        return (f"{who}'s lay-down was wrong ({event['reason']}): "
                f"{event['points']:+d} points as a penalty.")
    if kind == "stock_rebuilt":
        kept = f" ({the(event['kept'][0])} stays face up)" if event["kept"] else ""
        return (f"The stock ran out: the {event['cards']} discards under the top card were "
                f"shuffled into a new stock{kept}.")
    if kind == "round_scored":
        result = event["result"]
        out = result["out"]
        head = (f"Deal {event['round']} is over: {names[out]} went out"
                if out is not None else f"Deal {event['round']} is over ({result['reason']})")
        points = ", ".join(f"{names[s]} {p:+d}" for s, p in enumerate(result["points"]))
        totals = ", ".join(f"{names[s]} {t}" for s, t in enumerate(result["totals"]))
        return f"{head}. This deal: {points}; totals: {totals}."
    if kind == "match_over":
        return describe_common(event, names, the).replace(" won (", " won (lowest total; ", 1)
    return describe_common(event, names, the)
