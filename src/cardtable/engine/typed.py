"""What a move typed by a person means: one reading for every front end.

People type moves by the keys the game's presentation gives them (``w d ɔ g``, ``x 7H``,
``l 9H 2``), in any case, the cards in any order where their order does not matter, or a part
of a key that only one move has. The terminal reads its command line with this, and the server
reads a browser's typed-move box with it (``{"typed": ...}``), so the two never disagree about
what the same words mean; before, the browser carried a JavaScript copy of the reading.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from cardtable.engine.presentation import Move


def _within(typed: Sequence[str], words: Sequence[str], ordered: bool) -> bool:
    """Whether the typed words are all among ``words`` (in their order, if it matters)."""
    if not ordered:
        left = list(words)
        for word in typed:
            if word not in left:
                return False
            left.remove(word)
        return True
    it = iter(words)
    return all(any(word == other for other in it) for word in typed)


def by_key(moves: Sequence[Move]) -> dict[str, list[Move]]:
    """The moves with a key, by the key's first word."""
    keyed: dict[str, list[Move]] = {}
    for move in moves:
        if move["key"] and move["key"].split():
            keyed.setdefault(move["key"].split()[0].lower(), []).append(move)
    return keyed


def readings(text: str, moves: Sequence[Move]) -> list[str]:
    """What ``text`` may mean among the legal ``moves``, most likely first: a move's key (in
    any case, cards in any order where their order does not matter) or its own notation, else
    the text itself, then the moves whose key holds every word typed after its first (``l 9H
    2`` the one lay-off of the 9H on that meld, whichever end it goes on). A key's first word
    with words of one's own is spelled out as its move (``b 40``: ``bet 40``) for the rules to
    judge."""
    words = text.strip().split()
    if not words:
        return [text]
    head = words[0].lower()
    keyed = by_key(moves).get(head, [])
    spelled_out = [m for m in moves if m["move"].split()[0].lower() == head]
    if not keyed and not spelled_out:
        return [text]
    typed = [w.lower() for w in words[1:]]
    exact: list[str] = []
    within: list[str] = []
    for move, written in [*((m, str(m["key"])) for m in keyed),
                          *((m, m["move"]) for m in spelled_out)]:
        rest = [w.lower() for w in written.split()[1:]]
        if rest == typed or (not move["ordered"] and sorted(rest) == sorted(typed)):
            exact.append(move["move"])
        elif typed and _within(typed, rest, move["ordered"]):
            within.append(move["move"])
    if len(set(exact)) == 1:
        return exact[:1]
    if len(set(within)) == 1 and not exact:
        return within[:1]
    if not keyed:
        return [text, *dict.fromkeys(within)]
    verbs = {m["move"].split(None, 1)[0] for m in keyed}
    spelled = (" ".join([verbs.pop(), *words[1:]])
               if len(verbs) == 1 and all(map(_spells_out, keyed)) else text)
    return [*dict.fromkeys([spelled, *exact, *within])]


def _spells_out(move: Move) -> bool:
    """Whether the move's key is its notation with a short verb: its other words are the
    notation's, in order (``b 40`` for ``bet 40``, ``l 9H 2:1`` for ``lay 9H on 2:1``), so that
    words typed after the key's verb mean in the notation what they mean in the key. A key
    that counts otherwise (``e 2 d ɔ g i``, the board's word 2, for ``extend 1 ...``) is left
    to the game's own reading of its keys: spelled out, it named the next word, and could even
    play a legal move there."""
    it = iter(w.lower() for w in move["move"].split()[1:])
    return all(any(word == other for other in it) for word in
               (w.lower() for w in str(move["key"]).split()[1:]))


@dataclass(frozen=True, slots=True)
class Typed:
    """A typed move read: the notation to play (``move``, for the rules to judge), or, when
    several legal moves answer the words and none is meant above the others, those moves
    (``could_be``) and no move."""

    move: str | None
    could_be: list[Move] = field(default_factory=list)

    def why(self, text: str) -> str:
        """The sentence a person reads when nothing was played."""
        if not text.strip():
            return "type a move first"
        if len(self.could_be) == 1:
            return (f"“{text.strip()}” is part of one move, which uses cards you did not "
                    f"type: {self.could_be[0]['label']}. Type all of it to play it")
        shown = "; ".join(m["label"] for m in self.could_be[:4])
        more = "; …" if len(self.could_be) > 4 else ""
        return (f"“{text.strip()}” could be {len(self.could_be)} moves: {shown}{more}. "
                "Type more of it")


def typed_move(text: str, moves: Sequence[Move]) -> Typed:
    """The move ``text`` means among the legal ``moves``: the likeliest reading when it is a
    legal move, else the one legal move among the other readings; several legal ones are named
    rather than one guessed (``l 9H``: on which meld?). Otherwise the likeliest reading, which
    the rules then refuse in their own words (or accept: a bet of a size of one's own)."""
    if not text.strip():
        return Typed(None)
    found = readings(text, moves)
    by_move = {m["move"]: m for m in moves}
    if found[0] in by_move:
        return _unless_cards_added(text, by_move[found[0]])
    legal = [by_move[r] for r in dict.fromkeys(found[1:]) if r in by_move]
    if len(legal) == 1:
        return _unless_cards_added(text, legal[0])
    if len(legal) > 1:
        return Typed(None, legal)
    return Typed(found[0])


def _unless_cards_added(text: str, move: Move) -> Typed:
    """``move`` played, unless the words typed leave out one of its cards: a reading may fill
    in where a card goes (``l 9H``: the one meld it fits), never a card. ``down KC KD | AC AD
    AH`` once went down with the K♠ as well, a set of kings the person had not typed."""
    typed = [w.lower() for w in text.split()[1:]]
    for written in (move["move"], move["key"] or ""):
        if sorted(w.lower() for w in written.split()[1:]) == sorted(typed):
            return Typed(move["move"])  # all of it, as its notation or its key
    # A card as the key writes it: its code, or its code and more (a wild card declared as a
    # sound, "*ɔ", is the card "*").
    cards = [c.lower() for c in move["cards"]]
    for word in (move["key"] or move["move"]).split()[1:]:
        word = word.lower()
        if word in typed:
            typed.remove(word)
        elif any(word.startswith(card) for card in cards):
            return Typed(None, [move])
    return Typed(move["move"])


__all__ = ["Typed", "by_key", "readings", "typed_move"]
