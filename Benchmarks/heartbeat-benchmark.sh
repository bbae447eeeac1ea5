#!/usr/bin/env bash
# How late a 10 ms heartbeat task runs while PHOTOS photos (WIDTH×HEIGHT JPEGs made by the
# program) are scaled to 1125×1125 and encoded at once: through the synchronous scale in a task
# group (`blocking`, the recipe before the async API) and through the async API on a WorkerPool of
# POOL threads (`async`). Builds the Heartbeat program of Benchmarks/one-decode (a small SwiftPM
# package that depends on this one by path; CONFIG=release by default), runs each mode RUNS times and prints a Markdown table of
# the worst and 99th-percentile lateness and the wall time of each run. Progress goes to stderr.
# See Benchmarks/README.md, "The heartbeat benchmark".
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
PHOTOS=${PHOTOS:-8}
WIDTH=${WIDTH:-4032}
HEIGHT=${HEIGHT:-3024}
POOL=${POOL:-2}
RUNS=${RUNS:-3}
CONFIG=${CONFIG:-release}
MODES=${MODES:-blocking async}

die() { printf 'heartbeat-benchmark: error: %s\n' "$*" >&2; exit 1; }
for n in "$PHOTOS" "$WIDTH" "$HEIGHT" "$POOL" "$RUNS"; do
  [[ $n =~ ^[1-9][0-9]*$ ]] || die "PHOTOS, WIDTH, HEIGHT, POOL and RUNS must be positive integers"
done
[[ $CONFIG == release || $CONFIG == debug ]] || die "CONFIG must be release or debug"
for m in $MODES; do [[ $m == blocking || $m == async ]] || die "MODES: '$m' is not blocking or async"; done

printf 'heartbeat-benchmark: building Benchmarks/one-decode'"'"'s Heartbeat (%s)\n' "$CONFIG" >&2
swift build --package-path "$here/one-decode" -c "$CONFIG" --product Heartbeat >&2
binary="$(swift build --package-path "$here/one-decode" -c "$CONFIG" --show-bin-path)/Heartbeat"

printf '%s photos of %sx%s, pool of %s threads, %s build, %s cores, load %s\n\n' \
  "$PHOTOS" "$WIDTH" "$HEIGHT" "$POOL" "$CONFIG" "$(nproc)" "$(cut -d' ' -f1-3 /proc/loadavg)"
printf '| mode | run | worst lateness (ms) | p99 lateness (ms) | ticks | wall (ms) |\n|---|---|---|---|---|---|\n'
for mode in $MODES; do
  for run in $(seq 1 "$RUNS"); do
    json="$("$binary" "$mode" "$PHOTOS" "$WIDTH" "$HEIGHT" "$POOL")"
    python3 -c 'import json,sys; r=json.loads(sys.argv[1]); print("| %s | %s | %.1f | %.1f | %d | %.0f |" % (r["mode"], sys.argv[2], r["worstMs"], r["p99Ms"], r["ticks"], r["wallMs"]))' "$json" "$run"
  done
done
