"""Benchmark: time to draw a table picture (`python -m tests.bench.bench_render`).

For each game, plays seeded games under the bot policy at several player counts, keeps
every `--every`-th position (finished positions included), and draws each one's group
picture (group_view + render_table + PNG encoding, no cache: the kept bands and words are
forgotten before each) in each language in turn; with `--kept` they are kept and every
position is drawn in one language, as a game's successive tables are (use `--every 1`).
Times are CPU time of this process per picture (other work on the machine does not count),
reported as mean, p50 / p99 / max in ms with the mean PNG size; one JSON line per game. For the
games with a hand (Colt Express, the card game), a second line times the private hand
picture (hand_view + draw_hand) of the seat that acts at each kept position, as its
prompt draws it. Not collected by pytest: figures belong in docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from typing import Any

from core.engine.registry import get_game
from tests.tgbot.images.positions import NAMES
from tgbot.i18n import LANGUAGES
from tgbot.render.images import draw_hand, group_view, hand_view, has_hand, render_table
from tgbot.render.images.bands import forget_bands
from tgbot.render.images.canvas import forget_drawn_text

PLAYERS = {"bang_dice": (4, 6, 8), "colt_express": (2, 4, 6), "bang_cards": (4, 5, 7)}


def positions(kind: str, players: int, seeds: int, every: int) -> list[Any]:
    """Return every `every`-th state of `seeds` bot games, and each game's last state."""
    game = get_game(kind)
    found = []
    for seed in range(seeds):
        state = game.setup({}, players, seed).state
        step = 0
        while game.to_act(state):
            if step % every == 0:
                found.append(state)
            seat = min(game.to_act(state))
            state = game.apply(state, seat, game.bot_action(state, seat)).state
            step += 1
        found.append(state)
    return found


def percentile(values: list[float], share: float) -> float:
    """Return the value below which `share` of the sorted values lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def measure(kind: str, seeds: int, every: int, kept: bool = False) -> dict[str, Any]:
    """Return the JSON-ready figures of one game (`kept`: bands and words kept between
    pictures, one language)."""
    game = get_game(kind)
    times, sizes = [], []
    warm = game.setup({}, PLAYERS[kind][0], 99).state
    render_table(group_view(kind, game, warm), "en", NAMES)  # fonts and palette loaded
    for players in PLAYERS[kind]:
        for index, state in enumerate(positions(kind, players, seeds, every)):
            language = "en" if kept else LANGUAGES[index % len(LANGUAGES)]
            if not kept:
                forget_bands()
                forget_drawn_text()
            started = time.process_time()
            png = render_table(group_view(kind, game, state), language, NAMES[:players])
            times.append((time.process_time() - started) * 1000)
            sizes.append(len(png))
    return {"game": kind, "kept": kept, "pictures": len(times), "players": list(PLAYERS[kind]),
            "mean_ms": round(statistics.mean(times), 2),
            "p50_ms": round(percentile(times, 0.5), 1), "p99_ms": round(percentile(times, 0.99), 1),
            "max_ms": round(max(times), 1), "mean_kb": round(statistics.mean(sizes) / 1024, 1)}


def measure_hands(kind: str, seeds: int, every: int) -> dict[str, Any]:
    """Return the JSON-ready figures of one game's hand pictures."""
    game = get_game(kind)
    times, sizes = [], []
    warm = game.setup({}, PLAYERS[kind][0], 99).state
    draw_hand(hand_view(kind, game, warm, 0), "en")
    for players in PLAYERS[kind]:
        for index, state in enumerate(positions(kind, players, seeds, every)):
            seat = min(game.to_act(state) or {0})
            language = LANGUAGES[index % len(LANGUAGES)]
            started = time.process_time()
            png = draw_hand(hand_view(kind, game, state, seat), language)
            times.append((time.process_time() - started) * 1000)
            sizes.append(len(png))
    return {"game": kind, "picture": "hand", "pictures": len(times),
            "players": list(PLAYERS[kind]),
            "p50_ms": round(percentile(times, 0.5), 1), "p99_ms": round(percentile(times, 0.99), 1),
            "max_ms": round(max(times), 1), "mean_kb": round(statistics.mean(sizes) / 1024, 1)}


ENCODINGS: dict[str, tuple[bool, str, dict[str, Any]]] = {  # name: (palette?, format, options)
    "palette PNG, zlib-ng level 2, one band (kept: png.py)": (True, "BANDS", {}),
    "palette PNG, level 1 (Pillow)": (True, "PNG", {"compress_level": 1}),
    "palette PNG, level 0 (stored)": (True, "PNG", {"compress_level": 0}),
    "palette PNG, level 6": (True, "PNG", {"compress_level": 6}),
    "RGB PNG, level 1": (False, "PNG", {"compress_level": 1}),
    "JPEG q90 (4:2:0)": (False, "JPEG", {"quality": 90}),
    "JPEG q95 4:4:4 (sharp text)": (False, "JPEG", {"quality": 95, "subsampling": 0}),
    "WebP q90, method 0": (False, "WEBP", {"quality": 90, "method": 0}),
    "WebP lossless, method 0": (False, "WEBP", {"lossless": True, "quality": 0, "method": 0}),
}


def formats(repeats: int = 10) -> list[str]:
    """Return Markdown rows: for three whole tables, each encoding's CPU ms and KB, and the
    fixed palette's mapping (what "palette" encodings pay first; no colour reduction)."""
    import io

    from PIL import Image

    from tests.tgbot.images.positions import POSITIONS
    from tgbot.render.images import canvas
    from tgbot.render.images.canvas import WIDTH
    from tgbot.render.images.png import assemble, encode

    rows = []
    for name in ("dice_8p_finished", "colt_6p_finished", "cards_7p_finished"):
        position = next(p for p in POSITIONS if p.name == name)
        view = group_view(position.kind, get_game(position.kind), position.state())
        # the drawing in full colour (its colours are the palette's: decoding gives them)
        rgb = Image.open(io.BytesIO(render_table(view, "en", NAMES[:position.players])))
        rgb = rgb.convert("RGB")
        started = time.process_time()
        for _ in range(repeats):
            mapped = rgb.quantize(palette=canvas._palette(), dither=Image.Dither.NONE)
        mapping = (time.process_time() - started) * 1000 / repeats
        cells = [f"{name} {rgb.width}x{rgb.height}", f"{mapping:.2f}"]
        for palette, kind, options in ENCODINGS.values():
            image = mapped if palette else rgb
            started = time.process_time()
            for _ in range(repeats):
                out = io.BytesIO()
                if kind == "BANDS":
                    out.write(assemble(WIDTH, [encode(image)], canvas.palette_bytes()))
                else:
                    image.save(out, kind, **options)
            cells.append(f"{(time.process_time() - started) * 1000 / repeats:.1f} ms, "
                         f"{len(out.getvalue()) / 1024:.0f} KB")
        rows.append("| " + " | ".join(cells) + " |")
    return ["| Table | Palette mapping ms | " + " | ".join(ENCODINGS) + " |",
            "|---" * (len(ENCODINGS) + 2) + "|", *rows]


def main() -> None:
    """Print one JSON line per game."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=3, help="games per player count")
    parser.add_argument("--every", type=int, default=10, help="keep every n-th position")
    parser.add_argument("--game", choices=sorted(PLAYERS), action="append")
    parser.add_argument("--kept", action="store_true",
                        help="keep bands and words between pictures (one language)")
    parser.add_argument("--formats", action="store_true",
                        help="time and size each encoding of three whole tables (Markdown)")
    args = parser.parse_args()
    if args.formats:
        print("\n".join(formats()))
        return
    for kind in args.game or list(PLAYERS):
        print(json.dumps(measure(kind, args.seeds, args.every, args.kept)), flush=True)
        if has_hand(kind) and not args.kept:
            print(json.dumps(measure_hands(kind, args.seeds, args.every)), flush=True)


if __name__ == "__main__":
    main()
