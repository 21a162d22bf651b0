"""How a Day table is told to a person: the sun-and-moon cards, the bets, the pot, the showdown.

Everything is read from one seat's view and its legal moves (the view's ``table`` is Day's
public information: stacks, what each seat put in, the bet to call and, for the seat on move,
the range it may bet or raise in), so a description never carries a hidden card. The rule
texts (win conditions and their points, the betting structure, the tie-break) are written from
the options in force: ``full_day_points=7`` puts the Full Day above the Day, ``limit=no`` lets
a bet be any size up to all one's chips.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal

from cardtable.engine.game import Action
from cardtable.engine.presentation import (
    Amount,
    Area,
    Board,
    Face,
    FaceLine,
    Meld,
    MeldGroup,
    Move,
    Pile,
    Presentation,
    Result,
    SeatLine,
    View,
    in_words,
)
from cardtable.games.day.actions import AllIn, Bet, Call, Check, Fold, Keep, RaiseTo, Swap
from cardtable.games.day.cards import CODES, CROWN, MOON_RANK, SUITS, values_for
from cardtable.games.day.events import CONDITION_WORDS, pot_name
from cardtable.games.day.game import DayGame

SUIT_MARKS = {"Rising": "↗", "Risen": "↑", "Setting": "↘"}
"""The sun's path each suit is named for: rising, at its height, setting."""
MOON_MARK = "☾"
CROWN_MARK = "♛"
PHASE_WORDS = {"substitute": "substitution", "first betting": "first betting round",
               "final betting": "final betting round", "over": "session over"}
LIMIT_WORDS = {"fixed": "fixed limit", "pot": "pot limit", "no": "no limit"}
SUBSTITUTION, SIZES = "Substitution", "Bet sizes"
"""The headings a help list gathers moves under (the rest are "Moves": check, call, fold...)."""
KEYS = {Keep: "k", Check: "x", Call: "c", Fold: "f", AllIn: "a"}
"""The terminal's one-letter shortcuts (``s CARD``, ``b N`` and ``r N`` take a card or chips)."""


def chips(n: int) -> str:
    return "1 chip" if n == 1 else f"{n} chips"


def points(n: int) -> str:
    return "1 point" if n == 1 else f"{n} points"


def is_you(name: str) -> bool:
    """Whether a seat's label addresses the reader ("You", or "You (seat 0)" at a terminal)."""
    return name == "You" or name.startswith("You ")


def subject(names: Sequence[str], seat: int) -> str:
    """A seat as the subject of a sentence mid-line: "you" for the reader, else its name."""
    return "you" if is_you(names[seat]) else names[seat]


class DayPresentation(Presentation):
    """Day in the players' words: chips, pots, the dealer's cards and the showdown."""

    round_word = "hand"
    totals_title = "Stacks"
    totals_unit = "chips"
    round_mark = "won a pot"  # the score sheet's *
    game: DayGame

    # ---- cards ------------------------------------------------------------------------------
    def faces(self) -> dict[str, Face]:
        """Each card shows its value (a Moon its crescent) over its suit's mark; the Crown is
        the one wild card. A hand sorted by rank orders cards by what they are worth under the
        ``moon_value`` option (a Moon lowest, or above the 12s), the Crown last."""
        worth = values_for(int(self.game.options["moon_value"]))
        out: dict[str, Face] = {}
        for c, notation in enumerate(CODES):
            if c == CROWN:
                out[notation] = {
                    "order": 14 * 3 + 3, "group": "Crown", "label": "the Crown, wild",
                    "name": "Crown", "corner": CROWN_MARK, "mark": "wild", "tone": "crown",
                    "lines": [_line(CROWN_MARK, "large"), _line("Crown", "medium"),
                              _line("wild", "small")],
                    "badges": [{"text": "wild", "title": "the Crown is wild for its holder; "
                                "the dealer's Crown is wild for every player"}],
                    "sort": {"value": 14 * 3 + 3, "suit": 3 * 15},
                    "data": {"value": None, "suit": None, "moon": False, "crown": True},
                }
                continue
            suit = SUITS[c // 13]
            moon = c % 13 == MOON_RANK
            value = "Moon" if moon else str(c % 13 + 1)
            corner = MOON_MARK if moon else value
            label = f"Moon {suit} (worth {worth[c]})" if moon else f"{value} {suit}"
            out[notation] = {
                "order": worth[c] * 3 + c // 13, "group": suit, "label": label,
                "name": notation, "corner": corner, "mark": SUIT_MARKS[suit],
                "tone": suit.lower(),
                "lines": [_line(corner, "large"), _line(f"{SUIT_MARKS[suit]} {suit}", "small")],
                "badges": ([{"text": "Moon", "title": "all three Moons revealed make an Eclipse "
                             "for a player holding one"}] if moon else []),
                "sort": {"value": worth[c] * 3 + c // 13, "suit": c // 13 * 15 + worth[c]},
                "data": {"value": value, "worth": worth[c], "suit": suit, "moon": moon,
                         "crown": False},
            }
        return out

    # ---- moves ------------------------------------------------------------------------------
    def moves(self, view: View, legal: Sequence[Action], names: Sequence[str]) -> list[Move]:
        """One Move per legal move, in the engine's order; where the limit lets a bet be any
        size in a range (pot and no limit), a Move with an ``amount`` follows the listed sizes:
        its template with any amount in range is a legal move too."""
        out = [self.move(view, action, names) for action in legal]
        self._mark_same(view, legal, out)
        sized = self._sized_bet(view, legal)
        if sized is not None:
            last = max(i for i, a in enumerate(legal) if isinstance(a, Bet | RaiseTo))
            out.insert(last + 1, sized)
        return out

    def _mark_same(self, view: View, legal: Sequence[Action], out: list[Move]) -> None:
        """All-in is a call, a bet or a raise of all one's chips, and the legal list may hold
        that call or size too: "Call 35" and "All-in (35)" are one move, shown as one button
        (the call's or the size's, which says "all-in")."""
        t = view["table"]
        seat = view.get("seat")
        commit = int(t["this_round"][seat]) if seat is not None else 0
        total = commit + self._stack(view)
        same: Action | None = None
        for action in legal:
            calls = isinstance(action, Call) and bool(t.get("call_all_in"))
            sized = isinstance(action, Bet | RaiseTo) and action.amount == total
            if calls or (sized and same is None):
                same = action
        if same is None:
            return
        for action, move in zip(legal, out, strict=True):
            if isinstance(action, AllIn):
                move["same_as"] = str(same)

    def _sized_bet(self, view: View, legal: Sequence[Action]) -> Move | None:
        t = view["table"]
        rr = t.get("raise_range")
        if t.get("limit") == "fixed" or not rr or rr[1] <= rr[0]:
            return None
        opening = next((isinstance(a, Bet) for a in legal if isinstance(a, Bet | RaiseTo)), None)
        if opening is None:
            return None
        low, high = int(rr[0]), int(rr[1])
        amount: Amount = {"minimum": low, "maximum": high, "step": 1}
        if opening:
            return {"move": "bet {amount}", "kind": "bet", "cards": [], "target": None,
                    "label": f"Bet any amount from {low} to {high}", "key": "b {amount}",
                    "ordered": False, "amount": amount, "group": SIZES}
        return {"move": "raise to {amount}", "kind": "raise", "cards": [], "target": None,
                "label": f"Raise to any amount from {low} to {high}", "key": "r {amount}",
                "ordered": False, "amount": amount, "group": SIZES}

    def move(self, view: View, action: Action, names: Sequence[str]) -> Move:
        text = str(action)
        t = view["table"]
        key = KEYS.get(type(action))
        cards: list[str] = []
        target: str | None = None
        group = "Moves"
        if isinstance(action, Keep):
            kind, label, group = "keep", "Keep both cards", SUBSTITUTION
        elif isinstance(action, Swap):
            card = CODES[action.card]
            kind, cards, target, group = "swap", [card], "stock", SUBSTITUTION
            label = (f"Swap the {card} for a card from the deck "
                     "(costs 1 point at the showdown)")
            key = f"s {card}"
        elif isinstance(action, Fold):
            kind, label = "fold", "Fold: give up this hand"
        elif isinstance(action, Check):
            kind, label = "check", "Check"
        elif isinstance(action, Call):
            kind = "call"
            to_call = int(t.get("to_call") or 0)
            if t.get("call_all_in"):
                owed = self._owed(view)
                more = f" (the bet is {owed} more)" if owed > to_call else ""
                label = f"Call all-in with your last {chips(to_call)}{more}"
            else:
                label = f"Call {to_call}"
        elif isinstance(action, AllIn):
            kind = "all-in"
            label = self._all_in_label(view)
        elif isinstance(action, Bet):
            kind, key, group = "bet", f"b {action.amount}", SIZES
            label = f"Bet {action.amount}" + self._size_note(view, action.amount, True)
        elif isinstance(action, RaiseTo):
            kind, key, group = "raise", f"r {action.amount}", SIZES
            label = f"Raise to {action.amount}" + self._size_note(view, action.amount, False)
        else:  # pragma: no cover - every Day move is one of the above
            kind, label = text.split(" ", 1)[0], text
        return {"move": text, "kind": kind, "cards": cards, "target": target, "label": label,
                "key": key, "ordered": False, "group": group}

    @staticmethod
    def _owed(view: View) -> int:
        t = view["table"]
        seat = view.get("seat")
        commit = t["this_round"][seat] if seat is not None else 0
        return max(0, int(t.get("current_bet", 0)) - int(commit))

    @staticmethod
    def _stack(view: View) -> int:
        seat = view.get("seat")
        return int(view["table"]["stacks"][seat]) if seat is not None else 0

    def _all_in_label(self, view: View) -> str:
        """All-in is a call, a bet or a raise, whichever the seat's chips make it: said so,
        so that "Call 35" and "All-in (35)" never read as two different moves when they are
        one."""
        t = view["table"]
        seat = view.get("seat")
        stack = self._stack(view)
        commit = int(t["this_round"][seat]) if seat is not None else 0
        if t.get("call_all_in"):
            return f"All-in: {chips(stack)}, the same as calling"
        if not t.get("current_bet"):
            return f"All-in: bet all your {chips(stack)}"
        return f"All-in: raise to {commit + stack} with your last {chips(stack)}"

    def _size_note(self, view: View, amount: int, opening: bool) -> str:
        """What a listed size is: the smallest allowed, half the pot, the pot, all one's chips
        (in the words the legal list was made by)."""
        t = view["table"]
        seat = view.get("seat")
        commit = int(t["this_round"][seat]) if seat is not None else 0
        stack = self._stack(view)
        notes = []
        if amount - commit == stack:
            notes.append("all-in")
        if t.get("limit") != "fixed":
            rr = t.get("raise_range")
            cb = int(t.get("current_bet", 0))
            pot = int(t.get("pot", 0)) + self._owed(view)
            if rr and amount == rr[0]:
                notes.append("the smallest " + ("bet" if opening else "raise"))
            if amount == cb + pot and pot:
                notes.append("the pot")
            elif amount == cb + pot // 2 and pot > 1:
                notes.append("half the pot")
        if not opening and amount - commit != stack:
            notes.append(f"{amount - commit} more")
        return f" ({', '.join(notes)})" if notes else ""

    # ---- the board --------------------------------------------------------------------------
    def board(self, view: View, moves: Sequence[Move], names: Sequence[str]) -> Board:
        t = view["table"]
        zones: Mapping[str, Any] = view.get("zones", {})
        seat = view.get("seat")
        dealer_cards = list(zones.get("dealer", {}).get("cards") or [])
        who_deals = ("the house deals" if t["house_dealer"]
                     else "you deal" if is_you(names[t["dealer"]])
                     else f"{names[t['dealer']]} deals")
        piles: list[Pile] = [
            {"id": "dealer", "title": f"The dealer's cards ({who_deals})",
             "count": len(dealer_cards), "top": dealer_cards[-1] if dealer_cards else None,
             "cards": dealer_cards, "face_up": True},
            {"id": "stock", "title": "The deck", "count": int(zones.get("stock", {})
                                                               .get("count", 0)),
             "top": None, "cards": [], "face_up": False},
        ]
        drawn = list(zones.get("tiebreak", {}).get("cards") or [])
        if drawn:
            piles.append({"id": "tiebreak", "title": "Tie-break draws", "count": len(drawn),
                          "top": drawn[-1], "cards": drawn, "face_up": True})
        areas: list[Area] = [{"title": "The pot", "groups": [], "facts": self._pot_facts(view)}]
        shown: list[MeldGroup] = []
        for s in range(self.game.players):
            cards = list(zones.get(f"hand:{s}", {}).get("cards") or [])
            if cards and s != seat:
                meld: Meld = {"id": f"hand:{s}", "title": f"{names[s]}'s cards", "cards": cards}
                shown.append({"owner": s, "title": names[s], "melds": [meld], "empty": ""})
        if shown:
            areas.append({"title": "Cards shown at the showdown", "groups": shown, "facts": []})
        hand = list(zones[f"hand:{seat}"].get("cards") or []) if seat is not None and \
            f"hand:{seat}" in zones else None
        swapped = list(zones.get(f"swapped:{seat}", {}).get("cards") or []) \
            if seat is not None else []
        title = "Your cards"
        if swapped:
            title += f" (you swapped away the {swapped[0]})"
        return {"status": self._status(view), "prompt": self.prompt(view, moves, names),
                "seats": [self._seat_line(view, s, names) for s in range(self.game.players)],
                "piles": piles, "areas": areas, "hand": hand, "hand_title": title,
                "legend": self.legend()}

    def _status(self, view: View) -> str:
        t = view["table"]
        phase = PHASE_WORDS.get(t["phase"], t["phase"])
        return (f"Day · hand {t['hand']} of at most {t['hands']} · "
                f"{LIMIT_WORDS.get(t['limit'], t['limit'])} · {phase}")

    def _pot_facts(self, view: View) -> list[str]:
        t = view["table"]
        facts = [f"Pot: {chips(int(t['pot']))}"]
        if t["phase"] in ("first betting", "final betting"):
            bet = int(t.get("current_bet", 0))
            facts.append(f"Bet this round: {bet}" if bet else "No bet yet this round")
            if "to_call" in t and view.get("seat") == t.get("current"):
                facts.append(f"To call: {t['to_call']}" if t["to_call"] else "Nothing to call")
            rr = t.get("raise_range")
            if rr and rr[0] <= rr[1]:
                word = "Raise to" if bet else "Bet"
                size = str(rr[0]) if rr[0] == rr[1] else f"{rr[0]} to {rr[1]}"
                facts.append(f"{word}: {size}")
            if t["limit"] == "fixed":
                facts.append(f"Raises this round: {t['raises']} of "
                             f"{self.game.options['max_raises']}")
        if t.get("raked"):
            facts.append(f"Raked by the house so far: {chips(int(t['raked']))}")
        return facts

    def _seat_line(self, view: View, s: int, names: Sequence[str]) -> SeatLine:
        t = view["table"]
        zones: Mapping[str, Any] = view.get("zones", {})
        stack = int(t["stacks"][s])
        out = not t["in_hand"][s] or (bool(view.get("over")) and stack == 0)
        lines = [f"stack {stack}"]
        if out:
            lines.append("out: no chips left" if stack == 0 else "not dealt in")
            return {"seat": s, "cards": None, "lines": lines, "out": True}
        if t["in_pot"][s]:
            lines.append(f"in the pot {t['in_pot'][s]}")
        if t["this_round"][s]:
            lines.append(f"this round {t['this_round'][s]}")
        if t["folded"][s]:
            lines.append("folded")
        elif t["all_in"][s]:
            lines.append("all-in")
        if t["substituted"][s]:
            lines.append("swapped a card")
        if not t["house_dealer"] and t["dealer"] == s:
            lines.append("dealer")
        shown = list(zones.get(f"hand:{s}", {}).get("cards") or [])
        if shown and s != view.get("seat"):
            lines.append("shows " + " and ".join(shown))
        hand = zones.get(f"hand:{s}")
        count = None if hand is None else int(hand.get("count", 0))
        return {"seat": s, "cards": count, "lines": lines, "out": False}

    def prompt(self, view: View, moves: Sequence[Move], names: Sequence[str]) -> str:
        t = view["table"]
        seat = view.get("seat")
        if view.get("over"):
            return "The session is over."
        if seat is not None and (not t["in_hand"][seat]):
            return "You are out of chips: you watch the rest of the session."
        if not moves:
            current = t.get("current")
            if current is None:
                return ""
            doing = "to keep or swap" if t["phase"] == "substitute" else "to bet"
            who = names[current]
            if seat is not None and t["folded"][seat]:
                return f"You folded this hand. Waiting for {who} {doing}."
            if seat is not None and t["all_in"][seat]:
                return f"You are all-in. Waiting for {who} {doing}."
            return f"Waiting for {who} {doing}."
        kinds = {m["kind"] for m in moves}
        if "keep" in kinds:
            return ("Keep your two cards, or swap one for a card from the deck "
                    "(a swap costs 1 point at the showdown).")
        can_raise = bool(kinds & {"bet", "raise"})
        rr = t.get("raise_range")
        size = ""
        if can_raise and rr:
            size = f" {rr[0]}" if rr[0] == rr[1] else f" {rr[0]} up to {rr[1]}"
        if "call" in kinds:
            bettor = self._bettor(view)
            by = f"{names[bettor]} made it {t['current_bet']}: " if bettor is not None else ""
            if t.get("call_all_in"):
                return (f"{by}calling takes all your {chips(int(t['to_call']))}: "
                        "call all-in, or fold.")
            if can_raise:
                return f"{by}call {t['to_call']}, raise to{size}, or fold."
            if "all-in" in kinds:
                return f"{by}call {t['to_call']}, go all-in, or fold."
            return f"{by}call {t['to_call']} or fold."
        if can_raise:
            return f"Nothing to call: check, or bet{size}."
        if "all-in" in kinds:
            return "Nothing to call: check, or go all-in."
        return "Nothing to call: check."

    @staticmethod
    def _bettor(view: View) -> int | None:
        """The seat whose stake this round is the bet to call (the last to raise it)."""
        t = view["table"]
        top = int(t.get("current_bet", 0))
        if not top:
            return None
        seats = [s for s, c in enumerate(t["this_round"]) if c == top]
        return seats[0] if len(seats) == 1 else None

    def legend(self) -> list[str]:
        o = self.game.options
        full_day = int(o["full_day_points"])
        best = ("Full Day 7, Day 6" if full_day == 7 else "Day and Full Day 6")
        lines = [
            f"Win conditions, best first: {best}, Full Consecutive 5, Consecutive 4, Eclipse 3, "
            "X of a kind 2, Highest Card 1. A swap costs 1 point at the showdown (never below "
            "1).",
            "The Crown is wild for its holder; the dealer's Crown is wild for every player.",
            ("A Moon is worth 0, below the 1s." if int(o["moon_value"]) == 0
             else "A Moon is worth 13, above the 12s."),
            ("X of a kind counts every card shown at the table." if o["kind_scope"] == "table"
             else "X of a kind counts your two cards and the dealer's three."),
            "Equal points tie even from different conditions: the tied players each draw a "
            "card, highest wins (the Crown highest), again while tied; one draw settles every "
            "pot they share.",
        ]
        size = int(o["bet_size"])
        if o["limit"] == "fixed":
            lines.append(f"Fixed limit: bets and raises of {size}, at most "
                         f"{o['max_raises']} raises a round after the bet.")
        elif o["limit"] == "pot":
            lines.append(f"Pot limit: the smallest bet is {size}; a raise is at least the last "
                         "bet or raise and at most the pot after calling.")
        else:
            lines.append(f"No limit: the smallest bet is {size}; a raise is at least the last "
                         "bet or raise, up to all your chips.")
        if o["ante"]:
            lines.append(f"Everyone antes {chips(int(o['ante']))} a hand.")
        if o["rake"]:
            cap = o["rake_cap"]
            capped = f", at most {chips(int(cap))} a hand" if cap is not None else ""
            lines.append(f"The house rakes {o['rake']}% of each pot that reaches the final "
                         f"card{capped}.")
        lines.append(f"The session ends when one player holds every chip, or after "
                     f"{o['hands']} hands: most chips wins.")
        return lines

    # ---- rounds -----------------------------------------------------------------------------
    def result(self, result: Mapping[str, Any], names: Sequence[str]) -> Result:
        """A hand's end: who won each pot and with what, how a tie was settled, the cards
        shown, and who ran out of chips."""
        lines: list[str] = []
        pots = list(result.get("pots") or [])
        showdown = result.get("showdown")
        by_seat = {int(e["seat"]): e for e in showdown or []}
        for k, pot in enumerate(pots):
            name = pot_name(k, len(pots))
            winner = int(pot["winner"])
            line = f"{names[winner]} won {name} of {chips(int(pot['amount']))}"
            entry = by_seat.get(winner)
            if showdown is None:
                line += ": everyone else folded"
            elif len(pot["eligible"]) == 1:
                line += ", uncontested"
            elif entry is not None:
                line += f" with {_condition(entry)}"
            if pot.get("rake"):
                line += f" ({pot['rake']} raked by the house)"
            lines.append(line + ".")
            if pot.get("tied"):
                lines.append(self._tie_line(pot, by_seat, names))
        board = list(result.get("board") or [])
        if board:
            lines.append(f"The dealer's cards: {', '.join(board)}.")
        for entry in showdown or []:
            swap = ", after the swap's point" if entry["substituted"] else ""
            lines.append(f"{names[int(entry['seat'])]} showed {' and '.join(entry['cards'])}: "
                         f"{_condition(entry)}{swap}.")
        folded = [names[s] for s in result.get("folded") or []]
        if folded:
            lines.append(f"Folded: {in_words(folded)}.")
        stacks = list(result.get("stacks") or [])
        lines.append("Stacks: " + ", ".join(f"{names[s]} {c}" for s, c in enumerate(stacks))
                     + ".")
        busted = [names[s] for s in result.get("seats") or [] if stacks and stacks[s] == 0]
        if busted:
            verb = "is" if len(busted) == 1 and not is_you(busted[0]) else "are"
            lines.append(f"{in_words(busted)} {verb} out of chips.")
        return {"title": f"Hand {result.get('hand', '')}".strip(), "lines": lines}

    @staticmethod
    def _tie_line(pot: Mapping[str, Any], by_seat: Mapping[int, Mapping[str, Any]],
                  names: Sequence[str]) -> str:
        tied = [int(s) for s in pot["tied"]]
        entries = [by_seat[s] for s in tied if s in by_seat]
        conditions = {e["condition"] for e in entries}
        pts = {int(e["points"]) for e in entries}
        if len(conditions) > 1 and len(pts) == 1:
            why = f"tied on {points(pts.pop())} from different conditions"
        elif entries:
            why = f"tied with the same result ({_condition(entries[0])})"
        else:
            why = "tied"
        draws = []
        for draw in pot.get("draws") or []:
            draws.append(", ".join(f"{names[int(s)]} the {c}" for s, c in draw.items()))
        drawn = "; then ".join(draws)
        return (f"{in_words([names[s] for s in tied])} {why}: a draw settled it ({drawn}), "
                f"and {names[int(pot['winner'])]} drew highest.")


def _condition(entry: Mapping[str, Any]) -> str:
    words = CONDITION_WORDS.get(entry["condition"], str(entry["condition"]))
    if entry.get("detail"):
        words += f" ({entry['detail']})"
    return f"{words}, {points(int(entry['points']))}"


def _line(text: str, size: Literal["large", "medium", "small"]) -> FaceLine:
    return {"text": text, "size": size}


__all__ = ["DayPresentation"]
