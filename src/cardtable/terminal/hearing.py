"""``hear``: the terminal plays a card's sound, or speaks a word on the table, for a player who
asks (a child learning which sound a card makes, at a machine with speakers).

What has a sound is the game's to say: its kit's ``card_sound`` (a card's recording) and
``voice`` (espeak-ng's voice for the words the board says aloud, each meld's ``speak``). A game
with neither has no ``hear`` command. The word is ``hear``, not ``say``: ``say`` already lays a
word at a table whose moves use it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from cardtable.audio import espeak, play, synthesise
from cardtable.engine.errors import CardtableError
from cardtable.engine.game import Game, game_kit
from cardtable.engine.presentation import Board
from cardtable.engine.text import whole_number

COMMAND = ("hear", "play the sound of your cards (hear: the whole hand; hear CARD ...: those "
                   "cards), or hear N: word N on the table spoken")

CardSound = Callable[[str], "tuple[bytes, str] | None"]


class Hearing:
    """What a seat can hear at this game's table, and the playing of it."""

    def __init__(self, game: Game) -> None:
        kit = game_kit(game.name)
        self.card_sound: CardSound | None = kit.part("card_sound")
        voice = kit.part("voice")
        self.voice: str | None = str(voice) if voice else None

    @property
    def offered(self) -> bool:
        return self.card_sound is not None or self.voice is not None

    def hear(self, what: str, hand: Sequence[str], board: Board) -> list[str]:
        """Play ``what`` (empty: the hand; a number: that meld's words; else cards) and say
        what was played, one line an item. CardtableError, in one sentence, for what cannot
        be heard."""
        if not self.offered:
            raise CardtableError("this game's cards have no sounds to hear")
        number = whole_number(what) if what else None
        if number is not None:
            return [self._speak(number, board)]
        cards = what.split() if what else list(hand)
        if not cards:
            raise CardtableError("there are no cards to hear: name one, e.g. hear "
                                 "followed by a card")
        if self.card_sound is None:
            raise CardtableError("this game's cards have no sounds of their own: hear N speaks "
                                 "word N on the table")
        found = [(card, self.card_sound(card)) for card in cards]  # NotationError first
        said = []
        for card, sound in found:
            if sound is None:
                said.append(f"{card}: no sound of its own")
                continue
            play(*sound)
            said.append(f"{card}: played")
        return said

    def _speak(self, number: int, board: Board) -> str:
        spoken = [m.get("speak") for area in board.get("areas", [])
                  for group in area.get("groups", []) for m in group.get("melds", [])]
        if not 1 <= number <= len(spoken) or not spoken[number - 1]:
            raise CardtableError(f"there is no word {number} on the table to hear "
                                 f"({len(spoken)} on the table)")
        if self.voice is None:
            raise CardtableError("this game has no voice for its words")
        if espeak() is None:
            raise CardtableError("espeak-ng is not installed, so words cannot be spoken here "
                                 "(apt-get install espeak-ng)")
        text = str(spoken[number - 1])
        play(synthesise(text, self.voice), "audio/wav")
        return f"word {number}: {text}"


__all__ = ["COMMAND", "Hearing"]
