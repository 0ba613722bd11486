"""User-facing text through gettext catalogs (pt-BR default, en, it), read with Babel.

Message ids are the English text; `tgbot/i18n/locale/<lang>/LC_MESSAGES/messages.po` holds
the translations. `t(language, "Text {name}", name=...)` returns the translated,
formatted text; `N_("Text")` marks a text that is translated later. Extraction:
`pybabel extract -k t:2 -k N_ -o messages.pot tgbot`;
tests/tgbot/test_i18n.py fails on any id missing from a catalog.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from babel.messages.pofile import read_po

DEFAULT_LANGUAGE = "pt-BR"
LANGUAGES = ("pt-BR", "en", "it")
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
_FOLDERS = {"pt-BR": "pt_BR", "en": "en", "it": "it"}


@cache
def catalog(language: str) -> dict[str, str]:
    """Return the translations of one language as {message id: text} (empty texts dropped)."""
    path = LOCALE_DIR / _FOLDERS[language] / "LC_MESSAGES" / "messages.po"
    with path.open("rb") as handle:
        parsed = read_po(handle, locale=_FOLDERS[language])
    return {str(message.id): str(message.string) for message in parsed
            if message.id and message.string}


def pick_language(code: str | None) -> str:
    """Return the supported language for a Telegram language code (pt-BR when unknown)."""
    if not code:
        return DEFAULT_LANGUAGE
    if code in LANGUAGES:
        return code
    base = code.split("-")[0].lower()
    if base == "pt":
        return "pt-BR"
    return base if base in LANGUAGES else DEFAULT_LANGUAGE


def N_(message: str) -> str:
    """Mark a message for extraction where it is translated later; return it unchanged."""
    return message


def t(language: str | None, message: str, **values: object) -> str:
    """Return `message` translated into `language` and formatted with `values`."""
    text = catalog(pick_language(language)).get(message, message)
    return text.format(**values) if values else text
