"""How a contract-rummy table is told to a person (Dummy Rummy and Liverpool Rummy alike).

The two games are one engine with different options, so one presentation serves both and
reads from the table's rules what differs: whether the discard may be bought and at what price,
whether a card taken from the pile may go straight back, rummy calls, joker swaps, floating,
the cut, the card values. Melds are named as players name them ("Ann's set of queens", "your
second run of hearts"), never by the ``SEAT:NUMBER`` the notation uses, and jokers by what they
stand for ("the joker as the 8♥").

Everything is read from one seat's view and its legal moves: a lay-off is offered exactly when
the engine lists it, so rules such as "no lay-offs on others' melds in the turn you go down"
hold by construction rather than being worked out again here.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, Literal

from cardtable.engine.game import Action
from cardtable.engine.presentation import (
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
from cardtable.games.contract.actions import (
    Buy,
    CallRummy,
    Discard,
    Down,
    Draw,
    Lay,
    Pass,
    Swap,
    Take,
)
from cardtable.games.contract.cards import (
    CODES,
    JOKER,
    RANK_NAMES,
    RANK_TEXT,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    SUITS,
    parse_card,
)
from cardtable.games.contract.game import ContractGame
from cardtable.games.contract.melds import RUN, MeldError, contract_text, read_written_meld
from cardtable.games.contract.rules import Contract
from cardtable.games.contract.summary import on_lines

ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
            "tenth", "eleventh", "twelfth")
JOKER_MARK = "★"
SHOWN_LEFT = 8
"""A deal's result names the cards left in a hand up to this many; past it, a line a player
would be a wall of cards on a phone, and the count and its cost say enough."""
GROUPS = {"take": "Draws", "draw": "Draws", "buy": "Buy or pass", "rummy": "Call rummy or pass",
          "down": "Go down", "lay off": "Lay-offs", "swap": "Joker swaps", "discard": "Discards"}
"""The headings a help list gathers moves under, as the terminal's help has them."""
CARD_CODE = re.compile(r"\b(10|[2-9JQKA])([CDHS])\b")
KEYS: dict[type, str] = {Take: "t", Draw: "d", Buy: "b", Pass: "p"}
"""The terminal's shortcuts: ``x CARD`` discards and ``l CARD M [end]`` lays off too."""


def is_you(name: str) -> bool:
    """Whether a seat's label addresses the reader ("You", or "You (seat 0)" at a terminal)."""
    return name == "You" or name.startswith("You ")


def whose(names: Sequence[str], seat: int) -> str:
    return "your" if is_you(names[seat]) else f"{names[seat]}'s"


def subject(names: Sequence[str], seat: int) -> str:
    return "you" if is_you(names[seat]) else names[seat]


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def rank_plural(rank: int) -> str:
    name = RANK_NAMES[rank]
    return name + "es" if name.endswith("x") else name + "s"


def a_rank(rank: int) -> str:
    """"a queen", "an eight", "an ace"."""
    name = RANK_NAMES[rank]
    return f"{'an' if name[0] in 'aeiou' else 'a'} {name}"


def card_name(text: str) -> str:
    """A card named short, with its suit symbol: "7♥", "10♣"; "joker"."""
    if text == CODES[JOKER]:
        return "joker"
    return text[:-1] + SUIT_SYMBOLS[SUITS.index(text[-1])]


def the(text: str) -> str:
    return f"the {card_name(text)}"


def _rank_number(text: str) -> int:
    """The rank written in a card or a joker's meaning ("7H", "Q", "10"): 1..13."""
    rank = text[:-1] if text[-1] in SUITS else text
    return RANK_TEXT.index(rank)


class TableMeld:
    """A meld as the view shows it: its cards and, for each, the card it plays as."""

    def __init__(self, info: Mapping[str, Any], cards: Sequence[str]) -> None:
        self.id: str = info["id"]
        self.owner = int(info["owner"])
        self.index = int(self.id.split(":")[1])
        self.kind: str = info["kind"]
        self.cards = list(cards)
        meanings = iter(info.get("jokers_stand_for") or [])
        self.plays_as = [next(meanings, "?") if c == CODES[JOKER] else c for c in self.cards]
        naturals = [c for c in self.cards if c != CODES[JOKER]]
        if self.kind == RUN:
            suit = naturals[0][-1] if naturals else "S"
            self.suit = SUITS.index(suit)
            base = 1
            for i, text in enumerate(self.plays_as):
                if text != "?" and _rank_number(text) != 1:
                    base = _rank_number(text) - i
                    break
            else:  # an ace leads (ace low), or only an ace among unknowns
                base = 1 if self.plays_as and _rank_number(self.plays_as[0]) == 1 \
                    else 15 - len(self.cards)
            self.ranks = [base + i for i in range(len(self.cards))]
            self.rank = 0
        else:
            self.suit = -1
            self.rank = _rank_number(naturals[0] if naturals else self.plays_as[0])
            self.ranks = [self.rank] * len(self.cards)

    @property
    def what(self) -> str:
        """"set of queens", "run of hearts"."""
        if self.kind == RUN:
            return f"run of {SUIT_NAMES[self.suit]}"
        return f"set of {rank_plural(self.rank)}"

    def span(self) -> str:
        """The cards as they play, joker meanings included: "5♥ 6♥ joker (7♥) 8♥"."""
        return " ".join(_lying(card, means, self.kind == RUN)
                        for card, means in zip(self.cards, self.plays_as, strict=True))

    def end_card(self, end: str | None) -> str:
        """What a joker laid off at ``end`` stands for: "the 9♥", "a queen"."""
        if self.kind != RUN:
            return a_rank(self.rank)
        rank = self.ranks[0] - 1 if end == "low" else self.ranks[-1] + 1
        return f"the {RANK_TEXT[rank]}{SUIT_SYMBOLS[self.suit]}"


def _lying(card: str, means: str, run: bool) -> str:
    if card != CODES[JOKER]:
        return card_name(card)
    if means == "?":
        return "joker"
    if run:
        return f"joker ({card_name(means)})"
    return f"joker ({means})"


def table_melds(view: View) -> list[TableMeld]:
    zones: Mapping[str, Any] = view.get("zones", {})
    out = [TableMeld(info, zones.get(f"meld:{info['id']}", {}).get("cards") or [])
           for info in view["table"].get("melds") or []]
    out.sort(key=lambda m: (m.owner, m.index))
    return out


def meld_titles(melds: Sequence[TableMeld], names: Sequence[str]) -> dict[str, str]:
    """Each meld's name in players' words: "Ann's set of queens"; an owner's melds alike in
    kind are told apart by their order ("your second run of hearts")."""
    titles: dict[str, str] = {}
    for meld in melds:
        alike = [m for m in melds if m.owner == meld.owner and m.what == meld.what]
        ordinal = ""
        if len(alike) > 1:
            at = alike.index(meld)
            ordinal = (ORDINALS[at] if at < len(ORDINALS) else f"no. {at + 1}") + " "
        titles[meld.id] = f"{whose(names, meld.owner)} {ordinal}{meld.what}"
    return titles


class ContractPresentation(Presentation):
    """Dummy Rummy and Liverpool Rummy in the players' words, from the rules in force."""

    round_word = "deal"
    totals_title = "Score sheet"
    totals_unit = ""
    round_mark = "went out"  # the score sheet's *
    game: ContractGame

    # ---- cards ------------------------------------------------------------------------------
    def faces(self) -> dict[str, Face]:
        """A standard card: rank over suit symbol, red or black; the joker is wild. A hand
        sorted by rank goes by suit, aces high, jokers last; each card carries what it costs
        left in hand under the table's card values."""
        values = self.game.rules.values
        out: dict[str, Face] = {}
        for c in dict.fromkeys(parse_card(x) for x in self.game.deck()):
            notation = CODES[c]
            if c == JOKER:
                out[notation] = {
                    "order": 4 * 15, "group": "jokers", "label": "joker (wild)",
                    "name": "joker", "corner": "JK", "mark": JOKER_MARK, "tone": "joker",
                    "lines": [_line("JK", "large"), _line(f"{JOKER_MARK} joker", "small")],
                    "badges": [{"text": "wild", "title": "a joker stands for any card in a "
                                "meld; it says which once laid"}],
                    "sort": {"suit": 4 * 15, "rank": 15 * 4},
                    "data": {"rank": None, "suit": None, "joker": True,
                             "points": values[JOKER]},
                }
                continue
            rank = c % 13 + 1
            suit = c // 13
            out[notation] = {
                "order": suit * 15 + (14 if rank == 1 else rank), "group": SUIT_NAMES[suit],
                "label": f"{RANK_NAMES[rank]} of {SUIT_NAMES[suit]}",
                "name": card_name(notation), "corner": RANK_TEXT[rank],
                "mark": SUIT_SYMBOLS[suit], "tone": "red" if suit in (1, 2) else "black",
                "lines": [_line(RANK_TEXT[rank], "large"), _line(SUIT_SYMBOLS[suit], "large")],
                "badges": [],
                "sort": {"suit": suit * 15 + (14 if rank == 1 else rank),
                         "rank": (14 if rank == 1 else rank) * 4 + suit},
                "data": {"rank": RANK_TEXT[rank], "suit": SUIT_NAMES[suit], "joker": False,
                         "points": values[c]},
            }
        return out

    # ---- the deal ---------------------------------------------------------------------------
    def contract(self, view: View) -> Contract:
        return self.game.rules.contracts[int(view["table"]["deal"]) - 1]

    def contract_words(self, view: View) -> str:
        c = self.contract(view)
        return contract_text(c.sets, c.runs)

    # ---- moves ------------------------------------------------------------------------------
    def moves(self, view: View, legal: Sequence[Action], names: Sequence[str]) -> list[Move]:
        melds = table_melds(view)
        titles = meld_titles(melds, names)
        by_id = {m.id: m for m in melds}
        return [self._move(view, action, names, by_id, titles) for action in legal]

    def move(self, view: View, action: Action, names: Sequence[str]) -> Move:
        melds = table_melds(view)
        return self._move(view, action, names, {m.id: m for m in melds},
                          meld_titles(melds, names))

    def _move(self, view: View, action: Action, names: Sequence[str],
              melds: Mapping[str, TableMeld], titles: Mapping[str, str]) -> Move:
        text = str(action)
        t = view["table"]
        zones: Mapping[str, Any] = view.get("zones", {})
        pile = list(zones.get("discard", {}).get("cards") or [])
        top = the(pile[-1]) if pile else "the discard"
        rules = self.game.rules
        key = KEYS.get(type(action))

        def made(kind: str, label: str, cards: Sequence[str] = (), target: str | None = None,
                 typed: str | None = key, ordered: bool = False) -> Move:
            group = GROUPS.get(kind, "Other")
            if kind == "pass":
                group = GROUPS["rummy" if t["phase"] == "rummy" else "buy"]
            return {"move": text, "kind": kind, "cards": list(cards), "target": target,
                    "label": label, "key": typed, "ordered": ordered, "group": group}

        if isinstance(action, Take):
            return made(kind="take", target="discard",
                        label=f"Take {top} from the discard pile")
        elif isinstance(action, Draw):
            label = "Draw from the stock"
            if pile and self.contract(view).buying and t["phase"] == "draw":
                label += f" (the others may then buy {top})"
            return made(kind="draw", target="stock", label=label)
        elif isinstance(action, Buy):
            price = rules.buy_price
            extra = f" and {plural(price, 'card')} from the stock" if price else ""
            return made(kind="buy", target="discard", label=f"Buy {top}{extra}")
        elif isinstance(action, Pass):
            label = ("Pass: do not call rummy" if t["phase"] == "rummy"
                     else f"Pass: let {top} go")
            return made(kind="pass", label=label)
        elif isinstance(action, CallRummy):
            offender = names[int(t["current"])]
            return made(kind="rummy", target="discard",
                        label=f"Call rummy on {offender}'s {card_name(pile[-1]) if pile else ''}"
                        .rstrip())
        elif isinstance(action, Down):
            groups = [tuple(g) for g in action.groups]
            read = [self._group_words(g) for g in groups]
            # a joker's place in a run says what it stands for: then the order is the move's
            down = made(kind="down", cards=[CODES[c] for g in groups for c in g],
                        label="Go down with " + in_words([words for words, _ in read]),
                        ordered=any(placed for _, placed in read))
            # A hand kept long has hundreds of lay-downs: those shedding most points first.
            down["rank"] = sum(rules.values[c] for g in groups for c in g)
            return down
        elif isinstance(action, Lay):
            card = CODES[action.card]
            meld_id = f"{action.owner}:{action.index}"
            meld = melds.get(meld_id)
            title = titles.get(meld_id, "a meld")
            where = f" {title}"
            if meld is not None and meld.kind == RUN:
                where += f" ({meld.span()})"
            end = f", at the {action.end} end" if action.end else ""
            if action.card == JOKER and meld is not None:
                what = f"the joker as {meld.end_card(action.end)}"
            else:
                what = the(card)
            key = f"l {card} {meld_id}" + (f" {action.end}" if action.end else "")
            return made(kind="lay off", cards=[card], target=f"meld:{meld_id}",
                        label=f"Lay {what} off on{where}{end}", typed=key)
        elif isinstance(action, Swap):
            card = CODES[action.card]
            meld_id = f"{action.owner}:{action.index}"
            title = titles.get(meld_id, "a run")
            return made(kind="swap", cards=[card], target=f"meld:{meld_id}",
                        label=f"Put {the(card)} in {title} in place of the joker standing for "
                        "it, and take the joker (play it this turn)")
        elif isinstance(action, Discard):
            card = CODES[action.card]
            seat = view.get("seat")
            held = int(zones.get(f"hand:{seat}", {}).get("count", 0)) if seat is not None else 0
            out = " and go out" if held == 1 else ""
            return made(kind="discard", cards=[card], target="discard",
                        label=f"Discard {the(card)}{out}", typed=f"x {card}")
        return made(text.split(" ", 1)[0], text)  # pragma: no cover - no other kind of move

    def _group_words(self, group: tuple[int, ...]) -> tuple[str, bool]:
        """A meld of a lay-down in words ("a set of queens (Q♠ Q♥ joker)", "a run of hearts
        (5♥ 6♥ joker as the 7♥ 8♥)"), and whether a joker's place in it says what it is."""
        try:
            meld = read_written_meld(group, self.game.rules.melds)
        except MeldError:
            return " ".join(card_name(CODES[c]) for c in group), JOKER in group
        if meld.kind == RUN:
            shown = [card_name(CODES[c]) if c != JOKER
                     else f"joker as the {RANK_TEXT[r]}{SUIT_SYMBOLS[meld.suit]}"
                     for c, r in zip(meld.cards, meld.ranks, strict=True)]
            return f"a run of {SUIT_NAMES[meld.suit]} ({' '.join(shown)})", JOKER in group
        shown = [card_name(CODES[c]) for c in meld.cards]
        return f"a set of {rank_plural(meld.ranks[0])} ({' '.join(shown)})", False

    # ---- the board --------------------------------------------------------------------------
    def board(self, view: View, moves: Sequence[Move], names: Sequence[str]) -> Board:
        t = view["table"]
        zones: Mapping[str, Any] = view.get("zones", {})
        seat = view.get("seat")
        pile = list(zones.get("discard", {}).get("cards") or [])
        piles: list[Pile] = [
            {"id": "stock", "title": "Stock", "count": int(zones.get("stock", {})
                                                            .get("count", 0)),
             "top": None, "cards": [], "face_up": False},
            {"id": "discard", "title": "Discard pile", "count": len(pile),
             "top": pile[-1] if pile else None, "cards": pile, "face_up": True},
        ]
        melds = table_melds(view)
        titles = meld_titles(melds, names)
        groups: list[MeldGroup] = []
        for s in range(self.game.players):
            mine: list[Meld] = []
            for m in melds:
                if m.owner != s:
                    continue
                title = titles[m.id]
                entry: Meld = {"id": f"meld:{m.id}", "title": title[0].upper() + title[1:],
                               "cards": m.cards, "key": m.id}
                jokers = [means for card, means in zip(m.cards, m.plays_as, strict=True)
                          if card == CODES[JOKER]]
                if jokers:
                    entry["note"] = ("jokers stand for " if len(jokers) > 1
                                     else "the joker stands for ") + in_words(
                        [_meaning(x) for x in jokers])
                mine.append(entry)
            owner = "Your melds" if is_you(names[s]) else f"{names[s]}'s melds"
            groups.append({"owner": s, "title": owner, "melds": mine,
                           "empty": "not down yet" if not t["down"][s] else "no melds"})
        facts = [f"Contract: {self.contract_words(view)}"]
        facts.extend(self._deal_facts(view, names))
        areas: list[Area] = [{"title": "Melds on the table", "groups": groups, "facts": facts}]
        hand = None
        if seat is not None and f"hand:{seat}" in zones:
            hand = list(zones[f"hand:{seat}"].get("cards") or [])
        hand_title = "Your hand"
        if hand is not None:
            hand_title = (f"Your hand ({plural(len(hand), 'card')})" if hand
                          else "Your hand: empty, you are floating")
        board: Board = {
            "status": self._status(view), "prompt": self.prompt(view, moves, names),
            "seats": [self._seat_line(view, s, names) for s in range(self.game.players)],
            "piles": piles, "areas": areas, "hand": hand, "hand_title": hand_title,
            "legend": self.legend()}
        # In the discard phase a lay-down or a lay-off uses nearly every card: the hand marks
        # the ones that may be discarded (not the card just taken from the pile, say).
        discards = [c for m in moves if m["kind"] == "discard" for c in m["cards"]]
        if discards:
            board["marked"] = {"cards": list(dict.fromkeys(discards)),
                               "title": "can be discarded"}
        return board

    def _status(self, view: View) -> str:
        t = view["table"]
        text = (f"{self.game.title} · deal {t['deal']} of {t['deals']} · contract: "
                f"{self.contract_words(view)}")
        return text if self.contract(view).buying else text + " · no buying this deal"

    def _deal_facts(self, view: View, names: Sequence[str]) -> list[str]:
        t = view["table"]
        rules = self.game.rules
        size = rules.deal_sizes[int(t["deal"]) - 1]
        facts = [f"{size} cards each, dealt by {subject(names, int(t['dealer']))}"]
        if self.contract(view).buying:
            limit = ("" if rules.buy_limit is None
                     else f", at most {plural(rules.buy_limit, 'buy')} a deal")
            facts.append(f"A buy costs {plural(rules.buy_price, 'extra stock card')}{limit}")
        else:
            facts.append("No buying this deal")
        if t.get("window"):
            waiting = in_words([subject(names, s) for s in t["window"]])
            pile = list(view.get("zones", {}).get("discard", {}).get("cards") or [])
            top = the(pile[-1]) if pile else "the discard"
            if t["phase"] == "buy":
                facts.append(f"{top[0].upper()}{top[1:]} is for sale: waiting for {waiting}")
            elif t["phase"] == "rummy":
                facts.append(f"Rummy may be called on {top}: waiting for {waiting}")
        return facts

    def _seat_line(self, view: View, s: int, names: Sequence[str]) -> SeatLine:
        t = view["table"]
        zone = view.get("zones", {}).get(f"hand:{s}", {})
        count = int(zone.get("count", 0))
        lines = [plural(count, "card")]
        if not t["down"][s]:
            lines.append("not down")
        else:
            lines.append("down" if count else "down, floating")
        if self.contract(view).buying and t.get("buy_limit") is not None:
            left = max(0, int(t["buy_limit"]) - int(t["buys"][s]))
            lines.append(f"{plural(left, 'buy')} left")
        elif t["buys"][s]:
            lines.append(f"bought {t['buys'][s]}")
        if t["penalties"][s]:
            lines.append(f"penalties {t['penalties'][s]:+d}")
        lines.append(f"total {t['scores'][s]}")
        if s == t["dealer"]:
            lines.append("dealer")
        known = list(zone.get("known") or [])
        if known and s != view.get("seat"):
            lines.append("seen: " + " ".join(card_name(c) for c in known))
        return {"seat": s, "cards": count, "lines": lines, "out": False}

    def prompt(self, view: View, moves: Sequence[Move], names: Sequence[str]) -> str:
        t = view["table"]
        seat = view.get("seat")
        if view.get("over"):
            return "The match is over: lowest total wins."
        zones: Mapping[str, Any] = view.get("zones", {})
        pile = list(zones.get("discard", {}).get("cards") or [])
        top = the(pile[-1]) if pile else "the discard"
        current = int(t["current"])
        phase = t["phase"]
        kinds = {m["kind"] for m in moves}
        rules = self.game.rules
        if phase == "buy":
            turned = f"{names[current]} turned down {top}"
            if "buy" in kinds:
                price = (f" (you also take {plural(rules.buy_price, 'card')} from the stock)"
                         if rules.buy_price else "")
                left = ""
                if rules.buy_limit is not None and seat is not None:
                    n = max(0, rules.buy_limit - int(t["buys"][seat]))
                    left = f" You have {plural(n, 'buy')} left this deal."
                return f"{turned}: buy it{price} or pass.{left}"
            waiting = in_words([names[s] for s in t.get("window") or []])
            if seat == current:
                return (f"You turned down {top}: it is for sale to {waiting} before you draw "
                        "from the stock.")
            return f"{turned}: waiting for {waiting} to buy it or pass."
        if phase == "rummy":
            offender = "you" if seat == current else names[current]
            if "rummy" in kinds:
                return (f"{names[current]} discarded {top}, which could have been laid off: "
                        f"call rummy ({names[current]} takes it back with a stock card) or "
                        "pass.")
            waiting = in_words([names[s] for s in t.get("window") or []])
            return (f"{offender[0].upper()}{offender[1:]} discarded {top}, which could have "
                    f"been laid off: waiting for {waiting} to call rummy or pass.")
        if not moves:
            if seat is not None and seat != current:
                doing = "to draw" if phase == "draw" else "to play"
                return f"Waiting for {names[current]} {doing}."
            return ""
        hand = list(zones.get(f"hand:{seat}", {}).get("cards") or []) if seat is not None else []
        if phase == "draw":
            if not hand:
                if "take" in kinds:
                    return (f"You are floating: take {top} to lay it off, or draw from the "
                            "stock.")
                return f"You are floating and {top} fits no meld: draw from the stock."
            if "take" in kinds and "draw" in kinds:
                sale = (f"; if you draw, the others may buy {top} first"
                        if self.contract(view).buying else "")
                return f"Take {top} or draw from the stock{sale}."
            if "take" in kinds:
                return f"Take {top}: the stock is empty."
            return "Draw from the stock."
        wanted = self.contract_words(view)
        discards = [m for m in moves if m["kind"] == "discard"]
        plays = kinds & {"lay off", "swap"}
        if not discards and t.get("owed_jokers"):
            return "Play the joker you swapped out (lay it off) before you discard."
        if "down" in kinds:
            return f"Go down: you hold the contract ({wanted}). Or discard a card."
        if not discards and plays and not rules.go_out_by_play:
            return ("You are floating: lay off what fits a meld; you go out only by discarding "
                    "a card that fits none.")
        notes: list[str] = []
        held = set(hand)
        playable = {m["cards"][0] for m in discards}
        barred = held - playable
        taken = t.get("taken_from_discard")
        if discards and taken is not None and taken in barred:
            notes.append(f"You may not discard {the(taken)}: you took it from the pile this "
                         "turn.")
        if seat is not None and t["down"][seat] and discards and barred - {taken} and \
                not rules.go_out_by_play:
            notes.append("Cards that fit a meld must be laid off: you go out only by "
                         "discarding one that fits none.")
        extra = (" " + " ".join(notes)) if notes else ""
        if seat is not None and t["down"][seat]:
            if plays:
                return f"Lay off on the melds, or discard a card.{extra}"
            return f"Nothing of yours fits a meld: discard a card.{extra}"
        return f"You do not hold the contract ({wanted}) yet: discard a card.{extra}"

    def timeout(self, view: View, names: Sequence[str]) -> str | None:
        """What the table does when a buying or rummy window's time runs out: everyone still
        to answer passes, so the nearest claim made (if any) wins, else the card stays."""
        t = view["table"]
        phase = t["phase"]
        if phase not in ("buy", "rummy") or not t.get("window"):
            return None
        pile = list(view.get("zones", {}).get("discard", {}).get("cards") or [])
        top = the(pile[-1]) if pile else "the discard"
        current = int(t["current"])
        players = self.game.players
        claims = set(t.get("claims") or [])
        # The claim that wins once the others are silent: the nearest after the discarder.
        winner = next((s for s in ((current + k) % players for k in range(1, players))
                       if s in claims), None)
        silent = "If you do not answer in time, you pass. " \
            if any(is_you(names[s]) for s in t["window"]) else ""
        who = subject(names, current)
        if phase == "buy":
            if winner is None:
                draws = "draw" if is_you(names[current]) else "draws"
                return (f"{silent}If nobody buys {top}, it stays on the pile and {who} "
                        f"{draws} from the stock.")
            gets = "you get it" if is_you(names[winner]) else f"it goes to {names[winner]}"
            return f"{silent}If nobody nearer buys {top}, {gets}."
        following = subject(names, (current + 1) % players)
        if winner is None:
            return (f"{silent}If nobody calls rummy, {top} stays on the pile and the turn "
                    f"passes to {following}.")
        caller = "you call" if is_you(names[winner]) else f"{names[winner]} calls"
        takes = "take" if is_you(names[current]) else "takes"
        return (f"{silent}If nobody nearer calls, {caller} rummy: "
                f"{subject(names, current)} {takes} {top} back with a card from the stock.")

    def legend(self) -> list[str]:
        """The rules in force, one sentence each (what the rules summary says is played)."""
        return on_lines(self.game.rules)

    def log_text(self, text: str) -> str:
        """A hint's or a bot's words name cards by their codes ("take the 9S"); the table shows
        suit symbols, so the words do too ("take the 9♠")."""
        return CARD_CODE.sub(lambda m: m[1] + SUIT_SYMBOLS[SUITS.index(m[2])], text)

    # ---- rounds -----------------------------------------------------------------------------
    def result(self, result: Mapping[str, Any], names: Sequence[str]) -> Result:
        """A deal's end: who went out and what the others were left holding (lowest wins)."""
        deal = int(result.get("deal", 0))
        contracts = self.game.rules.contracts
        if 1 <= deal <= len(contracts):
            wanted = contract_text(contracts[deal - 1].sets, contracts[deal - 1].runs)
        else:
            wanted = str(result.get("contract", ""))
        out = result.get("out")
        if out is not None:
            head = f"{names[int(out)]} went out; the contract was {wanted}."
        else:
            head = f"Nobody went out ({result.get('reason', '')}); the contract was {wanted}."
        lines = [head]
        cut = result.get("cut")
        for s, name in enumerate(names):
            left = list((result.get("left") or [[]] * len(names))[s])
            pts = int(result["points"][s])
            if s == out:
                part = "went out: 0"
            elif left:
                cost = pts - int((result.get("penalties") or [0] * len(names))[s])
                if cut and int(cut[0]) == s:
                    cost -= int(cut[1])
                part = f"{cost} for {plural(len(left), 'card')} left"
                if len(left) <= SHOWN_LEFT:
                    part += f" ({' '.join(card_name(c) for c in left)})"
            else:
                part = "no cards left: 0"
            extras = []
            if (result.get("penalties") or [0] * len(names))[s]:
                extras.append(f"penalties {int(result['penalties'][s]):+d}")
            if cut and int(cut[0]) == s:
                extras.append(f"cut the deal exactly: {int(cut[1]):+d}")
            more = f", {', '.join(extras)}" if extras else ""
            lines.append(f"{name}: {part}{more}; total {result['totals'][s]}.")
        return {"title": f"Deal {deal}: {wanted}", "lines": lines}


def _meaning(text: str) -> str:
    if text == "?":
        return "a card"
    if text[-1] in SUITS:
        return the(text)
    return a_rank(_rank_number(text))


def _line(text: str, size: Literal["large", "medium", "small"]) -> FaceLine:
    return {"text": text, "size": size}


__all__ = ["ContractPresentation", "card_name", "meld_titles", "table_melds"]
