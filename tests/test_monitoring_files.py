"""Checks on the monitoring deploy files (deploy/compose.monitoring.yaml, deploy/prometheus/):
Prometheus scrapes the port the bot serves its metrics on, and every alert rule is well formed
and watches metrics the bot really exports. Prometheus' files are written in YAML's JSON form,
so they are read here with the standard library."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from tests.test_deploy_files import load_yaml
from tgbot.ops.metrics import Metrics
from tgbot.settings import Settings

ROOT = Path(__file__).resolve().parent.parent
DEPLOY = ROOT / "deploy"
DOCS = ROOT / "docs" / "deploy.md"
METRIC = re.compile(r"\b((?:bgb|process)_[a-z_]+)\b")


def _json(name: str) -> dict[str, Any]:
    loaded = json.loads((DEPLOY / "prometheus" / name).read_text(encoding="utf-8"))
    assert isinstance(loaded, dict)
    return loaded


def test_prometheus_scrapes_the_bot_on_its_metrics_port() -> None:
    compose = load_yaml((DEPLOY / "compose.monitoring.yaml").read_text(encoding="utf-8"))
    bot, prometheus = compose["services"]["bot"], compose["services"]["prometheus"]
    port = int(bot["environment"]["METRICS_PORT"])
    Settings(bot_token="x", metrics_port=port, log_json=bot["environment"]["LOG_JSON"])
    assert f"127.0.0.1:{port}/healthz" in str(bot["healthcheck"]["test"])
    mounts = {volume.split(":")[1] for volume in prometheus["volumes"]}
    assert {"/etc/prometheus/prometheus.yml", "/etc/prometheus/alerts.yml"} <= mounts
    config = _json("prometheus.yml")
    assert config["rule_files"] == ["/etc/prometheus/alerts.yml"]
    [job] = config["scrape_configs"]
    assert job["static_configs"] == [{"targets": [f"bot:{port}"]}]
    assert job["metrics_path"] == "/metrics"


def test_every_alert_watches_exported_metrics_and_is_documented() -> None:
    suffixes = {"counter": ("_total",), "histogram": ("_bucket", "_sum", "_count"),
                "gauge": ("",)}
    exported = {family.name + suffix for family in Metrics().registry.collect()
                for suffix in suffixes.get(family.type, ("",))}
    [group] = _json("alerts.yml")["groups"]
    docs = DOCS.read_text(encoding="utf-8")
    names = [rule["alert"] for rule in group["rules"]]
    assert len(names) == len(set(names)) >= 10
    for rule in group["rules"]:
        assert set(rule) <= {"alert", "expr", "for", "labels", "annotations"}, rule
        assert rule["labels"]["severity"] in {"warning", "critical"}
        assert rule["annotations"]["summary"].endswith(".")
        used = set(METRIC.findall(rule["expr"]))
        assert used or "up{" in rule["expr"], rule["alert"]
        assert used <= exported, (rule["alert"], used - exported)
        assert f"`{rule['alert']}`" in docs, rule["alert"]
