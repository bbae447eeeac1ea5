#!/usr/bin/env bash
# Times ImageScaler.scale(_:to: [ScaleRequest]) (one decode for the 1125 and 375 sizes of an
# attachment) against the three calls it replaces (ImageValidator.validate, then one
# ImageScaler.scale per size), in one process, on 100 photos cycled from the bench set's JPEG
# photos (../shared/bench/make-images.sh). Builds Benchmarks/one-decode (a small SwiftPM package
# that depends on this one by path) in release, runs it with threads 1 and with the default
# threads, checks B's pixels against A's, and prints a Markdown report with the targets (B ≥ 1.4×
# A's photos per second with threads 1; the same pixels, or PSNR ≥ 45 dB where the DCT scale
# differs). Saves the report and the raw numbers in Benchmarks/results/one-decode-latest.{md,json}.
# Progress goes to stderr. See Benchmarks/README.md, "The one-decode benchmark".
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
PHOTOS=${PHOTOS:-100}
ROUNDS=${ROUNDS:-7}
MODES=${MODES:-single default}
BOXES=${BOXES:-1125,375}
TARGET=${TARGET:-1.4}
MIN_PSNR=${MIN_PSNR:-45}
FILES=${FILES:-photo-12mp.jpg photo-12mp-progressive.jpg photo-12mp-exif6.jpg photo-8mp-dense.jpg photo-2mp.jpg}
SHARED=${RICHPREVIEW_SHARED:-$root/../shared}
IMG=${IMG:-$root/bench-images}
RESULTS=$here/results
PACKAGE=$here/one-decode

start=$SECONDS
die() { printf 'one-decode-benchmark: error: %s\n' "$*" >&2; exit 1; }
note() { printf 'one-decode-benchmark: %s\n' "$*" >&2; }

[[ $PHOTOS =~ ^[1-9][0-9]*$ && $PHOTOS -le 10000 ]] || die "PHOTOS must be 1 to 10000"
[[ $ROUNDS =~ ^[1-9][0-9]*$ ]] || die "ROUNDS must be a positive integer"
[[ $BOXES =~ ^[1-9][0-9]*(,[1-9][0-9]*)*$ ]] || die "BOXES must be positive integers separated by commas"
[[ $TARGET =~ ^[0-9]+(\.[0-9]+)?$ ]] || die "TARGET must be a number"
[[ $MIN_PSNR =~ ^[0-9]+(\.[0-9]+)?$ ]] || die "MIN_PSNR must be a number"
for m in $MODES; do [[ $m == single || $m == default ]] || die "MODES: '$m' is not single or default"; done
read -ra files <<< "$FILES"
[ ${#files[@]} -gt 0 ] || die "FILES is empty"
for f in "${files[@]}"; do [[ $f == *.jpg || $f == *.jpeg ]] || die "FILES: '$f' is not a JPEG name"; done

# --- never write into the shared tree -------------------------------------------------------
source "$here/common.sh"
refuse_shared IMG "$IMG"

# --- the benchmark package ------------------------------------------------------------------
command -v swift >/dev/null || die "swift is not on PATH"
note "building Benchmarks/one-decode (release)"
swift build -c release --package-path "$PACKAGE" --scratch-path "$PACKAGE/.build" >&2 || die "swift build failed"
bin="$(swift build -c release --package-path "$PACKAGE" --scratch-path "$PACKAGE/.build" --show-bin-path)/OneDecode"
[ -x "$bin" ] || die "the build did not produce $bin"

# --- the photos -----------------------------------------------------------------------------
ensure_images "${files[@]}"

work=$(mktemp -d "${TMPDIR:-/tmp}/one-decode-benchmark.XXXXXX")
under_shared "$work" && die "TMPDIR is inside the shared tree"
if [ "${KEEP:-0}" = 1 ]; then note "keeping $work"; else trap 'rm -rf "$work"' EXIT; fi
mkdir -p "$work/photos" "$RESULTS"
for f in "${files[@]}"; do ln -s "$IMG/$f" "$work/photos/$f"; done

# --- the run --------------------------------------------------------------------------------
note "$PHOTOS photos from ${#files[@]} files, $ROUNDS rounds per mode ($MODES); load $(cut -d' ' -f1-3 /proc/loadavg)"
load_start=$(cut -d' ' -f1-3 /proc/loadavg)
status=0
"$bin" "$work/photos" "$PHOTOS" --rounds "$ROUNDS" --boxes "$BOXES" --modes "${MODES// /,}" \
  --target "$TARGET" --min-psnr "$MIN_PSNR" --json "$work/run.json" > "$work/body.md" || status=$?
[ "$status" = 0 ] || [ "$status" = 3 ] || die "OneDecode failed (exit $status)"
load_end=$(cut -d' ' -f1-3 /proc/loadavg)

{
  printf '# The one-decode benchmark\n\n'
  printf -- '- date: %s\n' "$(date -u +%Y-%m-%dT%H:%MZ)"
  printf -- '- CPU: %s, %s cores\n' "$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')" "$(nproc)"
  printf -- '- commit: %s%s\n' "$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo '?')" \
    "$(git -C "$root" diff --quiet HEAD -- Sources 2>/dev/null || echo ' (Sources/ differs from it)')"
  printf -- '- %s, libjpeg-turbo %s\n' "$(swift --version 2>/dev/null | head -1)" \
    "$(dpkg-query -W -f='${Version}' libjpeg62-turbo 2>/dev/null || echo '?')"
  printf -- '- photos: %s, cycled from %s in %s\n' "$PHOTOS" "${files[*]}" "$IMG"
  printf -- '- load average: %s at the start, %s at the end\n\n' "$load_start" "$load_end"
  cat "$work/body.md"
} > "$work/report.md"

cp "$work/report.md" "$RESULTS/.one-decode-latest.md.tmp" && mv "$RESULTS/.one-decode-latest.md.tmp" "$RESULTS/one-decode-latest.md"
cp "$work/run.json" "$RESULTS/.one-decode-latest.json.tmp" && mv "$RESULTS/.one-decode-latest.json.tmp" "$RESULTS/one-decode-latest.json"
cat "$work/report.md"
note "done in $((SECONDS - start)) s; saved $RESULTS/one-decode-latest.md and one-decode-latest.json"
if [ "$status" = 3 ]; then
  note "a target FAILs"
  [ "${STRICT:-0}" = 1 ] && exit 3
fi
exit 0
