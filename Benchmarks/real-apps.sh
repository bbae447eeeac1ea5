#!/usr/bin/env bash
# Lints a folder of real iOS app checkouts (one per subfolder, kept outside this repository) the
# way a user would, `richpreview lint --format json .` from each app's top, and prints per app the
# exit status, the errors and warnings, the notes and the median wall time of RUNS runs; then,
# with VERDICTS, precision on errors and warnings and recall on the problems found by reading.
#
#   APPS=/path/to/apps [VERDICTS=/path/to/verdicts.tsv] [RUNS=5] Benchmarks/real-apps.sh
#
# VERDICTS is a tab-separated file kept beside the apps, one line per judgement:
#   finding  APP  RULE  FILE  true|false   an error or warning lint gives, judged against the code
#   problem  APP  RULE  FILE  TEXT         a problem found by reading; found when lint reports RULE
#                                          on FILE (any severity; at warning or error counted apart)
# Findings lint gives that the file does not judge are listed as "unjudged" and left out of the
# figures. Progress goes to stderr; the report to stdout. See Benchmarks/README.md.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
SHARED=${RICHPREVIEW_SHARED:-$root/../shared}
RUNS=${RUNS:-5}
die() { printf 'real-apps: error: %s\n' "$*" >&2; exit 1; }
note() { printf 'real-apps: %s\n' "$*" >&2; }
. "$here/common.sh"

[ -n "${APPS:-}" ] || die "set APPS to a folder of app checkouts (one per subfolder)"
[ -d "$APPS" ] || die "APPS=$APPS is not a folder"
[[ $RUNS =~ ^[1-9][0-9]*$ ]] || die "RUNS must be a positive integer"
[ -z "${VERDICTS:-}" ] || [ -f "$VERDICTS" ] || die "VERDICTS=$VERDICTS is not a file"
case "$(realpath -m "$APPS")/" in "$root"/*) die "APPS must be outside this repository (its apps are never committed)" ;; esac
build_richpreview

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for app in "$APPS"/*/; do
  name=$(basename "$app")
  note "linting $name"
  times=()
  for _ in $(seq "$RUNS"); do
    start=$(date +%s%N)
    status=0
    (cd "$app" && "$bin" lint --format json . >"$out/$name.json" 2>/dev/null) || status=$?
    times+=($(( ($(date +%s%N) - start) / 1000000 )))
  done
  files=$(find "$app" -type f | wc -l)
  printf '%s\t%s\t%s\t%s\n' "$name" "$status" "$files" "$(printf '%s\n' "${times[@]}" | sort -n | sed -n "$(( (RUNS + 1) / 2 ))p")" >>"$out/runs.tsv"
done
/usr/bin/python3 "$here/real_apps_report.py" "$out" "${VERDICTS:-}"
