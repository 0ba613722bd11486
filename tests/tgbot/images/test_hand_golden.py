"""Golden hand pictures: each seat's hand of HAND_POSITIONS, in every language, drawn as
the bot draws it, matches the committed PNG within the table pictures' tolerance.
Regenerate with `python -m tests.tgbot.images.regenerate` after a deliberate change."""

from __future__ import annotations

import pytest

from tests.tgbot.images.positions import HAND_POSITIONS, HandPosition
from tests.tgbot.images.regenerate import draw_hand_of, hand_golden_path
from tests.tgbot.images.test_golden import assert_matches_golden
from tgbot.i18n import LANGUAGES


def test_goldens_cover_both_games_at_two_player_counts_in_every_language() -> None:
    counts: dict[str, set[int]] = {}
    for hand in HAND_POSITIONS:
        counts.setdefault(hand.position.kind, set()).add(hand.position.players)
    assert counts == {"colt_express": {2, 4}, "bang_cards": {4, 5}}
    for hand in HAND_POSITIONS:
        for language in LANGUAGES:
            assert hand_golden_path(hand, language).exists()


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("hand", HAND_POSITIONS, ids=lambda h: h.name)
def test_hand_matches_its_golden(hand: HandPosition, language: str) -> None:
    assert_matches_golden(draw_hand_of(hand, language), hand_golden_path(hand, language))
