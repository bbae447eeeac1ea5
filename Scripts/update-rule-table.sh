#!/usr/bin/env bash
# Rewrites the README's rule table from the rules themselves (`lint --list-rules --format
# markdown`): run it after adding or changing a rule. The lint tests fail while the two differ.
# usage: Scripts/update-rule-table.sh
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product richpreview >&2
table=$(mktemp)
trap 'rm -f "$table"' EXIT
"$(swift build --show-bin-path)/richpreview" lint --list-rules --format markdown >"$table"
python3 - "$table" <<'PY'
import sys
table = open(sys.argv[1], encoding="utf-8").read().rstrip("\n").split("\n")
lines = open("README.md", encoding="utf-8").read().split("\n")
start = lines.index(table[0])
end = start
while end < len(lines) and lines[end].startswith("|"):
    end += 1
lines[start:end] = table
open("README.md", "w", encoding="utf-8").write("\n".join(lines))
PY
echo "README.md: rule table rewritten ($(($(wc -l <"$table") - 2)) rules)" >&2
