"""Benchmark: CPU time of the bot process per accepted button press, through the fake Bot API.

    python -m tests.bench.bench_press [--groups 20] [--presses-per-group 15]
        [--press-interval S] [--bot-dir DIR] [--database-url URL] [--label TEXT]
        [--profile FILE] [--pin] [--mine] [--json]

The fake Telegram (tests/fakebot, Telegram's real flood limits) runs in this process; the bot
runs as a separate process, `python -m tgbot` from `--bot-dir` (default: this repository),
with BOT_TOKEN, BOT_API_BASE_URL and DATABASE_URL (default: a SQLite file in a temporary
directory) in its environment and PYTHONPATH set to `--bot-dir`. The bot is a black box, so
the same bench measures another checkout of the code (e.g. a `git worktree` of an older
commit) with this repository's virtual environment.

Scenario: `--groups` groups of 3-5 people each open a BANG! The Dice Game table through the
Telegram UI (the bot is added to the group, `/settings pictures off` unless `--pictures`
(the bench reads text tables), /newgame bang_dice, the others join by the deep
link, the creator presses Start). Then every group plays at once: the player the table waits
for presses the table's first button ("✅ Done" on a re-roll), and the group presses again
only once its table shows the new version (and, with `--press-interval S`, not within S
seconds of its previous press), so each group stays under Telegram's limits while the bot
serves all groups together. A group stops after `--presses-per-group` presses, at the end of
its game, after `--max-seconds` of play, or if its table does not move for 60 s (a stall,
reported).

Measured: the bot's CPU time (user + system, from /proc/<pid>/stat; the main thread's share
from /proc/<pid>/task/<pid>/stat, the rest is SQLite's and other threads) from the moment every
table has started and the bot has gone quiet, to the moment every group's table shows its
last press and the bot has gone quiet again; divided by the accepted presses (answered
without an alert). Also: wall time and presses per second of the same window, press ->
callback answer latency (the fake's request log) and press -> table shows the new version.
`--profile FILE` runs the bot's main thread under cProfile during the measured window only
(a wrapper around `python -m tgbot` switches it on and off on SIGUSR1 / SIGUSR2 and writes the
stats to FILE), timed by the main thread's CPU clock (a call waiting for the machine counts
nothing); the CPU figures of such a run are inflated by the profiler.

`--mine`: with each move the table's other players press "🔒 Mine" at the same moment
(tests/bench/mine_presses.py; its figures are the `mine_*` keys).

`--pin` runs the bot alone on the machine's last CPU and the fake Telegram with the players
on the others, so that neither slows the other's core (on two cores the runs of one code
then spread less; docs/benchmarks.md, "A press with pictures, eighth pass").

One summary line per run; `--json` prints the figures as one JSON object instead.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import os
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.bench.mine_presses import mine_figures, press_mine
from tests.fakebot import FakeBotApi, FakeGroup, FakeMessage, FakeUser

ROOT = Path(__file__).resolve().parents[2]
TICKS = os.sysconf("SC_CLK_TCK")
PROFILED_BOT = """
import cProfile, runpy, signal, sys, time
profile = cProfile.Profile(time.thread_time)  # the main thread's CPU time, not wall time
out = sys.argv[1]
signal.signal(signal.SIGUSR1, lambda *_: profile.enable())
signal.signal(signal.SIGUSR2, lambda *_: (profile.disable(), profile.dump_stats(out)))
sys.argv = ["tgbot"]
runpy.run_module("tgbot", run_name="__main__", alter_sys=True)
"""
STEP_TIMEOUT = 60.0  # a table that does not move for this long is a stall
QUIET_SECONDS = 1.0  # the bot is quiet when it made no call but getUpdates for this long


@dataclass
class Group:
    """One group, its people, and what happened there during the measured window."""

    chat: FakeGroup
    users: list[FakeUser]
    presses: list[tuple[str, float]] = field(default_factory=list)  # (query id, pressed at)
    mines: list[tuple[str, float]] = field(default_factory=list)  # the others' Mine presses
    shown_after: list[float] = field(default_factory=list)  # press -> table shows it, seconds
    stalled: str | None = None
    finished_game: bool = False


def _cpu_seconds(pid: int, task: int | None = None) -> float:
    """Return the user + system CPU time of process `pid` (all its threads), in seconds;
    of its thread `task` alone if given."""
    path = f"/proc/{pid}/stat" if task is None else f"/proc/{pid}/task/{task}/stat"
    with open(path) as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def _pinning(pin: bool) -> tuple[Callable[[], None], Callable[[], None]] | None:
    """Return (pin the bot, pin this process) for `--pin`: the bot alone on the last CPU,
    this process on the others, so the two do not share a core's caches or time; None
    without `--pin`. Raise SystemExit on a machine with one CPU."""
    if not pin:
        return None
    cpus = sorted(os.sched_getaffinity(0))
    if len(cpus) < 2:
        raise SystemExit("--pin needs two CPUs at least")
    return (lambda: os.sched_setaffinity(0, {cpus[-1]}),
            lambda: os.sched_setaffinity(0, set(cpus[:-1])))


def _datas(message: FakeMessage) -> list[str]:
    return [b.get("callback_data", "") for b in message.buttons]


def _live_table(api: FakeBotApi, group: FakeGroup) -> FakeMessage | None:
    """Return the newest undeleted group message with game buttons, or None."""
    for message in reversed(api.chat_log(group)):
        if not message.deleted and any(d.startswith(("p:", "k:", "m:"))
                                       for d in _datas(message)):
            return message
    return None


def _version(message: FakeMessage) -> int:
    versions = [int(d.split(":")[2]) for d in _datas(message)
                if d.startswith(("p:", "k:", "d:"))]
    return max(versions, default=-1)


def _over(api: FakeBotApi, group: FakeGroup) -> bool:
    log = api.chat_log(group)
    return bool(log) and "🏁" in _words(log[-1])


def _words(message: FakeMessage) -> str:
    """Return a message's text, or its caption when it is a photo (a table picture)."""
    return message.text or message.caption or ""


def _choice(message: FakeMessage) -> str | None:
    """Return the data of the button to press: "✅ Done" if present, else the first play."""
    plays = [b for b in message.buttons if b.get("callback_data", "").startswith("p:")]
    for button in plays:
        if button["text"].startswith("✅"):
            return str(button["callback_data"])
    return str(plays[0]["callback_data"]) if plays else None


def _owner(message: FakeMessage, users: list[FakeUser]) -> FakeUser | None:
    """Return the person the table waits for ("⏳ <name>: <decision>"), or None."""
    by_name = {u.first_name: u for u in users}
    for line in _words(message).splitlines():
        if line.startswith("⏳ ") and ": " in line:
            for name in line[2:].split(": ", 1)[0].split(", "):
                if name.strip() in by_name:
                    return by_name[name.strip()]
    return None


async def _wait(api: FakeBotApi, predicate: Callable[[], Any], timeout: float) -> Any:
    return await api.wait_for(predicate, timeout=timeout)


async def _quiet(api: FakeBotApi, most: float = 30.0) -> None:
    """Wait until the bot made no call but getUpdates for QUIET_SECONDS (at most `most` s)."""
    def busy() -> int:
        return sum(1 for r in api.requests if r.method.lower() != "getupdates")

    deadline = time.monotonic() + most
    seen, since = busy(), time.monotonic()
    while time.monotonic() < deadline:
        await asyncio.sleep(0.1)
        now_busy = busy()
        if now_busy != seen:
            seen, since = now_busy, time.monotonic()
        elif time.monotonic() - since >= QUIET_SECONDS:
            return


async def _open_table(api: FakeBotApi, group: Group, timeout: float, pictures: bool) -> None:
    """The real UI: add the bot, /newgame, joins by deep link, Start; wait for the table."""
    chat, users = group.chat, group.users
    api.add_bot_to_group(chat, by=users[0], as_admin=True)
    await _wait(api, lambda: any("/newgame" in (m.text or "") for m in api.chat_log(chat)),
                timeout)
    users[0].start()
    if not pictures:  # the text table: the press path alone, as before table pictures
        users[0].send(chat, "/settings pictures off")
    users[0].send(chat, "/newgame bang_dice")

    def lobby() -> FakeMessage | None:
        return next((m for m in reversed(api.chat_log(chat)) if not m.deleted
                     and any(d.endswith(":start") for d in _datas(m))), None)

    first = await _wait(api, lobby, timeout)
    join_url = next(b["url"] for b in first.buttons if "url" in b)
    payload = join_url.split("start=")[1]
    for user in users[1:]:
        user.start(payload)
    names = [u.first_name for u in users]
    await _wait(api, lambda: (m := lobby()) is not None
                and all(f". {n}" in (m.text or "") for n in names), timeout)
    message = lobby()
    assert message is not None
    users[0].press(message, next(d for d in _datas(message) if d.endswith(":start")))
    await _wait(api, lambda: _live_table(api, chat), timeout)


async def _play(api: FakeBotApi, group: Group, presses: int, stop_at: float,
                interval: float, mine: bool = False) -> None:
    """Press the owing player's button, each time once the table shows the new version
    (and at least `interval` seconds after the group's previous press); with `mine`, the
    others press "🔒 Mine" at the same moment."""
    chat = group.chat
    last = -1
    pressed_at = 0.0

    def moved() -> FakeMessage | str | None:
        if _over(api, chat):
            return "over"
        table = _live_table(api, chat)
        return table if table is not None and _version(table) > last else None

    for index in range(presses + 1):
        try:
            found = await _wait(api, moved, STEP_TIMEOUT)
        except TimeoutError:
            group.stalled = f"table stuck at version {last}"
            return
        if index:
            group.shown_after.append(time.time() - pressed_at)
        if found == "over":
            group.finished_game = True
            return
        if index == presses or time.monotonic() > stop_at:
            return
        if index and (wait := pressed_at + interval - time.time()) > 0:
            await asyncio.sleep(wait)
            found = _live_table(api, chat) or found  # the same version, maybe redrawn
        owner, data = _owner(found, group.users), _choice(found)
        if owner is None or data is None:
            group.stalled = f"no owner or button on {_words(found)!r}"
            return
        pressed_at = time.time()
        update = owner.press(found, data)
        group.presses.append((update["callback_query"]["id"], pressed_at))
        if mine:
            group.mines += press_mine(found, owner, group.users, pressed_at)
        last = int(data.split(":")[2])


def _percentile(values: list[float], share: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def _label(bot_dir: Path) -> str:
    """Return the checkout's short commit, with "+changes" when its tree is modified."""
    try:
        rev = subprocess.run(["git", "-C", str(bot_dir), "rev-parse", "--short", "HEAD"],
                             capture_output=True, text=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "-C", str(bot_dir), "status", "--porcelain",
                                "--untracked-files=no"],
                               capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return str(bot_dir)
    return rev + ("+changes" if dirty else "")


def _db_actions(database_url: str) -> dict[str, int] | None:
    """Count the applied actions by actor in a SQLite database file (None otherwise)."""
    prefix = "sqlite+aiosqlite:///"
    if not database_url.startswith(prefix):
        return None
    path = database_url[len(prefix):]
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=10) as db:
        return dict(db.execute("SELECT actor, COUNT(*) FROM actions GROUP BY actor").fetchall())


def _log_problems(log_path: Path, stop_offset: int) -> tuple[list[str], list[str]]:
    """Return the bot log's error lines written before the stop signal, and after it."""
    text = log_path.read_bytes()

    def problems(part: bytes) -> list[str]:  # an update's repr fills a line: keep 300 chars
        return [line[:300] for line in part.decode(errors="replace").splitlines()
                if " ERROR " in line or " CRITICAL " in line or " WARNING " in line]

    return problems(text[:stop_offset]), problems(text[stop_offset:])


def _tree(bot_dir: Path) -> str | None:
    """Return a short hash of the checkout's uncommitted changes (None if there are none)."""
    try:
        diff = subprocess.run(["git", "-C", str(bot_dir), "diff", "HEAD"], capture_output=True,
                              check=True).stdout
        others = subprocess.run(["git", "-C", str(bot_dir), "ls-files", "-z", "--others",
                                 "--exclude-standard"], capture_output=True,
                                check=True).stdout.split(b"\0")
    except (OSError, subprocess.CalledProcessError):
        return None
    digest = hashlib.sha1(diff)
    files = [bot_dir / name.decode() for name in sorted(filter(None, others))]
    files = [path for path in files if path.is_file()]  # not a symlinked .venv directory
    for path in files:
        digest.update(str(path.relative_to(bot_dir)).encode() + path.read_bytes())
    return digest.hexdigest()[:10] if diff or files else None


async def run(args: argparse.Namespace) -> dict[str, Any]:
    """Run one bench and return its figures."""
    bot_dir = Path(args.bot_dir).resolve()
    workdir = Path(tempfile.mkdtemp(prefix="bench_press_"))
    database_url = args.database_url or f"sqlite+aiosqlite:///{workdir}/bench.sqlite3"
    log_path = workdir / "bot.log"
    async with FakeBotApi() as api:
        groups = []
        for g in range(args.groups):
            people = 3 + g % 3
            users = [api.add_user(100_000 + 10 * g + i, f"G{g}P{i}", language_code="en")
                     for i in range(people)]
            chat = api.add_group(-1_002_000_000_000 - g, f"Bench {g}", admins=(users[0],),
                                 members=users)
            groups.append(Group(chat, users))
        env = {**os.environ, "BOT_TOKEN": api.token, "BOT_API_BASE_URL": api.base_url,
               "DATABASE_URL": database_url, "PYTHONPATH": str(bot_dir)}
        command = [sys.executable]
        if args.profile:
            command += ["-c", PROFILED_BOT, str(Path(args.profile).resolve())]
        else:
            command += ["-m", "tgbot"]
        pinned = _pinning(args.pin)
        with open(log_path, "w") as log:
            bot = subprocess.Popen(command, cwd=bot_dir, env=env, stdout=log,
                                   stderr=subprocess.STDOUT,
                                   preexec_fn=pinned[0] if pinned else None)
        if pinned:
            pinned[1]()
        figures: dict[str, Any] = {"label": args.label or _label(bot_dir),
                                   "changes": _tree(bot_dir), "groups": args.groups,
                                   "bot_log": str(log_path)}
        try:
            await _wait(api, lambda: api.calls("getUpdates") or bot.poll() is not None, 60)
            if bot.poll() is not None:
                raise RuntimeError(f"the bot exited with {bot.returncode}; see {log_path}")
            ready_cpu = _cpu_seconds(bot.pid)
            started = time.monotonic()
            await asyncio.gather(*(_open_table(api, g, args.step_timeout, args.pictures)
                                   for g in groups))
            await _quiet(api)
            figures["setup_seconds"] = round(time.monotonic() - started, 1)
            actions_before = _db_actions(database_url)
            first_request = len(api.requests)
            connections0 = api.connections_opened
            if args.profile:
                bot.send_signal(signal.SIGUSR1)
            cpu0, wall0 = _cpu_seconds(bot.pid), time.monotonic()
            main0 = _cpu_seconds(bot.pid, bot.pid)
            figures["setup_cpu_seconds"] = round(cpu0 - ready_cpu, 2)
            stop_at = wall0 + args.max_seconds
            await asyncio.gather(*(_play(api, g, args.presses_per_group, stop_at,
                                         args.press_interval, args.mine) for g in groups))
            wall = time.monotonic() - wall0
            await _quiet(api)
            cpu = _cpu_seconds(bot.pid) - cpu0
            if args.profile:
                bot.send_signal(signal.SIGUSR2)
            main_thread = _cpu_seconds(bot.pid, bot.pid) - main0
            figures["connections_opened"] = api.connections_opened - connections0
            actions_after = _db_actions(database_url)
            idle0 = _cpu_seconds(bot.pid)
            await asyncio.sleep(args.idle_seconds)
            figures["idle_cpu_ms_per_second"] = round(
                (_cpu_seconds(bot.pid) - idle0) * 1000 / max(args.idle_seconds, 1e-9), 1)
        finally:
            log_size_at_stop = log_path.stat().st_size
            if bot.poll() is None:
                bot.send_signal(signal.SIGINT)
                # Waited for in a thread: the fake Telegram runs in this event loop and must
                # still answer the bot's last calls (PTB confirms the fetched updates).
                try:
                    await asyncio.wait_for(asyncio.to_thread(bot.wait), 30)
                except TimeoutError:
                    bot.kill()
                    bot.wait()
        figures["bot_exit"] = bot.returncode
        window = api.requests[first_request:]
        answered = {str(r.params.get("callback_query_id")): r.at for r in window
                    if r.method.lower() == "answercallbackquery" and r.ok}
        presses = [p for g in groups for p in g.presses]
        answers = api.callback_answers
        accepted = [p for p in presses if p[0] in answers
                    and not answers[p[0]].show_alert and not answers[p[0]].text]
        refused = Counter(answers[p[0]].text for p in presses
                          if p[0] in answers and p not in accepted)
        latencies = [(answered[q] - at) * 1000 for q, at in presses if q in answered]
        shown = [s * 1000 for g in groups for s in g.shown_after]
        errors = Counter(f"{r.method} {r.status} {r.response.get('description', '')}"
                         for r in window if r.status not in (0, 200))
        start_at = window[0].at if window else 0.0
        floods = [(round(r.at - start_at, 1), r.method, r.params.get("chat_id"),
                   r.response.get("parameters", {}).get("retry_after"))
                  for r in window if r.status == 429]
        figures.update({
            "press_interval": args.press_interval,
            "pinned": args.pin,
            "presses": len(presses), "accepted": len(accepted),
            "refused": dict(refused), "unanswered": len(presses) - len(latencies),
            "bot_cpu_seconds": round(cpu, 2),
            "main_thread_cpu_seconds": round(main_thread, 2),
            "cpu_ms_per_press": round(cpu * 1000 / max(1, len(accepted)), 2),
            "wall_seconds": round(wall, 1),
            "presses_per_second": round(len(accepted) / wall, 2),
            "answer_ms_p50": round(_percentile(latencies, 0.5), 1),
            "answer_ms_p99": round(_percentile(latencies, 0.99), 1),
            "shown_ms_p50": round(_percentile(shown, 0.5), 1),
            "shown_ms_p99": round(_percentile(shown, 0.99), 1),
            "games_finished": sum(g.finished_game for g in groups),
            "stalled": {g.chat.title: g.stalled for g in groups if g.stalled},
            "api_errors": dict(errors),
            "floods": floods[:20],
            "fake_internal_errors": [repr(e) for e in api.internal_errors],
            "bot_calls": Counter(r.method for r in window),
        })
        if args.mine:
            figures.update(mine_figures(answers, answered, [m for g in groups for m in g.mines],
                                        _percentile))
        if actions_before is not None and actions_after is not None:
            figures["db_actions"] = {k: actions_after.get(k, 0) - actions_before.get(k, 0)
                                     for k in actions_after}
        running, stopping = _log_problems(log_path, log_size_at_stop)
        figures["bot_log_problems"] = running[:20]
        figures["shutdown_log_problems"] = stopping[:3]
    return figures


def _summary(f: dict[str, Any]) -> str:
    return (f"{f['label']}: {f['groups']} groups, {f['accepted']}/{f['presses']} presses "
            f"accepted, bot CPU {f['bot_cpu_seconds']:.2f} s = {f['cpu_ms_per_press']:.2f} ms "
            f"per press; wall {f['wall_seconds']:.1f} s, {f['presses_per_second']:.2f} "
            f"presses/s; answer p50 {f['answer_ms_p50']:.0f} ms p99 {f['answer_ms_p99']:.0f} "
            f"ms; table shown p50 {f['shown_ms_p50']:.0f} ms p99 {f['shown_ms_p99']:.0f} ms; "
            f"set-up {f['setup_seconds']} s ({f['setup_cpu_seconds']} s CPU); idle CPU "
            f"{f['idle_cpu_ms_per_second']} ms/s; "
            f"stalls {len(f['stalled'])}, API errors {sum(f['api_errors'].values())}, "
            f"bot log problems {len(f['bot_log_problems'])}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--groups", type=int, default=20)
    parser.add_argument("--presses-per-group", type=int, default=15)
    parser.add_argument("--bot-dir", default=str(ROOT),
                        help="checkout whose `python -m tgbot` runs (default: this repository)")
    parser.add_argument("--database-url", default=None,
                        help="default: a SQLite file in a fresh temporary directory")
    parser.add_argument("--label", default=None, help="default: the checkout's commit")
    parser.add_argument("--press-interval", type=float, default=0.0,
                        help="a group presses at most once per this many seconds")
    parser.add_argument("--max-seconds", type=float, default=120.0,
                        help="no new press after this many seconds of play")
    parser.add_argument("--step-timeout", type=float, default=STEP_TIMEOUT,
                        help="set-up: seconds each step of opening a table may take")
    parser.add_argument("--idle-seconds", type=float, default=5.0,
                        help="after the presses, the bot's idle CPU is read over this long")
    parser.add_argument("--pictures", action="store_true",
                        help="keep table pictures on (default: /settings pictures off first)")
    parser.add_argument("--profile", default=None, metavar="FILE",
                        help="run the bot under cProfile, writing its stats to FILE")
    parser.add_argument("--mine", action="store_true",
                        help="with each move, the table's other players press 🔒 Mine "
                             "(tests/bench/mine_presses.py); its CPU counts in the press's")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--pin", action="store_true",
                        help="run the bot on the last CPU alone and this process (the fake "
                             "Telegram and the players) on the others (Linux)")
    args = parser.parse_args()
    figures = asyncio.run(run(args))
    if args.json:
        print(json.dumps(figures, ensure_ascii=False))
    else:
        print(_summary(figures))
        if args.mine:
            print(f"  Mine: {figures['mine_presses']} presses, {figures['mine_unanswered']} "
                  f"unanswered, answer p50 {figures['mine_answer_ms_p50']:.0f} ms p99 "
                  f"{figures['mine_answer_ms_p99']:.0f} ms, {figures['mine_answered_by']}")
        for key in ("refused", "stalled", "api_errors", "fake_internal_errors",
                    "bot_log_problems", "shutdown_log_problems"):
            if figures[key]:
                print(f"  {key}: {figures[key]}")


if __name__ == "__main__":
    main()
