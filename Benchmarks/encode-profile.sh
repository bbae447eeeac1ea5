#!/usr/bin/env bash
# Where the time of writing the benchmark's PNG goes: libpng's writer, the shim's own writer with
# zlib and with libdeflate, their stages and the filter and level choices; the same writer on a
# rendered card (docs/images/card-light.png); and whether the JPEG writer runs libjpeg-turbo's SIMD
# code. Compiles Benchmarks/encode_profile.c against the shims' sources (clang -O2, as `swift build
# -c release` compiles C targets), makes the headline output (photo-12mp.jpg fitted into 1179x1179
# by richpreview, or by vipsthumbnail when no binary is given or built) and prints Markdown tables;
# also saves them in Benchmarks/results/encode-profile.md. Benchmarks/encode-profile.md holds a run.
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
if [ -x "$bin" ]; then
  "$bin" scale "$IMG/photo-12mp.jpg" -o "$work/input.png" --fit 1179x1179 >/dev/null
  made="richpreview scale photo-12mp.jpg --fit 1179x1179"
else
  vipsthumbnail "$IMG/photo-12mp.jpg" --size 1179x1179 -o "$work/input.png"
  made="vipsthumbnail photo-12mp.jpg --size 1179x1179"
fi
"$CC" -O2 -I "$root/Sources/CRichPreviewPNG/include" -I "$root/Sources/CRichPreviewJPEG/include" \
  -o "$work/encode_profile" "$here/encode_profile.c" "$root/Sources/CRichPreviewPNG/png_encoder.c" \
  "$root/Sources/CRichPreviewJPEG/jpeg_shim.c" -lpng16 -lz -ldeflate -ljpeg -lpthread
mkdir -p "$here/results"
{
  printf '## PNG writer\n\nInput: %s. Load: %s\n\n' "$made" "$(uptime | sed 's/.*load average/load average/')"
  "$work/encode_profile" "$work/input.png" "$RUNS"
  printf '\n## PNG writer on a rendered card\n\n'
  "$work/encode_profile" "$root/docs/images/card-light.png" "$RUNS" card
  printf '\n## JPEG writer (quality 85, 4:2:0)\n\n| what | bytes | median ms | fastest ms | clock |\n|---|---|---|---|---|\n'
  "$work/encode_profile" "$work/input.png" "$RUNS" jpeg "libjpeg-turbo, SIMD as detected" | tail -1
  JSIMD_FORCENONE=1 "$work/encode_profile" "$work/input.png" "$RUNS" jpeg "libjpeg-turbo, JSIMD_FORCENONE=1" | tail -1
} | tee "$here/results/encode-profile.md"
