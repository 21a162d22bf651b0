"""Crazy Eights' registration: the one object cardtable is told about, through the
``cardtable.games`` entry point of this package's ``pyproject.toml``.

Every part but the rules is named by where it lives and imported only when first asked for:
listing the games imports neither numpy (the RL codec) nor the search (the bots).
"""

from cardtable.engine.kit import GameKit

from crazy_eights.game import CrazyEightsGame

KIT = GameKit(
    game=CrazyEightsGame,
    aliases=("eights", "crazy8s"),
    presentation="crazy_eights.presentation:CrazyEightsPresentation",
    bots=("crazy_eights.bots",),
    codec="crazy_eights.codec:CrazyEightsCodec",
    measures="crazy_eights.measures:MEASURES",
)
