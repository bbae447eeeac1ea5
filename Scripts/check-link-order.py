#!/usr/bin/env python3
"""Checks what the link order buys: that Sources/richpreview/link-order.txt still names the
binary's functions, and that start-up stays within its budget. CI runs it (.ci/run); tests never
time anything, so this is where a start-up regression fails.

1. Builds the release binary as Scripts/setup.sh does (static standard library, no RELR: the
   default build), unless --binary names one.
2. Stale entries: of the functions the order lists, the share the binary no longer defines
   (renamed or removed since Scripts/make-link-order.sh wrote the list) must be at most
   STALE_LIMIT. A stale name is skipped by the link, harmlessly, but the code it stood for is
   placed with the cold code again, so a list past the limit is written again.
3. Start-up: the commands of BUDGETS run once untimed, then in turn ROUNDS times. A command's
   median CPU time (user and system, which the kernel counts to the nanosecond: the start-up's
   own work, which the other processes of a shared machine move less than its wall time)
   must be within its budget plus TIME_TOLERANCE, and its median count of minor page faults (the
   pages a run touches, which no other process changes) within its budget plus FAULT_TOLERANCE.
   The median wall time is printed beside them. Loading a large library at start, FFmpeg say,
   adds thousands of faults; each library's own tests check it is not mapped before it is needed.

Prints one line per check and exits 0 when all pass, 1 when one fails, 2 when the build or a
command fails. A change that moves a figure on purpose updates BUDGETS with the figures printed.

usage: Scripts/check-link-order.py [--binary PATH] [--rounds N]
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ORDER = "Sources/richpreview/link-order.txt"
STALE_LIMIT = 0.05
TIME_TOLERANCE = 1.00
FAULT_TOLERANCE = 0.10
# (what is run, median CPU milliseconds, median minor page faults): this script's figures on the
# 2-core AMD EPYC machine, quiet (2026-12-06, the order written again that day, after the Push to
# Talk, push-type, Live Activity baseline, style and text work: the payload and lint commands run
# more rules and read more at start, 7-9 % more pages than the order before). CPU time is allowed
# twice its budget: under a load of 3 the earlier binary measured 5.2, 6.7 and 11.0 ms, and CI's
# machine is not this one; the page faults, which load does not move, are the tight check.
BUDGETS = [
    (["--version"], 3.1, 518),
    (["payload", "Resources/payloads/image_category.json"], 3.8, 638),
    (["lint", "Resources", "Info-plist-samples", "--attachments", "Resources/attachments"], 7.0, 751),
]


def die(message):
    print(f"check-link-order: error: {message}", file=sys.stderr)
    sys.exit(2)


def build():
    command = ["swift", "build", "-c", "release", "--product", "richpreview", "--static-swift-stdlib"]
    environment = dict(os.environ)
    environment.pop("RICHPREVIEW_PACK_RELATIVE_RELOCS", None)
    folder = subprocess.run(command[:4] + ["--show-bin-path"], capture_output=True, text=True).stdout.strip()
    if not folder:
        die("swift build --show-bin-path printed nothing")
    binary = os.path.join(folder, "richpreview")
    # SwiftPM does not know that the link reads the order: without a binary it links again.
    if os.path.exists(binary):
        os.remove(binary)
    if subprocess.run(command, stdout=sys.stderr, env=environment).returncode != 0:
        die("the release build failed")
    return binary


def stale_share(binary):
    """The share of the order's names the binary does not define, and how many it lists."""
    nm = shutil.which("nm") or shutil.which("llvm-nm")  # binutils', or the Swift toolchain's
    if not nm:
        die("neither nm nor llvm-nm is installed")
    symbols = subprocess.run([nm, "--defined-only", binary], capture_output=True, text=True)
    if symbols.returncode != 0:
        die(f"nm cannot read {binary}: {symbols.stderr.strip()}")
    defined = {fields[2] for fields in (line.split() for line in symbols.stdout.splitlines())
               if len(fields) == 3 and fields[1] in "tTwW"}
    with open(os.path.join(ROOT, ORDER), encoding="utf-8") as order:
        listed = [line.strip() for line in order if line.strip() and not line.startswith("#")]
    if not listed:
        die(f"{ORDER} lists no function")
    return sum(name not in defined for name in listed) / len(listed), len(listed)


def run_once(binary, arguments):
    """(wall milliseconds, CPU milliseconds, minor page faults) of one run, its output discarded."""
    null = os.open(os.devnull, os.O_RDWR)
    actions = [(os.POSIX_SPAWN_DUP2, null, 0), (os.POSIX_SPAWN_DUP2, null, 1), (os.POSIX_SPAWN_DUP2, null, 2)]
    start = time.perf_counter()
    pid = os.posix_spawn(binary, [binary] + arguments, os.environ, file_actions=actions)
    _, status, usage = os.wait4(pid, 0)
    elapsed = (time.perf_counter() - start) * 1000
    os.close(null)
    code = os.waitstatus_to_exitcode(status)
    if code not in (0, 1):
        die(f"richpreview {' '.join(arguments)} ended with status {code}")
    return elapsed, (usage.ru_utime + usage.ru_stime) * 1000, usage.ru_minflt


def main():
    parser = argparse.ArgumentParser(description="Checks the link order and the start-up budget.")
    parser.add_argument("--binary", help="a release richpreview to check instead of building one")
    parser.add_argument("--rounds", type=int, default=40, help="timed runs per command (default 40)")
    options = parser.parse_args()
    if options.rounds < 1:
        parser.error("--rounds must be at least 1")
    os.chdir(ROOT)
    binary = os.path.abspath(options.binary) if options.binary else build()
    failed = False

    share, listed = stale_share(binary)
    verdict = "ok" if share <= STALE_LIMIT else "FAIL: run Scripts/make-link-order.sh"
    print(f"link order: {share:.1%} of {listed} functions stale (limit {STALE_LIMIT:.0%}): {verdict}")
    failed |= share > STALE_LIMIT

    for arguments, _, _ in BUDGETS:
        run_once(binary, arguments)
    runs = [[] for _ in BUDGETS]
    for _ in range(options.rounds):
        for index, (arguments, _, _) in enumerate(BUDGETS):
            runs[index].append(run_once(binary, arguments))
    for (arguments, milliseconds, faults), measured in zip(BUDGETS, runs):
        wall, cpu, touched = (statistics.median(run[field] for run in measured) for field in range(3))
        over = []
        if cpu > milliseconds * (1 + TIME_TOLERANCE):
            over.append(f"CPU time over {milliseconds} ms + {TIME_TOLERANCE:.0%}")
        if touched > faults * (1 + FAULT_TOLERANCE):
            over.append(f"page faults over {faults} + {FAULT_TOLERANCE:.0%}")
        print(f"richpreview {' '.join(arguments)}: {cpu:.1f} ms CPU (budget {milliseconds}), {touched:.0f} page "
              f"faults (budget {faults}), {wall:.1f} ms wall: {'FAIL: ' + ', '.join(over) if over else 'ok'}")
        failed |= bool(over)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
