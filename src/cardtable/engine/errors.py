"""Errors a person can read.

Every error the engine raises carries one sentence meant for a player, so front ends can show
``str(error)`` as it is and never need a traceback.
"""


class CardtableError(Exception):
    """Base of every error cardtable raises on purpose."""


class IllegalAction(CardtableError):
    """An action refused by the rules; the state it was tried on is unchanged."""


class NotationError(CardtableError, ValueError):
    """Text that does not spell an action or a card."""


class OptionError(CardtableError, ValueError):
    """An unknown game, a bad player count, or an option with an unknown name or a bad value."""


class RecordError(CardtableError, ValueError):
    """A game record that cannot be read or does not replay."""


class StaleAction(IllegalAction):
    """An action sent for a state version the table has already left; nothing changed."""


class ImpossibleCards(CardtableError, ValueError):
    """Cards written correctly that no real table holds together (a card named more often than
    the pack holds it). The input was read, so a referee answers it (``"valid": false`` with
    this sentence as the reason) rather than refusing it as unreadable."""
