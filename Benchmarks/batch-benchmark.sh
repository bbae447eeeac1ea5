#!/usr/bin/env bash
# Times `richpreview scale INPUT... --output-dir DIR --fit 1125x1125 --jobs N` on a folder of 100
# phone-sized photos (2-12 MP JPEGs, some with EXIF orientations, made once from the bench set of
# ../shared/bench/make-images.sh and cached), with 1 and 2 jobs, JPEG q85 and PNG out, beside
# vipsthumbnail and ImageMagick's mogrify run 1 and 2 wide on the same files. Every run is checked
# (exit 0, exactly one output per photo, of the fitted size). Prints a Markdown report (median wall
# time, photos per second, speed-up, CPU time, peak RSS, ours ÷ peer) and saves it with the raw
# numbers in Benchmarks/results/batch-latest.{md,json}. Progress goes to stderr. See
# Benchmarks/README.md.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
PY=/usr/bin/python3            # the helper needs the standard library only
SMALL=${SMALL:-0}
if [ "$SMALL" = 1 ]; then COUNT=${COUNT:-20} RUNS=${RUNS:-3}; else COUNT=${COUNT:-100} RUNS=${RUNS:-5}; fi
PEER_RUNS=${PEER_RUNS:-$(( RUNS < 3 ? RUNS : 3 ))}
BOX=${BOX:-1125}
QUALITY=85
WIDTHS=${WIDTHS:-1 2}
FORMATS=${FORMATS:-jpeg png}
TOOLS=${TOOLS:-richpreview vipsthumbnail mogrify}
VIPS_WIDE=${VIPS_WIDE:-xargs}
XARGS_BATCH=${XARGS_BATCH:-}
PNG_PEERS=${PNG_PEERS:-matched}
MAGICK_HINT=${MAGICK_HINT-${BOX}x${BOX}}
SERIES=${SERIES:-1}
SEED=${SEED:-20251130}
SHARED=${RICHPREVIEW_SHARED:-$root/../shared}
IMG=${IMG:-$root/bench-images}
RESULTS=$here/results
SOURCES=(photo-12mp.jpg photo-8mp-dense.jpg photo-2mp.jpg)   # what the photo set is cut from
ALL_TOOLS=(richpreview vipsthumbnail mogrify)

start=$SECONDS
die() { printf 'batch-benchmark: error: %s\n' "$*" >&2; exit 1; }
note() { printf 'batch-benchmark: %s\n' "$*" >&2; }

[[ $RUNS =~ ^[1-9][0-9]*$ && $PEER_RUNS =~ ^[1-9][0-9]*$ ]] || die "RUNS and PEER_RUNS must be positive integers"
[[ $COUNT =~ ^[1-9][0-9]*$ && $COUNT -le 1000 ]] || die "COUNT must be 1 to 1000"
[[ $BOX =~ ^[1-9][0-9]*$ ]] || die "BOX must be a positive integer"
[[ $SEED =~ ^[0-9]+$ ]] || die "SEED must be a non-negative integer"
[[ -z $XARGS_BATCH || $XARGS_BATCH =~ ^[1-9][0-9]*$ ]] || die "XARGS_BATCH must be a positive integer or empty"
[[ $PNG_PEERS == matched || $PNG_PEERS == default ]] || die "PNG_PEERS must be matched or default"
[[ $VIPS_WIDE == threads || $VIPS_WIDE == xargs || $VIPS_WIDE == both ]] ||
  die "VIPS_WIDE must be threads, xargs or both"
[[ -z $MAGICK_HINT || $MAGICK_HINT =~ ^[1-9][0-9]*x[1-9][0-9]*$ ]] || die "MAGICK_HINT must be WxH or empty"
for w in $WIDTHS; do [[ $w =~ ^[1-9][0-9]?$ ]] || die "WIDTHS: '$w' is not 1 to 99"; done
[[ " $WIDTHS " == *" 1 "* ]] || note "WIDTHS has no 1: there will be no speed-up figures"
for f in $FORMATS; do [[ $f == jpeg || $f == png ]] || die "FORMATS: '$f' is not jpeg or png"; done
for t in $TOOLS; do
  [[ " ${ALL_TOOLS[*]} " == *" $t "* ]] || die "TOOLS: unknown tool '$t' (known: ${ALL_TOOLS[*]})"
done

# --- never write into the shared tree -------------------------------------------------------
source "$here/common.sh"
refuse_shared IMG "$IMG"

# --- packages and tools ---------------------------------------------------------------------
require_tools vips vipsthumbnail mogrify identify exiftool xargs sha256sum /usr/bin/time "$PY"

# --- richpreview ----------------------------------------------------------------------------
build_richpreview
if [[ " $TOOLS " == *" richpreview "* ]]; then
  "$bin" help scale 2>&1 | grep -q -- '--output-dir' || die "$bin scale has no --output-dir (batch) mode"
fi

# --- the bench set (as scale-benchmark.sh builds it) ----------------------------------------
ensure_images "${SOURCES[@]}"

# --- the photo set: cut, resized and tagged once, then cached -------------------------------
# batch_report.py plan draws the recipe (source, crop, size, flop, layout, quality) from a fixed
# seed. The set always holds at least 100 photos, so SMALL=1 uses the first 20 of the same set.
SET=$IMG/batch-photos
set_size=$(( COUNT > 100 ? COUNT : 100 ))
plan=$("$PY" "$here/batch_report.py" plan "$SEED" "$set_size") || die "planning the photo set failed"
plan+=$'\n'"# sources:$(for i in "${SOURCES[@]}"; do printf ' %s=%s' "$i" "$(sha256sum "$IMG/$i" | cut -c1-16)"; done)"
set_ok() {
  [ -f "$SET/manifest.tsv" ] && [ "$(grep -v '^# made with' "$SET/manifest.tsv")" = "$plan" ] &&
    [ -f "$SET/SHA256SUMS" ] &&
    (cd "$SET" && sha256sum --quiet --check SHA256SUMS >/dev/null 2>&1)
}
# make_photo ROW: one photo of the manifest, through a scratch folder of its own
make_photo() {
  local name source cx cy cw ch rw rh flop turn orientation sw sh dw dh quality layout
  IFS=$'\t' read -r name source cx cy cw ch rw rh flop turn orientation sw sh dw dh quality layout <<< "$1"
  local t="$SET/.work/$name" step
  mkdir -p "$t"
  vips extract_area "$IMG/$source" "$t/crop.v" "$cx" "$cy" "$cw" "$ch"
  vips thumbnail "$t/crop.v" "$t/0.v" "$rw" --height "$rh" --size force
  step=0
  if [ "$flop" = 1 ]; then vips flip "$t/$step.v" "$t/$((step + 1)).v" horizontal; step=$((step + 1)); fi
  if [ "$turn" = 1 ]; then vips rot "$t/$step.v" "$t/$((step + 1)).v" d90; step=$((step + 1)); fi
  vips jpegsave "$t/$step.v" "$SET/$name" --Q "$quality" --subsample-mode on --strip
  rm -rf "$t"
}
if ! set_ok; then
  note "building the photo set in $SET ($set_size photos, once; about a minute per 30 photos)"
  rm -rf "$SET"
  mkdir -p "$SET/.work"
  running=0
  while IFS= read -r row; do
    make_photo "$row" &
    running=$((running + 1))
    if [ "$running" -ge "$(nproc)" ]; then wait -n || die "making a photo failed"; running=$((running - 1)); fi
  done < <(grep -v -e '^#' -e '^name' <<< "$plan")
  while [ "$running" -gt 0 ]; do wait -n || die "making a photo failed"; running=$((running - 1)); done
  rmdir "$SET/.work"
  # every photo gets an EXIF block with its orientation, as a phone writes one
  for o in 1 3 6 8; do
    files=()
    while IFS=$'\t' read -r name orientation; do
      [ "$orientation" = "$o" ] && files+=("$SET/$name")
    done < <(grep -v -e '^#' -e '^name' <<< "$plan" | cut -f1,11)
    [ ${#files[@]} -eq 0 ] || exiftool -q -overwrite_original -n -Orientation="$o" "${files[@]}" ||
      die "exiftool failed"
  done
  "$PY" "$here/batch_report.py" check-set "$SET" <(printf '%s\n' "$plan") ||
    die "the photo set does not match its manifest"
  printf '%s\n# made with %s, %s\n' "$plan" "$(vips --version)" "$(exiftool -ver | sed 's/^/exiftool /')" \
    > "$SET/manifest.tsv"
  (cd "$SET" && sha256sum IMG_*.jpg > SHA256SUMS)
  note "photo set ready"
fi
mapfile -t inputs < <(grep -v -e '^#' -e '^name' "$SET/manifest.tsv" | head -n "$COUNT" | cut -f1 | sed "s|^|$SET/|")
[ ${#inputs[@]} -eq "$COUNT" ] || die "the photo set has fewer than $COUNT photos"
set_hash=$(sha256sum "$SET/SHA256SUMS" | cut -c1-16)

# --- scratch space --------------------------------------------------------------------------
work=$(mktemp -d "${TMPDIR:-/tmp}/batch-benchmark.XXXXXX")
under_shared "$work" && die "TMPDIR is inside the shared tree"
if [ "${KEEP:-0}" = 1 ]; then note "keeping $work"; else trap 'rm -rf "$work"' EXIT; fi
mkdir -p "$work/out" "$work/raw" "$RESULTS"
printf '%s\0' "${inputs[@]}" > "$work/inputs.list"
# single-threaded peers unless a cell says otherwise
export VIPS_CONCURRENCY=1 MAGICK_THREAD_LIMIT=1

# --- meta -----------------------------------------------------------------------------------
{
  print_run_meta
  printf 'load_start\t%s\n' "$(cut -d' ' -f1-3 /proc/loadavg)"
  printf 'vips\t%s\n' "$(vipsthumbnail --vips-version 2>/dev/null | head -1)"
  printf 'imagemagick\t%s\n' "$(mogrify -version | head -1 | sed 's/^Version: //; s/ http.*//')"
  printf 'libjpeg\t%s\n' "libjpeg-turbo $(dpkg-query -W -f='${Version}' libjpeg62-turbo 2>/dev/null || echo '?')"
  printf 'count\t%s\n' "$COUNT"
  printf 'runs\t%s\n' "$RUNS"
  printf 'peer_runs\t%s\n' "$PEER_RUNS"
  printf 'box\t%s\n' "$BOX"
  printf 'quality\t%s\n' "$QUALITY"
  printf 'widths\t%s\n' "$WIDTHS"
  printf 'formats\t%s\n' "$FORMATS"
  printf 'tools\t%s\n' "$TOOLS"
  printf 'vips_wide\t%s\n' "$VIPS_WIDE"
  printf 'xargs_batch\t%s\n' "${XARGS_BATCH:-COUNT / (5 x width), rounded up}"
  printf 'png_peers\t%s\n' "$PNG_PEERS"
  printf 'magick_hint\t%s\n' "${MAGICK_HINT:-none}"
  printf 'seed\t%s\n' "$SEED"
  printf 'set\t%s\n' "$SET"
  printf 'set_sha256sums\t%s\n' "$set_hash"
  printf 'manifest\t%s\n' "$SET/manifest.tsv"
} > "$work/meta.tsv"

# --- the cells ------------------------------------------------------------------------------
# A cell is "FORMAT TOOL WIDTH FORM": FORM says how a peer runs WIDTH wide (one process, its own
# threads, or WIDTH processes from xargs); richpreview always runs as one process with --jobs.
cells=()
for format in $FORMATS; do
  for tool in $TOOLS; do
    for width in $WIDTHS; do
      case $tool/$width in
        richpreview/*) cells+=("$format $tool $width jobs") ;;
        */1) cells+=("$format $tool 1 process") ;;
        vipsthumbnail/*)
          [ "$VIPS_WIDE" = xargs ] || cells+=("$format $tool $width threads")
          [ "$VIPS_WIDE" = threads ] || cells+=("$format $tool $width xargs") ;;
        mogrify/*) cells+=("$format $tool $width xargs") ;;
      esac
    done
  done
done

# cmd_for FORMAT TOOL WIDTH FORM OUT: sets CMD. PNG_PEERS=matched has the peers write PNGs at
# zlib level 1 with the Paeth filter, the nearest they have to richpreview's photo settings (Paeth,
# libdeflate level 1); default leaves their own defaults (vips: level 6; ImageMagick: level 7,
# adaptive filters).
cmd_for() {
  local format=$1 tool=$2 width=$3 form=$4 out=$5 ext=jpg quality=() hint=() each=() batch
  [ "$format" = png ] && ext=png
  batch=${XARGS_BATCH:-$(( (COUNT + 5 * width - 1) / (5 * width) ))}
  case $tool in
    richpreview)
      [ "$format" = jpeg ] && quality=(--quality "$QUALITY")
      CMD=("$bin" scale "${inputs[@]}" --output-dir "$out" --fit "${BOX}x${BOX}" --jobs "$width"
           --format "$format" "${quality[@]}")
      return ;;
    vipsthumbnail)
      local target="$out/%s.$ext"
      [ "$format" = jpeg ] && target+="[Q=$QUALITY]"
      [ "$format" = png ] && [ "$PNG_PEERS" = matched ] && target+="[compression=1,filter=paeth]"
      each=(vipsthumbnail --size "${BOX}x${BOX}" -o "$target") ;;
    mogrify)
      [ "$format" = jpeg ] && quality=(-quality "$QUALITY")
      # PNG -quality: tens = zlib level, units = filter (4 = Paeth)
      [ "$format" = png ] && [ "$PNG_PEERS" = matched ] && quality=(-quality 14)
      [ -n "$MAGICK_HINT" ] && hint=(-define "jpeg:size=$MAGICK_HINT")
      each=(mogrify "${hint[@]}" -path "$out" -format "$ext" "${quality[@]}" -auto-orient
            -thumbnail "${BOX}x${BOX}") ;;
  esac
  case $form in
    process) CMD=(env VIPS_CONCURRENCY=1 MAGICK_THREAD_LIMIT=1 "${each[@]}" "${inputs[@]}") ;;
    threads) CMD=(env VIPS_CONCURRENCY="$width" "${each[@]}" "${inputs[@]}") ;;
    xargs)   CMD=(env VIPS_CONCURRENCY=1 MAGICK_THREAD_LIMIT=1 xargs -0 -a "$work/inputs.list"
                  -P "$width" -n "$batch" "${each[@]}") ;;
  esac
}

slug() { echo "${1// /-}"; }
shown() {   # a command line for the report: the photos as one word, the scratch folder as $WORK
  local arg line="" listed=0
  for arg in "$@"; do
    if [[ $arg == "$SET"/IMG_*.jpg ]]; then
      [ "$listed" = 1 ] && continue
      listed=1; line+="$SET/IMG_{0001..$(printf '%04d' "$COUNT")}.jpg "
    else
      line+="$(printf '%q' "$arg") "
    fi
  done
  line=${line% }
  printf '%s' "${line//"$work"/\$WORK}"
}

# run_cell KEY ROUND [NAME]: one run, timed by GNU time and $EPOCHREALTIME, then checked. With
# NAME, batch_report.py also samples the summed RSS of the processes called NAME meanwhile.
run_cell() {
  local key=$1 round=$2 sample=${3:-} format tool width form out base t0 t1 checked wrap=()
  read -r format tool width form <<< "$key"
  out="$work/out/$(slug "$key")"
  base="$work/raw/$(slug "$key").r$round"
  rm -rf "$out"; mkdir -p "$out"
  cmd_for "$format" "$tool" "$width" "$form" "$out"
  [ -n "$sample" ] && wrap=("$PY" "$here/batch_report.py" sample-rss "$base.rss" "$sample")
  t0=$EPOCHREALTIME
  if ! "${wrap[@]}" /usr/bin/time -f 'time %e %U %S %M %x' -o "$base.time" "${CMD[@]}" \
       > "$base.stdout" 2> "$base.stderr"; then
    tail -5 "$base.stderr" >&2
    die "$tool failed on '$key' (run $round): $(shown "${CMD[@]}")"
  fi
  t1=$EPOCHREALTIME
  local extra=()
  [ "$tool" = richpreview ] && extra=("$base.stdout")
  checked=$("$PY" "$here/batch_report.py" check-outputs "$out" "$SET/manifest.tsv" "$COUNT" "$BOX" \
              "$format" "${extra[@]}") || die "the outputs of '$key' (run $round) are wrong (see above)"
  printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$key" "$round" "$((10#${t1//[.,]/} - 10#${t0//[.,]/}))" \
    "$(tail -1 "$base.time")" "${checked%% bytes}" "$([ -n "$sample" ] && cat "$base.rss")" >> "$work/runs.tsv"
  LAST_WALL_US=$((10#${t1//[.,]/} - 10#${t0//[.,]/}))
}

# --- the matrix: rounds that run every cell once -------------------------------------------
# richpreview's cells run RUNS times, the peers' PEER_RUNS times (rounds past PEER_RUNS skip
# them). Rounds alternate the order of the cells, so that a change in the machine's load falls
# on every cell alike. The first round also samples the summed RSS of the xargs cells' processes.
runs_of() { if [[ $1 == *" richpreview "* ]]; then echo "$RUNS"; else echo "$PEER_RUNS"; fi; }
cat "${inputs[@]}" > /dev/null                     # the photos into the page cache
total=0 rounds=0
for key in "${cells[@]}"; do
  r=$(runs_of "$key"); total=$((total + r)); [ "$r" -gt "$rounds" ] && rounds=$r
done
note "$COUNT photos, ${#cells[@]} cells, $total runs (richpreview $RUNS each, peers $PEER_RUNS); load $(cut -d' ' -f1-3 /proc/loadavg)"
printf 'cell\tround\twall_us\ttime\tchecked\trss_kib\n' > "$work/runs.tsv"
printf 'cell\tcommand\n' > "$work/cells.tsv"
for key in "${cells[@]}"; do
  read -r format tool width form <<< "$key"
  cmd_for "$format" "$tool" "$width" "$form" "$work/out/$(slug "$key")"
  printf '%s\t%s\n' "$key" "$(shown "${CMD[@]}")" >> "$work/cells.tsv"
done
n=0
for ((round = 1; round <= rounds; round++)); do
  order=("${cells[@]}")
  if ((round % 2 == 0)); then
    order=(); for ((i = ${#cells[@]} - 1; i >= 0; i--)); do order+=("${cells[i]}"); done
  fi
  for key in "${order[@]}"; do
    read -r format tool width form <<< "$key"
    [ "$round" -le "$(runs_of "$key")" ] || continue
    n=$((n + 1))
    sample=""
    [ "$round" = 1 ] && [ "$form" = xargs ] && sample=$tool
    run_cell "$key" "$round" "$sample"
    printf '[%3d/%d] %-4s %-13s %2s %-7s run %d %s\n' "$n" "$total" "$format" "$tool" "$width" "$form" \
      "$round" "$(tail -1 "$work/raw/$(slug "$key").r$round.time" | awk -v w="$LAST_WALL_US" \
                  '{printf "%7.2f s  CPU %6.2f s  %6.1f MiB", w / 1e6, $3 + $4, $5 / 1024}')" >&2
  done
done

# --- memory against --jobs and against the number of photos (richpreview, JPEG out) --------
# One run each, with --json, whose order is checked too. --jobs 1 and 2 over all the photos are
# the matrix's JPEG cells; the series adds more jobs than cores, and smaller batches.
printf 'series\tx\twall_us\ttime\tchecked\n' > "$work/series.tsv"
if [ "$SERIES" = 1 ] && [[ " $TOOLS " == *" richpreview "* ]]; then
  series_runs=()
  for j in 4 8; do series_runs+=("jobs $j $COUNT"); done
  for c in 10 25 50; do [ "$c" -lt "$COUNT" ] && series_runs+=("photos $c 2"); done
  note "memory series: ${#series_runs[@]} runs of richpreview"
  for entry in "${series_runs[@]}"; do
    read -r series x other <<< "$entry"
    if [ "$series" = jobs ]; then jobs=$x count=$other; else jobs=$other count=$x; fi
    out="$work/out/series-$series-$x"
    base="$work/raw/series-$series-$x"
    rm -rf "$out"
    cmd=("$bin" scale "${inputs[@]:0:count}" --output-dir "$out" --fit "${BOX}x${BOX}" --jobs "$jobs"
         --format jpeg --quality "$QUALITY" --json)
    t0=$EPOCHREALTIME
    /usr/bin/time -f 'time %e %U %S %M %x' -o "$base.time" "${cmd[@]}" > "$base.json" 2> "$base.stderr" ||
      { tail -5 "$base.stderr" >&2; die "richpreview failed in the $series series at $x: $(shown "${cmd[@]}")"; }
    t1=$EPOCHREALTIME
    checked=$("$PY" "$here/batch_report.py" check-outputs "$out" "$SET/manifest.tsv" "$count" "$BOX" jpeg \
                "$base.json") || die "the outputs of the $series series at $x are wrong (see above)"
    printf '%s\t%s\t%s\t%s\t%s\n' "$series" "$x" "$((10#${t1//[.,]/} - 10#${t0//[.,]/}))" \
      "$(tail -1 "$base.time")" "${checked%% bytes}" >> "$work/series.tsv"
    printf 'series %-6s %3s (--jobs %s, %s photos)  %s\n' "$series" "$x" "$jobs" "$count" \
      "$(tail -1 "$base.time" | awk '{printf "%.2f s, CPU %.2f s, %.1f MiB", $2, $3 + $4, $5 / 1024}')" >&2
  done
fi

printf 'load_end\t%s\n' "$(cut -d' ' -f1-3 /proc/loadavg)" >> "$work/meta.tsv"
printf 'seconds\t%s\n' "$((SECONDS - start))" >> "$work/meta.tsv"
status=0
"$PY" "$here/batch_report.py" report "$work" "$RESULTS" || status=$?
note "done in $((SECONDS - start)) s; saved $RESULTS/batch-latest.md and batch-latest.json"
exit $status
