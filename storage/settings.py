"""Storage settings read from the environment (or `.env`): which database to use."""

from __future__ import annotations

from pydantic_settings import BaseSettings, SettingsConfigDict

DEFAULT_DATABASE_URL = "sqlite+aiosqlite:///./data/boardgamesbot.sqlite3"


class StorageSettings(BaseSettings):
    """`DATABASE_URL`: `sqlite+aiosqlite:///PATH` (default) or `postgresql+asyncpg://...`."""

    model_config = SettingsConfigDict(env_file=".env", extra="ignore")

    database_url: str = DEFAULT_DATABASE_URL


def database_url(override: str | None = None) -> str:
    """Return `override` when given, else DATABASE_URL from the environment or the default."""
    return override or StorageSettings().database_url
