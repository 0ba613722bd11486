"""The Bot API plumbing: the HTTP transport, per-chat rate limits, per-chat update order, the
durable inbox and the refusals Telegram answers with."""
