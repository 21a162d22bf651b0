"""One registration per game: the :class:`GameKit` a game package announces.

A front end, a bot, the simulator or the RL layer asks the kit of a game for what it needs
(the rules, the presentation, the bots, the codec, the balance measures, the referee) and never
names a game itself. The kit holds *where* each part lives, as ``"module:attribute"`` text, and
imports a part only when it is first asked for: listing the games must not import numpy for
the RL codec or the search for the bots.

A game package announces its kit under the ``cardtable.games`` entry point group; a
third-party package does the same from its own ``pyproject.toml``, and nothing of cardtable
changes. An entry point naming a bare :class:`~cardtable.engine.game.Game` class still works:
it gets a kit with the generic parts only.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache, lru_cache
from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cardtable.engine.game import Game
    from cardtable.engine.presentation import Presentation


def load_ref(ref: str) -> Any:
    """The object a ``"module:attribute"`` (or ``"module"``) reference names, imported now."""
    module_name, _, attribute = ref.partition(":")
    module = import_module(module_name)
    return getattr(module, attribute) if attribute else module


@cache
def _loaded(ref: str) -> Any:
    return load_ref(ref)


@dataclass(frozen=True)
class GameKit:
    """Everything cardtable asks of one game, each part named by where it lives.

    ``game`` is the rules (its class holds the name, title, player counts and options). The
    other parts are references, loaded on first use (``None``: the game has no such part, and
    the generic one serves, or the feature says the game lacks it):

    - ``presentation``: a :class:`~cardtable.engine.presentation.Presentation` subclass, how
      the game's cards, board, moves and results are told to a person (default: the generic
      one, which shows notation).
    - ``bots``: modules whose import registers the game's bots (``register_bot``) and the
      search's knowledge of the game (``register_knowledge``).
    - ``codec``: the RL codec class (``cardtable.rl.codec.Codec`` subclass, made with the game).
    - ``measures``: the balance measures (a ``cardtable.sim.measures.GameMeasures``).
    - ``referee``: the module answering ``cardtable judge`` questions (``QUESTIONS`` or
      ``questions_for(game, options)``, and ``CARD_HELP``).
    """

    game: type[Game]
    aliases: tuple[str, ...] = ()
    presentation: str | None = None
    bots: tuple[str, ...] = ()
    codec: str | None = None
    measures: str | None = None
    referee: str | None = None
    extras: dict[str, str] = field(default_factory=dict)
    """Further parts by name, for a front end or tool that wants one only some games have."""

    @property
    def name(self) -> str:
        return self.game.name

    @property
    def title(self) -> str:
        return self.game.title

    def presentation_class(self) -> type[Presentation]:
        """The game's presentation, or the generic one when it describes nothing itself."""
        if self.presentation is None:
            from cardtable.engine.presentation import Presentation

            return Presentation
        cls: type[Presentation] = _loaded(self.presentation)
        return cls

    def load_bots(self) -> None:
        """Import the game's bot modules, which register its bots (idempotent)."""
        for ref in self.bots:
            _loaded(ref)

    def part(self, which: str) -> Any:
        """The part ``which`` (``"codec"``, ``"measures"``, ``"referee"`` or an extra), loaded,
        or None when the game has none."""
        ref = getattr(self, which, None) if which in ("codec", "measures", "referee") \
            else self.extras.get(which)
        return None if ref is None else _loaded(ref)


PRESENTATIONS_KEPT = 256
"""How many table set-ups' presentations are kept (a server's tables share a few set-ups)."""


def presentation_for(game: Game) -> Presentation:
    """The presentation of ``game``: one per set-up (game, players, options), kept in a
    bounded cache rather than on the Game, which is frozen configuration."""
    return _presentation(json.dumps(game.describe(), sort_keys=True))


@lru_cache(maxsize=PRESENTATIONS_KEPT)
def _presentation(setup: str) -> Presentation:
    from cardtable.engine.game import game_kit, load_game

    described = json.loads(setup)
    game = load_game(described["game"], described["players"], described["options"])
    return game_kit(game.name).presentation_class()(game)


__all__ = ["GameKit", "load_ref", "presentation_for"]
