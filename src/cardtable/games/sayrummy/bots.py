"""The greedy Say Rummy player: it lays the longest word or extension it can, every time.

It sees only its seat's view and the legal actions. Each choice:

- draw: take the discard top when, with it, the hand could lay more cards in one play than it
  can now (the word finder runs on the hand and the table's words); otherwise the stock;
- play: among the legal words and extensions, the one adding the most cards from the hand
  (ties: the one shedding the most penalty points, then the one using fewer wild cards), as
  long as there is one; emptying the hand wins at once;
- discard: never a wild card if another will do; otherwise the card worth most penalty points,
  preferring a sound held twice and keeping about two consonants per vowel.

Every choice is a deterministic function of the view; the seed is accepted for the common bot
signature.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from typing import Any, ClassVar

from cardtable.bots import WEIGHED, Decision, Needs, kept_with, register_bot
from cardtable.engine.game import Action, Game
from cardtable.games.sayrummy.actions import Discard, DrawDiscard, DrawStock, Extend, Word
from cardtable.games.sayrummy.finder import Hand, find_extensions, find_words
from cardtable.games.sayrummy.game import SayRummyGame
from cardtable.games.sayrummy.sounds import (
    NCARDS,
    VOWELS,
    WILD,
    WILD_TOKEN,
    code,
    parse_card,
    parse_token,
)

_TOKEN_TABLES: dict[tuple[int, ...], tuple[bytes, bytes]] = {}


def _token_tables(values: tuple[int, ...]) -> tuple[bytes, bytes]:
    """Translation tables over laid tokens: each token's penalty points (a wild card's whatever
    sound it says), and 1 for a wild card, 0 otherwise."""
    found = _TOKEN_TABLES.get(values)
    if found is None:
        points = bytes(
            values[WILD] if WILD_TOKEN <= t < WILD_TOKEN + WILD else values[t] if t < WILD else 0
            for t in range(256)
        )
        wild = bytes(1 if WILD_TOKEN <= t < WILD_TOKEN + WILD else 0 for t in range(256))
        found = _TOKEN_TABLES[values] = (points, wild)
    return found


def _laid(cards: Sequence[str], points: bytes, wild: bytes) -> tuple[int, int, int]:
    """A table word's size, penalty points and wild cards, from its cards as the view writes
    them."""
    tokens = bytes(map(parse_token, cards))
    return len(tokens), sum(tokens.translate(points)), sum(tokens.translate(wild))


def _counts(codes: Sequence[str]) -> list[int]:
    counts = [0] * NCARDS
    for text in codes:
        counts[parse_card(text)] += 1
    return counts


class GreedySayBot:
    """Lays the longest play it can; reads only its seat's view and the legal actions."""

    needs: ClassVar[Needs] = "view"
    blind_to_the_end: ClassVar[bool] = True  # plays the same whenever the match is to end

    name = "greedy"

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
        return self._lay(view, decision.seat, hand, legal)

    def _lay(self, view: dict[str, Any], seat: int, hand: list[int],
             legal: Sequence[Action]) -> Action:
        """A move after the draw: a word, an extension or the discard."""
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
        best: tuple[int, int, int] | None = None
        choice: Action | None = None
        for key, action in self._rated_plays(view["table"]["words"], legal):
            if best is None or key > best:
                best, choice = key, action
        if choice is not None:
            return choice
        return self._discard(hand, legal)

    def _rated_plays(self, words: Sequence[dict[str, Any]], legal: Sequence[Action]
                     ) -> Iterator[tuple[tuple[int, int, int], Word | Extend]]:
        """Each legal word or extension with how gladly greedy lays it: cards added from the
        hand, then penalty points shed, then fewer wild cards spent."""
        # A hand with wild cards has thousands of legal plays: each is rated by translating
        # its tokens (points, wild cards) rather than card by card, and each table word's
        # cards are read once, not once per play extending it.
        points, wild = _token_tables(self.game.card_values)
        bases = [_laid(info["cards"], points, wild) for info in words]
        for action in legal:
            if isinstance(action, Word):
                tokens: bytes = action.tokens
                yield (len(tokens), sum(tokens.translate(points)),
                       -sum(tokens.translate(wild))), action
            elif isinstance(action, Extend):
                tokens = action.tokens
                size, shed, wilds = bases[action.index]
                yield (len(tokens) - size, sum(tokens.translate(points)) - shed,
                       wilds - sum(tokens.translate(wild))), action

    def ranked_plays(self, words: Sequence[dict[str, Any]],
                     legal: Sequence[Action]) -> list[Word | Extend]:
        """The legal plays, greedy's favourite first (ties in the order given)."""
        rated = sorted(self._rated_plays(words, legal), key=lambda r: r[0], reverse=True)
        return [action for _key, action in rated]

    def _discard(self, hand: list[int], legal: Sequence[Action]) -> Action:
        best_score = -1e9
        choice: Action = legal[-1]
        for action, score in self.discard_scores(hand, legal):
            if score > best_score:
                best_score, choice = score, action
        return choice

    def discard_scores(self, hand: list[int],
                       legal: Sequence[Action]) -> list[tuple[Discard, float]]:
        """How gladly each legal discard is let go (higher: sooner), in the order given: its
        penalty points, never a wild card, a sound held twice sooner, and the letter kind the
        hand has too many of (about two consonants per vowel is kept)."""
        values = self.game.card_values
        vowels = sum(hand[c] for c in VOWELS)
        consonants = sum(hand[:WILD]) - vowels
        out: list[tuple[Discard, float]] = []
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
            out.append((action, score))
        return out


class LookaheadSayBot(GreedySayBot):
    """Plays for its next turn as well as this one: of the longest plays, and of the discards,
    it takes the one leaving the hand that should shed most cards after the next draw.

    Say Rummy is a race to an empty hand, one play a turn. Greedy lays the longest play and then
    throws away its dearest card, so it often keeps letters that make no word together. This bot
    counts, for each of the greedy bot's best plays (and then each discard), the cards the hand
    left would hold after the next turn, over every card the next draw could bring (weighed by
    how many of it are unseen); it draws as greedy does.
    Against greedy players it won 0.69 of heads-up whole matches, 0.47 at three and 0.32 at
    four (a seat's share: 0.50, 0.33, 0.25), and 0.44 of first rounds at three: see
    docs/benchmarks.md. Every choice is a deterministic function of the view.
    """

    name = "lookahead"
    hands_weighed = 40  # the different hands left by greedy's best plays that are weighed
    # Someone else may go out before the next turn, and a play that keeps cards for it is then
    # paid for in cards held, which is what a match is scored on: each card still held after
    # this turn costs this much of a card expected after the next. 0.3 first (at three the
    # same rounds won and 0.23 fewer cards held a round; heads-up 4 points more of whole
    # matches than none); then 1.0, a card held now as dear as one expected later: paired with
    # 0.3 over whole matches, +0.015 +- 0.006 at three on fresh deals (1,200 matches), +0.020
    # +- 0.008 at four, level heads-up (+0.002 +- 0.008), though 0.009 fewer first rounds won
    # at three (docs/benchmarks.md, 2026-11-29, evening).
    held_weight = 1.0

    def _lay(self, view: dict[str, Any], seat: int, hand: list[int],
             legal: Sequence[Action]) -> Action:
        return _Lookahead(self, view, seat).play(hand, legal)


class _Lookahead:
    """One decision's look at the next turn: the unseen cards and a memo of the longest play
    of every hand weighed (many plays and discards leave the same cards)."""

    def __init__(self, bot: LookaheadSayBot, view: dict[str, Any], seat: int) -> None:
        self.bot = bot
        self.words: list[dict[str, Any]] = view["table"]["words"]
        unseen = list(bot.game.deck_counts)
        zones = view["zones"]
        held: list[str] = list(zones["discard"].get("cards", []))
        for name, zone in zones.items():
            if name.startswith("hand:"):
                held += zone.get("cards", zone.get("known", []))
        for text in held:
            unseen[parse_card(text)] -= 1
        for info in self.words:
            for text in info["cards"]:
                token = parse_token(text)
                unseen[WILD if token >= WILD_TOKEN else token] -= 1
        self.unseen = [(card, n) for card, n in enumerate(unseen) if n > 0]
        self.total = sum(n for _c, n in self.unseen)
        self.memo: dict[bytes, int] = {}

    def longest(self, hand: list[int]) -> int:
        key = bytes(hand)
        found = self.memo.get(key)
        if found is None:
            found = self.memo[key] = self.bot._longest(hand, self.words)
        return found

    def after_draw(self, hand: list[int]) -> float:
        """The longest play the hand could make after the next draw, on average over the
        unseen cards. (Counting the draws that would let it go out as well changed nothing
        measurable.)"""
        if not self.total:
            return float(self.longest(hand))
        mean = 0.0
        for card, n in self.unseen:
            hand[card] += 1
            mean += n * self.longest(hand)
            hand[card] -= 1
        return mean / self.total

    def left_after_next_turn(self, hand: list[int]) -> float:
        """The fewest cards the hand is expected to hold after its discard now and its next
        turn's longest play (less one for the discard then)."""
        size = sum(hand)
        if size <= 1:
            return -1.0  # the discard now empties it
        best = math.inf
        for card in range(NCARDS):
            if hand[card]:
                hand[card] -= 1
                mean = self.after_draw(hand)
                hand[card] += 1
                best = min(best, size - 1 - mean)
        return best

    def play(self, hand: list[int], legal: Sequence[Action]) -> Action:
        bot = self.bot
        ranked = bot.ranked_plays(self.words, legal)
        best = math.inf
        choice: Action | None = None
        weighed: set[bytes] = set()
        held = bot.held_weight
        for action in ranked:
            left = [have - used for have, used in zip(hand, self.cards_used(action), strict=True)]
            if not any(left):
                return action  # laying it empties the hand: the game is won at once
            key = bytes(left)
            if key in weighed:
                continue  # the same cards left (a wild card saying another sound): no better
            if len(weighed) == bot.hands_weighed:
                break
            weighed.add(key)
            cost = self.left_after_next_turn(left) + held * (sum(left) - 1)
            if cost < best - 1e-9:
                best, choice = cost, action
        if choice is not None:
            return choice
        return self.discard(hand, legal)

    def cards_used(self, action: Word | Extend) -> list[int]:
        used = [0] * NCARDS
        for token in action.tokens:
            used[WILD if token >= WILD_TOKEN else token] += 1
        if isinstance(action, Extend):
            for text in self.words[action.index]["cards"]:
                token = parse_token(text)
                used[WILD if token >= WILD_TOKEN else token] -= 1
        return used

    def discard(self, hand: list[int], legal: Sequence[Action]) -> Action:
        """The discard leaving the longest play now, then the most after the next draw, then
        the greedy bot's choice."""
        best: tuple[float, ...] | None = None
        choice: Action = legal[-1]
        for action, score in self.bot.discard_scores(hand, legal):
            hand[action.card] -= 1
            key = (float(self.longest(hand)), self.after_draw(hand), score)
            hand[action.card] += 1
            if best is None or key > best:
                best, choice = key, action
        return choice


def _factory(game: Game, seed: int) -> GreedySayBot:
    return GreedySayBot(game, seed)


def _lookahead(game: Game, seed: int) -> LookaheadSayBot:
    return LookaheadSayBot(game, seed)


register_bot("greedy", "say-rummy", _factory, about="plays its longest word at once")
register_bot("lookahead", "say-rummy", _lookahead,
             about="plays and discards to shed the most on its next turn")


# ---- knowledge for the search (cardtable.bots.ismcts) ------------------------------------------
def shortlist(decision: Decision, baseline: Action) -> list[Action]:
    """The root moves worth searching: the draws alone. When laying or discarding, the lookahead
    bot's move stands unsearched: the play-outs are greedy's, and greedy's later turns cannot
    use the cards the lookahead bot keeps for them, so searching its plays and discards chose
    greedy's longer words over its keeps and lost rounds to the lookahead bot alone (-0.025
    +- 0.014 of 400 heads-up rounds, -0.016 +- 0.011 of 365 at three; searching the draws alone,
    +0.00 +- 0.01: docs/benchmarks.md)."""
    if decision.view()["table"]["phase"] == "draw":
        return list(decision.legal)
    return []


def explain(decision: Decision, action: Action) -> str | None:
    """Why a play helps, in the greedy bot's terms: the cards it sheds and their points, the
    wild cards it spends, and in the lookahead bot's, the cards the hand is expected to hold
    after the next turn; for a discard, what the card is worth against you and how long a play
    the cards kept make; for a draw, what the pile's top card does for the longest play (a
    hint's reasons)."""
    view = decision.view()
    bot: GreedySayBot = kept_with(decision.game, GreedySayBot)
    values = bot.game.card_values
    hand = view["zones"][f"hand:{decision.seat}"]["cards"]
    if isinstance(action, Word | Extend):
        # An extension may put its new cards anywhere in the word: count the whole new word
        # less the word on the table.
        old: list[int] = []
        if isinstance(action, Extend):
            old = [parse_token(t) for t in view["table"]["words"][action.index]["cards"]]

        def points_of(tokens: Sequence[int]) -> int:
            return sum(values[WILD if t >= WILD_TOKEN else t] for t in tokens)

        added = len(action.tokens) - len(old)
        shed = points_of(action.tokens) - points_of(old)
        wilds = sum(1 for t in action.tokens if t >= WILD_TOKEN) - sum(
            1 for t in old if t >= WILD_TOKEN
        )
        cards = _count(added, "card")
        if shed != added:
            cards += f" ({_count(shed, 'point')})"
        spent = f", {wilds} of them wild" if wilds else ""
        left = len(hand) - added
        if left == 0:
            return f"it sheds {cards}{spent}; it empties your hand"
        ahead = _Lookahead(kept_with(decision.game, LookaheadSayBot), view, decision.seat)
        counts = [have - used for have, used in
                  zip(_counts(hand), ahead.cards_used(action), strict=True)]
        expected = ahead.left_after_next_turn(counts) + 1  # before that turn's discard
        return (f"it sheds {cards}{spent}; {_count(left, 'card')} left in hand, about "
                f"{max(expected, 0.0):.1f} after your discard, next draw and longest play")
    if isinstance(action, Discard):
        worth = values[action.card]
        ahead = _Lookahead(kept_with(decision.game, LookaheadSayBot), view, decision.seat)
        counts = _counts(hand)
        counts[action.card] -= 1
        return (f"the {code(action.card)} would count {_count(worth, 'point')} against you if "
                f"still held when the game ends; the cards you keep hold a play of "
                f"{_count(ahead.longest(counts), 'card')} for your next turn, about "
                f"{ahead.after_draw(counts):.1f} once you have drawn")
    if isinstance(action, DrawDiscard | DrawStock):
        return _draw_words(bot, view, hand, isinstance(action, DrawDiscard))
    return None


def _draw_words(bot: GreedySayBot, view: dict[str, Any], hand: Sequence[str],
                taking: bool) -> str | None:
    """What the discard pile's top card does for the longest play the hand could make, the
    greedy player's measure; a fact that speaks against the draw advised is followed by a word
    on the search's figures, which are why it is advised all the same."""
    pile = view["zones"]["discard"].get("cards", [])
    if not pile:
        return None
    top = parse_card(pile[-1])
    counts = _counts(hand)
    words = view["table"]["words"]
    now = bot._longest(counts, words)
    counts[top] += 1
    later = bot._longest(counts, words)
    card = code(top)
    if later > now:
        grows = (f"with the {card} your longest play grows from {_count(now, 'card')} to {later}"
                 if now else f"with the {card} you could lay {_count(later, 'card')} at once")
        return grows if taking else f"{grows}; {WEIGHED}"
    stays = f"the {card} does not lengthen your longest play ({_count(now, 'card')})"
    return f"{stays}; {WEIGHED}" if taking else f"{stays}; an unseen card from the stock might"


def _count(n: int, thing: str) -> str:
    return f"{n} {thing}{'' if n == 1 else 's'}"


def _register_knowledge() -> None:
    from cardtable.bots.ismcts import Knowledge, register_knowledge

    # The lookahead bot leads (its move stands unless a challenger clearly beats it) but is
    # too slow to play out: the play-outs are greedy's.
    register_knowledge("say-rummy", Knowledge(rollout="greedy", advisor="lookahead", margin=2.0,
                                              candidates=shortlist, max_candidates=5,
                                              explain=explain))


_register_knowledge()

__all__ = ["GreedySayBot"]
