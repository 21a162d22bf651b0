"""The contract-rummy table in a terminal (Dummy Rummy and Liverpool Rummy).

Everything on screen comes from one seat's view: the hand grouped by suit, the deal's contract,
every meld on the table under its id (``SEAT:NUMBER``, as moves name it) with what each joker
stands for, who is down, buys and scores, and the buying or rummy window when one is open.
Hints read only that view too, asking the same meld engine the rules use.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.rule import Rule
from rich.text import Text

from cardtable.engine.errors import CardtableError
from cardtable.games.contract.cards import (
    JOKER,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    SUITS,
    code,
    parse_card,
    pretty,
    sort_key,
    suit_of,
)
from cardtable.games.contract.game import ContractGame
from cardtable.games.contract.melds import (
    RUN,
    SET,
    Meld,
    contract_text,
    find_contract,
    lay_off_options,
    read_meld,
    swap_joker,
)
from cardtable.games.contract.rules import Contract
from cardtable.terminal.render import View

_CODE = re.compile(r"\b(10|[2-9JQKA])([CDHS])\b")  # a card's code in the engine's words

SUIT_STYLE = ("bold", "bold red", "bold red", "bold")  # clubs, diamonds, hearts, spades
JOKER_STYLE = "bold magenta"
LABEL_WIDTH = 18
SHOWN_HINTS = 6  # moves named by a hint, at most


# ---- cards on screen ---------------------------------------------------------------------------

def card_text(c: int) -> Text:
    """``10♥`` in red, ``Q♠`` in black, ``JK`` in magenta."""
    return Text(pretty(c), style=JOKER_STYLE if c == JOKER else SUIT_STYLE[suit_of(c)])


def cards_text(cards: Sequence[int], sep: str = " ") -> Text:
    out = Text()
    for i, c in enumerate(cards):
        if i:
            out.append(sep)
        out.append_text(card_text(c))
    return out


def hand_lines(cards: Sequence[int]) -> list[Text]:
    """The hand by suit (clubs, diamonds, hearts, spades), aces high, jokers on a last line."""
    lines: list[Text] = []
    for suit in range(4):
        members = sorted((c for c in cards if suit_of(c) == suit), key=sort_key)
        if members:
            line = Text(f"  {SUIT_NAMES[suit]:<9}{SUIT_SYMBOLS[suit]}  ", style=SUIT_STYLE[suit])
            line.append_text(cards_text(members, "  "))
            lines.append(line)
    jokers = sum(1 for c in cards if c == JOKER)
    if jokers:
        line = Text(f"  {'jokers':<9}   ", style=JOKER_STYLE)
        line.append_text(cards_text([JOKER] * jokers, "  "))
        lines.append(line)
    return lines


def _codes(zone: dict[str, Any] | None, key: str = "cards") -> list[int]:
    if not zone:
        return []
    return [parse_card(c) for c in zone.get(key, [])]


def own_hand(view: View) -> list[int]:
    if view["seat"] is None:
        return []
    return _codes(view["zones"].get(f"hand:{view['seat']}"))


def discard_top(view: View) -> int | None:
    pile = _codes(view["zones"].get("discard"))
    return pile[-1] if pile else None


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


# ---- melds on the table ------------------------------------------------------------------------

def table_melds(view: View) -> list[tuple[str, int, str, list[int], list[str]]]:
    """Every meld on the table as (id, owner, kind, cards, jokers' meanings), in id order."""
    out = []
    for info in view["table"]["melds"]:
        cards = _codes(view["zones"].get(f"meld:{info['id']}"))
        out.append((info["id"], info["owner"], info["kind"], cards, info["jokers_stand_for"]))
    out.sort(key=lambda m: tuple(int(x) for x in m[0].split(":")))
    return out


def meld_cards_text(cards: Sequence[int], meanings: Sequence[str], *, counted: bool = False
                    ) -> Text:
    """The cards of a table meld, each joker followed by what it stands for: ``JK(=7♥)``.
    ``counted`` writes copies of a natural card once with their number (``10♥×3``): a set
    grown from four decks is read at a glance, and a big table stays on one screen."""
    out = Text()
    left = list(meanings)
    i = 0
    while i < len(cards):
        c = cards[i]
        if i:
            out.append(" ")
        out.append_text(card_text(c))
        copies = 1
        while counted and c != JOKER and i + copies < len(cards) and cards[i + copies] == c:
            copies += 1
        i += copies
        if copies > 1:
            out.append(f"×{copies}")
            continue
        if c == JOKER and left:
            meaning = left.pop(0)
            try:
                shown = pretty(parse_card(meaning))
            except CardtableError:
                shown = meaning  # a set's joker stands for a rank only
            out.append(f"(={shown})", style="dim")
    return out


MELD_INDENT = "      "
BIG_TABLE = 7  # from this many players the table packs the hand into a line
ROW_WIDTH = 79  # rows of melds never wrap on an 80-column terminal


def meld_rows(melds: Sequence[Text]) -> list[Text]:
    """A player's melds, as many to a row as fit in 80 columns, so that a ten-player table
    with two melds each stays near one screen; a meld too long for a shared row has its own."""
    rows: list[Text] = []
    row: Text | None = None
    for meld in melds:
        if row is not None and row.cell_len + 3 + meld.cell_len <= ROW_WIDTH:
            row.append(" │ ", style="dim")
            row.append_text(meld)
            continue
        row = Text(MELD_INDENT).append_text(meld)
        rows.append(row)
    return rows


def rebuild_meld(kind: str, cards: Sequence[int], game: ContractGame) -> Meld | None:
    """The engine's Meld for cards shown on the table (in table order: runs low to high)."""
    naturals = [c for c in cards if c != JOKER]
    if not naturals:
        return None
    try:
        if kind == SET:
            return read_meld(cards, game.rules.melds, want=SET)
        first = list(cards).index(naturals[0])
        rank = naturals[0] % 13 + 1
        for base in [rank - first] + ([14 - first] if rank == 1 else []):
            ranks = [base + i for i, c in enumerate(cards) if c == JOKER]
            try:
                return read_meld(cards, game.rules.melds, want=RUN, joker_ranks=ranks)
            except CardtableError:
                continue
    except CardtableError:
        return None
    return None


# ---- the renderer ------------------------------------------------------------------------------

class ContractRenderer:
    """Draws a Dummy Rummy or Liverpool table for one seat."""

    # The answers to an offer made out of turn; `auto` in the terminal passes these for you.
    window_answers = frozenset({"buy", "rummy", "pass"})
    shortcuts: Sequence[tuple[str, str]] = (
        ("d", "draw (from the stock; others may buy the discard first)"),
        ("b / p", "buy / pass when the discard is for sale"),
        ("x CARD", "discard CARD, e.g. x 9C"),
        ("l CARD M", "lay CARD on meld M, e.g. l 9H 2:0 (the end is found when only one fits)"),
        ("cards", "10H, QS, AC, 7♥, JK; runs low to high: down QS QH JK | 5H 6H 7H 8H"),
    )

    def __init__(self, game: ContractGame) -> None:
        self.game = game

    # ---- the deal ---------------------------------------------------------------------------
    def contract(self, view: View) -> Contract:
        deal: int = view["table"]["deal"]
        return self.game.rules.contracts[deal - 1]

    def deal_line(self, view: View) -> str:
        """``Deal 2 of 7: a set and a run · 12 cards each``: always on screen."""
        t = view["table"]
        contract = self.contract(view)
        size = self.game.rules.deal_sizes[t["deal"] - 1]
        text = (f"Deal {t['deal']} of {t['deals']}: {contract_text(contract.sets, contract.runs)}"
                f" · {size} cards each")
        return text if contract.buying else text + " · no buying this deal"

    def _buys_text(self, view: View, seat: int) -> str:
        t = view["table"]
        used = t["buys"][seat]
        limit = t["buy_limit"]
        if not self.contract(view).buying:
            return f"buys {used}"
        if limit is None:
            return f"buys {used}"
        return f"buys {used}/{limit}"

    # ---- the table --------------------------------------------------------------------------
    def table(self, view: View, labels: Sequence[str]) -> RenderableType:
        t = view["table"]
        parts: list[RenderableType] = [Rule(self.deal_line(view), style="bold")]
        parts.append(Text(f"Dealer {labels[t['dealer']]} · {self._status(view, labels)}"))
        stock = view["zones"]["stock"]["count"]
        pile = view["zones"]["discard"]["count"]
        line = Text(f"Stock {stock} · discard pile {_plural(pile, 'card')}")
        top = discard_top(view)
        if top is not None:
            line.append(", top ")
            line.append_text(card_text(top))
        if self.contract(view).buying:
            price = self.game.rules.buy_price
            limit = t["buy_limit"]
            each = "" if limit is None else f", {limit} a deal"
            line.append(f" · a buy: +{_plural(price, 'stock card')}{each}", style="dim")
        parts.append(line)
        melds = table_melds(view)
        for s, label in enumerate(labels):
            parts.append(self._player_line(view, s, label))
            parts.extend(meld_rows([
                Text(f"{meld_id} {kind} ").append_text(
                    meld_cards_text(cards, meanings, counted=len(labels) >= BIG_TABLE))
                for meld_id, owner, kind, cards, meanings in melds if owner == s
            ]))
        if view["seat"] is not None:
            big = len(labels) >= BIG_TABLE
            parts.append(self.hand_in_a_line(view) if big else self.hand(view))
        return Group(*parts)

    def _status(self, view: View, labels: Sequence[str]) -> str:
        """Whose turn it is and what they are doing, windows included."""
        if view["over"]:
            return "the match is over"
        t = view["table"]
        current = labels[t["current"]]
        top = discard_top(view)
        top_text = pretty(top) if top is not None else "?"
        window = t["window"]
        if len(window) <= 3:
            waiting = ", ".join(labels[s] for s in window)
        elif view["seat"] in window:
            waiting = f"you and {len(window) - 1} others"
        else:
            waiting = f"{len(window)} players"
        if t["phase"] == "buy":
            return (f"{current} drew instead of taking {top_text}: it is for sale "
                    f"(waiting: {waiting})")
        if t["phase"] == "rummy":
            return (f"{current}'s discard {top_text} could have been played: "
                    f"anyone may call rummy (waiting: {waiting})")
        what = "to draw" if t["phase"] == "draw" else "to play"
        return f"{current} {what}"

    def _player_line(self, view: View, s: int, label: str) -> Text:
        t = view["table"]
        zone = view["zones"].get(f"hand:{s}", {})
        count = zone.get("count", 0)
        line = Text(f"  {label:<{LABEL_WIDTH}} {t['scores'][s]:>4} pts · "
                    f"{_plural(count, 'card'):>8} · ")
        if not t["down"][s]:
            line.append("not down")
        elif count:
            line.append("DOWN", style="bold green")
        else:
            line.append("DOWN, floating", style="bold green")
        line.append(f" · {self._buys_text(view, s)}")
        if t["penalties"][s]:
            line.append(f" · penalties {t['penalties'][s]:+d}", style="yellow")
        known = _codes(zone, "known")
        if known and s != view["seat"]:
            line.append(" · seen ")
            line.append_text(cards_text(sorted(known, key=sort_key)))
        return line

    def hand_in_a_line(self, view: View) -> RenderableType:
        """The hand with the suits side by side: at a big table every line of the screen is
        wanted for the others' melds (``hand`` alone still shows it suit by suit)."""
        cards = own_hand(view)
        line = Text(f"Your hand ({_plural(len(cards), 'card')}):", "bold")
        if not cards:
            return line.append(" empty: you are floating", style="not bold")
        groups = [sorted((c for c in cards if suit_of(c) == suit), key=sort_key)
                  for suit in range(4)]
        groups.append([c for c in cards if c == JOKER])
        for i, group in enumerate(g for g in groups if g):
            line.append(" │ " if i else " ", style="dim")
            line.append_text(cards_text(group))
        return line

    def hand(self, view: View) -> RenderableType:
        cards = own_hand(view)
        title = Text(f"Your hand ({_plural(len(cards), 'card')}):", "bold")
        if not cards:
            return Group(title, Text("  (empty: you are floating)"))
        return Group(title, *hand_lines(cards))

    def prompt(self, view: View) -> str:
        """The deal and its contract, then what is expected: the contract stays in sight."""
        t = view["table"]
        seat = view["seat"]
        contract = self.contract(view)
        deal = f"deal {t['deal']}/{t['deals']}, {contract_text(contract.sets, contract.runs)}"
        top = discard_top(view)
        top_text = pretty(top) if top is not None else "the discard"
        if t["phase"] == "buy":
            price = self.game.rules.buy_price
            left = ""
            if t["buy_limit"] is not None:
                left = f", {_plural(max(0, t['buy_limit'] - t['buys'][seat]), 'buy')} left"
            return f"{deal}: buy {top_text} or pass (+{_plural(price, 'stock card')}{left})"
        if t["phase"] == "rummy":
            return f"{deal}: call rummy on {top_text}, or pass"
        if t["phase"] == "draw":
            return f"{deal}: draw" if top is None else f"{deal}: take {top_text} or draw"
        if t["owed_jokers"]:
            return f"{deal}: play the joker you swapped out"
        if t["down"][seat]:
            return f"{deal}: lay off, swap or discard"
        if self._way_down(own_hand(view), contract) is None:
            return f"{deal}: discard"  # "go down" would send a newcomer looking for melds
        return f"{deal}: go down, or discard"

    def log_text(self, text: str) -> str:
        """The engine's lines name cards by their codes ("took the 9S"); the hand and the
        table on screen wear suit symbols, so the log does too ("took the 9♠"), as in the
        browser. What a person types accepts either."""
        return _CODE.sub(lambda m: m[1] + SUIT_SYMBOLS[SUITS.index(m[2])], text)

    # ---- events -----------------------------------------------------------------------------
    def event(self, event: dict[str, Any], labels: Sequence[str]) -> RenderableType | None:
        """A new deal gets a banner with its contract, a deal's end its score sheet; every
        other event is the game's one log line."""
        if event["kind"] == "dealt":
            contract = self.game.rules.contracts[event["round"] - 1]
            title = (f"Deal {event['round']} of {event['deals']}: "
                     f"{contract_text(contract.sets, contract.runs)}")
            return Group(Rule(title, style="bold"),
                         Text(self.log_text(self.game.log_line(event, labels)), "bold"))
        if event["kind"] == "round_scored":
            return self.deal_result(event["result"], labels)
        return None

    def deal_result(self, result: dict[str, Any], labels: Sequence[str]) -> RenderableType:
        out_seat = result["out"]
        if out_seat is not None:
            head = f"Deal {result['deal']} over: {labels[out_seat]} went out."
        else:
            head = f"Deal {result['deal']} over without anyone out ({result['reason']})."
        lines: list[RenderableType] = [Rule(style="dim"), Text(head, "bold")]
        cut = result.get("cut")
        for s, label in enumerate(labels):
            row = Text(f"  {label:<{LABEL_WIDTH}} deal {result['points'][s]:+5d} · "
                       f"total {result['totals'][s]:5d}", "bold" if s == out_seat else "")
            if result["penalties"][s]:
                row.append(f" (penalties {result['penalties'][s]:+d})")
            if cut and cut[0] == s:
                row.append(f" (cut the deal exactly: {cut[1]:+d})")
            if s == out_seat:
                row.append("  out")
            left = [parse_card(c) for c in result.get("left", [[]] * len(labels))[s]]
            if left:
                row.append("  left: ", style="dim")
                row.append_text(cards_text(sorted(left, key=sort_key)))
            lines.append(row)
        return Group(*lines)

    def final(self, view: View, labels: Sequence[str], winners: Sequence[int]) -> RenderableType:
        t = view["table"]
        lines: list[RenderableType] = [Rule("Match over: lowest total wins", style="bold")]
        for s in sorted(range(len(labels)), key=lambda s: t["scores"][s]):
            mark = "  winner" if s in winners else ""
            lines.append(Text(f"  {labels[s]:<{LABEL_WIDTH}} {t['scores'][s]:>5}{mark}"))
        lines.append(Text(f"{_plural(len(t['results']), 'deal')} played."))
        return Group(*lines)

    # ---- help and hints ---------------------------------------------------------------------
    def action_groups(self, legal: Sequence[str]) -> list[tuple[str, list[str]]]:
        # `pass` answers either window: the rummy window is the one offering `rummy`.
        window = "Call rummy or pass" if "rummy" in legal else "Buy or pass"
        titles = (
            ("take", "Draws"), ("draw", "Draws"), ("buy", window), ("pass", window),
            ("rummy", window), ("down", "Go down"), ("lay", "Lay-offs"), ("swap", "Joker swaps"),
            ("discard", "Discards"),
        )
        order = {verb: title for verb, title in titles}
        groups: dict[str, list[str]] = {}
        for title in dict.fromkeys(order.values()):
            groups[title] = []
        for text in legal:
            verb = text.split(" ", 1)[0]
            groups.setdefault(order.get(verb, "Other"), []).append(text)
        return [(title, items) for title, items in groups.items() if items]

    def expand_shortcut(self, text: str) -> str:
        words = text.strip().split()
        if not words:
            return text
        head = words[0].lower()
        if head == "x" and len(words) == 2:
            return f"discard {words[1]}"
        if head == "l" and len(words) in (3, 4) and words[2].lower() != "on":
            return " ".join(["lay", words[1], "on", *words[2:]])
        if head == "l" and len(words) in (4, 5):
            return " ".join(["lay", *words[1:]])
        return text

    def variants(self, text: str) -> list[str]:
        """Moves the person may have meant: a lay-off on a run written without its end."""
        words = text.strip().split()
        if len(words) == 4 and words[0].lower() == "lay" and words[2].lower() == "on":
            return [f"{text.strip()} low", f"{text.strip()} high"]
        return []

    def hint(self, view: View) -> str:
        t = view["table"]
        seat = view["seat"]
        if seat is None or view["over"]:
            return "no hints for a spectator"
        hand = own_hand(view)
        contract = self.contract(view)
        wanted = contract_text(contract.sets, contract.runs)
        top = discard_top(view)
        phase = t["phase"]
        if phase == "rummy":
            return (f"Calling rummy makes {self._label(view, t['current'])} take "
                    f"{pretty(top) if top is not None else 'the discard'} back with a stock "
                    "card; it costs you nothing.")
        if t["down"][seat]:
            if phase in ("draw", "buy") and top is not None:
                fits = self._lay_offs(view, [top])
                verb = "Take" if phase == "draw" else "Buy"
                if fits:
                    return f"{verb} {pretty(top)} only to lay it off: " + ", ".join(fits) + "."
                return f"You are down and {pretty(top)} fits no meld on the table."
            return self._down_hint(view, hand)
        now = self._way_down(hand, contract)
        if phase in ("draw", "buy") and top is not None:
            verb = "take" if phase == "draw" else "buy"
            if now is not None:
                return (f"Your hand already holds {wanted}: {now}. Draw and go down "
                        f"(no need to {verb} {pretty(top)}).")
            with_top = self._way_down([*hand, top], contract)
            if with_top is not None:
                return f"{verb.capitalize()} {pretty(top)}: it completes {wanted}: {with_top}."
            return (f"Your hand does not hold {wanted} yet, and {pretty(top)} does not complete "
                    "it.")
        if now is not None:
            return f"You can go down now with {wanted}: {now}."
        return f"Your hand does not hold {wanted} yet: discard a card you do not need."

    def _way_down(self, hand: Sequence[int], contract: Contract) -> str | None:
        """One lay-down of the contract from ``hand``, as the notation to type, or None."""
        melds = self.game.rules.melds
        found = find_contract(hand, contract.sets, contract.runs, melds)
        if found is None:
            found = find_contract(hand, contract.sets, contract.runs, melds, exact_sizes=False)
        if found is None:
            return None
        return "down " + " | ".join(" ".join(code(c) for c in m.cards) for m in found)

    @staticmethod
    def _label(view: View, seat: int) -> str:
        return "you" if seat == view["seat"] else f"seat {seat}"

    def _lay_offs(self, view: View, cards: Sequence[int]) -> list[str]:
        """Every lay-off of these cards on the table's melds, as the notation to type."""
        fits: list[str] = []
        for meld_id, _owner, kind, meld_cards, _meanings in table_melds(view):
            meld = rebuild_meld(kind, meld_cards, self.game)
            if meld is None:
                continue
            for c in sorted(set(cards), key=sort_key):
                for new in lay_off_options(c, meld, self.game.rules.melds):
                    end = ""
                    if meld.kind == RUN:
                        end = " low" if new.ranks[0] < meld.ranks[0] else " high"
                    fits.append(f"lay {code(c)} on {meld_id}{end}")
        return fits

    def _swaps(self, view: View, hand: Sequence[int]) -> list[str]:
        """Every joker these cards may take from a run on the table, as the notation to type."""
        if not self.game.rules.joker_swaps:
            return []
        out: list[str] = []
        for meld_id, _owner, kind, meld_cards, _meanings in table_melds(view):
            meld = rebuild_meld(kind, meld_cards, self.game)
            if meld is None or meld.kind != RUN or not meld.jokers:
                continue
            for c in sorted(set(hand) - {JOKER}, key=sort_key):
                if swap_joker(meld, c) is not None:
                    out.append(f"swap {code(c)} on {meld_id}")
        return out

    def _down_hint(self, view: View, hand: Sequence[int]) -> str:
        fits = self._lay_offs(view, hand) + self._swaps(view, hand)
        if not fits:
            values = self.game.rules.values
            worst = max(hand, key=lambda c: (values[c], sort_key(c)), default=None)
            if worst is None:
                return "You are down with no cards: you float until you can discard."
            return (f"Nothing in your hand fits a meld: discard your costliest card, "
                    f"{pretty(worst)} ({values[worst]} points).")
        more = f" and {len(fits) - SHOWN_HINTS} more" if len(fits) > SHOWN_HINTS else ""
        return "You can play: " + ", ".join(fits[:SHOWN_HINTS]) + more + "."
