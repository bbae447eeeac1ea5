#!/usr/bin/env bash
# Builds the libFuzzer harness over the C shims (ASan + UBSan) with the toolchain's clang and runs
# it for SECONDS (default 60) from seeds made of the project's sample images and fixtures.
# Crashes are written to Tests/Fuzz/findings/ (gitignored).
set -euo pipefail
cd "$(dirname "$0")"
root=../..
clang=${CLANG:-$(command -v clang || echo /opt/swift/usr/bin/clang)}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$clang" -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
  -I "$root/Sources/CRichPreviewPNG/include" -I "$root/Sources/CRichPreviewJPEG/include" -I "$root/Sources/CRichPreviewGIF/include" \
  fuzz_decoders.c "$root/Sources/CRichPreviewPNG/png_shim.c" "$root/Sources/CRichPreviewJPEG/jpeg_shim.c" \
  "$root/Sources/CRichPreviewGIF/gif_shim.c" -lpng16 -lz -ljpeg -lgif -o "$work/fuzz_decoders"
mkdir -p "$work/seeds" findings
i=0
for f in "$root"/Resources/attachments/*.png "$root"/Resources/attachments/*.gif "$root"/Tests/Fixtures/jpeg/*.jpg "$root"/Tests/Fixtures/*.png; do
  for selector in 0 1 2 3 4 5; do
    { printf "\\x$(printf %02x $selector)"; cat "$f"; } > "$work/seeds/seed-$i-$selector"
  done
  i=$((i + 1))
done
"$work/fuzz_decoders" -max_total_time="${SECONDS_TO_RUN:-60}" -max_len=65536 -rss_limit_mb=2048 \
  -artifact_prefix=findings/ "$work/seeds"
