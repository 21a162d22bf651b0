"""The rules summary of a contract-rummy table, written from the rules in force.

Dummy Rummy and Liverpool are one engine with different option defaults, so a fixed text would
advertise, for one rule set, features that only the other plays by default (joker swaps, rummy
calls, the cut). Each line here is therefore read off :class:`ContractRules`: what is played at
this table, then what is not and the option that would turn it on.
"""

from __future__ import annotations

import textwrap

from cardtable.games.contract.cards import JOKER, RANK_TEXT
from cardtable.games.contract.rules import ContractRules

WIDTH = 95
MELDS = ("A set is three or more cards of one rank; a run four or more of one suit in sequence "
         "(ace low or high, never round the corner).")


def _values(rules: ContractRules) -> str:
    """Card values by rank range, "A 15, 2-7 5, 8-K 10", read from the rules' value table."""
    groups: list[tuple[int, int, int]] = []  # (first rank, last rank, value)
    for rank in range(1, 14):
        value = rules.values[rank - 1]
        if groups and groups[-1][2] == value and groups[-1][1] == rank - 1:
            groups[-1] = (groups[-1][0], rank, value)
        else:
            groups.append((rank, rank, value))
    parts = [
        f"{RANK_TEXT[a]}{'' if a == b else '-' + RANK_TEXT[b]} {v}" for a, b, v in groups
    ]
    if rules.jokers:
        parts.append(f"joker {rules.values[JOKER]}")
    return ", ".join(parts)


def _buying(rules: ContractRules) -> str | None:
    if not any(c.buying for c in rules.contracts):
        return None
    price = f"{rules.buy_price} extra stock card{'' if rules.buy_price == 1 else 's'}"
    limit = ("no limit" if rules.buy_limit is None
             else f"at most {rules.buy_limit} a deal" if rules.buy_limit else "no buys at all")
    who = ("nearest in turn order first" if rules.nearest_claims
           else "the first to claim gets it")
    down = "" if rules.buy_after_down else "; a player who is down may not buy"
    return (f"A discard the next player turns down may be bought by the others for {price} "
            f"({limit}; {who}{down}).")


def on_lines(rules: ContractRules) -> list[str]:
    """What is played at this table, one sentence each."""
    out = [MELDS]
    if rules.jokers:
        majority = (" but a meld must hold more natural cards than jokers"
                    if rules.melds.natural_majority else "")
        out.append(f"Jokers are wild{majority}.")
    same_turn = "" if rules.lay_off_same_turn else " from the turn after going down"
    out.append("Each deal has a contract you lay down all at once before playing on any meld; "
               f"once down you may lay off on any meld{same_turn}.")
    if rules.return_discard:
        out.append("The discard is free to the next player, who may throw it back the same turn.")
    else:
        out.append("The discard is free to the next player, who may not throw that card back "
                   "the same turn (a copy held before may go).")
    buying = _buying(rules)
    if buying:
        out.append(buying)
    if rules.joker_swaps and rules.jokers:
        out.append("Once down you may swap a natural card for the joker it stands for in a run; "
                   "then play that joker at once.")
    if rules.call_rummy:
        out.append("Discard a card that could have been laid off and anyone may call rummy: you "
                   "take it back with a stock card.")
    if rules.go_out_by_play:
        out.append("Go out by playing or discarding your last card.")
    else:
        out.append("Go out only by discarding your last card; an empty hand floats, and a "
                   "floater lays off a drawn card that fits and goes out only with one that "
                   "fits no meld.")
    out.append(f"Cards left in hand score against you ({_values(rules)}); lowest total wins.")
    if rules.cut:
        out.append("Before each deal the dealer's right cuts: cutting exactly the cards of the "
                   "deal plus the upcard scores -50.")
    if rules.penalties:
        out.append("A refused lay-down of cards you hold costs 50 points (a referee's table).")
    return out


def off_lines(rules: ContractRules) -> list[str]:
    """What is not played at this table, each with the option that turns it on."""
    off: list[str] = []
    if not rules.jokers:
        off.append("jokers (jokers=4, or another number)")
    if not rules.joker_swaps:
        off.append("joker swaps (joker_swaps=true, with jokers)")
    elif not rules.jokers:
        off.append("joker swaps (on, but they need jokers)")
    if not rules.call_rummy:
        off.append("rummy calls (call_rummy=true)")
    if rules.go_out_by_play:
        off.append("floating, going out only by a discard (go_out=discard)")
    if not rules.cut:
        off.append("the cut (cut=true)")
    if not rules.penalties:
        off.append("penalties for a wrong lay-down (penalties=true)")
    if rules.return_discard:
        off.append("keeping back the card taken from the pile (return_discard=false)")
    return off


def moves_line(rules: ContractRules) -> str:
    """The moves that can come up at this table, in the notation they are typed in."""
    moves = ["take", "draw"]
    if any(c.buying for c in rules.contracts):
        moves += ["buy", "pass"]
    moves += ["down QS QH QD | 5H 6H 7H 8H", "lay 9H on 2:0 high"]
    if rules.joker_swaps and rules.jokers:
        moves.append("swap 7H on 1:0")
    moves.append("discard 9C")
    if rules.call_rummy:
        moves.append("rummy")
        if "pass" not in moves:
            moves.append("pass")
    cards = "10H, QS, AC" + (", JK" if rules.jokers else "")
    return f"Moves: {' | '.join(moves)}\n       (cards: {cards}; melds are SEAT:NUMBER)"


def rules_summary(intro: str, rules: ContractRules, width: int = WIDTH) -> str:
    """The intro (the rule set's players and pack), what is played, the deals, what is not
    played with the options that turn it on, and the moves."""
    deals = "\n".join(
        f"  deal {i}: {c} ({size} cards)"
        for i, (c, size) in enumerate(zip(rules.contracts, rules.deal_sizes, strict=True),
                                      start=1)
    )
    lines = [textwrap.fill(" ".join([intro, *on_lines(rules)]), width),
             "Deals at this table:", deals]
    off = off_lines(rules)
    if off:
        lines.append(textwrap.fill("Not played at this table (the option that turns it on): "
                                   + "; ".join(off) + ".", width))
    lines.append(moves_line(rules))
    return "\n".join(lines)
