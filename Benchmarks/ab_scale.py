#!/usr/bin/python3
"""Compares two richpreview binaries on the scale benchmark's rows, runs interleaved.

usage: ab_scale.py OLD_BINARY NEW_BINARY

Runs A, B, A, B... (one warm-up run each, then RUNS each), so that a busy neighbour slows both
alike. For each row prints the median wall time and the median CPU time (user + system, from
wait4's rusage) of each binary, their ratios B/A, B's `scale --json` stage medians (decode,
resample, encode) and the peak RSS of each. B's output must have A's size, or the script stops.

env: RUNS (default 9), ROWS (extended regex over 'IMAGE BOX OUT'; default all 40 rows),
     IMG (default <root>/bench-images), NEW_ARGS (extra arguments for B only, e.g. '--threads 1').
Prints Markdown to stdout.
"""
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

IMAGES = ["photo-12mp.jpg", "photo-12mp-progressive.jpg", "photo-12mp-exif6.jpg", "photo-8mp-dense.jpg",
          "photo-2mp.jpg", "gray-4mp.jpg", "photo-12mp.png", "photo-12mp-rgba.png", "palette-2mp.png",
          "photo-2mp.gif"]


def measure(command):
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out = process.stdout.read()
    process.stderr.read()
    _, status, usage = os.wait4(process.pid, 0)
    wall = (time.perf_counter() - start) * 1000
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        sys.exit(f"ab_scale: {' '.join(command)} failed ({process.returncode})")
    return wall, (usage.ru_utime + usage.ru_stime) * 1000, usage.ru_maxrss / 1024, json.loads(out)


def main(argv):
    if len(argv) != 3:
        sys.exit(__doc__.split("\n\n")[1])
    old, new = argv[1], argv[2]
    runs = int(os.environ.get("RUNS", "9"))
    rows = os.environ.get("ROWS", "")
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    images = os.environ.get("IMG", os.path.join(root, "bench-images"))
    new_args = os.environ.get("NEW_ARGS", "").split()
    os.environ.update(VIPS_CONCURRENCY="1", MAGICK_THREAD_LIMIT="1")
    print(f"A: {old}\nB: {new} {' '.join(new_args)}\n{runs} runs each, interleaved; load before: "
          f"{os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f}\n")
    print("| row | A wall ms | B wall ms | B/A wall | A CPU ms | B CPU ms | B/A CPU | B decode | B resample "
          "| B encode | A MiB | B MiB |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory(prefix="ab-scale.") as scratch:
        for image in IMAGES:
            for box in (1179, 375):
                for out in ("jpg", "png"):
                    key = f"{image} {box} {out}"
                    if rows and not re.search(rows, key):
                        continue
                    quality = ["--quality", "85"] if out == "jpg" else []
                    results = {"a": [], "b": []}
                    for index in range(runs + 1):
                        for side, binary, extra in (("a", old, []), ("b", new, new_args)):
                            command = [binary, "scale", os.path.join(images, image), "-o",
                                       os.path.join(scratch, f"{side}.{out}"), "--fit", f"{box}x{box}",
                                       *quality, "--json", *extra]
                            result = measure(command)
                            if index > 0:
                                results[side].append(result)
                    a, b = results["a"], results["b"]
                    if a[0][3]["outputSize"] != b[0][3]["outputSize"]:
                        sys.exit(f"ab_scale: {key}: A wrote {a[0][3]['outputSize']}, B {b[0][3]['outputSize']}")
                    med = lambda rs, f: statistics.median(f(r) for r in rs)  # noqa: E731
                    aw, bw = med(a, lambda r: r[0]), med(b, lambda r: r[0])
                    ac, bc = med(a, lambda r: r[1]), med(b, lambda r: r[1])
                    stage = [med(b, lambda r, s=s: r[3]["milliseconds"][s]) for s in ("decode", "resample", "encode")]
                    print(f"| {key} | {aw:.0f} | {bw:.0f} | {bw / aw:.2f} | {ac:.0f} | {bc:.0f} | {bc / ac:.2f} | "
                          f"{stage[0]:.1f} | {stage[1]:.1f} | {stage[2]:.1f} | {max(r[2] for r in a):.1f} | "
                          f"{max(r[2] for r in b):.1f} |", flush=True)
    print(f"\nload after: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f}")


if __name__ == "__main__":
    main(sys.argv)
