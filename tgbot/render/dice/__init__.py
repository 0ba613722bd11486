"""BANG! The Dice Game for Telegram: its front, its secrets and its characters' help."""
