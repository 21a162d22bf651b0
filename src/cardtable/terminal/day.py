"""The Day table in a terminal: your cards, the dealer's, every stack and pot, what it costs to
call and which bets you may make; the move log comes from the game's events, with a banner for
each deal and each hand's showdown, pots and stacks summed up when it ends.

Everything is drawn from one seat's view (plain data), so the screen can only show what that
seat may know; the hint counts the seat's chance of winning from the same view.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from cardtable.engine.game import Action
from cardtable.games.day.actions import Keep, Swap
from cardtable.games.day.cards import CROWN, SUIT_OF, parse_card
from cardtable.games.day.chance import call_price, seat_chance
from cardtable.games.day.events import CONDITION_WORDS
from cardtable.games.day.game import DayGame
from cardtable.terminal.render import View

SUIT_STYLE = {0: "bold yellow", 1: "bold red", 2: "bold blue", -1: "bold magenta"}


def card_text(code: str) -> Text:
    c = parse_card(code)
    return Text(code, style=SUIT_STYLE[SUIT_OF[c] if c != CROWN else -1])


def cards_text(codes: Sequence[str], sep: str = ", ") -> Text:
    out = Text()
    for i, code in enumerate(codes):
        if i:
            out.append(sep)
        out.append_text(card_text(code))
    return out


def _listed(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _cards(view: View, zone: str) -> list[str]:
    return list(view["zones"].get(zone, {}).get("cards", []))


# The engine names the swap phase by the rules' verb; a heading wants their noun.
PHASE_WORDS = {"substitute": "substitution"}


class DayRenderer:
    """Draws a Day table for one seat."""

    shortcuts: Sequence[tuple[str, str]] = (
        ("k", "keep"),
        ("s CARD", "swap CARD, e.g. s 7 rising"),
        ("x", "check"),
        ("c", "call"),
        ("f", "fold"),
        ("b N", "bet N"),
        ("r N", "raise to N"),
        ("a", "all-in"),
    )

    def hint_says_why(self, action: Action) -> bool:
        """Whether this renderer's own hint line has already given the search's reasons for
        ``action``: it counts the chance and the price of a call, which a bet's reasons would
        say again; a keep's or swap's reasons compare the swaps, which it does not."""
        return not isinstance(action, Keep | Swap)

    def __init__(self, game: DayGame) -> None:
        self.game = game

    # ---- the table ----------------------------------------------------------------------------
    def table(self, view: View, labels: Sequence[str]) -> RenderableType:
        t = view["table"]
        phase = PHASE_WORDS.get(t["phase"], t["phase"])
        parts: list[RenderableType] = [
            Rule(f"Hand {t['hand']} of at most {t['hands']} · {phase}", style="dim")
        ]
        who = "the house" if t["house_dealer"] else labels[t["dealer"]]
        line = Text(f"Dealer: {who} · dealer's cards: ")
        board = _cards(view, "dealer")
        line.append_text(cards_text(board[:2]))
        line.append(" · final card: ")
        if len(board) > 2:
            line.append_text(card_text(board[2]))
        else:
            line.append("not yet laid", style="dim")
        parts.append(line)
        parts.append(Text(f"Pot {t['pot']} · {t['limit']}-limit · raked so far {t['raked']}"))
        for s, label in enumerate(labels):
            parts.append(self._seat_line(view, s, label))
        if view["seat"] is not None:
            parts.append(self.hand(view))
            if view["seat"] == t["current"]:
                parts.append(self._price(t))
        return Group(*parts)

    def _seat_line(self, view: View, s: int, label: str) -> Text:
        t = view["table"]
        mark = "▶ " if s == t["current"] else "  "
        line = Text(f"{mark}{label:<20} stack {t['stacks'][s]:>5} · in pot {t['in_pot'][s]:>4}")
        if t["this_round"][s]:
            line.append(f" · this round {t['this_round'][s]}")
        if not t["in_hand"][s]:
            line.append(" · out of chips", style="dim")
        elif t["folded"][s]:
            line.append(" · folded", style="dim")
        elif t["all_in"][s]:
            line.append(" · all-in", style="bold")
        if t["substituted"][s]:
            line.append(" · substituted")
        shown = _cards(view, f"hand:{s}")
        if shown and s != view["seat"]:
            line.append(" · shows ")
            line.append_text(cards_text(shown))
        return line

    def _price(self, t: dict[str, Any]) -> Text:
        if t["phase"] == "substitute":
            return Text("Keep your cards or swap one (a swap costs 1 point at the showdown).")
        to_call = t.get("to_call", 0)
        if t.get("call_all_in"):
            owed = t["current_bet"] - t["this_round"][t["current"]]
            more = f" (the bet is {owed} more)" if owed > to_call else ""
            text = f"To call: all-in for your last {to_call}{more}."
        else:
            text = f"To call: {to_call}." if to_call else "Nothing to call."
        rr = t.get("raise_range")
        if rr:
            word = "bet" if t["current_bet"] == 0 else "raise to"
            text += f" You may {word} {rr[0]}" + (f" to {rr[1]}." if rr[1] != rr[0] else ".")
        return Text(text, "bold")

    def hand(self, view: View) -> RenderableType:
        seat = view["seat"]
        line = Text("Your cards: ", "bold")
        line.append_text(cards_text(_cards(view, f"hand:{seat}")))
        swapped = _cards(view, f"swapped:{seat}")
        if swapped:
            line.append(" (swapped away: ")
            line.append_text(cards_text(swapped))
            line.append(")")
        return line

    def prompt(self, view: View) -> str:
        t = view["table"]
        if t["phase"] == "substitute":
            return "keep or swap CARD"
        if t.get("call_all_in"):
            return f"call all-in for {t['to_call']}, or fold"
        if t.get("to_call"):
            return f"call {t['to_call']}, raise or fold"
        return "check or bet"

    # ---- events -----------------------------------------------------------------------------
    def event(self, event: dict[str, Any], labels: Sequence[str]) -> RenderableType | None:
        """A banner for each new hand, the final card in colour, and each hand's summary;
        every other event is the game's one log line."""
        kind = event["kind"]
        if kind == "dealt":
            dealer = event["dealer"]
            who = "the house" if dealer is None else labels[dealer]
            line = Text(f"Hand {event['round']} is dealt by {who}; the dealer's cards: ", "bold")
            line.append_text(cards_text(event["up"]))
            return line
        if kind == "final_card":
            line = Text("The dealer laid the final card: ", "bold")
            line.append_text(card_text(event["card"]))
            return line
        if kind == "round_scored":
            return self.hand_result(event["result"], labels)
        return None

    def hand_result(self, result: dict[str, Any], labels: Sequence[str]) -> RenderableType:
        """The hand's end in three blocks, each lined up in columns: the cards shown, one line
        a pot (its chips, its winner, who could win it, any tie-break draw) and the stacks."""
        lines: list[RenderableType] = [Rule(style="dim"), Text(f"Hand {result['hand']} over.",
                                                              "bold")]
        board = Text("  Dealer's cards: ")
        board.append_text(cards_text(result["board"]))
        lines.append(board)
        if result["showdown"] is None:
            lines.append(Text("  Everyone else folded: no cards are shown."))
        else:
            shown = Table.grid(padding=(0, 2))
            for _ in range(3):
                shown.add_column()
            for entry in result["showdown"]:
                cond = CONDITION_WORDS[entry["condition"]]
                if entry.get("detail"):
                    cond += f" ({entry['detail']})"
                pts = entry["points"]
                cond += f", {pts} point{'s' if pts != 1 else ''}"
                if entry["substituted"]:
                    cond += " after the swap"
                shown.add_row(labels[entry["seat"]], cards_text(entry["cards"]), cond)
            lines.append(Padding(shown, (0, 0, 0, 2)))
        pots = result["pots"]
        table = Table.grid(padding=(0, 2))
        table.add_column()
        table.add_column(justify="right")
        table.add_column()
        for k, pot in enumerate(pots):
            name = "Pot" if len(pots) == 1 else ("Main pot" if k == 0 else f"Side pot {k}")
            won = Text(f"won by {labels[pot['winner']]}")
            if pot["rake"]:
                won.append(f", {pot['rake']} raked")
            if len(pots) > 1:
                won.append(f"\ncontested by {_listed([labels[s] for s in pot['eligible']])}", "dim")
            if pot.get("draws"):
                rounds = [", ".join(f"{labels[int(s)]} {c}" for s, c in draw.items())
                          for draw in pot["draws"]]
                won.append("\ntie-break draw: " + "; then ".join(rounds))
            table.add_row(name, f"{pot['amount']} chip{'s' if pot['amount'] != 1 else ''}", won)
        lines.append(Padding(table, (0, 0, 0, 2)))
        stacks = [Text(f"{labels[s]} {chips}", "dim") for s, chips in enumerate(result["stacks"])]
        lines.append(Text("  Stacks:", "dim"))
        lines.append(Padding(Columns(stacks, padding=(0, 3)), (0, 0, 0, 4)))
        return Group(*lines)

    def final(self, view: View, labels: Sequence[str], winners: Sequence[int]) -> RenderableType:
        t = view["table"]
        lines: list[RenderableType] = [Rule("Session over", style="bold")]
        order = sorted(range(len(labels)), key=lambda s: -t["stacks"][s])
        for s in order:
            mark = "  winner" if s in winners else ""
            lines.append(Text(f"  {labels[s]:<20} {t['stacks'][s]:>6} chips{mark}"))
        hands = len(t["results"])
        lines.append(Text(f"{hands} hand{'s' if hands != 1 else ''} played."))
        return Group(*lines)

    # ---- help and hints -----------------------------------------------------------------------
    def action_groups(self, legal: Sequence[str]) -> list[tuple[str, list[str]]]:
        subst = [a for a in legal if a == "keep" or a.startswith("swap")]
        plain = [a for a in legal if a in ("fold", "check", "call", "all-in")]
        sizes = [a for a in legal if a.startswith(("bet ", "raise to "))]
        groups: list[tuple[str, list[str]]] = []
        if subst:
            groups.append(("Substitution", subst))
        if plain:
            groups.append(("Moves", plain))
        if sizes:
            groups.append(("Bet sizes (any amount in range may be typed)", sizes))
        return groups

    def expand_shortcut(self, text: str) -> str:
        words = text.strip().split(None, 1)
        if not words:
            return text
        head = words[0].lower()
        rest = words[1] if len(words) > 1 else ""
        simple = {"k": "keep", "x": "check", "c": "call", "f": "fold", "a": "all-in"}
        if head in simple and not rest:
            return simple[head]
        if head == "s" and rest:
            return f"swap {rest}"
        if head == "b" and rest:
            return f"bet {rest}"
        if head == "r" and rest:
            return f"raise to {rest}"
        return text

    def hint(self, view: View) -> str:
        t = view["table"]
        seat = view["seat"]
        if seat is None or t["current"] != seat:
            return "It is not your move."
        p, exact, others = seat_chance(self.game.evaluator, view, seat)
        how = "counted exactly" if exact else "estimated from random deals"
        text = (f"Your chance of winning the showdown against {others} "
                f"opponent{'s' if others != 1 else ''}: {p:.0%} ({how}).")
        price = call_price(t, seat)
        if price is not None:
            to_call, win, needed = price
            verdict = "worth a call" if p >= needed else "not worth a call"
            text += f" A call costs {to_call} to win {win}: {needed:.0%} needed, " \
                    f"so {verdict} on the cards alone."
        return text
