#!/usr/bin/env python3
"""Times two richpreview binaries on the same command, alternating them in a shuffled order each
round so that both see the same noise, and prints each one's median wall time, the ratio of the
medians and the median of the per-round ratios (the steadier figure on a noisy machine).

    Benchmarks/compare-binaries.py BASE HEAD ROUNDS -- lint --format json TREE
    Benchmarks/compare-binaries.py BASE HEAD ROUNDS --one-core -- render card.json --format png -o /tmp/x.png

`--one-core` pins both to CPU 0 with taskset. Output of the commands is discarded."""
import random
import statistics
import subprocess
import sys
import time


def main(argv):
    if "--" not in argv or len(argv) < 5:
        sys.exit(__doc__)
    split = argv.index("--")
    base, head, rounds, *flags = argv[1:split]
    command = argv[split + 1:]
    if not rounds.isdigit() or int(rounds) < 1:
        sys.exit("compare-binaries: ROUNDS must be a positive integer")
    prefix = ["taskset", "-c", "0"] if "--one-core" in flags else []
    times = {base: [], head: []}
    for _ in range(int(rounds)):
        order = [base, head]
        random.shuffle(order)
        for binary in order:
            start = time.perf_counter()
            subprocess.run(prefix + [binary] + command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            times[binary].append((time.perf_counter() - start) * 1000)
    a, b = statistics.median(times[base]), statistics.median(times[head])
    paired = statistics.median(y / x for x, y in zip(times[base], times[head]))
    print(f"base {a:.1f} ms, head {b:.1f} ms, ratio of medians {b / a:.3f}, median paired ratio {paired:.3f}")


main(sys.argv)
