"""The Telegram front and the thin service shell around the game engines."""
