"""Say Rummy's own events and the words of its move log, shared by every front end.

Cards are named as :meth:`SayRummyGame.deck` names them: the sound in IPA (``ɔ``, ``tʃ``) or
``*`` for a wild card. A card laid in a word is also given as it lies on the table
(``tokens``: ``*æ`` is a wild card declared as /æ/), with the sounds the word says and the
English word(s) it spells. The shared kinds (dealt, drew_stock, drew_discard, discarded,
stock_rebuilt, round_scored, match_over) come from :mod:`cardtable.engine.events`; a "round"
there is one game of the match.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from cardtable.engine.events import Card, Event, describe_common

WILD_CARD = "*"
MOST_WORDS = 4  # spellings named in a log line; the rest are counted


@dataclass(slots=True)
class WordLaid(Event):
    """``seat`` laid a new word, word number ``index`` on the table.

    ``cards`` are the cards laid, in order; ``tokens`` the same as they lie on the table, a
    wild card with the sound declared for it (``*æ``); ``sounds`` what the word says
    (``/k æ t/``) and ``words`` the English words it spells. All public.
    """

    kind: ClassVar[str] = "word_laid"
    index: int
    cards: tuple[Card, ...]
    tokens: tuple[str, ...]
    sounds: str
    words: tuple[str, ...]


@dataclass(slots=True)
class WordExtended(Event):
    """``seat`` added cards to word number ``index`` on the table (anyone's word).

    ``added`` are the cards from the hand, in the order they now lie, at the places ``at``
    (0-based, in the new word); ``cards``, ``tokens``, ``sounds`` and ``words`` describe the new
    word as :class:`WordLaid` does, ``was_sounds`` and ``was_words`` the word before. Public.
    """

    kind: ClassVar[str] = "word_extended"
    index: int
    added: tuple[Card, ...]
    at: tuple[int, ...]
    cards: tuple[Card, ...]
    tokens: tuple[str, ...]
    sounds: str
    words: tuple[str, ...]
    was_sounds: str
    was_words: tuple[str, ...]


@dataclass(slots=True)
class WentOut(Event):
    """``seat``'s hand is empty: it won the game, ``how`` = "laid" (its last cards went into
    words) or "discarded" (its last card was the discard)."""

    kind: ClassVar[str] = "went_out"
    how: str


@dataclass(slots=True)
class StockExhausted(Event):
    """The stock ran out and no new one is made (``times``: how often it has run out this game;
    1 when the discard pile had nothing under its top card to make one): the game ends after
    the drawer's turn."""

    kind: ClassVar[str] = "stock_exhausted"
    times: int


@dataclass(slots=True)
class GameEnded(Event):
    """A game ended without anyone going out: ``reason`` "stock" (the stock ran out a second
    time) or "turns" (the house rule's turn limit, after ``turns`` turns). The fewest cards in
    hand win; ``cards_left`` per seat."""

    kind: ClassVar[str] = "game_ended"
    game: int
    reason: str
    turns: int
    winners: tuple[int, ...]
    cards_left: tuple[int, ...]


# ---- words ---------------------------------------------------------------------------------------
def card_words(card: str | None) -> str:
    """A card as a player says it: ``/ɔ/``, "a wild card", or "a card" when hidden."""
    if card is None:
        return "a card"
    if card == WILD_CARD:
        return "a wild card"
    return f"/{card}/"


def laid_words(token: str) -> str:
    """A card as it lies in a word: ``/ɔ/``, or "a wild card as /ɔ/"."""
    if token.startswith(WILD_CARD):
        return f"a wild card as /{token[len(WILD_CARD):]}/"
    return f"/{token}/"


def spelled(words: Sequence[str], most: int = MOST_WORDS) -> str:
    """“cat”, or “to”, “too”, “two” (+3) when a word has many spellings."""
    if not words:
        return "(no English spelling)"
    shown = ", ".join(f"“{w}”" for w in words[:most])
    return shown + (f" (+{len(words) - most})" if len(words) > most else "")


def _and(parts: Sequence[str]) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def _wilds(tokens: Sequence[str]) -> str:
    declared = [f"/{t[len(WILD_CARD):]}/" for t in tokens if t.startswith(WILD_CARD)]
    if not declared:
        return ""
    if len(declared) == 1:
        return f", with a wild card as {declared[0]}"
    return f", with wild cards as {_and(declared)}"


def _placed(event: Mapping[str, Any]) -> str:
    """Where the added cards went: in front, inside, at the end of the old word."""
    tokens: list[str] = event["tokens"]
    at: list[int] = event["at"]
    added = set(at)
    kept = [i for i in range(len(tokens)) if i not in added]
    first, last = (kept[0], kept[-1]) if kept else (len(tokens), -1)
    groups: dict[str, list[str]] = {"in front": [], "inside": [], "at the end": []}
    for i in at:
        where = "in front" if i < first else "at the end" if i > last else "inside"
        groups[where].append(laid_words(tokens[i]))
    return _and([f"{' '.join(cards)} {where}" for where, cards in groups.items() if cards])


def describe(event: Mapping[str, Any], names: Sequence[str]) -> str:
    """One line of the move log, in the words a player would use."""
    kind = event["kind"]
    who = names[event["seat"]] if event.get("seat") is not None else "The table"
    if kind == "dealt":
        up = card_words(event["up"][0]) if event["up"] else "nothing"
        return (f"Game {event['round']} is dealt by {names[event['dealer']]}; "
                f"{up} starts the discard pile.")
    if kind == "dealt_hand":
        cards = event["cards"]
        if cards and all(c is None for c in cards):
            return f"{who} got {len(cards)} cards."
        return f"{who} got {' '.join(card_words(c) for c in cards)}."
    if kind == "word_laid":
        # Words are numbered from 1 where people read them, as on the board; the notation
        # ("extend 0 ...") keeps the event's 0-based index.
        return (f"{who} laid word {event['index'] + 1}, {event['sounds']} "
                f"{spelled(event['words'])}{_wilds(event['tokens'])}.")
    if kind == "word_extended":
        return (f"{who} made word {event['index'] + 1}, {event['was_sounds']} "
                f"{spelled(event['was_words'])}, into {event['sounds']} "
                f"{spelled(event['words'])} by adding {_placed(event)}.")
    if kind == "went_out":
        how = ("laying the last cards in a word" if event["how"] == "laid"
               else "discarding the last card")
        return f"{who} went out by {how}."
    if kind == "stock_rebuilt":
        kept = ""
        if event["kept"]:
            kept = f" ({card_words(event['kept'][0])} stays on the discard pile)"
        return (f"The stock ran out: the {event['cards']} cards under the top discard were "
                f"shuffled into a new stock{kept}. The next time it runs out, the game ends.")
    if kind == "stock_exhausted":
        if event["times"] >= 2:
            return "The stock ran out a second time: the game ends after this turn."
        return ("The stock ran out and there is nothing under the top discard to make a new one: "
                "the game ends after this turn.")
    if kind == "game_ended":
        why = ("the stock ran out a second time" if event["reason"] == "stock"
               else f"{event['turns']} turns were played (house rule)")
        fewest = min(event["cards_left"])
        winners = _and([names[s] for s in event["winners"]])
        cards = "card" if fewest == 1 else "cards"
        return (f"Game {event['game']} is over: {why}. Fewest cards in hand ({fewest} {cards}): "
                f"{winners}.")
    if kind == "round_scored":
        result = event["result"]
        points = ", ".join(f"{names[s]} {p}" for s, p in enumerate(result["points"]))
        totals = ", ".join(f"{names[s]} {t}" for s, t in enumerate(result["totals"]))
        winners = _and([names[s] for s in result["winners"]])
        return (f"Game {event['round']} scored ({winners} won): penalty points {points}; "
                f"totals {totals}.")
    if kind == "match_over":
        line = describe_common(event, names, card_words)
        return line.replace(" won (", " won (lowest total; ", 1)
    return describe_common(event, names, card_words)
