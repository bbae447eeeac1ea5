#!/usr/bin/env bash
# Regenerates Sources/richpreview/link-order.txt, the function order the release link gives lld
# (`--symbol-ordering-file`, see Package.swift). It runs the release binary under callgrind on the
# bundled samples, one profile per common job (start-up first, then the terminal renderer, then the
# rest), and lists every function of the binary that ran, in that order, without repeats. Placing
# them together at the front of .text lets a command map a few hundred KiB of code instead of
# faulting in 64 KiB windows all over a 16 MiB text section: see README, "Start-up".
#
# A stale list is harmless to the link (names that no longer exist are skipped, new functions land
# after the listed ones), but places less of what each command runs together:
# Scripts/check-link-order.py, which CI runs, fails once more than 5% of its names are gone, and
# this is run again then. Needs valgrind.
# usage: Scripts/make-link-order.sh            (the release build, then about 20 seconds)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
out=Sources/richpreview/link-order.txt
die() { printf 'make-link-order: error: %s\n' "$*" >&2; exit 1; }
command -v valgrind >/dev/null || die "valgrind is missing (apt-get install valgrind)"

swift build -c release --product richpreview --static-swift-stdlib >&2 || die "swift build failed"
bin="$(swift build -c release --show-bin-path)/richpreview"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# valgrind cannot read the DWARF 5 that swiftc writes; the symbol table is all it needs
strip --strip-debug -o "$work/richpreview" "$bin"
nm --defined-only "$work/richpreview" | awk '$2 ~ /^[tTwW]$/ { print $3 }' | sort -u >"$work/defined"

samples=(--attachments Resources/attachments --categories Resources/categories.json --extensions Info-plist-samples)
profiles=(
  "--version"
  "render Resources/attachments/sample-image.jpg --format text --width 80"
  "render Resources/attachments/sample-badge.png --format ansi --width 60"
  "render Resources/attachments/sample-badge.gif --format text --width 40"
  "render Resources/payloads/image_category.json ${samples[*]} --format text --width 60"
  "render Resources/payloads/audio_category.json ${samples[*]} --format ansi --width 60 --state banner"
  "inspect Resources/attachments/sample-audio.m4a Resources/attachments/sample-audio.wav Resources/attachments/sample-movie.mp4 Resources/attachments/sample-image.jpg"
  "payload Resources/payloads/image_category.json Resources/payloads/audio_category.json"
  "respond --extensions Info-plist-samples --categories Resources/categories.json --category image_category --action imageconfirmaction"
  "scale Resources/attachments/sample-image.jpg -o $work/scaled.png --fit 375x375"
  "scale Resources/attachments/sample-image.jpg -o $work/scaled.jpg --fit 120x120"
  "lint"
  "render Resources/payloads/image_category.json ${samples[*]} --format png --width 375 -o $work/card.png"
)
: >"$work/ran"
for profile in "${profiles[@]}"; do
  printf 'make-link-order: %s\n' "$profile" >&2
  # shellcheck disable=SC2086 # each profile is a list of words
  valgrind --tool=callgrind --demangle=no --callgrind-out-file="$work/profile.out" \
    "$work/richpreview" $profile >/dev/null 2>"$work/valgrind.log" ||
    { cat "$work/valgrind.log" >&2; die "richpreview $profile failed"; }
  # callgrind names each function once, as `fn=(id) name` or `cfn=(id) name`, in the order met
  sed -n -E 's/^c?fn=\([0-9]+\) (.+)$/\1/p' "$work/profile.out" >>"$work/ran"
done
{
  echo "# Function order for the release link (lld --symbol-ordering-file); written by"
  echo "# Scripts/make-link-order.sh on $(date -u +%Y-%m-%d) from $(git rev-parse --short HEAD). Do not edit."
  awk 'NR == FNR { defined[$0] = 1; next } ($0 in defined) && !seen[$0]++' "$work/defined" "$work/ran"
} >"$work/order"
mv "$work/order" "$out"
# SwiftPM does not know that the link reads the order: without the binary, the next build links again.
rm -f "$bin"
printf 'make-link-order: %s functions in %s\n' "$(grep -vc '^#' "$out")" "$out" >&2
