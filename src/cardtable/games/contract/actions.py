"""Contract rummy moves and their notation.

``take`` (the discard), ``draw`` (from the stock), ``buy`` / ``pass`` (in the buying window),
``down QS QH JK | 5H 6H 7H 8H`` (the whole contract; a run is written low to high, so the
position of each joker says what it stands for), ``lay 9H on 2:0 high`` (seat 2's first meld),
``swap 7H on 1:0`` (take the joker standing for 7H), ``discard 9C`` and ``rummy`` (a call).
"""

from __future__ import annotations

from dataclasses import dataclass

from cardtable.engine.errors import NotationError
from cardtable.engine.text import quoted, whole_number
from cardtable.games.contract.cards import JOKER, code, parse_card, parse_cards


@dataclass(frozen=True, slots=True)
class Take:
    def __str__(self) -> str:
        return "take"


@dataclass(frozen=True, slots=True)
class Draw:
    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class Buy:
    def __str__(self) -> str:
        return "buy"


@dataclass(frozen=True, slots=True)
class Pass:
    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class CallRummy:
    def __str__(self) -> str:
        return "rummy"


def _canonical_group(cards: tuple[int, ...]) -> tuple[int, ...]:
    """Sets are unordered (naturals sorted, jokers last); runs keep their written order."""
    naturals = [c for c in cards if c != JOKER]
    if naturals and all(c % 13 == naturals[0] % 13 for c in naturals) and (
        len(naturals) > 1 or len(cards) < 4
    ):
        return tuple(sorted(naturals)) + (JOKER,) * (len(cards) - len(naturals))
    return cards


@dataclass(frozen=True, slots=True)
class Down:
    """Lay down the whole contract: one card group per meld."""

    groups: tuple[tuple[int, ...], ...]

    @staticmethod
    def of(groups: list[tuple[int, ...]] | tuple[tuple[int, ...], ...]) -> Down:
        return Down(tuple(sorted(_canonical_group(tuple(g)) for g in groups)))

    def __str__(self) -> str:
        return "down " + " | ".join(" ".join(code(c) for c in g) for g in self.groups)


@dataclass(frozen=True, slots=True)
class Lay:
    """Lay off one card on a meld: ``owner``'s meld number ``index``; a run's ``end``."""

    card: int
    owner: int
    index: int
    end: str | None = None  # "low" or "high" for runs, None for sets

    def __str__(self) -> str:
        end = f" {self.end}" if self.end else ""
        return f"lay {code(self.card)} on {self.owner}:{self.index}{end}"


@dataclass(frozen=True, slots=True)
class Swap:
    """Put a natural card in place of the joker that stands for it in a run, taking the joker."""

    card: int
    owner: int
    index: int

    def __str__(self) -> str:
        return f"swap {code(self.card)} on {self.owner}:{self.index}"


@dataclass(frozen=True, slots=True)
class Discard:
    card: int

    def __str__(self) -> str:
        return f"discard {code(self.card)}"


ContractAction = Take | Draw | Buy | Pass | CallRummy | Down | Lay | Swap | Discard

TAKE, DRAW, BUY, PASS, RUMMY = Take(), Draw(), Buy(), Pass(), CallRummy()
DISCARDS = tuple(Discard(c) for c in range(53))
_SIMPLE: dict[str, ContractAction] = {
    "take": TAKE, "draw": DRAW, "buy": BUY, "pass": PASS, "rummy": RUMMY, "me": BUY,
    "t": TAKE, "d": DRAW, "b": BUY, "p": PASS,
}


def _target(text: str) -> tuple[int, int]:
    owner, sep, index = text.partition(":")
    seat, number = whole_number(owner), whole_number(index)
    if not sep or seat is None or number is None:
        raise NotationError(f"{quoted(text)} does not name a meld: write SEAT:NUMBER, e.g. 2:0")
    return seat, number


def parse_action(text: str) -> ContractAction:
    words = text.strip().split(None, 1)
    if not words:
        raise NotationError("empty command: try take, draw, down ..., lay ..., discard ...")
    verb = words[0].lower()
    rest = words[1].strip() if len(words) > 1 else ""
    if verb in _SIMPLE:
        if rest:
            # The player named a real move; listing every move would say it is unknown.
            raise NotationError(f"{quoted(verb)} takes nothing after it: write just {verb}")
        return _SIMPLE[verb]
    if verb == "down":
        groups = [tuple(parse_cards(g)) for g in rest.split("|")]
        if not rest or any(not g for g in groups):
            raise NotationError("write each meld's cards, melds separated by |: "
                                "down QS QH QD | 5H 6H 7H 8H")
        return Down.of(groups)
    if verb in ("lay", "swap"):
        parts = rest.split()
        if len(parts) >= 2 and parts[1].lower() != "on":
            parts.insert(1, "on")  # "lay 9H 2:0", as the key "l 9H 2:0" writes it
        if len(parts) < 3:
            raise NotationError(f"write {verb} CARD on SEAT:NUMBER, e.g. {verb} 9H on 2:0")
        card = parse_card(parts[0])
        owner, index = _target(parts[2])
        if verb == "swap":
            if len(parts) != 3:
                raise NotationError("write swap CARD on SEAT:NUMBER, e.g. swap 7H on 1:0")
            return Swap(card, owner, index)
        end = parts[3].lower() if len(parts) > 3 else None
        if (end is not None and end not in ("low", "high")) or len(parts) > 4:
            raise NotationError("a lay-off on a run may end with low or high, nothing else")
        return Lay(card, owner, index, end)
    if verb == "discard":
        if not rest:
            raise NotationError("name the card to discard, e.g. discard 9C")
        return DISCARDS[parse_card(rest)]
    raise NotationError(f"unknown command {quoted(words[0])}: the moves are take, draw, buy, pass, "
                        "down, lay, swap, discard, rummy")
