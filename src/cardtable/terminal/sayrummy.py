"""The Say Rummy table in a terminal: cards as /sound/ with their spellings, words as sounds and
English words.

Everything is drawn from one seat's view (plain data: card codes, and for each word on the
table its cards, sounds and spellings), so the screen can only show what that seat may know.
The hint runs the word finder on the seat's own hand and the table.

Each card shows the ASCII name of its sound where the IPA symbol is hard to type (``/ɔ/ AO``),
since those names are accepted wherever a sound is typed. ``help`` lists a long group of moves
(a hand with wild cards can lay thousands of words) as its count and its best few, and pages the
rest on request: ``help words``, ``help extensions``, ``help all``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.rule import Rule
from rich.text import Text

from cardtable.games.sayrummy.finder import (
    Hand,
    extension_plays,
    find_extensions,
    find_words,
    word_plays,
)
from cardtable.games.sayrummy.game import SayRummyGame
from cardtable.games.sayrummy.sounds import (
    IPA,
    NCARDS,
    SOUNDS,
    WILD,
    WILD_SYMBOL,
    ascii_label,
    parse_card,
    parse_token,
    split_sounds,
    token_code,
)
from cardtable.terminal.render import View, plural

VOWEL_STYLE = "bold magenta"
CONSONANT_STYLE = "bold cyan"
WILD_STYLE = "bold yellow"
HINT_PLAYS = 5
HAND_WIDTH = 78
HELP_WHOLE = 40  # a group of moves this long or shorter is listed whole by ``help``
HELP_BEST = 8  # otherwise its best few, one way to lay each word
# help's topics: what to type after ``help``, and the group of moves it lists whole
HELP_TOPICS = {"words": "Words", "word": "Words", "extensions": "Extensions",
               "extension": "Extensions", "extend": "Extensions"}


def card_text(card: int) -> Text:
    """``/ɔ/ AO aw·au·o·al``: the sound, its ASCII name where that is not the symbol itself (it
    may be typed instead), and the spellings printed on the card."""
    if card == WILD:
        return Text(f"{WILD_SYMBOL} wild", style=WILD_STYLE)
    s = SOUNDS[card]
    out = Text(f"/{s.ipa}/", style=VOWEL_STYLE if s.vowel else CONSONANT_STYLE)
    name = ascii_label(card)
    if name:
        out.append(f" {name}", style="italic")
    out.append(" " + "·".join(s.spellings), style="dim")
    return out


def ascii_lines() -> list[tuple[str, str]]:
    """The ASCII names of the sounds, for help: (a heading, the names) in three rows."""
    named = [s for s in SOUNDS if ascii_label(s.id)]
    consonants = [f"{ascii_label(s.id)} {s.ipa}" for s in named if not s.vowel]
    vowels = [f"{ascii_label(s.id)} {s.ipa}" for s in named if s.vowel]
    half = (len(vowels) + 1) // 2
    return [
        ("ASCII sounds", "type these names instead of IPA, in any case: d AO g = d ɔ g"),
        ("", " · ".join(consonants)),
        ("", " · ".join(vowels[:half])),
        ("", " · ".join(vowels[half:])),
    ]


def _move_rank(item: str) -> tuple[int, int]:
    """How good a listed word or extension looks: longer first, then fewer wild cards."""
    cards = item.split("  ", 1)[0].split()
    return (-len(cards), sum(c.startswith(WILD_SYMBOL) for c in cards))


def _said(item: str) -> str:
    """A listed move without its wild cards' marks: the ways to lay one word share it."""
    return item.split("  ", 1)[0].replace(WILD_SYMBOL, "")


def _codes(zone: dict[str, Any] | None, key: str = "cards") -> list[int]:
    if not zone:
        return []
    return [parse_card(c) for c in zone.get(key, [])]


def _own_hand(view: View) -> list[int]:
    return sorted(_codes(view["zones"].get(f"hand:{view['seat']}")))


def _counts(cards: Sequence[int]) -> list[int]:
    counts = [0] * NCARDS
    for c in cards:
        counts[c] += 1
    return counts


def _discard_top(view: View) -> int | None:
    pile = _codes(view["zones"].get("discard"))
    return pile[-1] if pile else None


def _spelled(spellings: Sequence[str], most: int = 4) -> str:
    if not spellings:
        return "?"
    shown = ", ".join(f"“{w}”" for w in spellings[:most])
    return shown + (f" (+{len(spellings) - most})" if len(spellings) > most else "")


def word_line(index: int, info: dict[str, Any], labels: Sequence[str] | None = None) -> Text:
    """``[0] /d ɔ g/ “dog”`` with the cards when a wild card is among them."""
    line = Text(f"  [{index}] ")
    line.append(info["sounds"], style="bold")
    line.append(" " + _spelled(info["spellings"]))
    if any(c.startswith(WILD_SYMBOL) for c in info["cards"]):
        line.append("   cards: " + " ".join(info["cards"]), style="dim")
    if labels is not None:
        line.append(f"   by {labels[info['by']]}", style="dim")
    return line


class SayRummyRenderer:
    """Draws a Say Rummy table for one seat."""

    shortcuts: Sequence[tuple[str, str]] = (
        ("s", "draw stock"),
        ("d", "draw discard"),
        ("w SOUNDS", "word SOUNDS, e.g. w d ɔ g (a wild card as *ɔ)"),
        ("e N SOUNDS", "extend word N into SOUNDS, e.g. e 0 d ɔ g i"),
        ("x CARD", "discard CARD, e.g. x ɔ or x *"),
        ("help words", "every new word you can lay (help alone shows the best few)"),
        ("help extend", "every way to add to the words on the table"),
        ("help all", "every legal move"),
        *ascii_lines(),
    )

    def __init__(self, game: SayRummyGame) -> None:
        self.game = game

    # ---- the table --------------------------------------------------------------------------
    def table(self, view: View, labels: Sequence[str]) -> RenderableType:
        t = view["table"]
        parts: list[RenderableType] = [Rule(f"Game {t['game']} of {t['games']}", style="dim")]
        turn = "over" if view["over"] else f"{labels[t['current']]} to {t['phase']}"
        parts.append(Text(f"Dealer {labels[t['dealer']]} · {turn} · scoring: {t['scoring']}"))
        stock = view["zones"]["stock"]["count"]
        pile = view["zones"]["discard"]["count"]
        line = Text(f"Stock {stock} (ran out {t['stock_ran_out']}x) · discard pile {pile}")
        top = _discard_top(view)
        if top is not None:
            line.append(", top ")
            line.append_text(card_text(top))
        parts.append(line)
        for s, label in enumerate(labels):
            zone = view["zones"].get(f"hand:{s}", {})
            held = zone.get("count", 0)
            row = Text(f"  {label:<18} penalty {t['scores'][s]:>4} · {held} in hand")
            known = _codes(zone, "known")
            if known and s != view["seat"]:
                row.append(" (seen: " + " ".join(f"/{IPA[c]}/" if c != WILD else "*"
                                                  for c in known) + ")")
            parts.append(row)
        words = t["words"]
        parts.append(Text(f"Words on the table ({len(words)}):", "bold"))
        if not words:
            parts.append(Text("  none yet", style="dim"))
        parts.extend(word_line(i, info) for i, info in enumerate(words))
        if view["seat"] is not None:
            parts.append(self.hand(view))
        return Group(*parts)

    def hand(self, view: View) -> RenderableType:
        cards = _own_hand(view)
        title = Text(f"Your hand ({len(cards)} card{'s' if len(cards) != 1 else ''}):", "bold")
        lines: list[RenderableType] = [title]
        for kind, members in (
            ("vowels", [c for c in cards if c != WILD and SOUNDS[c].vowel]),
            ("consonants", [c for c in cards if c != WILD and not SOUNDS[c].vowel]),
            ("wild", [c for c in cards if c == WILD]),
        ):
            if members:
                row = Text(f"  {kind:<11}")
                for i, c in enumerate(members):
                    piece = card_text(c)
                    if i and len(row) + 3 + len(piece) > HAND_WIDTH:
                        lines.append(row)  # break between cards, never inside one
                        row = Text(" " * 13)
                    elif i:
                        row.append("   ")
                    row.append_text(piece)
                lines.append(row)
        return Group(*lines)

    def prompt(self, view: View) -> str:
        table = view["table"]
        if table["phase"] == "draw":
            return "draw stock or draw discard"
        laid = table.get("laid_this_turn")
        if laid == "word" and self.game.options["plays_per_turn"] == "one":
            return "discard"
        if laid == "additions" and self.game.options["plays_per_turn"] == "one":
            return "extend or discard"
        return "word, extend or discard"

    # ---- moves ------------------------------------------------------------------------------
    def _spell(self, tokens_text: str) -> str:
        lex = self.game.lexicon
        try:
            sounds = [parse_token(t) % 64 for t in split_sounds([tokens_text])]
        except ValueError:
            return ""
        return _spelled(lex.words_for(sounds))

    # ---- events -----------------------------------------------------------------------------
    def event(self, event: dict[str, Any], labels: Sequence[str]) -> RenderableType | None:
        """A game's score sheet, a banner for each new deal and a warning when the stock runs
        out; every other event is the game's one log line."""
        kind = event["kind"]
        if kind == "round_scored":
            return self.game_result(event["result"], labels)
        if kind == "dealt":
            return Text(self.game.log_line(event, labels), "bold")
        if kind in ("stock_rebuilt", "stock_exhausted"):
            return Text(self.game.log_line(event, labels), "yellow")
        return None

    def game_result(self, result: dict[str, Any], labels: Sequence[str]) -> RenderableType:
        names = " and ".join(labels[s] for s in result["winners"])
        head = f"Game {result['game']} over: {names} won"
        lines: list[RenderableType] = [Rule(style="dim"),
                                       Text(f"{head} ({result['reason']}).", "bold")]
        for s, label in enumerate(labels):
            lines.append(Text(
                f"  {label:<18} {plural(result['cards_left'][s], 'card')} left · "
                f"penalty {result['points'][s]:+d} · total {result['totals'][s]}",
                "bold" if s in result["winners"] else "",
            ))
        return Group(*lines)

    def final(self, view: View, labels: Sequence[str], winners: Sequence[int]) -> RenderableType:
        t = view["table"]
        lines: list[RenderableType] = [Rule("Match over (lowest penalty wins)", style="bold")]
        for s in sorted(range(len(labels)), key=lambda s: t["scores"][s]):
            mark = "  winner" if s in winners else ""
            lines.append(Text(f"  {labels[s]:<18} {t['scores'][s]:>5}{mark}"))
        return Group(*lines)

    # ---- help and hints ---------------------------------------------------------------------
    def action_groups(self, legal: Sequence[str]) -> list[tuple[str, list[str]]]:
        draws = [a for a in legal if a.startswith("draw")]
        discards = [a for a in legal if a.startswith("discard")]
        words = [f"{a}  {self._spell(a[5:])}" for a in legal if a.startswith("word ")]
        extends = [f"{a}  {self._spell(a.split(None, 2)[2])}" for a in legal
                   if a.startswith("extend ")]
        groups: list[tuple[str, list[str]]] = []
        for title, items in (("Draws", draws), ("Words", words), ("Extensions", extends),
                             ("Discards", discards)):
            if items:
                groups.append((title, items))
        return groups

    def help_groups(self, legal: Sequence[str], topic: str = "") -> list[tuple[str, list[str]]]:
        """The groups of :meth:`action_groups` as ``help`` shows them, titled with their size.

        Without a topic a long group (thousands of words when wild cards are in hand) shows
        its count, how many different words that makes, and its best few: the longest, each
        laid the way that uses the fewest wild cards. ``words`` or ``extensions`` lists that
        group whole, ``all`` every group.
        """
        topic = topic.strip().lower()
        wanted = HELP_TOPICS.get(topic)
        out: list[tuple[str, list[str]]] = []
        for title, items in self.action_groups(legal):
            if wanted is not None and title != wanted:
                continue
            if topic == "all" or wanted is not None or len(items) <= HELP_WHOLE:
                out.append((f"{title} ({len(items)})", items))
                continue
            best: dict[str, str] = {}
            for item in sorted(items, key=_move_rank):
                best.setdefault(_said(item), item)
            shown = list(best.values())[:HELP_BEST]
            out.append((
                f"{title}: {len(items)} moves making {len(best)} different words; the "
                f"{len(shown)} longest (help {title.lower()} lists them all)",
                shown,
            ))
        if wanted is not None and not out:
            out.append((f"{wanted} (0)", ["none now"]))
        return out

    def expand_shortcut(self, text: str) -> str:
        words = text.strip().split(None, 1)
        if not words:
            return text
        head = words[0].lower()
        rest = words[1] if len(words) > 1 else ""
        if head == "s" and not rest:
            return "draw stock"
        if head == "d" and not rest:
            return "draw discard"
        if head == "w":
            return f"word {rest}"
        if head == "e":
            return f"extend {rest}"
        if head == "x":
            return f"discard {rest}"
        return text

    def hint(self, view: View) -> str:
        lex = self.game.lexicon
        cards = _own_hand(view)
        words = view["table"]["words"]
        min_length = self.game.options["min_word_length"]
        if view["table"]["phase"] == "draw":
            top = _discard_top(view)
            now = self._best_lengths(cards, words, min_length)
            if top is not None:
                with_top = self._best_lengths([*cards, top], words, min_length)
                if with_top > now:
                    return (f"Take the discard top {card_text(top).plain}: with it you can lay "
                            f"{plural(with_top, 'card')} at once, against {now} now.")
            return "The discard top does not help your longest play: draw from the stock."
        hand = Hand(lex, _counts(cards))
        plays: list[tuple[int, str]] = []
        for pron in find_words(lex, hand, min_length):
            laid = word_plays(lex, pron, hand)[0]  # sound cards first, wild cards if needed
            plays.append((len(pron), "word " + " ".join(token_code(t) for t in laid) + " "
                          + _spelled(lex.spellings[pron], 2)))
        for i, info in enumerate(words):
            tokens = bytes(parse_token(c) for c in info["cards"])
            base = tokens.translate(lex.token_canon)
            for pron in find_extensions(lex, base, hand, min_length):
                laid = extension_plays(lex, tokens, base, pron, hand)[0]
                plays.append((len(pron) - len(base), f"extend {i} "
                              + " ".join(token_code(t) for t in laid) + " "
                              + _spelled(lex.spellings[pron], 2)))
        if not plays:
            return "No word or extension with these cards: choose a discard (keep vowels)."
        plays.sort(key=lambda p: -p[0])
        best = "; ".join(text for _n, text in plays[:HINT_PLAYS])
        return f"{len(plays)} plays found. Longest: {best}. (type help for the exact moves)"

    def _best_lengths(self, cards: Sequence[int], words: Sequence[dict[str, Any]],
                      min_length: int) -> int:
        lex = self.game.lexicon
        hand = Hand(lex, _counts(cards))
        best = max((len(p) for p in find_words(lex, hand, min_length)), default=0)
        for info in words:
            base = bytes(lex.canon[parse_token(c) % 64] for c in info["cards"])
            for pron in find_extensions(lex, base, hand, min_length):
                best = max(best, len(pron) - len(base))
        return best
