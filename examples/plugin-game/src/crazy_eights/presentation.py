"""How Crazy Eights is told to a person: faces, moves, the board, the prompt and the results.

Everything is worked out from a seat's view and its legal moves, never from the state, so the
terminal and the browser can render it without knowing the game and without a hidden card
ever reaching them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from cardtable.engine.game import Action
from cardtable.engine.presentation import (
    Area,
    Board,
    Face,
    Move,
    Pile,
    Presentation,
    Result,
    SeatLine,
    View,
    counted,
    in_words,
)

from crazy_eights.actions import Draw, Pass, Play
from crazy_eights.cards import (
    CODES,
    RANK_NAMES,
    RANK_TEXT,
    SUIT_NAMES,
    SUIT_SINGULAR,
    SUIT_SYMBOLS,
    penalty,
    rank_of,
    suit_of,
)
from crazy_eights.events import short

_CODE = re.compile(r"\b(?:10|[2-9AJQK])[CDHS]\b")
GROUPS = {"play": "Plays", "draw": "Draws", "pass": "Passes"}
"""The heading a help screen lists each kind of move under."""
WILD = "An eight is wild: play it on anything and name the suit the next player must follow."


def _points(n: int) -> str:
    return counted(n, "point")


def _made(text: str, kind: str, cards: list[str], target: str | None, label: str,
          key: str) -> Move:
    return {"move": text, "kind": kind, "cards": cards, "target": target, "label": label,
            "key": key, "ordered": False, "group": GROUPS[kind]}


class CrazyEightsPresentation(Presentation):
    round_word = "hand"
    totals_title = "Penalty points"

    # ---- cards ------------------------------------------------------------------------------
    def faces(self) -> dict[str, Face]:
        out: dict[str, Face] = {}
        for c, card in enumerate(CODES):
            rank, suit = rank_of(c), suit_of(c)
            face: Face = {
                "order": (rank - 1) * 4 + suit,
                "group": SUIT_NAMES[suit],
                "label": f"{RANK_NAMES[rank]} of {SUIT_NAMES[suit]}",
                "name": short(card),
                "corner": RANK_TEXT[rank],
                "mark": SUIT_SYMBOLS[suit],
                "tone": "red" if suit in (1, 2) else "black",
                "lines": [{"text": RANK_TEXT[rank], "size": "large"},
                          {"text": SUIT_SYMBOLS[suit], "size": "large"},
                          {"text": _points(penalty(c)), "size": "small"}],
                "badges": [{"text": "wild", "title": WILD}] if rank == 8 else [],
                "data": {"rank": rank, "suit": SUIT_NAMES[suit], "penalty": penalty(c)},
            }
            out[card] = face
        return out

    # ---- moves ------------------------------------------------------------------------------
    def move(self, view: View, action: Action, names: Sequence[str]) -> Move:
        """A move with a label in the game's words and, as its key, the shortest thing a
        person types for it (``7H``, ``8C h``, ``d``, ``p``), which the notation reads too."""
        text = str(action)
        if isinstance(action, Play):
            card = CODES[action.card]
            if action.suit is None:
                return _made(text, "play", [card], "discard", f"Play the {short(card)}", card)
            suit = SUIT_NAMES[action.suit]
            move = _made(text, "play", [card], "discard",
                         f"Play the {short(card)} and name {suit}", f"{card} {suit[0]}")
            move["note"] = f"the {short(card)}, wild"  # one eight, four ways to name a suit
            return move
        if isinstance(action, Draw):
            return _made(text, "draw", [], "stock", "Draw a card from the stock", "d")
        if isinstance(action, Pass):
            return _made(text, "pass", [], None, "Pass", "p")
        return super().move(view, action, names)

    def log_text(self, text: str) -> str:
        """A hint's or a bot's sentence with its cards named as the board names them
        ("Try play 8♠ clubs")."""
        return _CODE.sub(lambda m: short(m.group(0)), text)

    # ---- the board --------------------------------------------------------------------------
    def board(self, view: View, moves: Sequence[Move], names: Sequence[str]) -> Board:
        seat = view.get("seat")
        zones: Mapping[str, Any] = view.get("zones", {})
        table: Mapping[str, Any] = view.get("table", {})
        discard = list(zones.get("discard", {}).get("cards") or [])
        stock = int(zones.get("stock", {}).get("count", 0))
        piles: list[Pile] = [
            {"id": "stock", "title": "Stock", "count": stock, "top": None, "cards": [],
             "face_up": False},
            {"id": "discard", "title": "Discard pile", "count": len(discard),
             "top": discard[-1] if discard else None, "cards": discard, "face_up": True},
        ]
        scores = list(table.get("scores", [0] * self.game.players))
        current = table.get("current")
        seats: list[SeatLine] = []
        for n in range(self.game.players):
            held = int(zones.get(f"hand:{n}", {}).get("count", 0))
            lines = [_points(scores[n]) if n < len(scores) else ""]
            if n == table.get("dealer"):
                lines.append("dealer")
            if n == current and not view.get("over"):
                lines.append("drew, to play or pass" if table.get("drawn") else "on move")
            seats.append({"seat": n, "cards": held, "lines": lines, "out": held == 0})
        facts = [f"Suit to follow: {table.get('suit', '?')}"]
        if discard:
            facts.append(f"Top card: {short(discard[-1])}")
        facts.append(f"Stock: {counted(stock, 'card')}"
                     + (" (not reshuffled: once empty, a seat that cannot play passes)"
                        if stock == 0 else ""))
        areas: list[Area] = [{"title": "The pile", "groups": [], "facts": facts}]
        own = f"hand:{seat}" if seat is not None else None
        hand = list(zones[own].get("cards") or []) if own is not None and own in zones else None
        return {"status": self.status(view), "prompt": self.prompt(view, moves, names),
                "seats": seats, "piles": piles, "areas": areas, "hand": hand,
                "hand_title": "Your hand", "legend": self.legend()}

    def status(self, view: View) -> str:
        table: Mapping[str, Any] = view.get("table", {})
        hands = self.game.options["hands"]
        of = f" of {hands}" if hands is not None else ""
        suit = table.get("suit", "?")
        return f"Crazy Eights · hand {table.get('hand', 1)}{of} · {suit} to follow"

    def prompt(self, view: View, moves: Sequence[Move], names: Sequence[str]) -> str:
        if view.get("over") or not moves:
            return super().prompt(view, moves, names)
        table: Mapping[str, Any] = view.get("table", {})
        kinds = {m["kind"] for m in moves}
        if table.get("drawn"):
            if "play" in kinds:
                return "You drew a card that fits: play it, or pass."
            return "The card you drew does not fit: pass."
        if kinds == {"pass"}:
            return "You cannot play and the stock is empty: pass."
        if kinds == {"draw"}:
            return "You cannot play: draw a card."
        discard = list(view.get("zones", {}).get("discard", {}).get("cards") or [])
        suit = str(table.get("suit", ""))
        rank = short(discard[-1])[:-1] if discard else ""
        singular = SUIT_SINGULAR[SUIT_NAMES.index(suit)] if suit in SUIT_NAMES else suit
        options = [f"a {singular}"]
        if rank and rank != "8":
            options.append(f"a{'n' if rank in ('A', '8') else ''} {rank}")
        options.append("an eight")
        tail = "; or draw." if "draw" in kinds else "."
        return f"Your move: play {in_words(options).replace(' and ', ' or ')}{tail}"

    def legend(self) -> list[str]:
        options = self.game.options
        draw = ("Draw rule: instead of playing you may draw one card, then play it if it fits "
                "or pass." if options["draw"] == "one"
                else "Draw rule: when you cannot play, draw until you can.")
        end = (f"The match lasts {options['hands']} hands" if options["hands"] is not None
               else f"The match ends when someone reaches {options['target']} points")
        return [WILD, draw,
                "Cards left in hand are penalty points: an eight 50, a court card 10, any "
                "other its pips (ace 1).",
                f"{end}; the lowest total wins."]

    # ---- hands ------------------------------------------------------------------------------
    def result(self, result: Mapping[str, Any], names: Sequence[str]) -> Result:
        out = result.get("out")
        lines = [f"{names[out]} went out." if out is not None
                 else "Blocked: nobody could play and the stock was empty."]
        held: list[list[str]] = result.get("held", [])
        penalties: list[int] = result.get("penalties", [])
        totals: list[int] = result.get("totals", [])
        for s, cards in enumerate(held):
            if s == out:
                continue
            shown = " ".join(short(c) for c in cards)
            lines.append(f"{names[s]}: {shown}, {_points(penalties[s])} "
                         f"(total {totals[s]})")
        return {"title": f"Hand {result.get('hand', '')}".strip(), "lines": lines}
