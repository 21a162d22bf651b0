"""The Daylily table in a terminal: hands grouped by colour family, melds labelled, round results.

Everything here is computed from one seat's view (plain data with card codes), so the screen can
only show what that seat may know. Card codes are turned back into cards to sort, name and
colour them, and the meld helpers label declared melds with their kind and points.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.rule import Rule
from rich.text import Text

from cardtable.games.daylily.cards import (
    CODES,
    FAMILIES,
    blooms_of,
    code,
    family_of,
    mask_of,
    name,
    parse_card,
)
from cardtable.games.daylily.game import DaylilyGame
from cardtable.games.daylily.melds import QUAD, TRIO_RUN, Meld, classify, melds_in
from cardtable.games.daylily.solver import best_going_out
from cardtable.terminal.render import View, expand_words, plural, standings, turn_line

FAMILY_STYLE: dict[str, str] = {
    "Red": "bold red",
    "Yellow": "bold yellow",
    "Pink": "bold magenta",
    "Purple": "bold purple",
    "Orange": "bold dark_orange",
    "Pandora": "bold cyan",
}
HAND_WIDTH = 78  # hand lines are broken between cards, never inside a card's name
MELDED_TO_GO_OUT = 10
EXPANSIONS = {"s": "draw stock", "d": "draw discard", "m": "meld {}", "x": "discard {}"}
_CODE_RUN = re.compile(r"\b[1-3][A-Z]{2}(?: [1-3][A-Z]{2})*\b")  # "1MT 2CA 3FC" in words
_NAME_OF = {text: name(c) for c, text in enumerate(CODES)}


def card_text(c: int, full: bool = True) -> Text:
    """A card in its family's colour: ``2 Ming Toy [2MT]`` (or just ``2MT``)."""
    label = f"{name(c)} [{code(c)}]" if full else code(c)
    return Text(label, style=FAMILY_STYLE[family_of(c)])


def cards_text(cards: Sequence[int], full: bool = False, sep: str = " ") -> Text:
    out = Text()
    for i, c in enumerate(cards):
        if i:
            out.append(sep)
        out.append_text(card_text(c, full))
    return out


def _named_run(match: re.Match[str]) -> str:
    """Codes in a row become names joined by "+"; anything not a card code stays as written."""
    out = ""
    codes = match[0].split(" ")
    for i, text in enumerate(codes):
        if i:
            out += " + " if text in _NAME_OF and codes[i - 1] in _NAME_OF else " "
        out += _NAME_OF.get(text, text)
    return out


def meld_order(cards: Sequence[int]) -> list[int]:
    """Cards of a meld in reading order: a run as 1, 2, 3 blooms, a quad's accent last."""
    meld = classify(list(cards))
    if meld is None or meld.kind not in (TRIO_RUN, QUAD):
        return sorted(cards)
    if meld.kind == TRIO_RUN:
        return sorted(cards, key=blooms_of)
    trio = sorted(c for c in cards if family_of(c) == "Purple")
    if len({blooms_of(c) for c in trio}) > 1:  # a run; a set reads best in flower order
        trio.sort(key=blooms_of)
    return trio + [c for c in cards if c not in trio]


def meld_notation(cards: Sequence[int]) -> str:
    """``meld 1FC 2MT 3FC``: the action notation with the cards in reading order."""
    return "meld " + " ".join(code(c) for c in meld_order(cards))


def meld_label(meld: Meld) -> str:
    """Kind and worth of a meld: ``trio-run, 3 pts`` or ``pair, safe``."""
    worth = f"{meld.points} pts" if meld.points else "safe"
    return f"{meld.kind}, {worth}"


def hand_lines(cards: Sequence[int], width: int = HAND_WIDTH) -> list[Text]:
    """The hand grouped by colour family, each family sorted by flower then blooms."""
    lines: list[Text] = []
    for family in FAMILIES:
        members = sorted(c for c in cards if family_of(c) == family)
        if not members:
            continue
        line = Text(f"  {family:<8} ", style=FAMILY_STYLE[family])
        indent = len(line)
        for i, c in enumerate(members):
            piece = card_text(c)
            if i and len(line) + 3 + len(piece) > width:
                lines.append(line)
                line = Text(" " * indent)
            elif i:
                line.append("   ")
            line.append_text(piece)
        lines.append(line)
    return lines


def _codes(zone: dict[str, Any] | None, key: str = "cards") -> list[int]:
    if not zone:
        return []
    return [parse_card(c) for c in zone.get(key, [])]


def _own_hand(view: View) -> list[int]:
    return _codes(view["zones"].get(f"hand:{view['seat']}"))


def _declared(view: View, seat: int) -> list[list[int]]:
    """A seat's declared melds, in the order they were laid down."""
    found: list[tuple[int, list[int]]] = []
    for zone_name, zone in view["zones"].items():
        parts = zone_name.split(":")
        if parts[0] == "meld" and int(parts[1]) == seat:
            found.append((int(parts[2]), _codes(zone)))
    return [cards for _i, cards in sorted(found)]


def _discard_top(view: View) -> int | None:
    pile = _codes(view["zones"].get("discard"))
    return pile[-1] if pile else None


def _meld_line(cards: Sequence[int]) -> Text:
    meld = classify(list(cards))
    line = Text("      ")
    line.append_text(cards_text(meld_order(cards)))
    line.append(f"  ({meld_label(meld)})" if meld else "  (not a meld?)", style="dim")
    return line


class DaylilyRenderer:
    """Draws a Daylily Rummy table for one seat."""

    shortcuts: Sequence[tuple[str, str]] = (
        ("s", "draw stock"),
        ("d", "draw discard"),
        ("m CARDS", "meld CARDS, e.g. m 1MT 2MT 3MT"),
        ("x CARD", "discard CARD, e.g. x 2SL"),
    )

    def __init__(self, game: DaylilyGame) -> None:
        self.game = game

    def log_text(self, text: str) -> str:
        """The search's reasons name cards by code ("keeps 1MT 3FC 2CA ... waiting for 2IN"),
        and a code the hand does not hold (the card it waits for) tells a newcomer nothing;
        the log names flowers, and so does the browser's hint: a meld's cards read "1 Ming Toy
        + 3 Fly Catcher + 2 Carlotta". Moves typed with names are understood, so the advice
        stays something to copy."""
        return _CODE_RUN.sub(_named_run, text)

    # ---- the table --------------------------------------------------------------------------
    def table(self, view: View, labels: Sequence[str]) -> RenderableType:
        t = view["table"]
        seat = view["seat"]
        parts: list[RenderableType] = [Rule(f"Round {t['round']}", style="dim"),
                                       turn_line(view, labels)]
        stock = view["zones"]["stock"]["count"]
        pile = view["zones"]["discard"]["count"]
        line = Text(f"Stock {stock} · discard pile {pile} card{'s' if pile != 1 else ''}")
        top = _discard_top(view)
        if top is not None:
            line.append(", top ")
            line.append_text(card_text(top))
        parts.append(line)
        for s, label in enumerate(labels):
            parts.extend(self._player_lines(view, s, label))
        if seat is not None:
            parts.append(self.hand(view))
        return Group(*parts)

    def _player_lines(self, view: View, s: int, label: str) -> list[Text]:
        t = view["table"]
        zone = view["zones"].get(f"hand:{s}", {})
        line = Text(f"  {label:<18} score {t['scores'][s]:>4} · {zone.get('count', 0)} in hand")
        known = _codes(zone, "known")
        if known and s != view["seat"]:
            line.append(" (seen: ")
            line.append_text(cards_text(known))
            line.append(")")
        line.append(f" · melded {t['melded'][s]}/{MELDED_TO_GO_OUT}")
        if t["melded"][s]:
            line.append(f" ({t['meld_points'][s]} pts)")
        return [line] + [_meld_line(cards) for cards in _declared(view, s)]

    def hand(self, view: View) -> RenderableType:
        cards = _own_hand(view)
        title = Text(f"Your hand ({len(cards)} card{'s' if len(cards) != 1 else ''}):", "bold")
        return Group(title, *hand_lines(cards))

    def prompt(self, view: View) -> str:
        if view["table"]["phase"] == "draw":
            return "draw stock or draw discard"
        return "meld or discard"

    # ---- events -----------------------------------------------------------------------------
    def event(self, event: dict[str, Any], labels: Sequence[str]) -> RenderableType | None:
        """A round's score sheet, and a banner for each new deal; other events are one line."""
        if event["kind"] == "round_scored":
            return self.round_result(event["result"], labels)
        if event["kind"] == "dealt":
            return Text(self.game.log_line(event, labels), "bold")
        return None

    def round_result(self, result: dict[str, Any], labels: Sequence[str]) -> RenderableType:
        presenter = result["festival"]
        if presenter is not None:
            head = f"Round {result['round']} over: {labels[presenter]} presented the Festival!"
        else:
            head = f"Round {result['round']} over without a Festival ({result['reason']})."
        lines: list[RenderableType] = [Rule(style="dim"), Text(head, "bold")]
        for s, entry in enumerate(result["seats"]):
            lines.append(
                Text(
                    f"  {labels[s]:<18} round {result['points'][s]:+4d} · "
                    f"total {result['totals'][s]:5d}",
                    "bold" if s == presenter else "",
                )
            )
            detail = Text(f"      declared melds {entry['declared']:+d}")
            if "festival_bonus" in entry:
                detail.append(
                    f" · Festival {entry['festival_bonus']:+d}"
                    f" · cards received {entry['cards_received']:+d}"
                )
            if "to_winner" in entry:
                n = entry["to_winner"]
                detail.append(f" · {n} card{'s' if n != 1 else ''} to the winner")
            if entry.get("penalty"):
                detail.append(f" · Pandora's Box in hand {entry['penalty']:+d}")
            lines.append(detail)
            if "in_hand_melds" in entry:
                melds = Text("      melds in hand: ")
                for i, meld in enumerate(entry["in_hand_melds"]):
                    if i:
                        melds.append(" | ")
                    melds.append_text(cards_text(meld_order([parse_card(c) for c in meld])))
                if not entry["in_hand_melds"]:
                    melds.append("none")
                lines.append(melds)
        return Group(*lines)

    def final(self, view: View, labels: Sequence[str], winners: Sequence[int]) -> RenderableType:
        t = view["table"]
        return standings("Match over", labels, t["scores"], winners,
                         played=plural(len(t["results"]), "round"))

    # ---- help and hints ---------------------------------------------------------------------
    def action_groups(self, legal: Sequence[str]) -> list[tuple[str, list[str]]]:
        draws = [a for a in legal if a.startswith("draw")]
        discards = [a for a in legal if a.startswith("discard")]
        melds: list[tuple[int, str]] = []
        for a in legal:
            if a.startswith("meld "):
                cards = [parse_card(c) for c in a.split()[1:]]
                meld = classify(cards)
                points = meld.points if meld else 0
                text = f"{meld_notation(cards)}  ({meld_label(meld)})" if meld else a
                melds.append((-points, text))
        groups: list[tuple[str, list[str]]] = []
        if draws:
            groups.append(("Draws", draws))
        if melds:
            groups.append(("Melds", [text for _p, text in sorted(melds)]))
        if discards:
            groups.append(("Discards", discards))
        return groups

    def expand_shortcut(self, text: str) -> str:
        return expand_words(text, EXPANSIONS)

    def hint(self, view: View) -> str:
        hand = mask_of(_own_hand(view))
        if view["table"]["phase"] == "draw":
            top = _discard_top(view)
            if top is not None:
                going = best_going_out(hand | 1 << top)
                if going is not None and going.discard != top:
                    return (
                        f"Take the discard top {code(top)}: then you can go out with "
                        + self._going_out_text(going.melds, going.discard, going.points)
                    )
            if best_going_out(hand) is not None:
                return "Your hand melds completely: whatever you draw, you can go out."
            return "The discard top does not let you go out; a card from the stock might."
        going = best_going_out(hand)
        if going is not None:
            note = ""
            taken = view["table"].get("taken_from_discard")
            if (
                taken is not None
                and self.game.options["no_return_discard"]
                and parse_card(taken) == going.discard
            ):
                note = " (but the house rule forbids discarding the card you just took)"
            return "You can go out now: " + self._going_out_text(
                going.melds, going.discard, going.points
            ) + note
        melds = sorted(
            (m for m in melds_in(hand) if m.mask != hand), key=lambda m: (-m.points, m.cards)
        )
        if not melds:
            return "No way to go out and nothing to meld this turn: choose a discard."
        best = ", ".join(
            f"{meld_notation(m.cards)} ({meld_label(m)})" for m in melds[:3]
        )
        return f"No way to go out this turn. Melds you could declare: {best}."

    @staticmethod
    def _going_out_text(melds: Sequence[Meld], discard: int, points: int) -> str:
        moves = "; ".join(meld_notation(m.cards) for m in melds)
        return f"{moves}; discard {code(discard)} ({points} meld pts)"
