#!/usr/bin/env bash
# Times `richpreview lint --format json` on a generated 10,000-file app tree and on a project-sized
# one (Benchmarks/make-lint-tree.py), on both cores and pinned to one core with `taskset`, and
# traces one run of each with strace to check that no file is opened twice and that no file lint
# has no use for (images, .md, .strings, .storyboard, Pods/, DerivedData/, .git/) is opened.
# Prints a Markdown table (median wall ms, files per second, peak RSS) and the issue's targets as
# PASS/FAIL to stdout, and saves it with the raw numbers in
# Benchmarks/results/lint-latest.{md,json,csv}. Progress goes to stderr. See Benchmarks/README.md.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
PY=/usr/bin/python3
RUNS=${RUNS:-10}
WARMUP=${WARMUP:-1}
FILES=${FILES:-10000}
PROJECT_FILES=${PROJECT_FILES:-600}
SKIPPED=${SKIPPED:-}
SEED=${SEED:-1}
CPU=${CPU:-0}
TARGET_MS=${TARGET_MS:-1000}
TRACE=${TRACE:-1}
BREAKDOWN=${BREAKDOWN:-auto}
BREAKDOWN_RUNS=${BREAKDOWN_RUNS:-5}
QUIET=${QUIET:-0}
SHARED=${RICHPREVIEW_SHARED:-$root/../shared}
WORK=${WORK:-$root/bench-lint}
RESULTS=$here/results
# the groups of make-lint-tree.py timed alone for the breakdown, and what each stands for
BREAKDOWN_GROUPS=(swift objc payload plist json inert,skipped)

start=$SECONDS
die() { printf 'lint-benchmark: error: %s\n' "$*" >&2; exit 1; }
note() { printf 'lint-benchmark: %s\n' "$*" >&2; }

[[ $RUNS =~ ^[1-9][0-9]*$ && $WARMUP =~ ^[0-9]+$ && $BREAKDOWN_RUNS =~ ^[1-9][0-9]*$ ]] ||
  die "RUNS and BREAKDOWN_RUNS must be positive integers, WARMUP a non-negative one"
[[ $FILES =~ ^[1-9][0-9]+$ && $PROJECT_FILES =~ ^([1-9][0-9]+|0)$ && $SEED =~ ^[0-9]+$ ]] ||
  die "FILES must be an integer ≥ 100, PROJECT_FILES one ≥ 100 or 0 (no project tree), SEED an integer"
[ -z "$SKIPPED" ] || [[ $SKIPPED =~ ^[0-9]+$ ]] || die "SKIPPED must be a non-negative integer"
[[ $CPU =~ ^[0-9]+$ ]] || die "CPU must be a CPU number for taskset -c"
[[ $TARGET_MS =~ ^[0-9]+$ ]] || die "TARGET_MS must be an integer"
[[ $BREAKDOWN =~ ^(auto|0|1)$ ]] || die "BREAKDOWN must be auto, 0 or 1"
[[ $TRACE =~ ^(0|1)$ ]] || die "TRACE must be 0 or 1"
[[ $QUIET =~ ^[0-9]+$ ]] || die "QUIET must be a number of seconds"

# --- never write into the shared tree -------------------------------------------------------
source "$here/common.sh"
refuse_shared WORK "$WORK"

# --- packages and tools ---------------------------------------------------------------------
require_tools hyperfine taskset /usr/bin/time "$PY"
[ "$TRACE" = 0 ] || command -v strace >/dev/null || die "'strace' is missing (or set TRACE=0)"
taskset -c "$CPU" true 2>/dev/null || die "taskset -c $CPU fails: no CPU $CPU here (set CPU)"

# --- richpreview ----------------------------------------------------------------------------
build_richpreview
"$bin" help lint >/dev/null 2>&1 || die "$bin has no 'lint' command"

# --- the trees ------------------------------------------------------------------------------
mkdir -p "$WORK"
WORK=$(realpath "$WORK")
generator_sha=$(sha256sum "$here/make-lint-tree.py" | cut -d' ' -f1)
# tree NAME FILES [ONLY]: (re)generates $WORK/NAME unless its stamp matches; prints its path
tree() {
  local name=$1 files=$2 only=${3:-} skipped=${SKIPPED:-$(($2 / 5))} dir="$WORK/$1"
  if [ -d "$dir" ] && "$PY" - "$dir.json" "$generator_sha" "$files" "$skipped" "$SEED" "$only" <<'EOF'
import json, sys
path, sha, files, skipped, seed, only = sys.argv[1:]
try:
    m = json.load(open(path))
except (OSError, ValueError):
    sys.exit(1)
groups = {"swift": {"swift"}, "objc": {"objc-m", "objc-h"}, "payload": {"payload", "attachment"},
          "plist": {"plist", "manifest"}, "json": {"json-other", "asset-json"},
          "inert": {"image", "markdown", "strings", "storyboard", "other"}, "skipped": {"skipped"}}
want = set().union(*(groups[g] for g in only.split(",") if g)) or set().union(*groups.values())
ok = (m.get("generator_sha256") == sha and m.get("files") == int(files) and m.get("skipped") == int(skipped)
      and m.get("seed") == int(seed) and set(m.get("only", [])) == want)
sys.exit(0 if ok else 1)
EOF
  then
    printf '%s\n' "$dir"; return
  fi
  note "generating $dir ($files files${only:+, only $only})"
  "$PY" "$here/make-lint-tree.py" "$dir" --files "$files" --skipped "$skipped" --seed "$SEED" \
    ${only:+--only "$only"} >&2 || die "make-lint-tree.py failed for $dir"
  printf '%s\n' "$dir"
}
trees=("tree-$FILES")
tree "tree-$FILES" "$FILES" >/dev/null
if [ "$PROJECT_FILES" != 0 ]; then
  trees+=("tree-$PROJECT_FILES")
  tree "tree-$PROJECT_FILES" "$PROJECT_FILES" >/dev/null
fi

# --- scratch space --------------------------------------------------------------------------
work=$(mktemp -d "${TMPDIR:-/tmp}/lint-benchmark.XXXXXX")
under_shared "$work" && die "TMPDIR is inside the shared tree"
if [ "${KEEP:-0}" = 1 ]; then note "keeping $work"; else trap 'rm -rf "$work"' EXIT; fi
mkdir -p "$work/raw" "$RESULTS"

busy() {  # compilers running now (state R or D): they make the numbers noisy
  ps -eo stat=,comm= | awk '$1 ~ /^[RD]/ && $2 ~ /^(swift-frontend|swift-build|swiftc|clang|cc1)/' | wc -l
}
cpu_busy() {  # per cent of all CPUs' time not idle over one second
  local a b
  a=($(head -1 /proc/stat)); sleep 1; b=($(head -1 /proc/stat))
  awk -v a="${a[*]}" -v b="${b[*]}" 'BEGIN {
    n = split(a, x, " "); split(b, y, " "); total = 0
    for (i = 2; i <= n; i++) total += y[i] - x[i]
    idle = (y[5] - x[5]) + (y[6] - x[6])
    printf "%.0f", (total > 0 ? 100 * (total - idle) / total : 0) }'
}
{
  print_run_meta
  printf 'clock_ticks\t%s\n' "$(getconf CLK_TCK)"
  printf 'hyperfine\t%s\n' "$(hyperfine --version)"
  printf 'strace\t%s\n' "$(strace -V 2>/dev/null | head -1 || echo none)"
  printf 'runs\t%s\n' "$RUNS"
  printf 'warmup\t%s\n' "$WARMUP"
  printf 'files\t%s\n' "$FILES"
  printf 'project_files\t%s\n' "$PROJECT_FILES"
  printf 'seed\t%s\n' "$SEED"
  printf 'cpu_pinned\t%s\n' "$CPU"
  printf 'target_ms\t%s\n' "$TARGET_MS"
  printf 'work\t%s\n' "$WORK"
  printf 'load_before\t%s\n' "$(cut -d' ' -f1-3 /proc/loadavg)"
  printf 'busy_before\t%s\n' "$(busy)"
  printf 'cpu_busy_before\t%s\n' "$(cpu_busy)"
} > "$work/meta.tsv"
[ "$(busy)" = 0 ] || note "warning: $(busy) compiler processes are running; the times will be noisy"

# wait_quiet: with QUIET=S, waits up to S seconds for all CPUs to be under 10 % busy over 2 s
wait_quiet() {
  [ "$QUIET" -gt 0 ] || return 0
  local waited=0 load
  while :; do
    load=$(cpu_busy); load=$((load + $(cpu_busy)))   # two 1 s samples
    [ "$load" -lt 20 ] && return 0
    [ "$waited" -ge "$QUIET" ] && { note "the CPUs are still busy after $QUIET s; timing anyway"; return 0; }
    [ "$waited" = 0 ] && note "waiting up to $QUIET s for the other load to stop"
    sleep 3; waited=$((waited + 5))
  done
}

# --- timing ---------------------------------------------------------------------------------
# measure LABEL TREE-DIR MODE RUNS: one checked run under GNU time (exit 0 or 1, a summary line),
# then hyperfine; appends a line to runs.tsv
printf 'label\ttree\tmode\tdir\thyperfine_json\ttime\tstderr\tstatus\tstat_before\tstat_after\tcommand\n' \
  > "$work/runs.tsv"
measure() {
  local label=$1 dir=$2 mode=$3 runs=$4 base="$work/raw/$1-$3" cmd status
  cmd=("$bin" lint --format json "$dir")
  [ "$mode" = normal ] || cmd=(taskset -c "$CPU" "${cmd[@]}")
  local cmdline; cmdline=$(printf '%q ' "${cmd[@]}"); cmdline=${cmdline% }
  local stat_before stat_after
  wait_quiet
  stat_before=$(head -1 /proc/stat)   # all CPUs' time, to tell how busy others kept them
  status=0
  /usr/bin/time -f '%M %e %U %S %P' -o "$base.time" "${cmd[@]}" > "$base.json-out" 2> "$base.stderr" || status=$?
  [ "$status" -le 1 ] || { tail -5 "$base.stderr" >&2; die "lint exited $status on $dir: $cmdline"; }
  grep -q '^richpreview lint: .* in [0-9]* files\? ([0-9]* ms)$' "$base.stderr" ||
    { tail -5 "$base.stderr" >&2; die "no summary line from: $cmdline"; }
  if ! hyperfine -N -i --style none --warmup "$WARMUP" --runs "$runs" --export-json "$base.hyperfine.json" \
       "$cmdline" > "$base.hyperfine.log" 2>&1; then
    tail -5 "$base.hyperfine.log" >&2
    die "timing failed: $cmdline"
  fi
  stat_after=$(head -1 /proc/stat)
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$label" "$(basename "$dir")" "$mode" "$dir" \
    "$base.hyperfine.json" "$base.time" "$base.stderr" "$status" "$stat_before" "$stat_after" "$cmdline" \
    >> "$work/runs.tsv"
  printf '%-22s %-11s %8.1f ms median, %6.1f MiB  (%s)\n' "$label" "$mode" \
    "$("$PY" -c 'import json,statistics,sys; print(statistics.median(json.load(open(sys.argv[1]))["results"][0]["times"])*1000)' "$base.hyperfine.json")" \
    "$(tail -1 "$base.time" | awk '{print $1 / 1024}')" "$(tail -1 "$base.stderr")" >&2
}

for name in "${trees[@]}"; do
  note "timing $name: $RUNS runs (+$WARMUP warm-up, +1 checked) on both cores, then on CPU $CPU"
  measure "$name" "$WORK/$name" normal "$RUNS"
  measure "$name" "$WORK/$name" single-core "$RUNS"
done

# --- what is opened -------------------------------------------------------------------------
printf 'tree\tdir\tstrace\tstatus\n' > "$work/traces.tsv"
if [ "$TRACE" = 1 ]; then
  for name in "${trees[@]}"; do
    note "tracing $name with strace"
    status=0
    strace -f -qq -s 4096 -e trace=open,openat,openat2 -o "$work/raw/$name.strace" \
      "$bin" lint --format json "$WORK/$name" > /dev/null 2> "$work/raw/$name.strace-stderr" || status=$?
    [ "$status" -le 1 ] || { tail -5 "$work/raw/$name.strace-stderr" >&2; die "lint under strace exited $status"; }
    printf '%s\t%s\t%s\t%s\n' "$name" "$WORK/$name" "$work/raw/$name.strace" "$status" >> "$work/traces.tsv"
  done
fi

# --- where the time goes: each kind of file alone, single-core ------------------------------
single_ms=$("$PY" -c 'import json,statistics,sys; print(round(statistics.median(json.load(open(sys.argv[1]))["results"][0]["times"])*1000))' \
  "$work/raw/tree-$FILES-single-core.hyperfine.json")
if [ "$BREAKDOWN" = 1 ] || { [ "$BREAKDOWN" = auto ] && [ "$single_ms" -ge "$TARGET_MS" ]; }; then
  note "breakdown: the $FILES-file tree's kinds of file alone, single-core, $BREAKDOWN_RUNS runs each"
  mkdir -p "$WORK/empty"
  measure "empty" "$WORK/empty" single-core "$BREAKDOWN_RUNS"
  for group in "${BREAKDOWN_GROUPS[@]}"; do
    dir=$(tree "only-${group//,/-}-$FILES" "$FILES" "$group")
    measure "only-${group//,/-}" "$dir" single-core "$BREAKDOWN_RUNS"
  done
fi

{
  printf 'load_after\t%s\n' "$(cut -d' ' -f1-3 /proc/loadavg)"
  printf 'busy_after\t%s\n' "$(busy)"
  printf 'cpu_busy_after\t%s\n' "$(cpu_busy)"
  printf 'seconds\t%s\n' "$((SECONDS - start))"
} >> "$work/meta.tsv"
status=0
"$PY" "$here/lint-report.py" "$work" "$RESULTS" || status=$?
note "done in $((SECONDS - start)) s; saved $RESULTS/lint-latest.md, lint-latest.json, lint-latest.csv"
exit $status
