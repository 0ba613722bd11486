"""User-facing text by message id and language (pt-BR default, en, it)."""

from __future__ import annotations

DEFAULT_LANGUAGE = "pt-BR"

CATALOGS: dict[str, dict[str, str]] = {
    "pt-BR": {
        "missing_token": "Defina BOT_TOKEN (o token do @BotFather) no ambiente ou no arquivo .env.",
        "welcome": "Olá! Eu organizo partidas lentas de jogos de tabuleiro em grupos. "
                   "Adicione-me a um grupo para jogar.",
        "help": "Jogos: BANG! O Jogo de Dados. Os comandos de partida chegam em breve.",
    },
    "en": {
        "missing_token": "Set BOT_TOKEN (the token from @BotFather) in the environment or .env.",
        "welcome": "Hello! I host slow board games in group chats. Add me to a group to play.",
        "help": "Games: BANG! The Dice Game. Game commands are coming soon.",
    },
    "it": {
        "missing_token": "Imposta BOT_TOKEN (il token di @BotFather) nell'ambiente o in .env.",
        "welcome": "Ciao! Organizzo partite lente di giochi da tavolo nei gruppi. "
                   "Aggiungimi a un gruppo per giocare.",
        "help": "Giochi: BANG! Il Gioco di Dadi. I comandi di partita arrivano presto.",
    },
}


def pick_language(code: str | None) -> str:
    """Return the catalog language for a Telegram language code (falls back to pt-BR)."""
    if not code:
        return DEFAULT_LANGUAGE
    if code in CATALOGS:
        return code
    base = code.split("-")[0].lower()
    if base == "pt":
        return "pt-BR"
    return base if base in CATALOGS else DEFAULT_LANGUAGE


def text(message_id: str, language: str | None = None, **values: object) -> str:
    """Return the message in the language (pt-BR when missing); raise KeyError for unknown ids."""
    catalog = CATALOGS.get(pick_language(language), CATALOGS[DEFAULT_LANGUAGE])
    template = catalog.get(message_id) or CATALOGS[DEFAULT_LANGUAGE][message_id]
    return template.format(**values)
