"""/rules for Colt Express: the summary and each character's ability, in every language."""

from __future__ import annotations

import pytest

from core.colt_express.ids import CHARACTERS
from tgbot.i18n import LANGUAGES, t
from tgbot.render.colt import colt_character_help, colt_rules


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_character_has_a_localised_ability(language: str) -> None:
    texts = {c: colt_character_help(language, c) for c in CHARACTERS}
    for character, text in texts.items():
        assert text is not None
        assert text.startswith(character.title())
    assert len(set(texts.values())) == len(CHARACTERS)
    assert colt_character_help(language, "bart_cassidy") is None


def test_the_summary_is_translated() -> None:
    assert colt_rules("pt-BR") != colt_rules("en")
    assert colt_rules("it") != colt_rules("en")
    assert "Tramando" in colt_rules("pt-BR")
    assert t("en", "Draws 7 cards instead of 6 at the start of each round.") in (
        colt_character_help("en", "doc") or "")
