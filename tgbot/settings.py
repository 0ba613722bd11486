"""Settings read from the environment or `.env` (pydantic-settings)."""

from __future__ import annotations

import socket
from typing import Annotated

from pydantic import Field, field_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict


class Settings(BaseSettings):
    """Bot settings; BOT_TOKEN is required, everything else has a default."""

    model_config = SettingsConfigDict(env_file=".env", extra="ignore")

    bot_token: str = Field(min_length=1)
    database_url: str = "sqlite+aiosqlite:///./data/boardgamesbot.sqlite3"
    bot_api_base_url: str = "https://api.telegram.org/bot"
    webhook_url: str | None = None
    webhook_listen: str = "0.0.0.0"
    webhook_port: int = 8443
    webhook_secret: str | None = None
    default_language: str = "pt-BR"
    deadline_sweep_seconds: float = Field(default=15.0, gt=0)
    deadline_batch: int = Field(default=50, ge=1)
    group_messages_per_minute: int = Field(default=20, ge=1)
    """Telegram's flood limit for one group (messages and edits); raise it only against a
    test server whose limits are scaled too."""
    replica_id: str = Field(default_factory=socket.gethostname, min_length=1, max_length=64)
    """This process's name among the replicas sharing one database (the host's name unless
    set): a replica sends only the delivery rows it holds. Give each replica its own, and
    keep it across restarts so a restarted replica takes its rows back at once."""
    metrics_port: int | None = Field(default=None, ge=0, le=65535)
    """In polling mode, the port serving /metrics and /healthz (None: not served); in
    webhook mode they are served on WEBHOOK_PORT with the webhook."""
    metrics_listen: str = "0.0.0.0"
    log_json: bool = False
    """Log one JSON object per line (each update's line with its fields) instead of text."""
    bot_admins: Annotated[list[int], NoDecode] = Field(default_factory=list)
    """The Telegram user ids allowed /botstats in private (comma-separated)."""
    ready_backlog_seconds: float = Field(default=300.0, gt=0)
    """/healthz says not ready when a delivery row has waited longer than this."""

    @field_validator("bot_admins", mode="before")
    @classmethod
    def _ids(cls, value: object) -> object:
        """Read "1, 2" (the environment's form) as [1, 2]."""
        if isinstance(value, str):
            return [int(part) for part in value.replace(" ", "").split(",") if part]
        return value
