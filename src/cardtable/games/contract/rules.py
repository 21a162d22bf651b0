"""The options of contract rummy, and the two rule sets built from them.

Dummy Rummy and Liverpool differ only in option defaults, so a family's house rules are a few
``key=value`` settings, never code. Options that take lists (deal sizes, contracts, card values)
are written as short text so they fit on a command line and in a game record.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from cardtable.engine.errors import OptionError
from cardtable.engine.options import Option
from cardtable.engine.text import quoted, whole_number
from cardtable.games.contract.cards import JOKER
from cardtable.games.contract.melds import MeldRules


@dataclass(frozen=True, slots=True)
class Contract:
    """What a deal asks for: a number of sets and of runs, and whether buying is allowed."""

    sets: int
    runs: int
    buying: bool = True

    def __str__(self) -> str:
        parts = []
        if self.sets:
            parts.append(f"{self.sets} set{'s' if self.sets > 1 else ''}")
        if self.runs:
            parts.append(f"{self.runs} run{'s' if self.runs > 1 else ''}")
        text = " + ".join(parts)
        return text if self.buying else text + " (no buying)"

    @property
    def cards_needed(self) -> int:
        return 3 * self.sets + 4 * self.runs


def parse_contracts(text: str) -> list[Contract]:
    """Read ``"2S,1S+1R,2R"``: per deal, sets (S) and runs (R); a trailing ``!`` bans buying."""
    out = []
    for item in text.split(","):
        token = item.strip().upper().replace(" ", "")
        if not token:
            raise OptionError("contracts: an empty deal in the list")
        buying = not token.endswith("!")
        token = token.rstrip("!")
        sets = runs = 0
        for part in token.split("+"):
            m = re.fullmatch(r"([0-9]*)([SR])", part)
            n = (whole_number(m.group(1)) if m.group(1) else 1) if m else None
            if m is None or n is None:
                raise OptionError(
                    f"contracts: {quoted(item.strip())} is not like 2S, 1S+1R or 3R+3S!"
                )
            if m.group(2) == "S":
                sets += n
            else:
                runs += n
        if sets + runs == 0 or sets > 8 or runs > 6:
            raise OptionError(f"contracts: {quoted(item.strip())} is not a playable contract")
        out.append(Contract(sets, runs, buying))
    return out


def parse_sizes(text: str) -> list[int]:
    # Written with commas as the other lists are, or with dashes as the rulings write it
    # ("10-10-10-10-12-12-12").
    read = [whole_number(x) for x in re.split(r"[,-]", text)]
    sizes = [s for s in read if s is not None]
    if len(sizes) != len(read):
        raise OptionError(
            "deal_sizes must be numbers separated by commas (or dashes: 10-10-12), "
            f"not {quoted(text)}"
        )
    if any(not 1 <= s <= 30 for s in sizes):
        raise OptionError("deal_sizes: each deal gives 1 to 30 cards")
    return sizes


_VALUE_RANKS = {"A": 1, "J": 11, "Q": 12, "K": 13, "T": 10, "JK": 0}


def _rank(text: str) -> int:
    t = text.strip().upper()
    if t in _VALUE_RANKS:
        return _VALUE_RANKS[t]
    number = whole_number(t, max_digits=2)
    if number is not None and 2 <= number <= 10:
        return number
    raise OptionError(f"card_values: {quoted(text.strip())} is not a rank (A, 2-10, J, Q, K, JK)")


def parse_values(text: str) -> list[int]:
    """Read ``"A=15,2-7=5,8-K=10,JK=20"`` into a value per card int (0..52)."""
    by_rank: dict[int, int] = {}
    for item in text.split(","):
        if "=" not in item:
            raise OptionError(
                f"card_values: {quoted(item.strip())} should look like 2-7=5 or A=15"
            )
        ranks, _, value = item.partition("=")
        points = whole_number(value, signed=True)
        if points is None:
            raise OptionError(f"card_values: {quoted(value.strip())} is not a number")
        if "-" in ranks:
            lo, _, hi = ranks.partition("-")
            a, b = _rank(lo), _rank(hi)
            if not 2 <= a <= b <= 13:
                raise OptionError(f"card_values: {ranks.strip()!r} is not a range like 2-7 or 8-K")
            for r in range(a, b + 1):
                by_rank[r] = points
        else:
            by_rank[_rank(ranks)] = points
    missing = [r for r in range(1, 14) if r not in by_rank]
    if missing:
        raise OptionError("card_values: no value given for some ranks (" +
                          ", ".join("A" if r == 1 else str(r) for r in missing) + ")")
    by_rank.setdefault(0, 0)
    return [by_rank[c % 13 + 1] for c in range(52)] + [by_rank[0]]


def option_specs(defaults: dict[str, Any]) -> tuple[Option, ...]:
    d = defaults
    return (
        Option("decks", int, None, "standard decks shuffled together (none: by player count)",
               1, 8, nullable=True),
        Option("jokers", int, None, "jokers in the pack (none: the rule set's number per deck)",
               0, 24, nullable=True),
        Option("deal_sizes", str, d["deal_sizes"], "cards dealt in each deal, comma-separated"),
        Option("contracts", str, d["contracts"],
               "the contract of each deal: S = set, R = run, e.g. 2S,1S+1R; ! = no buying"),
        Option("extended", bool, False, "add the extended deals 8-10 "
               "(six sets; four runs; three runs + three sets with no buying)"),
        Option("buy_price", int, d["buy_price"], "extra stock cards a buyer takes", 0, 5),
        Option("buy_limit", int, d["buy_limit"], "buys a player may make in one deal "
               "(none: no limit)", 0, 50, nullable=True),
        Option("claims", str, "nearest", "several buyers: nearest in turn order wins, or "
               "first (the 'Me' variant: first claim wins)", choices=("nearest", "first")),
        Option("buy_after_down", bool, True, "a player who is down may still buy"),
        Option("go_out", str, d["go_out"], "play: go out by playing or discarding the last "
               "card; discard: only by discarding it (an empty hand floats)",
               choices=("play", "discard")),
        Option("return_discard", bool, d["return_discard"],
               "a card taken from the discard pile may be discarded in the same turn"),
        Option("call_rummy", bool, d["call_rummy"],
               "others may call rummy on a playable discard from a player who is down"),
        Option("joker_swaps", bool, d["joker_swaps"],
               "a player who is down may swap a natural card for the joker it stands for in a "
               "run, then must play that joker the same turn"),
        Option("lay_off_same_turn", bool, True,
               "lay off on others' melds in the turn of going down"),
        Option("natural_majority", bool, True, "a meld must hold more natural cards than jokers"),
        Option("penalties", bool, False,
               "referee table: a refused lay-down attempt costs the player 50 points"),
        Option("cut", bool, d["cut"], "the player at the dealer's right cuts; cutting exactly "
               "the cards of the deal plus the upcard scores -50"),
        Option("card_values", str, d["card_values"], "points of cards left in hand"),
        Option("max_deal_turns", int, 400, "house rule for computer play: a deal with this many "
               "turns and nobody out ends, each player scoring the cards in hand", 10),
    )


DUMMY_DEFAULTS: dict[str, Any] = {
    "deal_sizes": "11,11,11,11,11,11,12",
    "contracts": "2S,1S+1R,2R,2S+1R,3S,2R+1S,3R",
    "buy_price": 2,
    "buy_limit": 3,
    "go_out": "play",
    "return_discard": True,
    "call_rummy": False,
    "joker_swaps": False,
    "cut": False,
    "card_values": "A=15,2-7=5,8-K=10,JK=20",
}

LIVERPOOL_DEFAULTS: dict[str, Any] = {
    "deal_sizes": "12,12,12,12,12,12,12",
    "contracts": "2S,1S+1R,2R,3S,2S+1R,1S+2R,3R",
    "buy_price": 1,
    "buy_limit": None,
    "go_out": "discard",
    "return_discard": False,
    "call_rummy": True,
    "joker_swaps": True,
    "cut": True,
    "card_values": "2-9=5,10-K=10,A=15,JK=20",
}

EXTENDED_CONTRACTS = [Contract(6, 0), Contract(0, 4), Contract(3, 3, buying=False)]


@dataclass(frozen=True, slots=True)
class ContractRules:
    """Options turned into what the state machine reads on every move."""

    decks: int
    """The decks of the largest pack any deal uses (what a hand may hold copies of)."""
    jokers: int
    packs: tuple[tuple[int, int], ...]
    """Each deal's pack, decks and jokers."""
    contracts: tuple[Contract, ...]
    deal_sizes: tuple[int, ...]
    buy_price: int
    buy_limit: int | None
    nearest_claims: bool
    buy_after_down: bool
    go_out_by_play: bool
    return_discard: bool
    call_rummy: bool
    joker_swaps: bool
    lay_off_same_turn: bool
    penalties: bool
    cut: bool
    values: tuple[int, ...]
    max_deal_turns: int
    melds: MeldRules

    @property
    def deck_size(self) -> int:
        return 52 * self.decks + self.jokers


def build_rules(options: dict[str, Any], players: int, jokers_per_deck: int,
                default_decks: int) -> ContractRules:
    contracts = parse_contracts(options["contracts"])
    sizes = parse_sizes(options["deal_sizes"])
    if options["extended"]:
        contracts += EXTENDED_CONTRACTS
        sizes += [c.cards_needed for c in EXTENDED_CONTRACTS]
    if len(sizes) != len(contracts):
        raise OptionError(
            f"deal_sizes lists {len(sizes)} deals but contracts lists {len(contracts)}"
        )
    for deal, (size, contract) in enumerate(zip(sizes, contracts, strict=True), start=1):
        if size < contract.cards_needed:
            raise OptionError(f"deal {deal} gives {size} cards but its contract "
                              f"({contract}) needs {contract.cards_needed}")
    explicit_decks = options["decks"] is not None

    def pack_for(size: int) -> tuple[int, int]:
        """The pack a deal of ``size`` cards each is dealt from: the rule set's (or the
        table's) decks, and, unless the table set them, one deck more at a time until the deal
        leaves ten cards of stock."""
        decks = options["decks"] if explicit_decks else default_decks
        while True:
            jokers = options["jokers"] if options["jokers"] is not None \
                else jokers_per_deck * decks
            if players * size + 1 + 10 <= 52 * decks + jokers or explicit_decks:
                return decks, jokers
            decks += 1

    decks, jokers = pack_for(max(sizes))
    if players * max(sizes) + 1 > 52 * decks + jokers:
        raise OptionError(f"{decks} deck(s) and {jokers} jokers are too few to deal "
                          f"{max(sizes)} cards to {players} players")
    return ContractRules(
        decks=decks,
        jokers=jokers,
        # Each deal from the pack its own size needs: the extended game's big deals do not
        # change the pack of the seven before them (the rulings' two decks up to five players).
        packs=tuple(pack_for(size) for size in sizes),
        contracts=tuple(contracts),
        deal_sizes=tuple(sizes),
        buy_price=options["buy_price"],
        buy_limit=options["buy_limit"],
        nearest_claims=options["claims"] == "nearest",
        buy_after_down=options["buy_after_down"],
        go_out_by_play=options["go_out"] == "play",
        return_discard=options["return_discard"],
        call_rummy=options["call_rummy"],
        joker_swaps=options["joker_swaps"],
        lay_off_same_turn=options["lay_off_same_turn"],
        penalties=options["penalties"],
        cut=options["cut"],
        values=tuple(parse_values(options["card_values"])),
        max_deal_turns=options["max_deal_turns"],
        melds=MeldRules(natural_majority=options["natural_majority"]),
    )


__all__ = ["JOKER", "Contract", "ContractRules", "build_rules", "parse_contracts"]
