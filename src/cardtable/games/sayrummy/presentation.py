"""Say Rummy told to a person: sound cards with their spellings, words on the table as sounds
and English words, from the rules and the options in force.

Front ends draw what this module says and know nothing of sounds: which English words a row of
cards says, how a wild card is written, which table word a move grows (numbered from 1, as
people count; the notation keeps its own 0-based index), what a card left in hand costs.
Everything is read from a seat's view and its legal moves (and the game's dictionary), never
from the state, so nothing here can name a card the seat may not see.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from cardtable.engine.game import Action, Game
from cardtable.engine.presentation import (
    Board,
    Face,
    Meld,
    Move,
    Pile,
    Presentation,
    Result,
    SeatLine,
    View,
    counted,
    discard_top,
    draw_prompt,
    in_words,
    seat_word,
)
from cardtable.games.sayrummy.actions import Discard, DrawDiscard, DrawStock, Extend, Word
from cardtable.games.sayrummy.events import card_words, spelled
from cardtable.games.sayrummy.lexicon import SCHWA, STRUT
from cardtable.games.sayrummy.sounds import (
    IPA,
    NSOUNDS,
    SOUNDS,
    WILD,
    WILD_SYMBOL,
    WILD_TOKEN,
    ascii_label,
    code,
    token_code,
)

if TYPE_CHECKING:
    from cardtable.games.sayrummy.game import SayRummyGame

WILD_MARK = "★"
GROUPS = {"draw": "Draws", "take": "Draws", "word": "Words", "extend": "Extensions",
          "discard": "Discards"}
"""The heading the terminal's help lists each kind of move under."""
SCORING_WORDS = {
    "cards": "1 penalty point for each card left in hand",
    "graphemes": "penalty points for each card left in hand: as many as the spellings on it",
    "vowels": "penalty points for each card left in hand: 1 for a vowel, 2 for a consonant",
}
GROUP_ORDER = {"vowel": 0, "consonant": 1}


def sound_name(card: str) -> str:
    """A card or a laid card as sentences name it: ``/ɔ/``, ``a wild card``, ``a wild card
    as /ɔ/``."""
    if card == WILD_SYMBOL:
        return "a wild card"
    if card.startswith(WILD_SYMBOL):
        return f"a wild card as /{card[len(WILD_SYMBOL):]}/"
    return f"/{card}/"


def _shown(spellings: Sequence[str]) -> list[str]:
    return ["I" if w == "i" else w for w in spellings]


_TOKENS = range(256)
_VALID = {*range(NSOUNDS), *range(WILD_TOKEN, WILD_TOKEN + NSOUNDS)}
_TOKEN_TEXT = tuple(token_code(t) if t in _VALID else "?" for t in _TOKENS)
"""Per token byte: the laid card as the notation writes it (``ɔ``, ``*ɔ``)."""
_SOUND_TEXT = tuple(IPA[t % WILD_TOKEN] if t in _VALID else "?" for t in _TOKENS)
"""Per token byte: the sound it says."""
_HAND_TEXT = tuple(WILD_SYMBOL if t >= WILD_TOKEN else IPA[t] if t in _VALID else "?"
                   for t in _TOKENS)
"""Per token byte: the card of the hand it is (a wild card is ``*`` in a hand)."""
LAST_CARDS = ": your last cards, and you win the game"


def _rank(tokens: bytes) -> int:
    """Longer words first, then those spending fewer wild cards (as help lists them)."""
    return 16 * len(tokens) - sum(t >= WILD_TOKEN for t in tokens)


def _sounds(tokens: bytes) -> str:
    return "/" + " ".join(map(_SOUND_TEXT.__getitem__, tokens)) + "/"


def _wilds(tokens: Sequence[str]) -> str:
    declared = [f"/{t[len(WILD_SYMBOL):]}/" for t in tokens if t.startswith(WILD_SYMBOL)]
    if not declared:
        return ""
    if len(declared) == 1:
        return f", a wild card as {declared[0]}"
    return f", wild cards as {in_words(declared)}"


def added_places(base: Sequence[str], tokens: Sequence[str]) -> list[int]:
    """Where the cards added to ``base`` lie in ``tokens`` (which holds ``base`` in order): the
    old cards matched as early as they can be, as the game's own event says."""
    at: list[int] = []
    j = 0
    for i, t in enumerate(tokens):
        if j < len(base) and base[j] == t:
            j += 1
        else:
            at.append(i)
    return at


def _hand_card(token: str) -> str:
    """The card of the hand a laid card is: the sound card itself, or the wild card."""
    return WILD_SYMBOL if token.startswith(WILD_SYMBOL) else token


class SayRummyPresentation(Presentation):
    """Say Rummy's cards, board, moves and results in the players' words."""

    round_word = "game"
    totals_title = "Penalty points"
    totals_unit = ""
    round_mark = "won the game"  # the score sheet's *

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.rules: SayRummyGame = game  # type: ignore[assignment]

    # ---- cards ------------------------------------------------------------------------------
    def faces(self) -> dict[str, Face]:
        """The forty sounds and the wild card, and the wild card as each sound (``*ɔ``), as it
        lies in a word on the table. The option ``card_face`` says what a card leads with: the
        spellings a child reads (large, the sound's symbol small in the corner, an example
        word under them) or the sound's symbol (large, the spellings under it)."""
        out: dict[str, Face] = {}
        spellings_first = self.game.options.get("card_face", "spellings") == "spellings"
        # A hand arranged by spelling reads like a dictionary's letters: by each sound's
        # commonest spelling, the wild cards last.
        by_spelling = {s.id: i for i, s in enumerate(
            sorted(SOUNDS, key=lambda s: (s.spellings[0] if s.spellings else "~", s.id)))}

        def sorts(sound: int, spelling: int) -> dict[str, int]:
            # The first order is the hand's usual one: spellings first, by spelling.
            return ({"spelling": spelling, "sound": sound} if spellings_first
                    else {"sound": sound, "spelling": spelling})

        for s in sorted(SOUNDS, key=lambda s: (GROUP_ORDER[s.kind], s.id)):
            typed = ascii_label(s.id)
            written = " · ".join(s.spellings)
            face: Face = {
                "order": GROUP_ORDER[s.kind] * NSOUNDS + s.id,
                "group": "Vowels" if s.vowel else "Consonants",
                "label": f"/{s.ipa}/ as in {s.example}, spelled {', '.join(s.spellings)}",
                "name": f"/{s.ipa}/",
                "corner": s.ipa,
                "mark": typed,
                "tone": s.kind,
                "lines": ([{"text": written, "size": "large"},
                           {"text": f"as in {s.example}", "size": "medium"}]
                          if spellings_first else
                          [{"text": f"/{s.ipa}/", "size": "large"},
                           {"text": written, "size": "medium"},
                           {"text": s.example, "size": "small"}]),
                "badges": ([{"text": typed, "title": f"type {typed} for /{s.ipa}/"}]
                           if typed else []),
                "speak": s.example,
                "sound": s.ipa,
                "sort": sorts(GROUP_ORDER[s.kind] * NSOUNDS + s.id, by_spelling[s.id]),
                "data": {"ipa": s.ipa, "kind": s.kind, "spellings": list(s.spellings),
                         "example": s.example, "ascii": s.ascii, "arpabet": s.arpabet},
            }
            if spellings_first:
                face["lead"] = written
            out[s.ipa] = face
        wild_order = 2 * NSOUNDS
        out[WILD_SYMBOL] = {
            "order": wild_order, "group": "Wild cards", "label": "wild card: any sound you declare",
            "name": "wild card", "corner": WILD_MARK, "mark": "", "tone": "wild",
            "lines": [{"text": WILD_MARK, "size": "large"},
                      {"text": "wild: any sound", "size": "small"}],
            "badges": [], "speak": "wild card",
            "sort": sorts(wild_order, wild_order),
            "data": {"kind": "wild", "spellings": [], "example": ""},
        }
        for s in SOUNDS:
            token = WILD_SYMBOL + s.ipa
            written = " · ".join(s.spellings)
            wild: Face = {
                "order": wild_order + 1 + s.id, "group": "Wild cards",
                "label": f"wild card as /{s.ipa}/ (as in {s.example})",
                "name": f"wild card as /{s.ipa}/", "corner": WILD_MARK, "mark": s.ipa,
                "tone": "wild",
                "lines": ([{"text": written, "size": "large"},
                           {"text": f"wild as in {s.example}", "size": "medium"}]
                          if spellings_first else
                          [{"text": f"{WILD_MARK} /{s.ipa}/", "size": "large"},
                           {"text": written, "size": "medium"},
                           {"text": "wild", "size": "small"}]),
                "badges": [], "speak": s.example, "sound": s.ipa,
                "sort": sorts(wild_order + 1 + s.id, wild_order + 1 + s.id),
                "data": {"kind": "wild", "as": s.ipa, "spellings": list(s.spellings),
                         "example": s.example},
            }
            if spellings_first:
                wild["lead"] = written
            out[token] = wild
        return out

    # ---- moves ------------------------------------------------------------------------------
    def moves(self, view: View, legal: Sequence[Action], names: Sequence[str]) -> list[Move]:
        # A hand with wild cards can lay thousands of words: what every move's words need
        # from the view is read once, and each word costs a few table look-ups.
        held = _hand_count(view)
        return [self._word(action, held) if type(action) is Word
                else self.move(view, action, names) for action in legal]

    def move(self, view: View, action: Action, names: Sequence[str]) -> Move:
        if isinstance(action, Word):
            return self._word(action, _hand_count(view))
        if isinstance(action, DrawStock):
            return _made("draw stock", "draw", [], "stock", "Draw from the stock", "s")
        if isinstance(action, DrawDiscard):
            top = discard_top(view)
            what = f"Take {sound_name(top)}" if top else "Take the top discard"
            return _made("draw discard", "take", [], "discard",
                         f"{what} from the discard pile (it cannot go back this turn)", "d")
        if isinstance(action, Extend):
            return self._extension(view, action)
        if isinstance(action, Discard):
            card = code(action.card)
            label = f"Discard {sound_name(card)}"
            if _hand_count(view) == 1:
                label += ": your last card, and you win the game"
            return _made(f"discard {card}", "discard", [card], "discard", label, f"x {card}")
        return super().move(view, action, names)

    def _word(self, action: Word, held: int | None) -> Move:
        laid = action.tokens
        tokens = list(map(_TOKEN_TEXT.__getitem__, laid))
        written = " ".join(tokens)
        said = f"{_sounds(laid)} {self._spelled(laid)}"
        label = "Lay " + said
        if max(laid) >= WILD_TOKEN:
            label += _wilds(tokens)
        if held == len(laid):
            label += LAST_CARDS
        return {"move": "word " + written, "kind": "word",
                "cards": list(map(_HAND_TEXT.__getitem__, laid)), "target": None,
                "label": label, "key": "w " + written, "ordered": True, "group": "Words",
                "note": said, "rank": _rank(laid)}

    def _spelled(self, tokens: bytes) -> str:
        lex = self.rules.lexicon
        found: tuple[str, ...] = lex.spellings.get(tokens.translate(lex.token_canon), ())
        return spelled(_shown(found))

    def _extension(self, view: View, action: Extend) -> Move:
        tokens = list(map(_TOKEN_TEXT.__getitem__, action.tokens))
        words: Sequence[Mapping[str, Any]] = view["table"]["words"]
        index = action.index
        base: list[str] = list(words[index]["cards"]) if 0 <= index < len(words) else []
        at = added_places(base, tokens)
        added = [tokens[i] for i in at]
        was = (f"word {index + 1}, {words[index]['sounds']} "
               f"{spelled(_shown(words[index]['spellings']))}," if base else f"word {index + 1}")
        said = f"{_sounds(action.tokens)} {self._spelled(action.tokens)}"
        label = f"Make {was} into {said} by adding {self._placed(tokens, at)}{_wilds(added)}"
        if _hand_count(view) == len(added):
            label += LAST_CARDS
        written = f"{index} " + " ".join(tokens)
        return {"move": "extend " + written, "kind": "extend",
                "cards": [_hand_card(t) for t in added], "target": f"word:{index}",
                # The key counts words from 1, as the board and the labels do; the notation
                # keeps its index from 0 (records and scripts rely on it).
                "label": label, "key": f"e {index + 1} " + " ".join(tokens), "ordered": True,
                "group": "Extensions",
                "note": f"word {index + 1}: {said}", "rank": _rank(action.tokens)}

    @staticmethod
    def _placed(tokens: Sequence[str], at: Sequence[int]) -> str:
        """Where the added cards go: in front, inside, at the end of the old word."""
        added = set(at)
        kept = [i for i in range(len(tokens)) if i not in added]
        first, last = (kept[0], kept[-1]) if kept else (len(tokens), -1)
        groups: dict[str, list[str]] = {"in front": [], "inside": [], "at the end": []}
        for i in at:
            where = "in front" if i < first else "at the end" if i > last else "inside"
            groups[where].append(f"/{tokens[i].removeprefix(WILD_SYMBOL)}/")
        return in_words([f"{' '.join(cards)} {where}" for where, cards in groups.items()
                         if cards])

    # ---- the board --------------------------------------------------------------------------
    def board(self, view: View, moves: Sequence[Move], names: Sequence[str]) -> Board:
        table: Mapping[str, Any] = view["table"]
        zones: Mapping[str, Any] = view["zones"]
        seat = view.get("seat")
        discard = list(zones["discard"].get("cards") or [])
        ran_out = int(table["stock_ran_out"])
        piles: list[Pile] = [
            {"id": "stock", "title": "Stock" + (" (rebuilt once: next time the game ends)"
                                                 if ran_out == 1 else ""),
             "count": int(zones["stock"]["count"]), "top": None, "cards": [],
             "face_up": False},
            {"id": "discard", "title": "Discard pile", "count": len(discard),
             "top": discard[-1] if discard else None, "cards": discard, "face_up": True},
        ]
        seats: list[SeatLine] = []
        for s in range(self.game.players):
            hand = zones[f"hand:{s}"]
            count = int(hand["count"])
            lines = [counted(count, "card"),
                     f"penalty total {table['scores'][s]}"]
            if s == table["dealer"]:
                lines.append("dealer")
            known = list(hand.get("known") or [])
            if known and s != seat:
                lines.append(f"seen taking {in_words([card_words(c) for c in known])}")
            seats.append({"seat": s, "cards": count, "lines": lines, "out": count == 0})
        melds: list[Meld] = []
        for i, info in enumerate(table["words"]):
            shown = _shown(info["spellings"])
            melds.append({"id": f"word:{i}",
                          "title": f"word {i + 1} · {seat_word(names, info['by'])}",
                          "cards": list(info["cards"]),
                          "note": f"{info['sounds']} {spelled(shown)}",
                          "speak": shown[0] if shown else ""})
        hand_cards = (list(zones[f"hand:{seat}"].get("cards") or [])
                      if seat is not None else None)
        return {
            "status": self._status(table),
            "prompt": self.prompt(view, moves, names),
            "seats": seats,
            "piles": piles,
            "areas": [{"title": f"Words on the table ({len(melds)})",
                       "groups": [{"owner": None, "title": "Words", "melds": melds,
                                   "empty": "No words yet."}],
                       "facts": []}],
            "hand": hand_cards,
            "hand_title": (f"Your hand ({counted(len(hand_cards), 'card')})"
                           if hand_cards is not None else "Your hand"),
            "legend": self.legend(),
        }

    def _status(self, table: Mapping[str, Any]) -> str:
        return (f"{self.game.title} · game {table['game']} of {table['games']} · penalty by "
                f"{table['scoring']} · empty your hand to win")

    def prompt(self, view: View, moves: Sequence[Move], names: Sequence[str]) -> str:
        drawing = draw_prompt(view, moves, names, self.game.players, sound_name)
        if drawing is not None:
            return drawing
        seat, current = view.get("seat"), int(view["table"]["current"])
        if moves or (seat is not None and seat == current):
            return self._play_prompt(view, moves)
        who = seat_word(names, current)
        return f"Waiting for {who} to lay a word or add to words on the table, then discard."

    def _play_prompt(self, view: View, moves: Sequence[Move]) -> str:
        table: Mapping[str, Any] = view["table"]
        taken = table.get("taken_from_discard")
        held_back = (f" (not the {sound_name(taken)} you took from the discard pile)"
                     if taken else "")
        kinds = {m["kind"] for m in moves}
        laid = table.get("laid_this_turn")
        one = self.game.options["plays_per_turn"] == "one"
        if moves and kinds <= {"discard"}:
            if _hand_count(view) == 1:
                return "Discard your last card to win the game."
            if laid == "word" and one:
                return f"You laid your word: discard one card to end your turn{held_back}."
            if laid:
                return f"Discard one card to end your turn{held_back}."
            return f"No word to lay: discard one card{held_back}."
        if laid == "additions" and one:
            return f"Add more cards to words on the table, or discard to end your turn{held_back}."
        if one:
            return ("Lay one new word or add to words on the table (not both), then discard one "
                    f"card{held_back}.")
        return f"Lay words and add to words on the table, then discard one card{held_back}."

    def legend(self) -> list[str]:
        options = self.game.options
        word_list = {"common": "an everyday English word",
                     "classroom": "an everyday English word fit for a class"}.get(
                         options["word_list"], "an ordinary English word")
        lines = [f"A word is a row of cards whose sounds, in order, say {word_list} of the CMU "
                 "Pronouncing Dictionary (any pronunciation it lists)."]
        if options["min_word_length"] > 1:
            lines.append(f"Words at this table have at least {options['min_word_length']} cards.")
        merged = self._merged()
        if merged:
            lines.append(f"Counted as one sound here: {'; '.join(merged)}.")
        if options["plays_per_turn"] == "one":
            lines.append("A turn lays one new word, or adds cards to words already on the table "
                         "(anywhere in the word, its cards keeping their order), not both; then "
                         "one card is discarded.")
        else:
            lines.append("A turn may lay any number of new words and add to words already on the "
                         "table (anywhere in a word, its cards keeping their order); then one "
                         "card is discarded.")
        if options["wilds"]:
            lines.append(f"{WILD_MARK} is a wild card: it stands for the sound you declare and "
                         "keeps it; a word needs at least one sound card.")
        lines.append("The card taken from the discard pile cannot be discarded in the same turn.")
        lines.append("The first time the stock runs out, the discard pile under its top card "
                     "becomes the new stock; the second time the game ends and the fewest cards "
                     "in hand win.")
        values = self.rules.card_values
        wild = f" (a wild card {values[WILD]})" if options["wilds"] else ""
        lines.append(f"Empty your hand to win the game; {SCORING_WORDS[options['scoring']]}"
                     f"{wild}. The lowest total after "
                     f"{counted(options['games'], 'game')} wins the match.")
        return lines

    def _merged(self) -> list[str]:
        """The sounds that count as one at this table, each class as ``/ʌ/ = /ə/``."""
        canon = self.rules.canon
        classes: dict[int, list[int]] = {}
        for s in range(NSOUNDS):
            classes.setdefault(canon[s], []).append(s)
        out = []
        for members in classes.values():
            if len(members) > 1:
                if set(members) == {STRUT, SCHWA}:
                    members = [STRUT, SCHWA]
                out.append(" = ".join(f"/{IPA[s]}/" for s in members))
        return out

    # ---- rounds -----------------------------------------------------------------------------
    def result(self, result: Mapping[str, Any], names: Sequence[str]) -> Result:
        winners = in_words([seat_word(names, s) for s in result.get("winners") or []])
        lines = [f"{winners} won: {result.get('reason', 'the game ended')}."]
        for s, points in enumerate(result.get("points") or []):
            left = result["cards_left"][s]
            lines.append(f"{seat_word(names, s)}: {counted(left, 'card')} left, "
                         f"penalty {points}, total {result['totals'][s]}")
        return {"title": f"Game {result.get('game', '')}".strip(), "lines": lines}


def _made(text: str, kind: str, cards: list[str], target: str | None, label: str,
          key: str | None) -> Move:
    return {"move": text, "kind": kind, "cards": cards, "target": target, "label": label,
            "key": key, "ordered": False, "group": GROUPS[kind]}


def _hand_count(view: View) -> int | None:
    seat = view.get("seat")
    if seat is None:
        return None
    return int(view["zones"][f"hand:{seat}"]["count"])


__all__ = ["SayRummyPresentation", "added_places", "sound_name"]
