"""Benchmark: full BANG! card games per CPU-second (`python -m tests.bench.bench_cards`).

The same harness as `bench_colt` (one process, one core, CPU time of the process; the batch
repeated, best and median rate reported; one JSON line per policy, the timeout default then
the bot), with the card game's defaults: 5 players, 200 games a batch, 5 batches. The
simulator's `play_one` runs `check_state` after every step, so the 80-card check is part of
the measured cost. `--profile` prints where the time goes. Not collected by pytest: figures
belong in docs/benchmarks.md.
"""

from __future__ import annotations

from tests.bench.bench_colt import main

if __name__ == "__main__":
    main("bang_cards", players=5, games=200, doc=__doc__)
