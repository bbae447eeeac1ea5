#!/usr/bin/env bash
# Times `richpreview review` on a generated project of COUNT payloads (default 200; see
# make-review-project.py): the median wall time of RUNS runs (hyperfine), the peak memory
# (GNU time) and the page's size, against the targets (under 10 s, a page under 20 MB). No other
# tool draws a project's notifications, so there is no peer to run beside it. Prints a Markdown
# report to stdout; progress goes to stderr.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
RUNS=${RUNS:-5}
COUNT=${COUNT:-200}
WORK=${WORK:-/tmp/richpreview-review-bench}
SHARED=${RICHPREVIEW_SHARED:-$root/../shared}
die() { printf 'review-benchmark: error: %s\n' "$*" >&2; exit 1; }
note() { printf 'review-benchmark: %s\n' "$*" >&2; }
[[ $RUNS =~ ^[1-9][0-9]*$ && $COUNT =~ ^[1-9][0-9]*$ ]] || die "RUNS and COUNT must be positive integers"
source "$here/common.sh"
refuse_shared WORK "$WORK"
command -v hyperfine >/dev/null || die "hyperfine is not installed (apt-get install hyperfine)"
[ -x /usr/bin/time ] || die "GNU time is not installed (apt-get install time)"
build_richpreview

note "writing $COUNT payloads into $WORK"
/usr/bin/python3 "$here/make-review-project.py" "$root" "$WORK" "$COUNT"
page="$WORK/review.html"
note "timing $RUNS runs"
hyperfine -N --runs "$RUNS" --warmup 1 --export-json "$WORK/hyperfine.json" \
  "$bin review $WORK -o $page" >&2
median=$(/usr/bin/python3 -c "import json,sys; print('%.2f' % json.load(open(sys.argv[1]))['results'][0]['median'])" "$WORK/hyperfine.json")
peak=$( (/usr/bin/time -f '%M' "$bin" review "$WORK" -o "$page" 2>&1 >/dev/null) | tail -1)
bytes=$(stat -c %s "$page")
summary=$("$bin" review "$WORK" -o "$page" --json 2>/dev/null | /usr/bin/python3 -c "import json,sys; s=json.load(sys.stdin); print(s['payloads'], s['pictures'])")
read -r payloads pictures <<<"$summary"
verdict() { if /usr/bin/python3 -c "import sys; sys.exit(0 if float(sys.argv[1]) < float(sys.argv[2]) else 1)" "$1" "$2"; then echo PASS; else echo FAIL; fi; }

print_run_meta | sed 's/^/    /'
echo
echo "| payloads | pictures | median wall | peak memory | page | target |"
echo "|---|---|---|---|---|---|"
printf '| %s | %s | %s s | %s MiB | %.1f MB | time < 10 s: %s; page < 20 MB: %s |\n' "$payloads" "$pictures" "$median" \
  "$((peak / 1024))" "$(/usr/bin/python3 -c "print($bytes / 1e6)")" "$(verdict "$median" 10)" \
  "$(verdict "$bytes" 20000000)"
