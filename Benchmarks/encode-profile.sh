#!/usr/bin/env bash
# Where the time of writing the benchmark's PNG goes: libpng's writer, the shim's own writer with
# zlib and with libdeflate, their stages and the filter and level choices; the same writer on a
# rendered card (docs/images/card-light.png); the photo settings with each compressor over the
# bench set's photos fitted into 1179 and 375 (NAME@BOX.png); and whether the JPEG writer runs
# libjpeg-turbo's SIMD code. Compiles Benchmarks/encode_profile.c against the shims' sources
# (clang -O2, as `swift build -c release` compiles C targets), makes the inputs (by richpreview, or
# by vipsthumbnail when no binary is given or built) and prints Markdown tables; also saves them in
# Benchmarks/results/encode-profile.md. Benchmarks/encode-profile.md holds a run.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
RUNS=${RUNS:-15}
IMG=${IMG:-$root/bench-images}
CC=${CC:-clang}
die() { printf 'encode-profile: error: %s\n' "$*" >&2; exit 1; }
[ -s "$IMG/photo-12mp.jpg" ] || die "no $IMG/photo-12mp.jpg (run Benchmarks/scale-benchmark.sh once, or set IMG)"
command -v "$CC" >/dev/null || die "no C compiler '$CC' (set CC)"
work=$(mktemp -d "${TMPDIR:-/tmp}/encode-profile.XXXXXX")
trap 'rm -rf "$work"' EXIT
bin=${RICHPREVIEW:-$root/.build/release/richpreview}
# fit IMAGE BOX OUTPUT: IMAGE of the bench set fitted into BOX x BOX, as a PNG; sets `made`.
fit() {
  if [ -x "$bin" ]; then
    "$bin" scale "$IMG/$1" -o "$3" --fit "$2x$2" >/dev/null
    made="richpreview scale $1 --fit $2x$2"
  else
    vipsthumbnail "$IMG/$1" --size "$2x$2" -o "$3"
    made="vipsthumbnail $1 --size $2x$2"
  fi
}
fit photo-12mp.jpg 1179 "$work/input.png"
"$CC" -O2 -I "$root/Sources/CRichPreviewPNG/include" -I "$root/Sources/CRichPreviewJPEG/include" \
  -o "$work/encode_profile" "$here/encode_profile.c" "$root/Sources/CRichPreviewPNG/png_encoder.c" \
  "$root/Sources/CRichPreviewJPEG/jpeg_shim.c" -lpng16 -lz -ldeflate -ljpeg -lpthread
mkdir -p "$here/results"
{
  printf '## PNG writer\n\nInput: %s. Load: %s\n\n' "$made" "$(uptime | sed 's/.*load average/load average/')"
  "$work/encode_profile" "$work/input.png" "$RUNS"
  printf '\n## PNG writer on a rendered card\n\n'
  "$work/encode_profile" "$root/docs/images/card-light.png" "$RUNS" card
  printf '\n## The photo settings with each compressor, over the benchmark photos\n\n'
  printf 'Paeth, level 1 (zlib with Z_RLE), one thread; CPU time, median of %s runs; ratio libdeflate / zlib.\n\n' "$RUNS"
  printf '| input | size | zlib bytes | libdeflate bytes | ratio | zlib ms | libdeflate ms | ratio |\n'
  printf '|---|---|---|---|---|---|---|---|\n'
  for photo in photo-12mp.jpg photo-8mp-dense.jpg photo-2mp.jpg gray-4mp.jpg photo-12mp.png; do
    for box in 1179 375; do
      fit "$photo" "$box" "$work/$photo@$box.png"
      "$work/encode_profile" "$work/$photo@$box.png" "$RUNS" compare
    done
  done
  printf '\n## JPEG writer (quality 85, 4:2:0)\n\n| what | bytes | median ms | fastest ms | clock |\n|---|---|---|---|---|\n'
  "$work/encode_profile" "$work/input.png" "$RUNS" jpeg "libjpeg-turbo, SIMD as detected" | tail -1
  JSIMD_FORCENONE=1 "$work/encode_profile" "$work/input.png" "$RUNS" jpeg "libjpeg-turbo, JSIMD_FORCENONE=1" | tail -1
} | tee "$here/results/encode-profile.md"
