"""Outgoing delivery: the loop that brings Telegram to what the delivery rows say, table photos,
retiring old messages, the chat lifecycle and the group's rights."""
