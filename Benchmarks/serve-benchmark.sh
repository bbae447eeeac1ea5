#!/usr/bin/env bash
# Loads `richpreview serve` with wrk on 127.0.0.1 only: throughput and p50/p99 of
# /v1/attachments (the 12 MP JPEG of the shared photo set to 1125x1125 and 375x375) at 2 workers,
# next to the same work through `richpreview scale` and `vipsthumbnail` started per request; then
# twice the saturating load, where the excess is answered 429. Prints a Markdown report and saves
# it with the raw figures in Benchmarks/results/serve-latest.{md,json}. Progress goes to stderr.
# Settings: ROUNDS (3), DURATION (20 s per wrk run), REQUESTS (40 per-process requests), IMG.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
SHARED=${RICHPREVIEW_SHARED:-$root/../shared}
IMG=${IMG:-$root/bench-images}
RESULTS=$here/results
die() { printf 'serve-benchmark: error: %s\n' "$*" >&2; exit 1; }
note() { printf 'serve-benchmark: %s\n' "$*" >&2; }
case ${1:-} in
  -h|--help) sed -n '2,7p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
  "") ;;
  *) die "unknown argument $1" ;;
esac
# shellcheck source=common.sh
source "$here/common.sh"
refuse_shared IMG "$IMG"
require_tools wrk vipsthumbnail python3
build_richpreview
ensure_images photo-12mp.jpg
mkdir -p "$RESULTS"
note "$ours_version; $(wrk --version 2>&1 | head -1); vips $(vips --version 2>&1 | head -1)"
python3 "$here/serve_bench.py" --bin "$bin" --photo "$IMG/photo-12mp.jpg" --rounds "${ROUNDS:-3}" \
  --duration "${DURATION:-20}" --requests "${REQUESTS:-40}" --out "$RESULTS/serve-latest"
