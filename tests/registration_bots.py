"""Tally's own bot, registered when Tally's kit is asked for its bots (and only then: nothing
else imports this module, so a bot list that has it got it from the kit)."""

from __future__ import annotations

from cardtable.bots import Decision, register_bot
from cardtable.engine.game import Action, Game


class HighestBot:
    """Plays its highest card."""

    name = "highest"
    needs = "legal"

    def __init__(self, game: Game, seed: int = 0) -> None:
        self.game = game

    def choose(self, decision: Decision) -> Action:
        return max(decision.legal, key=str)


register_bot("highest", "tally", HighestBot, about="plays its highest card")
