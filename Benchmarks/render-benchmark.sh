#!/usr/bin/env bash
# Times `richpreview render` in one run: a bare photo drawn into 80 terminal columns beside jp2a
# and chafa (plain text, with `djpeg -scale 1/8` as the decode floor; and 24-bit ANSI half-blocks
# beside chafa), the bundled payloads drawn as
# PNG cards with their --timings stages beside the image work alone (`scale`) and the process
# start-up (`render --list-devices`), and the payloads' text and ANSI cards. Prints a Markdown
# report (median wall ms, ratios, peak RSS) and the issue's targets as PASS/FAIL/n/a to stdout,
# and saves it with the raw numbers in Benchmarks/results/render-latest.{md,json,csv}. Progress
# goes to stderr. See Benchmarks/README.md.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
PY=/usr/bin/python3            # the report needs the standard library only
RUNS=${RUNS:-10}
WARMUP=${WARMUP:-1}
STARTUP_RUNS=${STARTUP_RUNS:-100}
ROWS=${ROWS:-${FILTER:-}}
TOOLS=${TOOLS:-richpreview jp2a chafa djpeg}
columns=${RENDER_COLUMNS:-80}
CHAFA_THREADS=${CHAFA_THREADS-1}
SHARED=${RICHPREVIEW_SHARED:-$root/../shared}
IMG=${IMG:-$root/bench-images}
RESULTS=$here/results
IMAGES=(photo-2mp.jpg photo-12mp.jpg photo-12mp-progressive.jpg)
PAYLOADS=(image_category.json audio_category.json movie_category.json)
CARD_IMAGE=sample-image.jpg    # the attachment image_category.json shows
ALL_TOOLS=(richpreview jp2a chafa djpeg)

start=$SECONDS
die() { printf 'render-benchmark: error: %s\n' "$*" >&2; exit 1; }
note() { printf 'render-benchmark: %s\n' "$*" >&2; }

[[ $RUNS =~ ^[1-9][0-9]*$ && $WARMUP =~ ^[0-9]+$ && $STARTUP_RUNS =~ ^[1-9][0-9]*$ ]] ||
  die "RUNS and STARTUP_RUNS must be positive integers, WARMUP a non-negative one"
[[ $columns =~ ^[1-9][0-9]*$ ]] || die "RENDER_COLUMNS must be a positive integer"
[[ -z $CHAFA_THREADS || $CHAFA_THREADS =~ ^[1-9][0-9]*$ ]] ||
  die "CHAFA_THREADS must be a positive integer, or empty for chafa's default (all cores)"
for t in $TOOLS; do
  [[ " ${ALL_TOOLS[*]} " == *" $t "* ]] || die "TOOLS: unknown tool '$t' (known: ${ALL_TOOLS[*]})"
done

# --- never write into the shared tree -------------------------------------------------------
source "$here/common.sh"
refuse_shared IMG "$IMG"

# --- the rows: "SECTION INPUT"; each section has its own tools ------------------------------
# text / ansi: a bare photo into RENDER_COLUMNS columns; png / card-text / card-ansi: a payload;
# png-image: `scale` of the card's attachment (the image work alone); startup: `render --list-devices`
all_keys=()
for image in "${IMAGES[@]}"; do all_keys+=("text $image"); done
for image in "${IMAGES[@]}"; do all_keys+=("ansi $image"); done
for payload in "${PAYLOADS[@]}"; do all_keys+=("png $payload"); done
all_keys+=("png-image $CARD_IMAGE" "startup list-devices")
for payload in "${PAYLOADS[@]}"; do all_keys+=("card-text $payload"); done
for payload in "${PAYLOADS[@]}"; do all_keys+=("card-ansi $payload"); done
keys=()
for key in "${all_keys[@]}"; do
  [ -z "$ROWS" ] || [[ $key =~ $ROWS ]] && keys+=("$key")
done
[ ${#keys[@]} -gt 0 ] || die "ROWS='$ROWS' matches no row (rows look like 'text photo-2mp.jpg' or 'png image_category.json')"
needs_images=0
for key in "${keys[@]}"; do case $key in text\ *|ansi\ *) needs_images=1 ;; esac; done

# --- packages and tools ---------------------------------------------------------------------
require_tools hyperfine jq jp2a chafa djpeg /usr/bin/time "$PY"

# --- richpreview ----------------------------------------------------------------------------
build_richpreview
"$bin" help render >/dev/null 2>&1 || die "$bin has no 'render' command"
"$bin" help render 2>&1 | grep -q -- '--timings' || note "warning: 'render' has no --timings: the PNG stages will be n/a"

# --- the image set (as scale-benchmark.sh builds it) ----------------------------------------
if [ "$needs_images" = 1 ]; then ensure_images "${IMAGES[@]}"; fi
res=$root/Resources
for f in "${PAYLOADS[@]}"; do [ -f "$res/payloads/$f" ] || die "no $res/payloads/$f"; done
[ -f "$res/attachments/$CARD_IMAGE" ] || die "no $res/attachments/$CARD_IMAGE"

# --- scratch space --------------------------------------------------------------------------
work=$(mktemp -d "${TMPDIR:-/tmp}/render-benchmark.XXXXXX")
under_shared "$work" && die "TMPDIR is inside the shared tree"
if [ "${KEEP:-0}" = 1 ]; then note "keeping $work"; else trap 'rm -rf "$work"' EXIT; fi
mkdir -p "$work/out" "$work/raw" "$RESULTS"
chafa_threads=()
[ -z "$CHAFA_THREADS" ] || chafa_threads=(--threads="$CHAFA_THREADS")

# --- meta -----------------------------------------------------------------------------------
{
  print_run_meta
  printf 'load\t%s\n' "$(cut -d' ' -f1-3 /proc/loadavg)"
  printf 'jp2a\t%s\n' "$(jp2a --version 2>&1 | head -1)"
  printf 'chafa\t%s\n' "$(chafa --version | head -1 | sed 's/^Chafa version /chafa /')"
  printf 'libjpeg\t%s\n' "libjpeg-turbo $(dpkg-query -W -f='${Version}' libjpeg62-turbo 2>/dev/null || echo '?')"
  printf 'hyperfine\t%s\n' "$(hyperfine --version)"
  printf 'runs\t%s\n' "$RUNS"
  printf 'warmup\t%s\n' "$WARMUP"
  printf 'startup_runs\t%s\n' "$STARTUP_RUNS"
  printf 'columns\t%s\n' "$columns"
  printf 'img\t%s\n' "$IMG"
  printf 'chafa_threads\t%s\n' "${CHAFA_THREADS:-default}"
  printf 'rows\t%s\n' "${ROWS:-all}"
  printf 'tools\t%s\n' "$TOOLS"
} > "$work/meta.tsv"

# --- the commands ---------------------------------------------------------------------------
payload_args() {   # the inputs a payload card is rendered with
  PARGS=("$res/payloads/$1" --attachments "$res/attachments" --categories "$res/categories.json"
         --extensions "$root/Info-plist-samples")
}

# cmd_for SECTION INPUT TOOL DST: sets CMD and KIND (what the output is: text, ansi, png, none);
# returns 1 when TOOL has no cell in SECTION
cmd_for() {
  local section=$1 input=$2 tool=$3 dst=$4
  case $section/$tool in
    text/richpreview) CMD=("$bin" render "$IMG/$input" --format text --width "$columns"); KIND=text ;;
    text/jp2a)        CMD=(jp2a --width="$columns" "$IMG/$input"); KIND=text ;;
    text/chafa)       CMD=(chafa --size="${columns}x" --format=symbols --symbols=ascii --colors=none
                           "${chafa_threads[@]}" "$IMG/$input"); KIND=text ;;
    # the libjpeg-turbo decode at 1/8 alone, to PPM: the floor under shrink-on-load
    text/djpeg)       CMD=(djpeg -scale 1/8 -ppm "$IMG/$input"); KIND=none ;;
    ansi/richpreview) CMD=("$bin" render "$IMG/$input" --format ansi --width "$columns"); KIND=ansi ;;
    ansi/chafa)       CMD=(chafa --size="${columns}x" --format=symbols --symbols=vhalf --colors=full
                           "${chafa_threads[@]}" "$IMG/$input"); KIND=ansi ;;
    png/richpreview)  payload_args "$input"
                      CMD=("$bin" render "${PARGS[@]}" --format png -o "$dst" --timings); KIND=png ;;
    png-image/richpreview)
                      CMD=("$bin" scale "$res/attachments/$input" -o "$dst" --fit 750x750); KIND=png ;;
    startup/richpreview) CMD=("$bin" render --list-devices); KIND=none ;;
    card-text/richpreview) payload_args "$input"
                      CMD=("$bin" render "${PARGS[@]}" --format text --width "$columns"); KIND=text ;;
    card-ansi/richpreview) payload_args "$input"
                      CMD=("$bin" render "${PARGS[@]}" --format ansi --width "$columns"); KIND=ansi ;;
    *) return 1 ;;
  esac
}

total=0
for key in "${keys[@]}"; do
  read -r section input <<< "$key"
  for tool in $TOOLS; do cmd_for "$section" "$input" "$tool" x && total=$((total + 1)); done
done
[ "$total" -gt 0 ] || die "ROWS='$ROWS' and TOOLS='$TOOLS' leave no cell to run"
note "${#keys[@]} rows, $total cells, $RUNS runs each (+$WARMUP warm-up, +1 for memory); start-up $STARTUP_RUNS runs"

printf 'section\tinput\ttool\tstatus\thyperfine_json\ttime_f\toutput\tkind\tstages\tcommand\n' > "$work/cells.tsv"
n=0
for key in "${keys[@]}"; do
  read -r section input <<< "$key"
  for tool in $TOOLS; do
    base="$work/raw/$section-$input-$tool"
    cmd_for "$section" "$input" "$tool" "$work/out/$section-$input-$tool.png" || continue
    n=$((n + 1))
    cmdline=$(printf '%q ' "${CMD[@]}"); cmdline=${cmdline% }
    [ ! -e "$base.json" ] || die "internal error: two cells share $base"
    case $KIND in png) dst="$work/out/$section-$input-$tool.png" ;; *) dst="$base.stdout" ;; esac
    rm -f "$dst"
    # one run under GNU time: checks the exit status and the output, and gives the peak RSS (KiB)
    if ! /usr/bin/time -f '%M %P' -o "$base.time" "${CMD[@]}" > "$base.stdout" 2> "$base.stderr"; then
      tail -5 "$base.stderr" >&2
      die "$tool failed on '$key': $cmdline"
    fi
    [ -s "$dst" ] || die "$tool produced no output for '$key': $cmdline"
    shape=""
    if [ "$KIND" != none ]; then
      shape=$("$PY" "$here/render_report.py" check "$dst" "$KIND" "$columns") ||
        die "$tool's output for '$key' is not what was asked for: $cmdline"
    fi
    runs=$RUNS; warm=$WARMUP
    if [ "$section" = startup ]; then runs=$STARTUP_RUNS; warm=10; fi
    # text and ANSI go through a pipe, as to a terminal (some programs notice /dev/null)
    if ! hyperfine -N --style none --warmup "$warm" --runs "$runs" --output=pipe \
         --export-json "$base.json" "$cmdline" > "$base.hyperfine.log" 2>&1; then
      tail -5 "$base.hyperfine.log" >&2
      die "timing $tool on '$key' failed: $cmdline"
    fi
    stages=""
    if [ "$section" = png ]; then
      # the --timings stages: RUNS more runs, each printing "fonts X, draw Y, encode Z" on stderr;
      # each line gets that run's own wall time (µs) so that wall − stages is taken run by run
      stages="$base.stages"
      : > "$stages"
      for ((i = 0; i < RUNS; i++)); do
        t0=$EPOCHREALTIME
        "${CMD[@]}" > /dev/null 2> "$base.stage-err" || die "$tool failed on '$key' while collecting --timings"
        t1=$EPOCHREALTIME
        printf 'wall_us %s ' "$((10#${t1//[.,]/} - 10#${t0//[.,]/}))" >> "$stages"
        grep -m1 'milliseconds:' "$base.stage-err" >> "$stages" || echo >> "$stages"
      done
    fi
    printf '%s\t%s\t%s\tok\t%s\t%s\t%s\t%s\t%s\t%s\n' "$section" "$input" "$tool" \
      "$base.json" "$base.time" "$dst" "$KIND:$shape" "$stages" "$cmdline" >> "$work/cells.tsv"
    printf '[%3d/%d] %-9s %-27s %-11s %8.1f ms %7.1f MiB  %s\n' "$n" "$total" "$section" "$input" "$tool" \
      "$(jq '.results[0].median * 1000' "$base.json")" \
      "$(awk 'NR == 1 {print $1 / 1024}' "$base.time")" "$shape" >&2
  done
done

printf 'seconds\t%s\n' "$((SECONDS - start))" >> "$work/meta.tsv"
status=0
"$PY" "$here/render_report.py" report "$work" "$RESULTS" || status=$?
note "done in $((SECONDS - start)) s; saved $RESULTS/render-latest.md, render-latest.json, render-latest.csv"
exit $status
