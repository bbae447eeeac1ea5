#!/usr/bin/env bash
# Builds photo-12mp.heic, photo-12mp.avif and photo-12mp.webp in $IMG from the benchmark set's
# photo-12mp.jpg (../shared/bench/make-images.sh builds that one), for the HEIC, AVIF and WebP rows
# of Benchmarks/scale-benchmark.sh, which calls this script. Only the files named (default: all
# three) that are missing or empty are made; each is written to a temporary name and renamed into
# place. The tools, their versions, the commands and each file's size and sha256 are written to
# $IMG/photo-12mp-formats.txt (one line per file, rewritten whenever a file is made).
#
# usage: IMG=DIR Benchmarks/make-format-photos.sh [photo-12mp.heic] [photo-12mp.avif] [photo-12mp.webp]
#        IMG=DIR IPHONE_HEIC=FILE Benchmarks/make-format-photos.sh photo-iphone.heic
#
# photo-iphone.heic is not encoded here: it is a copy of a real iPhone photo, $IPHONE_HEIC (a grid of
# 512x512 HEVC tiles with its thumbnail, EXIF and Display P3 profile; heif-enc 1.15 writes no grid).
#
# How (see "HEIC, AVIF and WebP" in Benchmarks/README.md):
#   photo-12mp.jpg --djpeg--> PPM --vips copy--> PNG (8-bit RGB, the JPEG's pixels), then
#   heif-enc -q 80                  HEIC: x265, 4032x3024, 8-bit, 4:2:0, one coded image (no grid)
#   avifenc -s 6 -y 420             AVIF: aom, speed 6, 8-bit, 4:2:0, avifenc 0.11's default
#                                   quantizers (24-26, what libavif 1.x calls quality 60)
#   cwebp -q 80                     WebP: lossy (VP8, 4:2:0), method 4
# Needs libjpeg-turbo-progs, libvips-tools, libheif-examples, libavif-bin and webp
# (Benchmarks/debian-packages.txt). Writes nothing outside $IMG but a mktemp directory.
set -euo pipefail

IMG=${IMG:?set IMG to the image set folder (the one holding photo-12mp.jpg)}
die() { printf 'make-format-photos: error: %s\n' "$*" >&2; exit 1; }
note() { printf 'make-format-photos: %s\n' "$*" >&2; }

all=(photo-12mp.heic photo-12mp.avif photo-12mp.webp photo-iphone.heic)
[ $# -gt 0 ] || set -- "${all[@]:0:3}"
for name; do [[ " ${all[*]} " == *" $name "* ]] || die "unknown file '$name' (known: ${all[*]})"; done
src="$IMG/photo-12mp.jpg"
[ -s "$src" ] || die "no $src (build the set with ../shared/bench/make-images.sh first)"

todo=()
for name; do [ -s "$IMG/$name" ] || todo+=("$name"); done
[ ${#todo[@]} -gt 0 ] || exit 0
if [[ " ${todo[*]} " == *" photo-iphone.heic "* ]]; then
  [ -s "${IPHONE_HEIC:-}" ] || die "photo-iphone.heic: set IPHONE_HEIC to a real iPhone photo (see \"The photos\" in Benchmarks/README.md)"
  grid=$(heif-info "$IPHONE_HEIC" 2>/dev/null | sed -n 's/^image: \([0-9x]*\).*primary.*/\1/p' | head -1)
  [ -n "$grid" ] || die "photo-iphone.heic: heif-info cannot read $IPHONE_HEIC"
  cp "$IPHONE_HEIC" "$IMG/.tmp-photo-iphone.heic" && mv -f "$IMG/.tmp-photo-iphone.heic" "$IMG/photo-iphone.heic"
  line=$(printf 'photo-iphone.heic\t%s bytes\tsha256 %s\tcopied from %s (%s)\n' "$(stat -c %s "$IMG/photo-iphone.heic")" \
    "$(sha256sum "$IMG/photo-iphone.heic" | cut -c1-16)" "$(basename "$IPHONE_HEIC")" "$grid")
  notes="$IMG/photo-12mp-formats.txt"
  { if [ -f "$notes" ]; then grep -v "^photo-iphone.heic	" "$notes" || true; fi; printf '%s\n' "$line"; } > "$notes.tmp"
  mv -f "$notes.tmp" "$notes"
  todo=("${todo[@]/photo-iphone.heic}")
  read -r -a todo <<<"${todo[*]}"
  [ ${#todo[@]} -gt 0 ] || exit 0
fi
for t in djpeg vips heif-enc avifenc cwebp sha256sum; do
  command -v "$t" >/dev/null || die "'$t' is missing (see Benchmarks/debian-packages.txt)"
done

tmp=$(mktemp -d "${TMPDIR:-/tmp}/make-format-photos.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
note "decoding $src"
djpeg -ppm "$src" > "$tmp/photo.ppm"
vips copy "$tmp/photo.ppm" "$tmp/photo.png[compression=1]"

version() {
  case $1 in
    heif-enc) heif-enc --help 2>&1 | sed -n 's/.*libheif version: *\([^ ]*\).*/libheif \1/p' | head -1
              heif-enc --list-encoders 2>&1 | sed -n 's/^- x265 = \(.*\) \[default\]$/\1/p' | head -1 ;;
    avifenc)  avifenc --version 2>&1 | sed -n 's/^Version: /libavif /p' | head -1 ;;
    cwebp)    printf 'libwebp %s\n' "$(cwebp -version 2>&1 | head -1)" ;;
    djpeg)    djpeg -version 2>&1 | head -1 ;;
    vips)     vips --version 2>&1 | head -1 ;;
  esac | paste -sd ' ' -
}

notes="$IMG/photo-12mp-formats.txt"
for name in "${todo[@]}"; do
  out="$IMG/.tmp-$name"
  case $name in
    *.heic) cmd=(heif-enc -q 80 -o "$out" "$tmp/photo.png"); tool=heif-enc ;;
    *.avif) cmd=(avifenc -s 6 -y 420 "$tmp/photo.png" "$out"); tool=avifenc ;;
    *.webp) cmd=(cwebp -quiet -q 80 "$tmp/photo.png" -o "$out"); tool=cwebp ;;
  esac
  note "making $name: ${cmd[*]##*/}"
  "${cmd[@]}" > "$tmp/$name.log" 2>&1 || { tail -5 "$tmp/$name.log" >&2; die "${cmd[0]} failed for $name"; }
  [ -s "$out" ] || die "${cmd[0]} wrote no $out"
  mv -f "$out" "$IMG/$name"
  line=$(printf '%s\t%s bytes\tsha256 %s\t%s (%s)\tfrom photo-12mp.jpg via %s, %s\n' "$name" \
    "$(stat -c %s "$IMG/$name")" "$(sha256sum "$IMG/$name" | cut -c1-16)" \
    "$(printf '%s ' "${cmd[@]}" | sed "s#$out#$name#; s#$tmp/##g; s/ *$//")" "$(version "$tool")" \
    "$(version djpeg)" "$(version vips)")
  { if [ -f "$notes" ]; then grep -v "^$name	" "$notes" || true; fi; printf '%s\n' "$line"; } > "$notes.tmp"
  mv -f "$notes.tmp" "$notes"
done
sort -o "$notes" "$notes"
