"""Every user-facing text of tgbot/ is in the gettext catalogs, with its placeholders."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from tgbot.i18n import LANGUAGES, catalog, pick_language, t

ROOT = Path(__file__).resolve().parents[2]
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def _used_ids() -> set[str]:
    found = extract_from_dir(str(ROOT / "tgbot"), method_map=[("**.py", "python")],
                             keywords={"t": (2,), "N_": None})
    return {message for _, _, message, _, _ in found if isinstance(message, str)}


def test_extraction_finds_the_texts() -> None:
    used = _used_ids()
    assert len(used) > 100
    assert "This prompt is outdated: the game has moved on." in used


@pytest.mark.parametrize("language", ["pt-BR", "it"])
def test_every_text_is_translated_with_the_same_placeholders(language: str) -> None:
    translations = catalog(language)
    missing = sorted(_used_ids() - set(translations))
    assert missing == []
    for message in _used_ids():
        assert set(PLACEHOLDER.findall(translations[message])) == \
            set(PLACEHOLDER.findall(message)), message


def test_languages_and_fallbacks() -> None:
    assert LANGUAGES[0] == "pt-BR"
    assert pick_language(None) == "pt-BR"
    assert pick_language("pt") == "pt-BR"
    assert pick_language("it-IT") == "it"
    assert pick_language("de") == "pt-BR"
    assert t("pt-BR", "Sheriff") == "Xerife"
    assert t("it", "Sheriff") == "Sceriffo"
    assert t("en", "Sheriff") == "Sheriff"
    assert t("en", "{name} loses {amount} ❤️", name="Ana", amount=2) == "Ana loses 2 ❤️"


def test_no_user_text_in_core() -> None:
    """The engines hold ids only: no call to the translation layer, no Telegram text."""
    for path in (ROOT / "core").rglob("*.py"):
        source = path.read_text(encoding="utf-8")
        assert "tgbot" not in source
        assert "i18n" not in source


def test_every_catalog_lists_every_id() -> None:
    """English texts are their own ids, but the English catalog lists each one too, so a
    translator of any language starts from the same complete list."""
    for folder in ("en", "pt_BR", "it"):
        path = ROOT / "tgbot" / "i18n" / "locale" / folder / "LC_MESSAGES" / "messages.po"
        with path.open("rb") as handle:
            listed = {str(message.id) for message in read_po(handle) if message.id}
        assert sorted(_used_ids() - listed) == [], folder
