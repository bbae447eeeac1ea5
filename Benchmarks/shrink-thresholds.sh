#!/usr/bin/env bash
# Measures what JPEG shrink-on-load costs in quality and checks ScalePlan.jpegShrinkThresholds
# against vipsthumbnail on the benchmark's rows: runs Benchmarks/shrink_thresholds.py (see its
# docstring) with the release richpreview and the benchmark's photos. Prints Markdown; saves
# Benchmarks/results/shrink-thresholds.{md,json}. Takes about 10 minutes on the 2-core machine.
# env: RICHPREVIEW (a binary; default: build release), IMG (default <root>/bench-images).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
IMG=${IMG:-$root/bench-images}
die() { printf 'shrink-thresholds: error: %s\n' "$*" >&2; exit 1; }
for t in djpeg jpegtran vipsthumbnail /usr/bin/python3; do command -v "$t" >/dev/null || die "'$t' is missing (Benchmarks/debian-packages.txt)"; done
for i in photo-12mp.jpg photo-8mp-dense.jpg photo-2mp.jpg gray-4mp.jpg; do
  [ -s "$IMG/$i" ] || die "no $IMG/$i (Benchmarks/scale-benchmark.sh builds the set, or set IMG)"
done
if [ -n "${RICHPREVIEW:-}" ]; then
  bin=$RICHPREVIEW
else
  (cd "$root" && swift build -c release --product richpreview --static-swift-stdlib >&2) || die "swift build failed"
  bin="$(cd "$root" && swift build -c release --show-bin-path)/richpreview"
fi
[ -x "$bin" ] || die "$bin is not an executable"
/usr/bin/python3 "$here/shrink_thresholds.py" "$bin" "$IMG" "$here/results"
