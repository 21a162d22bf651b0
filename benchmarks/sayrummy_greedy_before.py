"""The greedy Say Rummy bot as it was before the speed pass of issue 16 (commit 53f3769),
frozen here for ``sayrummy_bots.py --versus-before``: the new bot must make the same choices
faster, and win as often. Registers nothing; only the class is kept.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from cardtable.bots import Decision, Needs
from cardtable.engine.game import Action, Game
from cardtable.games.sayrummy.actions import Discard, DrawDiscard, DrawStock, Extend, Word
from cardtable.games.sayrummy.finder import Hand, find_extensions, find_words
from cardtable.games.sayrummy.game import SayRummyGame
from cardtable.games.sayrummy.sounds import (
    NCARDS,
    VOWELS,
    WILD,
    WILD_TOKEN,
    parse_card,
    parse_token,
)


def _counts(codes: Sequence[str]) -> list[int]:
    counts = [0] * NCARDS
    for text in codes:
        counts[parse_card(text)] += 1
    return counts


class GreedySayBotBefore:
    """Lays the longest play it can; reads only its seat's view and the legal actions."""

    needs: ClassVar[Needs] = "view"

    name = "greedy-before"

    def __init__(self, game: Game, seed: int = 0) -> None:
        assert isinstance(game, SayRummyGame)
        self.game = game
        self.seed = seed

    def choose(self, decision: Decision) -> Action:
        legal = decision.legal
        if len(legal) == 1:
            return legal[0]
        view = decision.view()
        hand = _counts(view["zones"][f"hand:{decision.seat}"]["cards"])
        if view["table"]["phase"] == "draw":
            return self._draw(view, hand, legal)
        return self._play(view, hand, legal)

    # ---- drawing ---------------------------------------------------------------------------
    def _longest(self, counts: list[int], words: Sequence[dict[str, Any]]) -> int:
        """The most cards one play could lay from a hand with these counts."""
        lex = self.game.lexicon
        min_length = self.game.options["min_word_length"]
        hand = Hand(lex, counts)
        best = max((len(p) for p in find_words(lex, hand, min_length)), default=0)
        for info in words:
            base = bytes(lex.canon[parse_token(c) % WILD_TOKEN] for c in info["cards"])
            for pron in find_extensions(lex, base, hand, min_length):
                best = max(best, len(pron) - len(base))
        return best

    def _draw(self, view: dict[str, Any], hand: list[int], legal: Sequence[Action]) -> Action:
        stock = next((a for a in legal if isinstance(a, DrawStock)), None)
        take = next((a for a in legal if isinstance(a, DrawDiscard)), None)
        pile = view["zones"]["discard"].get("cards", [])
        if take is None or not pile:
            assert stock is not None
            return stock
        if stock is None:
            return take
        top = parse_card(pile[-1])
        words = view["table"]["words"]
        now = self._longest(hand, words)
        hand[top] += 1
        later = self._longest(hand, words)
        hand[top] -= 1
        return take if later > now else stock

    # ---- laying and discarding -------------------------------------------------------------
    def _play(self, view: dict[str, Any], hand: list[int], legal: Sequence[Action]) -> Action:
        values = self.game.card_values
        words = view["table"]["words"]
        best: tuple[int, int, int] | None = None
        choice: Action | None = None
        for action in legal:
            if isinstance(action, Word):
                tokens: bytes = action.tokens
                base_cards: list[str] = []
            elif isinstance(action, Extend):
                tokens = action.tokens
                base_cards = words[action.index]["cards"]
            else:
                continue
            wilds = sum(1 for t in tokens if t >= WILD_TOKEN) - sum(
                1 for c in base_cards if c.startswith("*")
            )
            added = len(tokens) - len(base_cards)
            shed = sum(values[WILD if t >= WILD_TOKEN else t] for t in tokens) - sum(
                values[WILD if c.startswith("*") else parse_card(c)] for c in base_cards
            )
            key = (added, shed, -wilds)
            if best is None or key > best:
                best, choice = key, action
        if choice is not None:
            return choice
        return self._discard(hand, legal)

    def _discard(self, hand: list[int], legal: Sequence[Action]) -> Action:
        values = self.game.card_values
        vowels = sum(hand[c] for c in VOWELS)
        consonants = sum(hand[:WILD]) - vowels
        best_score = -1e9
        choice: Action = legal[-1]
        for action in legal:
            if not isinstance(action, Discard):
                continue
            c = action.card
            score = float(values[c])
            if c == WILD:
                score -= 100
            if hand[c] > 1:
                score += 2
            if c in VOWELS and vowels * 2 > consonants:
                score += 1.5
            if c not in VOWELS and c != WILD and consonants > 2 * vowels:
                score += 1.5
            if score > best_score:
                best_score, choice = score, action
        return choice
