"""Daylily Rummy told to a person: flower cards, declared melds, the Festival, from the rules.

Front ends draw what this module says and know nothing of daylilies: which flowers pair, what a
meld of these cards is worth, what Pandora's Box earns and costs, whether the card just taken
may go back. Everything is read from a seat's view and its legal moves (and the rules' own
tables), never from the state, so nothing here can name a card the seat may not see.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from cardtable.engine.game import Action
from cardtable.engine.presentation import (
    Badge,
    Board,
    Face,
    Meld,
    MeldGroup,
    Move,
    Pile,
    Presentation,
    Result,
    SeatLine,
    View,
    counted,
    discard_top,
    draw_prompt,
    in_words,
    seat_word,
)
from cardtable.games.daylily.actions import Declare, Discard, DrawDiscard, DrawStock, reading_order
from cardtable.games.daylily.cards import (
    ATTRIBUTES,
    CODES,
    DECK_SIZE,
    blooms_of,
    code,
    flower_of,
    name,
    parse_card,
)
from cardtable.games.daylily.melds import (
    MELD_BY_MASK,
    PAIR,
    PANDORA_BONUS,
    QUAD,
    TRIO_RUN,
    TRIO_SET,
    classify,
)
from cardtable.games.daylily.state import FESTIVAL_BONUS, MELDED_TO_GO_OUT, PANDORA_PENALTY

ACCENT_FLOWERS = frozenset(
    f for attr, a, b in ATTRIBUTES if attr == "purple accent" for f in (a, b)
)
PANDORA_FAMILY = "Pandora"
KIND_WORDS = {PAIR: "pair", TRIO_RUN: "trio run", TRIO_SET: "trio set", QUAD: "quad"}
_CODE_RUN = re.compile(r"\b[1-3][A-Z]{2}(?: [1-3][A-Z]{2})*\b")  # "1MT 2CA 3FC" in words
_NAME_OF = {text: name(c) for c, text in enumerate(CODES)}
GROUPS = {"draw": "Draws", "take": "Draws", "meld": "Melds", "discard": "Discards"}
"""The heading the terminal's help lists each kind of move under."""


def _attributes(flower: str) -> list[tuple[str, str]]:
    """(attribute, the other flower sharing it) for each attribute of ``flower``."""
    out = []
    for attr, a, b in ATTRIBUTES:
        if flower == a:
            out.append((attr, b))
        elif flower == b:
            out.append((attr, a))
    return out


def card_name(card: str) -> str:
    """``2 Ming Toy``: how sentences name a card (the log says the same)."""
    return name(parse_card(card))


def cards_named(cards: Sequence[str]) -> str:
    return " + ".join(card_name(c) for c in cards)


def points_words(points: int) -> str:
    return "1 point" if points == 1 else f"{points} points"


def meld_worth(cards: Sequence[str]) -> str:
    """``trio run, 3 points`` or ``pair, safe``: a meld's kind and what it earns when declared,
    Pandora's Box's bonus counted in (and said, as the total alone would puzzle)."""
    meld = classify([parse_card(c) for c in cards])
    if meld is None:
        return "not a meld"
    kind = KIND_WORDS[meld.kind]
    if not meld.points:
        return f"{kind}, safe (no points)"
    bonus = f" (Pandora's Box +{PANDORA_BONUS * meld.pandoras})" if meld.pandoras else ""
    return f"{kind}, {points_words(meld.points)}{bonus}"


def _possessive(who: str) -> str:
    return "your" if who == "You" else f"{who}'s"


class DaylilyPresentation(Presentation):
    """Daylily Rummy's cards, board, moves and results in the players' words."""

    round_word = "round"
    totals_title = "Score sheet"
    totals_unit = ""
    round_mark = "presented the Festival"  # the score sheet's *

    # ---- cards ------------------------------------------------------------------------------
    def faces(self) -> dict[str, Face]:
        return {code(c): self._face(c) for c in range(DECK_SIZE)}

    def _face(self, c: int) -> Face:
        flower = flower_of(c)
        blooms = blooms_of(c)
        family = flower.family
        attributes = _attributes(flower.name)
        accent = flower.name in ACCENT_FLOWERS
        pandora = family == PANDORA_FAMILY
        badges: list[Badge] = []
        if accent:
            badges.append({"text": "accent",
                           "title": "purple accent: a purple quad's fourth card"})
        if pandora:
            badges.append({"text": f"+{PANDORA_BONUS} / −{PANDORA_PENALTY}",
                           "title": self._pandora_rule()})
        described = [f"{family.lower()} family" if not pandora else "a family of its own"]
        described += [f"{attr} (pairs with {other})" for attr, other in attributes]
        return {
            "order": c,
            "group": family,
            "label": f"{name(c)}: {', '.join(described)}",
            "name": name(c),
            "corner": str(blooms),
            "mark": "✿" * blooms,
            "tone": family.lower(),
            "lines": [{"text": f"{blooms} {'✿' * blooms}", "size": "large"},
                      {"text": flower.name, "size": "medium"},
                      {"text": "own family" if pandora else family, "size": "small"}],
            "badges": badges,
            "speak": name(c),
            "sort": {"family": c, "blooms": blooms * 100 + c},
            "data": {"blooms": blooms, "flower": flower.name, "short": flower.code,
                     "family": family, "purple": family == "Purple", "accent": accent,
                     "pandora": pandora,
                     "attributes": [attr for attr, _other in attributes],
                     "pairs": [f"{attr} with {other}" for attr, other in attributes]},
        }

    @staticmethod
    def _pandora_rule() -> str:
        return (f"Pandora's Box earns {PANDORA_BONUS} more in any declared meld and costs "
                f"{PANDORA_PENALTY} if it is left in your hand")

    # ---- moves ------------------------------------------------------------------------------
    def move(self, view: View, action: Action, names: Sequence[str]) -> Move:
        text = str(action)
        if isinstance(action, DrawStock):
            return self._made(text, "draw", [], "stock", "Draw from the stock", "s")
        if isinstance(action, DrawDiscard):
            top = discard_top(view)
            what = f"Take {card_name(top)}" if top else "Take the top discard"
            return self._made(text, "take", [], "discard", f"{what} from the discard pile", "d")
        if isinstance(action, Declare):
            cards = text.split()[1:]  # the notation is already in reading order
            worth = meld_worth(cards)
            label = f"Declare {cards_named(cards)}: {worth}"
            melded = _melded(view, view.get("seat"))
            if melded is not None and melded + len(cards) == MELDED_TO_GO_OUT:
                label += "; then your last card's discard presents the Festival"
            move = self._made(text, "meld", cards, None, label, "m " + " ".join(cards))
            move["note"] = worth
            move["rank"] = MELD_BY_MASK[action.mask].points
            return move
        if isinstance(action, Discard):
            card = code(action.card)
            label = f"Discard {card_name(card)}"
            if _hand_count(view) == 1:
                label += ": your last card, presenting the Festival"
            return self._made(text, "discard", [card], "discard", label, f"x {card}")
        return super().move(view, action, names)

    @staticmethod
    def _made(text: str, kind: str, cards: list[str], target: str | None, label: str,
              key: str | None) -> Move:
        return {"move": text, "kind": kind, "cards": cards, "target": target, "label": label,
                "key": key, "ordered": False, "group": GROUPS[kind]}

    # ---- the board --------------------------------------------------------------------------
    def board(self, view: View, moves: Sequence[Move], names: Sequence[str]) -> Board:
        table: Mapping[str, Any] = view["table"]
        zones: Mapping[str, Any] = view["zones"]
        seat = view.get("seat")
        players = self.game.players
        discard = list(zones["discard"].get("cards") or [])
        piles: list[Pile] = [
            {"id": "stock", "title": "Stock", "count": int(zones["stock"]["count"]),
             "top": None, "cards": [], "face_up": False},
            {"id": "discard", "title": "Discard pile", "count": len(discard),
             "top": discard[-1] if discard else None, "cards": discard, "face_up": True},
        ]
        seats: list[SeatLine] = []
        groups: list[MeldGroup] = []
        for s in range(players):
            hand = zones[f"hand:{s}"]
            lines = [f"{table['melded'][s]}/{MELDED_TO_GO_OUT} declared",
                     f"{points_words(table['meld_points'][s])} in melds",
                     f"total {table['scores'][s]}"]
            if s == table["dealer"]:
                lines.append("dealer")
            known = list(hand.get("known") or [])
            if known and s != seat:
                lines.append(f"seen taking {in_words([card_name(c) for c in known])}")
            seats.append({"seat": s, "cards": int(hand["count"]), "lines": lines,
                          "out": False})
            who = seat_word(names, s)
            groups.append({
                "owner": s,
                "title": (f"{who}: {table['melded'][s]}/{MELDED_TO_GO_OUT} declared, "
                          f"{points_words(table['meld_points'][s])}"),
                "melds": self._melds(zones, s),
                "empty": "no melds yet",
            })
        hand_cards = (list(zones[f"hand:{seat}"].get("cards") or [])
                      if seat is not None else None)
        return {
            "status": self._status(table),
            "prompt": self.prompt(view, moves, names),
            "seats": seats,
            "piles": piles,
            "areas": [{"title": "Declared melds", "groups": groups, "facts": []}],
            "hand": hand_cards,
            "hand_title": (f"Your hand ({counted(len(hand_cards), 'card')})"
                           if hand_cards is not None else "Your hand"),
            "legend": self.legend(),
        }

    def _melds(self, zones: Mapping[str, Any], seat: int) -> list[Meld]:
        found = sorted(
            (int(zone_name.split(":")[2]), zone_name) for zone_name in zones
            if zone_name.startswith(f"meld:{seat}:")
        )
        out: list[Meld] = []
        for number, (_i, zone_name) in enumerate(found, 1):
            cards = [code(c) for c in reading_order(
                [parse_card(c) for c in zones[zone_name].get("cards") or []])]
            worth = meld_worth(cards)
            out.append({"id": zone_name, "title": f"meld {number}", "cards": cards,
                        "note": worth})
        return out

    def _status(self, table: Mapping[str, Any]) -> str:
        options = self.game.options
        goal = (f"round {table['round']} of {options['rounds']}" if options["rounds"]
                else f"round {table['round']}, playing to {options['target']}")
        return (f"{self.game.title} · {goal} · first to declare {MELDED_TO_GO_OUT} cards "
                "presents the Festival")

    def prompt(self, view: View, moves: Sequence[Move], names: Sequence[str]) -> str:
        drawing = draw_prompt(view, moves, names, self.game.players, card_name)
        if drawing is not None:
            return drawing
        seat, current = view.get("seat"), int(view["table"]["current"])
        if moves or (seat is not None and seat == current):
            return self._play_prompt(view, moves)
        who = seat_word(names, current)
        return f"Waiting for {who} to declare melds, then discard."

    def _play_prompt(self, view: View, moves: Sequence[Move]) -> str:
        table: Mapping[str, Any] = view["table"]
        taken = table.get("taken_from_discard")
        held_back = ""
        if taken and self.game.options["no_return_discard"]:
            held_back = (f" (not {card_name(taken)}: the card just taken from the discard pile "
                         "cannot go back this turn)")
        discards = [m for m in moves if m["kind"] == "discard"]
        if moves and len(moves) == len(discards):
            if _hand_count(view) == 1:
                return "Discard your last card to present the Festival."
            return f"Discard one card{held_back}."
        return f"Declare melds, then discard one card{held_back}."

    def legend(self) -> list[str]:
        options = self.game.options
        pairs = "; ".join(f"{attr}: {a} + {b}" for attr, a, b in ATTRIBUTES)
        lines = [
            "Melds: a pair is one card of each of two flowers sharing an attribute (" + pairs
            + "), 2 points with equal blooms, otherwise safe; a trio run is 1, 2 and 3 blooms of "
            "one colour family, 3 points if all one flower, otherwise safe; a trio set is the "
            "three flowers of a family with equal blooms, 3 points (never Orange).",
            "The accent badge marks Shady Lady and Pandora's Box, the only fourth cards of a "
            "purple quad (declared at once with its purple trio; with a set and an accent of the "
            "same blooms it scores 4).",
            self._pandora_rule() + ".",
            f"Declare {MELDED_TO_GO_OUT} cards and make a final discard to present the Festival: "
            f"+{FESTIVAL_BONUS}, and a point for each card the others cannot meld in hand.",
        ]
        if options["no_return_discard"]:
            lines.append("House rule: the card taken from the discard pile cannot be discarded "
                         "again in the same turn.")
        if options["rounds"]:
            lines.append(f"The match is {options['rounds']} rounds; the highest total wins.")
        else:
            lines.append(f"The match ends after the round in which someone reaches "
                         f"{options['target']} points; the highest total wins.")
        return lines

    def log_text(self, text: str) -> str:
        """The search's reasons name cards by code ("keeps 1MT 3FC 2CA ... waiting for 2IN"),
        and a code tells a newcomer nothing: cards are named by flower as everywhere else, a
        meld's cards joined by "+" ("1 Ming Toy + 3 Fly Catcher + 2 Carlotta"). Moves typed
        with names are understood, so advice stays something to copy."""
        return _CODE_RUN.sub(_named_run, text)

    # ---- rounds -----------------------------------------------------------------------------
    def result(self, result: Mapping[str, Any], names: Sequence[str]) -> Result:
        presenter = result.get("festival")
        number = result.get("round", "")
        if presenter is not None:
            title = f"Round {number}: Festival"
            head = f"{seat_word(names, presenter)} presented the Festival."
        else:
            title = f"Round {number}: no Festival"
            head = f"No Festival: {result.get('reason', 'the round ended')}."
        lines = [head]
        for s, entry in enumerate(result.get("seats") or []):
            parts = [f"melds {entry.get('declared', 0):+d}"]
            if "festival_bonus" in entry:
                parts.append(f"Festival {entry['festival_bonus']:+d}")
                parts.append(f"cards received {entry.get('cards_received', 0):+d}")
            if "to_winner" in entry:
                n = entry["to_winner"]
                parts.append(f"{counted(n, 'card')} handed to the winner")
            if entry.get("penalty"):
                parts.append(f"Pandora's Box in hand {entry['penalty']:+d}")
            if entry.get("in_hand_melds"):
                melds = entry["in_hand_melds"]
                parts.append("melded in hand: " + " | ".join(
                    cards_named([code(c) for c in reading_order([parse_card(x) for x in m])])
                    for m in melds))
            points = result["points"][s]
            lines.append(f"{seat_word(names, s)}: {points:+d} ({', '.join(parts)}); "
                         f"total {result['totals'][s]}")
        return {"title": title, "lines": lines}


def _named_run(match: re.Match[str]) -> str:
    """Codes in a row become names joined by "+"; anything not a card code stays as written."""
    out = ""
    codes = match[0].split(" ")
    for i, text in enumerate(codes):
        if i:
            out += " + " if text in _NAME_OF and codes[i - 1] in _NAME_OF else " "
        out += _NAME_OF.get(text, text)
    return out


def _hand_count(view: View) -> int | None:
    seat = view.get("seat")
    if seat is None:
        return None
    return int(view["zones"][f"hand:{seat}"]["count"])


def _melded(view: View, seat: int | None) -> int | None:
    return None if seat is None else int(view["table"]["melded"][seat])


__all__ = ["DaylilyPresentation", "card_name", "meld_worth"]
