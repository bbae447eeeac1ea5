#!/usr/bin/env bash
# Times `richpreview scale` beside vipsthumbnail, ImageMagick 6 (`convert -thumbnail`, plain and
# with the jpeg:size hint) and Pillow (draft + thumbnail) on the real-photo set from
# ../shared/bench/make-images.sh, into a 1179x1179 and a 375x375 box, JPEG q85 and PNG out, once
# with every tool single-threaded (ours with --threads 1) and once with every tool at its default
# threading. The HEIC, AVIF and WebP rows use 12 MP photos that make-format-photos.sh encodes from
# the set's photo-12mp.jpg; a peer that cannot read one of those formats (Pillow 9.4 on HEIC and
# AVIF) gets an n/a cell. Prints a Markdown table (median wall ms, ratio, peak RSS, PSNR vs a
# Pillow Lanczos reference) and the issue's targets as PASS/FAIL/n/a to stdout, and saves it with
# the raw numbers in Benchmarks/results/latest.{md,json,csv}. Progress goes to stderr. See
# Benchmarks/README.md.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
PY=/usr/bin/python3            # the Debian python with python3-pil / python3-numpy
RUNS=${RUNS:-7}
WARMUP=${WARMUP:-1}
STARTUP_RUNS=${STARTUP_RUNS:-200}
ROWS=${ROWS:-${FILTER:-}}
TOOLS=${TOOLS:-richpreview vipsthumbnail magick magick-hint pillow}
THREADING=${THREADING:-single default}
OURS_ARGS=${OURS_ARGS:-}
SHARED=${RICHPREVIEW_SHARED:-$root/../shared}
IMG=${IMG:-$root/bench-images}
RESULTS=$here/results
QUALITY=85
read -r -a BOXES <<<"${BOXES:-1179 375}"  # the phone boxes (BOXES='1125 375' for the imaging issue's)
for box in "${BOXES[@]}"; do
  [[ $box =~ ^[1-9][0-9]*$ ]] || { printf "scale-benchmark: error: BOXES must be whole numbers of pixels, not '%s'\n" "$box" >&2; exit 2; }
done
OUTS=(jpg png)
SET_IMAGES=(photo-12mp.jpg photo-12mp-progressive.jpg photo-12mp-exif6.jpg photo-8mp-dense.jpg
            photo-2mp.jpg gray-4mp.jpg photo-12mp.png photo-12mp-rgba.png palette-2mp.png photo-2mp.gif)
# encoded from photo-12mp.jpg by make-format-photos.sh (not by ../shared/bench/make-images.sh); the
# iPhone's photo is a real one copied from $IPHONE_HEIC (see "The photos" in Benchmarks/README.md)
FORMAT_IMAGES=(photo-12mp.heic photo-12mp.avif photo-12mp.webp photo-iphone.heic)
IMAGES=("${SET_IMAGES[@]}" "${FORMAT_IMAGES[@]}")
ALL_TOOLS=(richpreview vipsthumbnail magick magick-hint pillow)

start=$SECONDS
die() { printf 'scale-benchmark: error: %s\n' "$*" >&2; exit 1; }
note() { printf 'scale-benchmark: %s\n' "$*" >&2; }

[[ $RUNS =~ ^[1-9][0-9]*$ && $WARMUP =~ ^[0-9]+$ && $STARTUP_RUNS =~ ^[1-9][0-9]*$ ]] ||
  die "RUNS and STARTUP_RUNS must be positive integers, WARMUP a non-negative one"
for t in $TOOLS; do
  [[ " ${ALL_TOOLS[*]} " == *" $t "* ]] || die "TOOLS: unknown tool '$t' (known: ${ALL_TOOLS[*]})"
done
for m in $THREADING; do
  [[ $m == single || $m == default ]] || die "THREADING: unknown mode '$m' (known: single default)"
done
[ -n "${THREADING// /}" ] || die "THREADING is empty (known modes: single default)"

# --- never write into the shared tree -------------------------------------------------------
source "$here/common.sh"
refuse_shared IMG "$IMG"

# --- the rows (image, box, output format) ---------------------------------------------------
keys=()
for image in "${IMAGES[@]}"; do for box in "${BOXES[@]}"; do for out in "${OUTS[@]}"; do
  key="$image $box $out"
  [ -z "$ROWS" ] || [[ $key =~ $ROWS ]] && keys+=("$key")
done; done; done
[ ${#keys[@]} -gt 0 ] || die "ROWS='$ROWS' matches no row (rows look like 'photo-12mp.jpg 1179 jpg')"

# --- packages and tools ---------------------------------------------------------------------
require_tools hyperfine jq vipsthumbnail convert-im6.q16 /usr/bin/time "$PY"
# the HEIC, AVIF and WebP rows: their images are encoded here, and HEIC and AVIF are decoded for
# the PSNR reference with heif-convert (Pillow 9.4 reads neither)
format_rows=0
for key in "${keys[@]}"; do [[ $key =~ ^photo-(12mp|iphone)\.(heic|avif|webp)\  ]] && format_rows=1; done
if [ "$format_rows" = 1 ]; then require_tools djpeg vips heif-enc avifenc cwebp heif-convert; fi
"$PY" -c 'import PIL, numpy' 2>/dev/null || die "$PY cannot import PIL and numpy (python3-pil, python3-numpy)"

# --- richpreview ----------------------------------------------------------------------------
build_richpreview
if "$bin" help scale >/dev/null 2>&1; then has_scale=1; else
  has_scale=0; note "$bin has no 'scale' command yet: its rows will be n/a"
fi

# --- the image set --------------------------------------------------------------------------
ensure_images "${SET_IMAGES[@]}"
needed_formats=()
for image in "${FORMAT_IMAGES[@]}"; do
  for key in "${keys[@]}"; do [[ $key == "$image "* ]] && { needed_formats+=("$image"); break; }; done
done
if [ ${#needed_formats[@]} -gt 0 ]; then
  IMG=$IMG "$here/make-format-photos.sh" "${needed_formats[@]}" || die "make-format-photos.sh failed"
fi

# --- what each peer reads -------------------------------------------------------------------
# Which of HEIC, AVIF and WebP vips, ImageMagick and Pillow can read here; a tool that cannot read
# a row's image gets an n/a cell (with the reason) instead of a failure.
vips_loaders=$(vips -l foreign 2>/dev/null || vips -l 2>/dev/null || true)
magick_formats=$(convert-im6.q16 -list format 2>/dev/null || true)
pillow_formats=$("$PY" -c 'from PIL import Image, features
Image.init()
ext = Image.registered_extensions()
print(" ".join(f for f, e in (("heic", ".heic"), ("avif", ".avif")) if e in ext)
      + (" webp" if features.check("webp") else ""))' 2>/dev/null || true)
pillow_version=$("$PY" -c 'import PIL; print(PIL.__version__)')
# reads TOOL EXT: whether TOOL decodes files of that extension (heic, avif, webp; every other
# extension of the set is read by every tool)
reads() {
  case $2 in
    heic|avif|webp) ;;
    *) return 0 ;;
  esac
  case $1 in
    vipsthumbnail)
      case $2 in
        webp) grep -qi 'webpload' <<< "$vips_loaders" ;;
        *)    grep -qi 'heifload' <<< "$vips_loaders" ;;
      esac ;;
    magick|magick-hint)
      grep -qiE "^ *${2}\*? +[A-Z0-9]+ +r" <<< "$magick_formats" ;;
    pillow) [[ " $pillow_formats " == *" $2 "* ]] ;;
    *) return 0 ;;
  esac
}

# --- scratch space --------------------------------------------------------------------------
work=$(mktemp -d "${TMPDIR:-/tmp}/scale-benchmark.XXXXXX")
under_shared "$work" && die "TMPDIR is inside the shared tree"
if [ "${KEEP:-0}" = 1 ]; then note "keeping $work"; else trap 'rm -rf "$work"' EXIT; fi
mkdir -p "$work/out" "$work/raw" "$RESULTS"
for m in $THREADING; do for t in "${ALL_TOOLS[@]}"; do mkdir -p "$work/out/$m/$t"; done; done
# threading mode: "single" sets these for every tool (they do nothing to the others) and gives
# richpreview --threads 1; "default" unsets them and gives richpreview no --threads
set_threading() {
  if [ "$1" = single ]; then export VIPS_CONCURRENCY=1 MAGICK_THREAD_LIMIT=1
  else unset VIPS_CONCURRENCY MAGICK_THREAD_LIMIT; fi
}

# --- meta -----------------------------------------------------------------------------------
{
  print_run_meta
  printf 'vips\t%s\n' "$(vipsthumbnail --vips-version 2>/dev/null | head -1)"
  printf 'imagemagick\t%s\n' "$(convert-im6.q16 -version | head -1 | sed 's/^Version: //; s/ http.*//')"
  printf 'pillow\t%s\n' "$("$PY" -c 'import PIL; print(PIL.__version__)')"
  printf 'runs\t%s\n' "$RUNS"
  printf 'warmup\t%s\n' "$WARMUP"
  printf 'startup_runs\t%s\n' "$STARTUP_RUNS"
  printf 'rows\t%s\n' "${ROWS:-all}"
  printf 'tools\t%s\n' "$TOOLS"
  printf 'threading\t%s\n' "$THREADING"
  printf 'has_scale\t%s\n' "$has_scale"
  printf 'ours_args\t%s\n' "$OURS_ARGS"
  if [ "$format_rows" = 1 ]; then
    printf 'libheif\t%s\n' "$(heif-convert --help 2>&1 | sed -n 's/.*libheif version: *\([^ ]*\).*/\1/p' | head -1)"
    readable() {
      local e l=()
      for e in heic avif webp; do if reads "$1" "$e"; then l+=("$e"); fi; done
      echo "${l[*]:-none}"
    }
    printf 'format_readers\tvips: %s; ImageMagick: %s; Pillow %s: %s\n' "$(readable vipsthumbnail)" \
      "$(readable magick)" "$pillow_version" "$(readable pillow)"
    while IFS=$'\t' read -r name size hash how from; do
      if [[ " ${needed_formats[*]} " == *" $name "* ]]; then
        printf 'made:%s\t%s, %s, %s; %s\n' "$name" "$size" "$hash" "$how" "$from"
      fi
    done < "$IMG/photo-12mp-formats.txt"
  fi
} > "$work/meta.tsv"

# --- start-up -------------------------------------------------------------------------------
note "start-up: $STARTUP_RUNS runs each"
hyperfine -N --style none --warmup 10 --runs "$STARTUP_RUNS" --export-json "$work/raw/startup.json" \
  "$(printf '%q' "$bin") --version" \
  "vipsthumbnail --vips-version" \
  "convert-im6.q16 -version" \
  "$PY -c 'import PIL.Image'" > "$work/raw/startup.log" 2>&1 ||
  { cat "$work/raw/startup.log" >&2; die "start-up timing failed"; }

# --- the matrix -----------------------------------------------------------------------------
is_jpeg() { [[ $1 == *.jpg ]]; }
tool_label() {
  case $1 in
    pillow) printf 'Pillow %s' "$pillow_version" ;;
    magick|magick-hint)
      printf 'ImageMagick %s' "$(convert-im6.q16 -version | sed -n '1s/^Version: ImageMagick \([^ ]*\).*/\1/p')" ;;
    *) printf '%s' "$1" ;;
  esac
}
has_alpha() { [[ $1 == *-rgba.png ]]; }   # the only image in the set with an alpha channel

# cmd_for TOOL IMAGE BOX OUT DST [MODE]: sets CMD; returns 1 when TOOL does not apply to IMAGE,
# 2 when it cannot read IMAGE's format (the cell is n/a, NA_REASON says why)
cmd_for() {
  local tool=$1 image=$2 box=$3 out=$4 dst=$5 mode=${6:-single} src="$IMG/$2" q=() threads=()
  [ "$tool" = magick-hint ] && ! is_jpeg "$image" && return 1
  if ! reads "$tool" "${image##*.}"; then
    NA_REASON="$(tool_label "$tool") cannot read ${image##*.}"
    return 2
  fi
  case $tool in
    richpreview)
      if [ "$out" = jpg ]; then q=(--quality "$QUALITY"); fi
      if [ "$mode" = single ]; then threads=(--threads 1); fi
      # shellcheck disable=SC2206  # OURS_ARGS is split on purpose
      CMD=("$bin" scale "$src" -o "$dst" --fit "${box}x${box}" "${q[@]}" "${threads[@]}" $OURS_ARGS) ;;
    vipsthumbnail)
      local opts=""
      if [ "$out" = jpg ]; then
        opts="Q=$QUALITY"
        if has_alpha "$image"; then opts+=",background=255"; fi   # flatten on white
        opts="[$opts]"
      fi
      CMD=(vipsthumbnail "$src" --size "${box}x${box}" -o "$dst$opts") ;;
    magick|magick-hint)
      local pre=() post=()
      if [ "$tool" = magick-hint ]; then
        pre=(-define "jpeg:size=$((2 * box))x$((2 * box))")
      fi
      if [ "$out" = jpg ]; then
        post=(-quality "$QUALITY")
        if has_alpha "$image"; then post+=(-background white -alpha remove); fi   # flatten on white
      fi
      CMD=(convert-im6.q16 "${pre[@]}" "$src" -auto-orient -thumbnail "${box}x${box}" "${post[@]}" "$dst") ;;
    pillow)
      CMD=("$PY" "$here/pillow_thumbnail.py" "$src" "$dst" "${box}x${box}" "$QUALITY") ;;
  esac
}

modes=($THREADING)
total=0
for key in "${keys[@]}"; do
  read -r image box out <<< "$key"
  for tool in $TOOLS; do
    rc=0; cmd_for "$tool" "$image" "$box" "$out" x || rc=$?
    [ "$rc" = 1 ] || total=$((total + ${#modes[@]}))
  done
done
note "${#keys[@]} rows × ${#modes[@]} threading modes ($THREADING), $total cells, $RUNS runs each (+$WARMUP warm-up, +1 for memory)"

printf 'threading\timage\tbox\tout\ttool\tstatus\thyperfine_json\ttime_v\toutput\tcommand\tnote\n' > "$work/cells.tsv"
: > "$work/psnr.jsonl"

# reference_source IMAGE: sets REF to the file psnr.py decodes with Pillow for IMAGE's reference:
# the image itself, or for HEIC and AVIF (which Pillow 9.4 cannot read) a PNG of it decoded once by
# heif-convert (libheif: libde265 for HEIC, its AV1 decoder for AVIF), with no resizing
reference_source() {
  REF="$IMG/$1"
  case $1 in
    *.heic|*.avif)
      REF="$work/ref/$1.png"
      if [ ! -s "$REF" ]; then
        mkdir -p "$work/ref"
        heif-convert "$IMG/$1" "$work/ref/$1.decoded.png" > "$work/ref/$1.log" 2>&1 ||
          { tail -5 "$work/ref/$1.log" >&2; die "heif-convert could not decode $IMG/$1 for the reference"; }
        # heif-convert has already turned the picture by its irot, and copies the file's EXIF (an
        # iPhone's Orientation 6 among it) into the PNG, where psnr.py would turn it again: the
        # reference keeps the pixels alone.
        "$PY" -c 'import sys
from PIL import Image
im = Image.open(sys.argv[1]); Image.frombytes(im.mode, im.size, im.tobytes()).save(sys.argv[2])' \
          "$work/ref/$1.decoded.png" "$REF" || die "could not write the reference of $IMG/$1"
      fi ;;
  esac
}
n=0
for mode in "${modes[@]}"; do
set_threading "$mode"
for key in "${keys[@]}"; do
  read -r image box out <<< "$key"
  outputs=()
  for tool in $TOOLS; do
    dst="$work/out/$mode/$tool/$image-$box.$out"
    rc=0; cmd_for "$tool" "$image" "$box" "$out" "$dst" "$mode" || rc=$?
    [ "$rc" = 1 ] && continue
    n=$((n + 1))
    if [ "$rc" = 2 ]; then
      printf '%s\t%s\t%s\t%s\t%s\tn/a\t\t\t\t\t%s\n' "$mode" "$image" "$box" "$out" "$tool" "$NA_REASON" \
        >> "$work/cells.tsv"
      printf '[%3d/%d] %-7s %-28s %4s %s %-13s n/a (%s)\n' "$n" "$total" "$mode" "$image" "$box" "$out" "$tool" \
        "$NA_REASON" >&2
      continue
    fi
    cmdline=$(printf '%q ' "${CMD[@]}"); cmdline=${cmdline% }
    if [ "$tool" = richpreview ] && [ "$has_scale" = 0 ]; then
      printf '%s\t%s\t%s\t%s\t%s\tn/a\t\t\t\t%s\t%s\n' "$mode" "$image" "$box" "$out" "$tool" "$cmdline" \
        "no scale command" >> "$work/cells.tsv"
      printf '[%3d/%d] %-7s %-28s %4s %s %-13s n/a\n' "$n" "$total" "$mode" "$image" "$box" "$out" "$tool" >&2
      continue
    fi
    base="$work/raw/$mode-$image-$box-$out-$tool"
    [ ! -e "$base.json" ] || die "internal error: two cells share $base"
    rm -f "$dst"
    # one run under GNU time: checks the exit status and the output, and gives the peak RSS
    if ! /usr/bin/time -v -o "$base.time" "${CMD[@]}" > "$base.log" 2>&1; then
      tail -5 "$base.log" >&2
      die "$tool failed on '$mode $key': $cmdline"
    fi
    [ -s "$dst" ] || die "$tool produced no output for '$mode $key': $cmdline"
    if ! hyperfine -N --style none --warmup "$WARMUP" --runs "$RUNS" --export-json "$base.json" \
         "$cmdline" > "$base.hyperfine.log" 2>&1; then
      tail -5 "$base.hyperfine.log" >&2
      die "timing $tool on '$mode $key' failed: $cmdline"
    fi
    [ -s "$dst" ] || die "$tool produced no output for '$mode $key' while timed: $cmdline"
    printf '%s\t%s\t%s\t%s\t%s\tok\t%s\t%s\t%s\t%s\t\n' "$mode" "$image" "$box" "$out" "$tool" \
      "$base.json" "$base.time" "$dst" "$cmdline" >> "$work/cells.tsv"
    outputs+=("$dst")
    printf '[%3d/%d] %-7s %-28s %4s %s %-13s %8.1f ms %7.1f MiB\n' "$n" "$total" "$mode" "$image" "$box" "$out" "$tool" \
      "$(jq '.results[0].median * 1000' "$base.json")" \
      "$(awk -F': ' '/Maximum resident set size/ {print $2 / 1024}' "$base.time")" >&2
  done
  if [ ${#outputs[@]} -gt 0 ]; then
    reference_source "$image"
    "$PY" "$here/psnr.py" "$REF" "${box}x${box}" "$mode $key" "${outputs[@]}" >> "$work/psnr.jsonl" ||
      die "scoring '$mode $key' failed (see the message above)"
  fi
done
done

printf 'seconds\t%s\n' "$((SECONDS - start))" >> "$work/meta.tsv"
status=0
"$PY" "$here/report.py" "$work" "$RESULTS" || status=$?
note "done in $((SECONDS - start)) s; saved $RESULTS/latest.md, latest.json, latest.csv"
exit $status
