"""The operator's view: Prometheus metrics, /healthz, one log line per update, /botstats."""
