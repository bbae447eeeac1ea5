#!/usr/bin/env bash
# Times `richpreview lint --format json .` (release build) on a generated Flutter app tree of FILES
# files with node_modules/, ios/Pods/, ios/.symlinks/, .dart_tool/ and build/ present
# (Benchmarks/make-xplat-tree.py), RUNS times, and prints the median wall time, the files lint
# walked and the findings; then checks the target (under 1 s) and that the folders lint must not
# enter stay unread (strace, when installed). See Benchmarks/README.md.
#
#   [FILES=5000] [RUNS=10] [RICHPREVIEW=/path/to/richpreview] Benchmarks/xplat-lint-benchmark.sh
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
SHARED=${RICHPREVIEW_SHARED:-$root/../shared}
FILES=${FILES:-5000}
RUNS=${RUNS:-10}
die() { printf 'xplat-lint-benchmark: error: %s\n' "$*" >&2; exit 1; }
note() { printf 'xplat-lint-benchmark: %s\n' "$*" >&2; }
. "$here/common.sh"
[[ $FILES =~ ^[1-9][0-9]+$ && $RUNS =~ ^[1-9][0-9]*$ ]] || die "FILES and RUNS must be positive integers"
build_richpreview

tree=$(mktemp -d)/app
trap 'rm -rf "$(dirname "$tree")"' EXIT
/usr/bin/python3 "$here/make-xplat-tree.py" "$tree" "$FILES" >&2
times=()
for _ in $(seq "$RUNS"); do
  start=$(date +%s%N)
  (cd "$tree" && "$bin" lint --format json . >/dev/null 2>"$tree.err") || true
  times+=($(( ($(date +%s%N) - start) / 1000000 )))
done
median=$(printf '%s\n' "${times[@]}" | sort -n | sed -n "$(( (RUNS + 1) / 2 ))p")
total=$(find "$tree" -type f | wc -l)
printf '| files in the tree | files lint walked | median wall ms (%s runs) | summary |\n|---|---|---|---|\n' "$RUNS"
printf '| %s | %s | %s | %s |\n' "$total" "$(grep -o 'in [0-9]* files' "$tree.err" | grep -o '[0-9]*')" "$median" \
  "$(tail -1 "$tree.err" | sed 's/^richpreview lint: //; s/ ([0-9]* ms)//')"
if [ "$median" -lt 1000 ]; then echo "PASS: under 1 s"; else echo "FAIL: ${median} ms, not under 1 s"; fi
if command -v strace >/dev/null; then
  (cd "$tree" && strace -f -e trace=openat,open -o "$tree.trace" "$bin" lint . >/dev/null 2>&1) || true
  entered=$(grep -cE '/(node_modules|Pods|\.dart_tool|\.symlinks|build)/' "$tree.trace" || true)
  if [ "$entered" -eq 0 ]; then echo "PASS: nothing under node_modules, Pods, .dart_tool, .symlinks or build opened"
  else echo "FAIL: $entered opens under a folder lint must not enter"; fi
fi
