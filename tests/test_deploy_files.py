"""Checks on deploy/ and docs/deploy.md that need neither Docker nor systemd.

Docker may be absent, and PyYAML is not a dependency: compose.yaml is read with PyYAML when it
is installed, otherwise with the small block-YAML reader below (which refuses anything it does
not understand, so a malformed file still fails).
"""

from __future__ import annotations

import configparser
import json
import posixpath
import re
import shlex
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from storage.database import sqlite_file
from storage.settings import DEFAULT_DATABASE_URL, StorageSettings
from tgbot.settings import Settings

ROOT = Path(__file__).resolve().parent.parent
DEPLOY = ROOT / "deploy"
DOCKERFILE = DEPLOY / "Dockerfile"
COMPOSE = DEPLOY / "compose.yaml"
UNIT = DEPLOY / "boardgamesbot.service"
ENV_EXAMPLE = DEPLOY / "env.example"
DOCKERIGNORE = ROOT / ".dockerignore"
DOCS = ROOT / "docs" / "deploy.md"

SETTINGS_MODELS = (Settings, StorageSettings)
SECRET_VARIABLES = ("BOT_TOKEN", "POSTGRES_PASSWORD")


def env_names() -> set[str]:
    """The environment variable of every settings field (pydantic-settings: upper-cased name)."""
    names = set()
    for model in SETTINGS_MODELS:
        for name, field in model.model_fields.items():
            names.add((field.alias or name).upper())
    return names


# --- a minimal block-YAML reader --------------------------------------------------------------

_KEY = re.compile(r"^(?P<key>[A-Za-z0-9_.<-]+):(?:\s+(?P<value>.*))?$")


def _scalar(text: str) -> str:
    text = text.strip()
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "'\"":
        return text[1:-1]
    return text


def mini_yaml(text: str) -> dict[str, Any]:
    """Parse block mappings, indented block sequences of scalars, and scalars (flow values raw).

    Raises ValueError on tabs, lines that are neither `key: value` nor `- item`, duplicate keys,
    and siblings that are not indented alike.
    """
    lines = []
    for number, raw in enumerate(text.splitlines(), start=1):
        stripped = raw.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if "\t" in raw:
            raise ValueError(f"line {number}: tab")
        lines.append((number, len(raw) - len(raw.lstrip(" ")), stripped))
    root: dict[str, Any] = {}
    # [indent of the owning key, container, indent of its children once the first is seen]
    stack: list[list[Any]] = [[-1, root, None]]
    for index, (number, indent, line) in enumerate(lines):
        while indent <= stack[-1][0]:
            stack.pop()
        if stack[-1][2] is None:
            stack[-1][2] = indent
        elif stack[-1][2] != indent:
            raise ValueError(f"line {number}: inconsistent indentation")
        parent = stack[-1][1]
        if line.startswith("- "):
            if not isinstance(parent, list):
                raise ValueError(f"line {number}: sequence item outside a sequence")
            parent.append(_scalar(line[2:]))
            continue
        match = _KEY.match(line)
        if match is None or not isinstance(parent, dict):
            raise ValueError(f"line {number}: cannot read {line!r}")
        key, value = match["key"], match["value"]
        if key in parent:
            raise ValueError(f"line {number}: duplicate key {key!r}")
        if value is not None and value.strip():
            parent[key] = _scalar(value)
            continue
        following = lines[index + 1] if index + 1 < len(lines) else None
        if following is None or following[1] <= indent:
            parent[key] = None
            continue
        child: Any = [] if following[2].startswith("- ") else {}
        parent[key] = child
        stack.append([indent, child, None])
    return root


def load_yaml(text: str) -> dict[str, Any]:
    try:
        import yaml  # type: ignore[import-untyped]
    except ImportError:
        return mini_yaml(text)
    loaded = yaml.safe_load(text)
    assert isinstance(loaded, dict)
    return loaded


def test_mini_yaml_reads_blocks_and_refuses_junk() -> None:
    sample = textwrap.dedent(
        """\
        # comment
        a:
          b: 'x'
          c:
            - one
            - "two"
          d: [1, 2]
        e: no
        f:
        """
    )
    assert mini_yaml(sample) == {
        "a": {"b": "x", "c": ["one", "two"], "d": "[1, 2]"},
        "e": "no",
        "f": None,
    }
    bad_documents = (
        "a: 1\na: 2\n",
        "a:\n\tb: 1\n",
        "just words\n",
        "a: 1\n- item\n",
        "a:\n    b: 1\n   c: 2\n",
    )
    for bad in bad_documents:
        with pytest.raises(ValueError, match=r"^line \d+: "):
            mini_yaml(bad)


# --- compose.yaml ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def compose() -> dict[str, Any]:
    return load_yaml(COMPOSE.read_text(encoding="utf-8"))


def test_compose_has_the_three_services(compose: dict[str, Any]) -> None:
    assert set(compose["services"]) == {"postgres", "migrate", "bot"}
    allowed_top = {"name", "services", "volumes", "networks", "configs", "secrets"}
    assert all(key in allowed_top or key.startswith("x-") for key in compose)


def test_compose_postgres(compose: dict[str, Any]) -> None:
    postgres = compose["services"]["postgres"]
    assert postgres["image"] == "postgres:16"
    assert postgres["restart"] in {"unless-stopped", "always"}
    assert {"POSTGRES_DB", "POSTGRES_USER", "POSTGRES_PASSWORD"} <= set(postgres["environment"])
    assert "pg_isready" in str(postgres["healthcheck"]["test"])
    mounts = [str(volume).split(":") for volume in postgres["volumes"]]
    assert ["pgdata", "/var/lib/postgresql/data"] in mounts
    assert "pgdata" in compose["volumes"]
    assert "ports" not in postgres, "the database should not be published"


def _assert_built_from_the_dockerfile(service: dict[str, Any]) -> None:
    build = service["build"]
    assert (COMPOSE.parent / build["context"]).resolve() == ROOT
    assert (ROOT / build["dockerfile"]).resolve() == DOCKERFILE.resolve()


def _database_url(service: dict[str, Any]) -> str:
    url = str(service["environment"]["DATABASE_URL"])
    assert url.startswith("postgresql+asyncpg://")
    assert "@postgres:5432/" in url
    return url


def test_compose_migrate_runs_once_after_postgres(compose: dict[str, Any]) -> None:
    migrate = compose["services"]["migrate"]
    _assert_built_from_the_dockerfile(migrate)
    command = migrate["command"]
    command = command if isinstance(command, list) else json.loads(command)
    assert command == ["python", "-m", "storage.migrate", "upgrade"]
    assert migrate["restart"] == "no"
    assert migrate["depends_on"]["postgres"]["condition"] == "service_healthy"
    _database_url(migrate)


def test_compose_bot(compose: dict[str, Any]) -> None:
    services = compose["services"]
    bot = services["bot"]
    _assert_built_from_the_dockerfile(bot)
    assert bot["image"] == services["migrate"]["image"]
    assert bot["restart"] in {"unless-stopped", "always", "on-failure"}
    assert bot["depends_on"]["postgres"]["condition"] == "service_healthy"
    assert bot["depends_on"]["migrate"]["condition"] == "service_completed_successfully"
    assert _database_url(bot) == _database_url(services["migrate"])
    environment = bot["environment"]
    assert "BOT_TOKEN" in environment
    # Every variable handed to the bot is a real setting (a typo would be silently ignored).
    assert set(environment) <= env_names()
    # Polling by default: one replica only.
    assert "WEBHOOK_URL" not in environment
    assert "replicas" not in str(bot.get("deploy", ""))


def test_compose_holds_no_secret(compose: dict[str, Any]) -> None:
    for name, service in compose["services"].items():
        for key, value in (service.get("environment") or {}).items():
            if key in SECRET_VARIABLES:
                assert str(value).startswith(f"${{{key}:?"), f"{name}.{key} must be required"
    text = COMPOSE.read_text(encoding="utf-8")
    assert re.search(r"\d{6,}:[A-Za-z0-9_-]{30,}", text) is None, "looks like a bot token"


def test_env_example_lists_the_compose_variables_without_values() -> None:
    required = set(re.findall(r"\$\{(\w+):\?", COMPOSE.read_text(encoding="utf-8")))
    assert required == set(SECRET_VARIABLES)
    values = {}
    for line in ENV_EXAMPLE.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            key, _, value = line.partition("=")
            values[key] = value
    assert required <= set(values)
    assert all(values[key] == "" for key in SECRET_VARIABLES)


# --- Dockerfile and .dockerignore --------------------------------------------------------------


def dockerfile_instructions() -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) pairs, comments dropped and continuation lines joined."""
    instructions: list[tuple[str, str]] = []
    pending = ""
    for raw in DOCKERFILE.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not pending and (not line or line.startswith("#")):
            continue
        if line.startswith("#"):
            continue
        if line.endswith("\\"):
            pending += line[:-1] + " "
            continue
        pending += line
        word, _, rest = pending.partition(" ")
        instructions.append((word.upper(), rest.strip()))
        pending = ""
    assert not pending, "dangling line continuation"
    return instructions


def final_stage() -> list[tuple[str, str]]:
    instructions = dockerfile_instructions()
    last_from = max(i for i, (word, _) in enumerate(instructions) if word == "FROM")
    return instructions[last_from:]


def test_dockerfile_bases_on_python_311_slim() -> None:
    images = [args.split()[0] for word, args in dockerfile_instructions() if word == "FROM"]
    assert images
    assert all(image == "python:3.11-slim" for image in images)


def test_dockerfile_runs_as_a_non_root_user() -> None:
    users = [args for word, args in final_stage() if word == "USER"]
    assert users, "the final stage must switch to a non-root USER"
    user = users[-1].split(":")[0]
    assert user not in {"root", "0"}
    # Nothing after the USER switch runs as root again.
    stage = final_stage()
    after = stage[max(i for i, (word, _) in enumerate(stage) if word == "USER") :]
    assert not any(word == "RUN" for word, _ in after)


def test_dockerfile_cmd_and_layout() -> None:
    stage = final_stage()
    cmds = [args for word, args in stage if word == "CMD"]
    assert len(cmds) == 1
    assert json.loads(cmds[0]) == ["python", "-m", "tgbot"]
    workdir = [args for word, args in stage if word == "WORKDIR"][-1]
    volumes = json.loads([args for word, args in stage if word == "VOLUME"][-1])
    # The default SQLite URL is relative to the working directory: it must land in the volume.
    data_dir = sqlite_file(DEFAULT_DATABASE_URL)
    assert data_dir is not None
    assert posixpath.normpath(posixpath.join(workdir, str(data_dir.parent))) in volumes


def test_dockerfile_bakes_in_no_secret() -> None:
    for word, args in dockerfile_instructions():
        if word in {"COPY", "ADD"}:
            sources = [token for token in shlex.split(args) if not token.startswith("--")][:-1]
            assert not any(Path(source).name.startswith(".env") for source in sources)
        if word in {"ENV", "ARG"}:
            upper = args.upper()
            assert not any(secret in upper for secret in ("TOKEN", "PASSWORD", "DATABASE_URL"))


def test_dockerfile_installs_the_project_non_editable_without_dev_extras() -> None:
    installs = [args for word, args in dockerfile_instructions() if "pip install" in args]
    assert installs
    for args in installs:
        tokens = shlex.split(args)
        assert "-e" not in tokens
        assert "--editable" not in tokens
        assert "[dev]" not in args
        assert "requirements" not in args


def context_copies() -> list[str]:
    """Build-context paths the Dockerfile copies (COPY without --from)."""
    sources = []
    for word, args in dockerfile_instructions():
        tokens = shlex.split(args)
        if word == "COPY" and not any(token.startswith("--from") for token in tokens):
            sources += [token for token in tokens if not token.startswith("--")][:-1]
    return sources


def test_dockerignore_is_an_allow_list_of_what_the_image_copies() -> None:
    patterns = [
        line.strip()
        for line in DOCKERIGNORE.read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    ]
    assert patterns[0] == "*"
    included = {pattern[1:].rstrip("/") for pattern in patterns if pattern.startswith("!")}
    copied = {source.rstrip("/") for source in context_copies()}
    assert copied, "the Dockerfile copies nothing from the context"
    assert copied == included
    for source in copied:
        assert (ROOT / source).exists(), source
    for kept_out in (".env", ".git", ".venv", "data", "tests"):
        assert kept_out not in included
    assert {"**/__pycache__", "**/*.pyc"} <= set(patterns)


# --- systemd unit ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def unit() -> configparser.ConfigParser:
    parser = configparser.ConfigParser(strict=False, interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read_string(UNIT.read_text(encoding="utf-8"))
    return parser


def test_unit_sections_and_commands(unit: configparser.ConfigParser) -> None:
    assert unit.sections() == ["Unit", "Service", "Install"]
    service = unit["Service"]
    start = shlex.split(service["ExecStart"])
    pre = shlex.split(service["ExecStartPre"])
    assert start[1:] == ["-m", "tgbot"]
    assert pre[1:] == ["-m", "storage.migrate", "upgrade"]
    assert start[0] == pre[0]
    assert Path(start[0]).is_absolute()
    assert service["Restart"] in {"on-failure", "always"}
    assert service["User"] not in {"root", "0"}
    assert service["EnvironmentFile"] == "/etc/boardgamesbot.env"
    assert unit["Install"]["WantedBy"] == "multi-user.target"


def test_unit_hardening(unit: configparser.ConfigParser) -> None:
    service = unit["Service"]
    assert service["NoNewPrivileges"] == "yes"
    assert service["ProtectSystem"] == "strict"
    assert service["PrivateTmp"] == "yes"
    # The only writable path holds the working directory, where the SQLite data dir lives.
    writable = service["ReadWritePaths"].split()
    workdir = service["WorkingDirectory"]
    assert any(workdir == path or workdir.startswith(path + "/") for path in writable)


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="no systemd-analyze")
def test_unit_passes_systemd_analyze_verify(
    unit: configparser.ConfigParser, tmp_path: Path
) -> None:
    # verify insists the commands exist: point them at this interpreter in a copy.
    venv_python = shlex.split(unit["Service"]["ExecStart"])[0]
    copy = tmp_path / UNIT.name
    copy.write_text(UNIT.read_text(encoding="utf-8").replace(venv_python, sys.executable))
    result = subprocess.run(
        ["systemd-analyze", "verify", str(copy)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert UNIT.name not in result.stderr, result.stderr


# --- docs/deploy.md ----------------------------------------------------------------------------


def test_docs_mention_every_setting_and_its_default() -> None:
    docs = DOCS.read_text(encoding="utf-8")
    for name in env_names():
        assert f"`{name}`" in docs, name
    for model in SETTINGS_MODELS:
        for field in model.model_fields.values():
            if isinstance(field.default, str):
                assert field.default in docs, field.default


def test_docs_cover_the_operations() -> None:
    docs = DOCS.read_text(encoding="utf-8")
    for needle in (
        "docker build -f deploy/Dockerfile",
        "docker compose -f deploy/compose.yaml",
        "python -m storage.migrate upgrade",
        "systemctl enable --now boardgamesbot",
        "/etc/boardgamesbot.env",
        ".backup",
        "pg_dump",
        "pg_restore",
        "getUpdates",
        "journalctl -u boardgamesbot",
    ):
        assert needle in docs, needle
    for heading in ("Polling or webhook", "Backups", "Upgrading", "Logs", "Migrations"):
        assert re.search(rf"^#+ {heading}", docs, re.MULTILINE), heading
