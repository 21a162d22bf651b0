"""How a game is told to a person, as plain data every front end renders alike.

The terminal and the browser know no game: what a card shows, what the piles and melds are
called, what each legal move does in the game's own words, what the seat is asked to do now,
the legends that depend on the options in force and how a round ended all come from the game's
:class:`Presentation`. Everything here is worked out from a seat's *view* (what the seat may
see) and its legal moves, never from the state, so a description cannot carry a hidden card.

The generic presentation below serves a game that describes nothing itself: its cards are
their notation, its moves their notation, its zones listed by name.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Literal, NotRequired, TypedDict

from cardtable.engine.game import Action, Game

View = Mapping[str, Any]


class FaceLine(TypedDict):
    """One line of a card's face, top to bottom; ``size`` says how it reads at arm's length."""

    text: str
    size: Literal["large", "medium", "small"]


class Badge(TypedDict):
    text: str
    title: str


class Face(TypedDict):
    """What one distinct card shows (keyed by its notation in :meth:`Presentation.faces`).

    ``label`` is the card named in full (for a screen reader, a tooltip); ``name`` the short
    name sentences use ("7♥", "3 Ming Toy"); ``corner`` and ``mark`` the index a fanned hand
    shows (rank and suit symbol, blooms, a sound); ``tone`` one word a front end maps to a
    colour ("red", "black", a family); ``group`` what a hand sorted by suit/family/sound
    gathers it under, and ``order`` its place in a hand sorted by rank; ``speak`` the text a
    speaking front end says for it (a sound card's example word).
    """

    order: int
    group: str
    label: str
    name: str
    corner: str
    mark: str
    tone: str
    lines: list[FaceLine]
    badges: list[Badge]
    speak: NotRequired[str]
    sound: NotRequired[str]
    """The card whose own recording a front end plays when a person taps this one (the
    ``{card}`` of the address the server gives for a card's sound); absent when the card has
    no sound of its own. A front end marks such a card as one to hear."""
    lead: NotRequired[str]
    """What a person reads the card by first, where that is not its index (a sound card's
    spellings, when the table shows them first): a front end with room for one short text a
    card (the terminal's hand) puts it before the index; a drawn face leads with its first
    line, which says it too."""
    sort: NotRequired[dict[str, int]]
    """The orders a hand can be arranged in, by the word a player would use ("suit", "rank",
    "family", "sound"): each a key, lowest first. The first is the deck's usual order; a front
    end offers one "By <word>" control per entry (without any, ``order`` alone)."""
    data: NotRequired[dict[str, Any]]
    """Further facts of the face (blooms, family, sound, spellings) for a front end that wants
    them; no front end needs them to draw the card."""


class Amount(TypedDict):
    """A move taking a number chosen by the player (a bet): ``move`` is then a template with
    ``{amount}`` in it, and the number lies in ``minimum``..``maximum`` in steps of ``step``."""

    minimum: int
    maximum: int
    step: int


class Move(TypedDict):
    """One legal move as a structure.

    ``move`` is its notation (what is sent back to play it). ``kind`` the kind of move in the
    game's words ("draw", "take", "meld", "lay off", "discard", "bet", "pass"...); ``cards``
    the seat's own cards it uses, in the order the move uses them; ``target`` the id of the
    pile or meld it acts on (see :class:`Pile` and :class:`Meld`), if any; ``label`` a sentence
    a person reads on a button ("Lay the 7♥ off on Ann's run of hearts"); ``key`` the key a
    person would press for it, if it has one; ``ordered`` whether the order of ``cards``
    matters (a word spelled) or only which cards (a set).
    """

    move: str
    kind: str
    cards: list[str]
    target: str | None
    label: str
    key: str | None
    ordered: bool
    amount: NotRequired[Amount]
    group: NotRequired[str]
    """The heading a list of moves gathers this one under ("Draws", "Melds", "Words",
    "Discards"), as a help screen groups them; without it a front end groups by ``kind``."""
    note: NotRequired[str]
    """What the move makes, shared by the ways of making the same thing ("/k æ t/ “cat”",
    "trio run, 3 points"): a long list can count and show each once."""
    rank: NotRequired[int]
    """How well the move reads in a long list that shows its best few first (higher first:
    a meld's points, a word's length); moves without one keep their order."""
    same_as: NotRequired[str]
    """Another legal move (its notation) that does exactly what this one does, as an all-in
    that is also a call: a front end shows that one's button only."""


class Pile(TypedDict):
    """A pile on the table (stock, discard). ``cards`` are those the seat may see, top last."""

    id: str
    title: str
    count: int
    top: str | None
    cards: list[str]
    face_up: bool


class Meld(TypedDict):
    """A group of cards on the table (a meld, a word, a contract's set, a pot's cards)."""

    id: str
    title: str
    cards: list[str]
    note: NotRequired[str]
    speak: NotRequired[str]
    key: NotRequired[str]
    """How a typed move names this meld ("2:1" in "l 9H 2:1"), when its title does not say: a
    front end that reads typed moves shows it beside the meld."""


class MeldGroup(TypedDict):
    """The melds of one owner (a seat; ``owner`` None: the table's own)."""

    owner: int | None
    title: str
    melds: list[Meld]
    empty: str


class Area(TypedDict):
    """A titled part of the board: melds by owner, or plain facts (a pot, the stakes)."""

    title: str
    groups: list[MeldGroup]
    facts: list[str]


class SeatLine(TypedDict):
    """What the board says of one seat beside its name (cards held, points, chips)."""

    seat: int
    cards: int | None
    lines: list[str]
    out: bool


class Marked(TypedDict):
    """Some cards of the hand singled out, and what they have in common ("can be discarded")."""

    cards: list[str]
    title: str


class Board(TypedDict):
    """Everything on the table as the seat sees it, titled in the players' words."""

    status: str
    prompt: str
    seats: list[SeatLine]
    piles: list[Pile]
    areas: list[Area]
    hand: list[str] | None
    hand_title: str
    legend: list[str]
    marked: NotRequired[Marked]
    """The cards of the hand to mark as playable, and in what words, when "a move uses it"
    would mark too many (in a discard phase a lay-down uses every card; only some of them
    may be discarded). Without it, a front end marks every card some legal move uses."""


class Result(TypedDict):
    """How one round ended, worded: a title and a line each."""

    title: str
    lines: list[str]


class Presentation:
    """The generic presentation: any game's notation, shown as it is.

    A game overrides what it can say better (every game of cardtable overrides all of it). The
    methods take a seat's view and its legal moves only; ``names`` are the seats' labels as the
    reader should see them ("You", "Ann").
    """

    #: what the game calls one round, for score sheets and summaries ("deal", "hand", "game")
    round_word: str = "round"
    #: the heading of the running totals ("Score sheet", "Stacks")
    totals_title: str = "Score sheet"
    #: the unit of a total, if it has one ("chips"; "" for points)
    totals_unit: str = ""
    #: what a score sheet's mark beside a round's points means, in the game's words ("went
    #: out" in a rummy, "won the hand" in a betting game)
    round_mark: str = "won the round"

    def __init__(self, game: Game) -> None:
        self.game = game

    # ---- cards ------------------------------------------------------------------------------
    def faces(self) -> dict[str, Face]:
        """Every distinct card of the game by its notation, with what its face shows."""
        return {card: plain_face(card, i)
                for i, card in enumerate(dict.fromkeys(self.game.deck()))}

    # ---- moves ------------------------------------------------------------------------------
    def moves(self, view: View, legal: Sequence[Action], names: Sequence[str]) -> list[Move]:
        """Each legal move as a structure, in the order given."""
        return [self.move(view, action, names) for action in legal]

    def move(self, view: View, action: Action, names: Sequence[str]) -> Move:
        text = str(action)
        return {"move": text, "kind": text.split(" ", 1)[0], "cards": [], "target": None,
                "label": text, "key": None, "ordered": False}

    # ---- the board --------------------------------------------------------------------------
    def board(self, view: View, moves: Sequence[Move], names: Sequence[str]) -> Board:
        """The table as ``view``'s seat sees it, with the prompt for its ``moves``."""
        seat = view.get("seat")
        zones: Mapping[str, Any] = view.get("zones", {})
        own = f"hand:{seat}" if seat is not None else None
        piles: list[Pile] = []
        for zone_name, zone in zones.items():
            if zone_name == own or ":" in zone_name:
                continue
            cards = list(zone.get("cards") or [])
            count = int(zone.get("count", len(cards)))
            piles.append({"id": zone_name, "title": zone_name.replace("_", " ").capitalize(),
                          "count": count, "top": cards[-1] if cards else None, "cards": cards,
                          "face_up": bool(cards)})
        seats: list[SeatLine] = []
        for n in range(self.game.players):
            hand = zones.get(f"hand:{n}")
            seats.append({"seat": n, "cards": None if hand is None else int(hand.get("count", 0)),
                          "lines": [], "out": False})
        hand_cards = list(zones[own].get("cards") or []) if own and own in zones else None
        return {"status": self.game.title, "prompt": self.prompt(view, moves, names),
                "seats": seats, "piles": piles, "areas": [], "hand": hand_cards,
                "hand_title": "Your hand", "legend": self.legend()}

    def prompt(self, view: View, moves: Sequence[Move], names: Sequence[str]) -> str:
        """What the seat is asked to do now, in a sentence ("" when it has no move)."""
        if view.get("over"):
            return "The match is over."
        if not moves:
            actors = [names[a] for a in view.get("actors", []) if 0 <= a < len(names)]
            return f"Waiting for {in_words(actors)}." if actors else ""
        return "Your move: choose one."

    def timeout(self, view: View, names: Sequence[str]) -> str | None:
        """What happens, in a sentence for the view's reader, when the time of the window open
        now runs out (each seat still to answer gives its ``window_answer``): "If nobody buys
        the 2♠, it stays on the pile". None when there is no window or nothing better to say
        than the server's plain words (it names the answer given)."""
        return None

    def legend(self) -> list[str]:
        """Standing explanations that depend on the options in force (what a badge means)."""
        return []

    def log_text(self, text: str) -> str:
        """A sentence written with the game's notation in it (a bot's reasons, a hint) with
        its cards named as the board names them; the generic presentation leaves it as it is."""
        return text

    # ---- rounds -----------------------------------------------------------------------------
    def result(self, result: Mapping[str, Any], names: Sequence[str]) -> Result:
        """A round's summary (one entry of the view's ``table.results``), worded."""
        number = result.get("round", result.get("hand", result.get("game", "")))
        return {"title": f"{self.round_word.capitalize()} {number}".strip(), "lines": []}


def plain_face(card: str, order: int) -> Face:
    """A card that is its notation: what the generic presentation shows."""
    return {"order": order, "group": "", "label": card, "name": card, "corner": card,
            "mark": "", "tone": "plain", "lines": [{"text": card, "size": "large"}],
            "badges": []}


def counted(n: int, one: str, many: str | None = None) -> str:
    """``1 card``, ``3 cards``: a count with its noun, as every board and sentence needs."""
    return f"{n} {one if n == 1 else many or one + 's'}"


def in_words(items: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(items) < 2:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


def seat_word(names: Sequence[str], seat: int) -> str:
    """The reader's label for ``seat`` ("You", "Ann"), or "Player N" counting from 1."""
    return names[seat] if 0 <= seat < len(names) else f"Player {seat + 1}"


def discard_top(view: View) -> str | None:
    """The top card of the view's ``discard`` zone, or None when it is empty."""
    cards = view["zones"]["discard"].get("cards") or []
    return str(cards[-1]) if cards else None


def draw_prompt(view: View, moves: Sequence[Any], names: Sequence[str], players: int,
                card_name: Callable[[str], str]) -> str | None:
    """The prompt of a stock-and-discard rummy outside its play phase: the match over, the
    seat's own draw, or another seat's draw (deciding on the reader's discard); None when the
    seat on move is playing, which each game words itself. The view's table must carry
    ``current``, ``phase`` and ``turns``."""
    table: Mapping[str, Any] = view["table"]
    if view.get("over"):
        return "The match is over."
    seat = view.get("seat")
    current = int(table["current"])
    top = discard_top(view)
    if moves or (seat is not None and seat == current):
        if table["phase"] != "draw":
            return None
        if not top:
            return "Draw from the stock (the discard pile is empty)."
        if view["zones"]["stock"]["count"]:
            return f"Draw: take the stock or the discard ({card_name(top)})."
        return f"Draw: the stock is empty, take the discard ({card_name(top)})."
    if table["phase"] != "draw":
        return None
    who = seat_word(names, current)
    if top and table["turns"] > 0 and seat is not None and (current - 1) % players == seat:
        return (f"Waiting for {who}: {who} is deciding whether to take your discard "
                f"({card_name(top)}).")
    return f"Waiting for {who} to draw from the stock or take the discard."


__all__ = ["Amount", "Area", "Badge", "Board", "Face", "FaceLine", "Meld", "MeldGroup", "Move",
           "Pile", "Presentation", "Result", "SeatLine", "counted", "in_words", "plain_face"]
