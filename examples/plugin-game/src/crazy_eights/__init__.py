"""Crazy Eights for cardtable, from a package of its own.

This package proves that cardtable takes a game it has never heard of: it is installed next to
cardtable and announces its :class:`~cardtable.engine.kit.GameKit` (``crazy_eights.kit:KIT``)
under the ``cardtable.games`` entry point in its own ``pyproject.toml``; no file of cardtable
names it.
"""

from crazy_eights.game import CrazyEightsGame

__all__ = ["CrazyEightsGame"]
