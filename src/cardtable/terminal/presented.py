"""The one table renderer: whatever a game's :class:`~cardtable.engine.presentation.Presentation`
describes, drawn in a terminal.

The game says what its cards show, what its piles and melds are called, what each legal move
does and which key plays it, what the seat is asked now and how a round ended; this module only
lays that out in 80 columns and colours each card by its face's tone. It imports no game: a
game that describes nothing itself (a third-party one, say) is drawn from the generic
presentation, its cards and moves in their notation.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.rule import Rule
from rich.text import Text

from cardtable.engine.game import Action, Game
from cardtable.engine.kit import presentation_for
from cardtable.engine.presentation import Board, Face, Meld, Move, Presentation, plain_face
from cardtable.engine.typed import Typed, by_key, typed_move
from cardtable.terminal.render import View, hanging, plural, standings

WIDTH = 78  # a line of cards is broken between cards, never inside a card, within this
LABEL_WIDTH = 18
HELP_WHOLE = 40  # a kind of move with this many moves or fewer is listed whole by ``help``
HELP_FIRST = 8  # otherwise its first few, in the game's order, and ``help KIND`` for the rest
INDENT = "      "
PILE_SHOWN = 3  # a face-up pile of this many cards or fewer is shown whole
RULED = 70  # a status this long is a rule's title; a longer one is a line under the rule
ROW_WIDTH = 79  # rows of melds never wrap on an 80-column terminal
SAID_EMPTY = 4  # owners without melds named one by one, at most
BIG_TABLE = 7  # from this many seats the hand is one line: the others' melds want the room

# What a face's tone looks like here. A tone this table does not know (a family of the game's
# own) gets a colour of the spare ones, the same for the same tone throughout a match.
TONE_STYLES: dict[str, str] = {
    "plain": "", "black": "bold", "red": "bold red", "yellow": "bold yellow",
    "pink": "bold magenta", "magenta": "bold magenta", "purple": "bold purple",
    "orange": "bold dark_orange", "blue": "bold blue", "green": "bold green",
    "cyan": "bold cyan", "white": "bold white", "gold": "bold gold1", "grey": "dim",
    "gray": "dim", "brown": "bold orange4",
}
SPARE_STYLES = ("bold cyan", "bold magenta", "bold yellow", "bold green", "bold blue",
                "bold red", "bold dark_orange", "bold purple")
_WORD = re.compile(r"[^\s,.;:!?()]+")


def _unit_text(face: Face) -> str:
    """A card's index as a fanned hand shows it: ``7♥``, ``2 MT``, ``/ɔ/``."""
    corner, mark = face["corner"], face["mark"]
    if not mark:
        return corner
    joined = len(mark) == 1 and not mark.isalnum()  # a suit symbol sits against its rank
    return f"{corner}{mark}" if joined or not corner else f"{corner} {mark}"


class PresentedRenderer:
    """Draws any game's table for one seat from what its presentation says."""

    def __init__(self, game: Game, presentation: Presentation | None = None) -> None:
        self.game = game
        self.presentation = presentation or presentation_for(game)
        self.faces: dict[str, Face] = self.presentation.faces()
        # A card is shown by its index where the index tells it from every other card (7♥);
        # where it does not (an index of blooms alone), by its name and what to type for it.
        names_of: dict[str, set[str]] = {}
        for face in self.faces.values():
            names_of.setdefault(_unit_text(face), set()).add(face["name"])
        self.shown = {card: _unit_text(face) if len(names_of[_unit_text(face)]) == 1
                      else face["name"] if face["name"] == card
                      else f"{face['name']} [{card}]" for card, face in self.faces.items()}
        tones = sorted({f["tone"] for f in self.faces.values()} - set(TONE_STYLES))
        self.styles = dict(TONE_STYLES)
        for i, tone in enumerate(tones):
            self.styles[tone] = SPARE_STYLES[i % len(SPARE_STYLES)]
        # A card's notation as the log writes it, and the name the table shows it by: only
        # where the two differ and the notation cannot be an ordinary word.
        self._names = {card: face["name"] for card, face in self.faces.items()
                       if face["name"] != card and len(card) > 1 and card.lower() != card}

    # ---- cards ------------------------------------------------------------------------------
    def face(self, card: str) -> Face:
        return self.faces.get(card) or plain_face(card, len(self.faces))

    def card(self, card: str) -> Text:
        """One card as its corner and mark (or its name), in its tone's colour."""
        face = self.face(card)
        return Text(self.shown.get(card, card), style=self.styles.get(face["tone"], ""))

    def named(self, card: str) -> Text:
        face = self.face(card)
        return Text(face["name"], style=self.styles.get(face["tone"], ""))

    def cards(self, cards: Sequence[str], sep: str = " ") -> Text:
        out = Text()
        for i, card in enumerate(cards):
            if i:
                out.append(sep)
            out.append_text(self.card(card))
        return out

    def held(self, card: str) -> Text:
        """A card in the hand: its index, and what the middle of its face says where the
        index does not say it already (a sound card's spellings)."""
        piece = self.card(card)
        face = self.face(card)
        lead = face.get("lead")
        if lead:  # read first by something else than the index (spellings): that, then it
            shown = Text(lead.replace(" · ", "·"), style=piece.style)
            shown.append(" " + piece.plain, style="dim")
            return shown
        middle = [line["text"] for line in face["lines"] if line["size"] == "medium"]
        if middle and middle[0] not in piece.plain:
            piece.append(" " + middle[0].replace(" · ", "·"), style="dim")
        return piece

    def card_lines(self, cards: Sequence[str], head: str = "", indent: int = 2,
                   style: str = "") -> list[Text]:
        """Cards in the hand laid in rows within :data:`WIDTH`, a row broken between two
        cards only."""
        lines: list[Text] = []
        line = Text(" " * indent + head, style=style)
        start = len(line)
        for i, card in enumerate(cards):
            piece = self.held(card)
            if i and line.cell_len + 2 + piece.cell_len > WIDTH:
                lines.append(line)
                line = Text(" " * start)
            elif i:
                line.append("  ")
            line.append_text(piece)
        lines.append(line)
        return lines

    def log_text(self, text: str) -> str:
        """The engine's words (a log line, a hint) as the game names cards on its board (its
        presentation's ``log_text``), any card notation left turned into the card's name
        (``9S`` -> ``9♠``); what a person types accepts both."""
        text = self.presentation.log_text(text)
        if not self._names:
            return text
        return _WORD.sub(lambda m: self._names.get(m[0], m[0]), text)

    # ---- the table --------------------------------------------------------------------------
    def moves(self, view: View, labels: Sequence[str], legal: Sequence[Action]) -> list[Move]:
        return self.presentation.moves(view, legal, labels)

    def board(self, view: View, labels: Sequence[str], legal: Sequence[Action]) -> Board:
        return self.presentation.board(view, self.moves(view, labels, legal), labels)

    def table(self, view: View, labels: Sequence[str], legal: Sequence[Action]) -> RenderableType:
        board = self.board(view, labels, legal)
        status = board["status"]
        parts: list[RenderableType] = ([Rule(status, style="bold")] if len(status) <= RULED
                                       else [Rule(style="bold"), Text(status, "bold")])
        piles = self._piles(board)
        compact = len(board["seats"]) >= BIG_TABLE
        areas: list[Mapping[str, Any]] = list(board["areas"])
        if compact:  # the areas' facts follow the piles, without what the heading says
            facts = [f for a in areas for f in a["facts"] if f.lower() not in status.lower()]
            piles.append("".join(f" · {fact}" for fact in facts) if piles.plain
                         else " · ".join(facts))
            areas = [{**a, "title": "", "facts": []} for a in areas]
        if piles.plain:
            parts.append(piles)
        parts.extend(self._seat_line(line, labels) for line in board["seats"])
        for area in areas:
            parts.extend(self._area(area, compact, labels))
        if board["hand"] is not None:
            parts.append(self._hand(board))
        return Group(*parts)

    def legend(self, view: View, labels: Sequence[str], legal: Sequence[Action]) -> list[str]:
        """The standing explanations of the options in force (shown with the first table,
        ``help`` and ``rules``, not with every table: they do not change)."""
        return list(self.board(view, labels, legal)["legend"])

    def _piles(self, board: Board) -> Text:
        line = Text()
        for i, pile in enumerate(board["piles"]):
            if i:
                line.append(" · ")
            line.append(f"{pile['title']} {pile['count']}")
            if pile["face_up"] and 1 < len(pile["cards"]) <= PILE_SHOWN:  # a few, all seen
                line.append(" (")
                line.append_text(self.cards(pile["cards"]))
                line.append(")")
            if pile["top"] is not None:
                line.append(", top ")
                line.append_text(self.named(pile["top"]))
        return line

    def _seat_line(self, seat: Mapping[str, Any], labels: Sequence[str]) -> RenderableType:
        n = seat["seat"]
        label = labels[n] if 0 <= n < len(labels) else f"Seat {n + 1}"
        held = seat["cards"]
        said = held is None or any(line.startswith(f"{held} card") for line in seat["lines"])
        words = [] if said else [plural(held, "card")]
        return hanging(f"  {label:<{LABEL_WIDTH}} ",
                       Text(" · ".join([*words, *seat["lines"]]),
                            style="dim" if seat["out"] else ""))

    def _area(self, area: Mapping[str, Any], compact: bool = False,
              labels: Sequence[str] = ()) -> list[RenderableType]:
        """An area's title and facts, then each owner's melds packed into rows: a ten-player
        table's melds stay near one screen (``compact``: the facts on one line, each meld its
        cards alone under its owner's label, the room its key takes). Owners with no melds are
        left out, unless nobody has any (then the area says so once, or for each of a few
        owners)."""
        out: list[RenderableType] = [Text(area["title"], "bold")] if area["title"] else []
        if compact and area["facts"]:
            out.append(Text("  " + " · ".join(area["facts"])))
        else:
            out.extend(hanging("  ", Text(fact)) for fact in area["facts"])
        groups = area["groups"]
        if groups and not any(g["melds"] for g in groups):
            said = {g["empty"] for g in groups}
            if len(groups) > SAID_EMPTY and len(said) == 1:
                out.append(Text(f"  Everyone: {said.pop()}", style="dim"))
            else:
                out.extend(hanging("  ", Text(f"{g['title']}: {g['empty']}", style="dim"))
                           for g in groups)
            return out
        for group in groups:
            if group["melds"]:
                owner = group["owner"]
                head = group["title"]
                if compact and owner is not None and 0 <= owner < len(labels):
                    # The seat's label without what its line above says of it ("Seat 4", not
                    # "Seat 4 (greedy)'s melds"): room for the melds' keys.
                    head = labels[owner].split(" (")[0]
                out.extend(self.meld_rows(f"  {head}: ",
                                          [self._meld(m, compact) for m in group["melds"]],
                                          keyed=compact and all(m.get("key")
                                                                for m in group["melds"])))
        return out

    @staticmethod
    def meld_rows(head: str, melds: Sequence[Text], keyed: bool = False) -> list[Text]:
        """Melds as many to a row as fit in :data:`ROW_WIDTH`, the first row after ``head``; a
        meld too long for a shared row has its own, and wraps between cards. Melds that start
        with their keys (``keyed``) are parted by a space: the key marks where one begins."""
        rows: list[Text] = []
        row = Text(head)
        fresh = True
        gap = "  " if keyed else " │ "
        for meld in melds:
            if not fresh and row.cell_len + len(gap) + meld.cell_len <= ROW_WIDTH:
                row.append(gap, style="dim")
                row.append_text(meld)
                continue
            if not fresh or (rows == [] and row.cell_len + meld.cell_len > ROW_WIDTH):
                rows.append(row)
                row = Text(INDENT)
            row.append_text(meld)
            fresh = False
        rows.append(row)
        return [r for r in rows if r.plain.strip()]

    def _meld(self, meld: Meld, compact: bool = False) -> Text:
        # How a typed move names the meld ("2:1"), where the game gives it: what to type is
        # on the screen (a person once typed the seat as shown, 3:0, for 2:0).
        line = Text(f"{meld['key']} ", style="cyan") if meld.get("key") else Text()
        if compact:
            line.append_text(self.cards(meld["cards"]))
            return line
        if meld["title"]:
            line.append(meld["title"] + " ", style="bold")
        line.append_text(self.cards(meld["cards"]))
        if meld.get("note"):
            line.append(f" ({meld['note']})", style="dim")
        return line

    def _hand(self, board: Board) -> RenderableType:
        cards = sorted(board["hand"] or [], key=lambda c: self.face(c)["order"])
        counted = any(ch.isdigit() for ch in board["hand_title"])
        title = Text(board["hand_title"] + ("" if counted else f" ({plural(len(cards), 'card')})")
                     + ":", "bold")
        groups: dict[str, list[str]] = {}
        for card in cards:
            groups.setdefault(self.face(card)["group"], []).append(card)
        if len(board["seats"]) >= BIG_TABLE:  # the groups side by side, on one line
            for i, members in enumerate(groups.values()):
                title.append(" │ " if i else " ", style="dim")
                title.append_text(self.cards(members))
            return title
        width = max((len(g) for g in groups), default=0)
        lines: list[RenderableType] = [title]
        for group, members in groups.items():
            head = f"{group:<{width}}  " if width else ""
            style = self.styles.get(self.face(members[0])["tone"], "") if group else ""
            lines.extend(self.card_lines(members, head, style=style))
        return Group(*lines)

    def hand(self, view: View, labels: Sequence[str]) -> RenderableType:
        return self._hand(self.presentation.board(view, [], labels))

    def prompt(self, view: View, labels: Sequence[str], legal: Sequence[Action]) -> str:
        """The game's sentence for what the seat is asked now, as the input line's question."""
        said = self.board(view, labels, legal)["prompt"].strip().rstrip(".")
        said = said.removeprefix("Your move:").strip()  # the input line says so already
        return said or "your move"

    # ---- help and keys ----------------------------------------------------------------------
    def help_groups(self, view: View, labels: Sequence[str], legal: Sequence[Action],
                    topic: str = "") -> list[tuple[str, list[str]]]:
        """The legal moves by kind, each as what to type and the game's words for it. A kind
        with more than :data:`HELP_WHOLE` moves (a hand of wild cards lays thousands of
        words) shows its count and first few; ``help KIND`` lists that kind whole, ``help
        all`` every kind."""
        topic = topic.strip().lower()
        kinds: dict[str, list[Move]] = {}
        for move in self.moves(view, labels, legal):
            kinds.setdefault(move.get("group") or move["kind"].capitalize(), []).append(move)
        wanted = None if topic in ("", "all") else _kind_named(topic, list(kinds))
        out: list[tuple[str, list[str]]] = []
        for kind, moves in kinds.items():
            if wanted is not None and kind != wanted:
                continue
            if topic or len(moves) <= HELP_WHOLE:
                out.append((f"{kind} ({len(moves)})", [_move_item(m) for m in moves]))
                continue
            # The best few first (the game's rank), each thing made once (its note).
            best: dict[str, Move] = {}
            for move in sorted(moves, key=lambda m: -m.get("rank", 0)):
                best.setdefault(move.get("note") or move["move"], move)
            shown = list(best.values())[:HELP_FIRST]
            making = f" making {len(best)} different ones" if len(best) < len(moves) else ""
            out.append((f"{kind}: {len(moves)} moves{making}; the best {len(shown)} "
                        f"(help {kind.lower()} lists them all)", [_move_item(m) for m in shown]))
        if topic and not out:
            out.append((f"{topic.capitalize()} (0)", ["none now"]))
        return out

    def shortcuts(self, view: View, labels: Sequence[str],
                  legal: Sequence[Action]) -> list[tuple[str, str]]:
        """The keys the game gives the moves now, with what they do; keys that start alike
        (``x 7H``, ``x 9S``: the discards) are one line with an example."""
        out: list[tuple[str, str]] = []
        for head, moves in by_key(self.moves(view, labels, legal)).items():
            if len(moves) == 1 and str(moves[0]["key"]).lower() == head:
                out.append((head, moves[0]["label"]))
                continue
            example = moves[0]
            out.append((f"{head} …", f"{example['label']} ({example['key']}), and the like"
                        if len(moves) > 1 else f"{example['label']} ({example['key']})"))
        return out

    def typed(self, text: str, view: View, labels: Sequence[str],
              legal: Sequence[Action]) -> Typed:
        """The move ``text`` means, chosen as the server chooses for a browser's typed move
        (:func:`cardtable.engine.typed.typed_move`)."""
        return typed_move(text, self.moves(view, labels, legal))

    # ---- events and results -----------------------------------------------------------------
    def event(self, event: Mapping[str, Any], labels: Sequence[str]) -> RenderableType | None:
        """A round's end as the game words it, and a banner for each deal; other events are
        the game's one log line (None)."""
        if event["kind"] == "round_scored" and isinstance(event.get("result"), Mapping):
            result = self.presentation.result(event["result"], labels)
            if not result["lines"]:
                return None  # the session's summary of the shared keys says more
            return Group(Rule(style="dim"), Text(result["title"], "bold"),
                         *(hanging("  ", Text(line)) for line in result["lines"]))
        if event["kind"] == "dealt":
            return Text(self.log_text(self.game.log_line(event, labels)), "bold")
        return None

    def final(self, view: View, labels: Sequence[str], winners: Sequence[int],
              scores: Sequence[int]) -> RenderableType:
        """Each seat's total, best first, the winners marked."""
        lowest = bool(winners) and len(set(scores)) > 1 and \
            max(scores[w] for w in winners) <= min(scores)
        rounds = len(view.get("table", {}).get("results", []))
        word = self.presentation.round_word
        unit = f" {self.presentation.totals_unit}" if self.presentation.totals_unit else ""
        return standings("Match over", labels, list(scores), winners, lowest_wins=lowest,
                         unit=unit, played=plural(rounds, word) if rounds else "")


def _move_item(move: Move) -> str:
    """A move in ``help``: what to type, and the game's sentence when it says more."""
    if move["label"] and move["label"].lower() != move["move"].lower():
        return f"{move['move']}  ({move['label']})"
    return move["move"]


def _kind_named(topic: str, kinds: Sequence[str]) -> str | None:
    """The kind of move ``help TOPIC`` means: ``words`` the word moves, ``extend`` extends."""
    for kind in kinds:
        named = kind.lower()
        if topic in (named, named + "s", named.rstrip("s")) or named.startswith(topic.rstrip("s")):
            return kind
    return None


__all__ = ["PresentedRenderer"]
