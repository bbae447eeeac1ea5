#!/usr/bin/env bash
# Times `richpreview render` in one run: a bare photo drawn into 80 terminal columns beside jp2a
# and chafa (plain text, with `djpeg -scale 1/8` as the decode floor; and 24-bit ANSI half-blocks
# beside chafa), the bundled payloads drawn as
# PNG cards with their --timings stages beside the image work alone (`scale`) and the process
# start-up (`render --list-devices`), a card with the 12 MP photo at --scale 3, the movie card
# with its poster frame (FFmpeg) expanded and as a banner, a right-to-left (Arabic) card (FriBidi)
# beside the same message in English, the first-use cost of loading FFmpeg and FriBidi (paired
# runs, see below), and the payloads' text and ANSI cards. Prints a Markdown
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
FIRST_USE_RUNS=${FIRST_USE_RUNS:-20}
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
PHOTO_CARD_IMAGE=photo-12mp.jpg  # the photo card's attachment, from the bench set
STATES=(expanded banner)
RTL_CARDS=(arabic latin-control) # the right-to-left card, and the same message in English
FIRST_USE=(ffmpeg fribidi)
ALL_TOOLS=(richpreview jp2a chafa djpeg)

start=$SECONDS
die() { printf 'render-benchmark: error: %s\n' "$*" >&2; exit 1; }
note() { printf 'render-benchmark: %s\n' "$*" >&2; }

[[ $RUNS =~ ^[1-9][0-9]*$ && $WARMUP =~ ^[0-9]+$ && $STARTUP_RUNS =~ ^[1-9][0-9]*$ &&
   $FIRST_USE_RUNS =~ ^[1-9][0-9]*$ ]] ||
  die "RUNS, STARTUP_RUNS and FIRST_USE_RUNS must be positive integers, WARMUP a non-negative one"
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
# png-image: `scale` of the card's attachment (the image work alone); startup: `render --list-devices`;
# photo-card / movie-card STATE: the 12 MP photo card at --scale 3 and the movie card, PNG;
# rtl-card arabic|latin-control: a payload written at run time; first-use ffmpeg|fribidi: paired
# runs with the library loaded on first use, preloaded (LD_PRELOAD) and absent
all_keys=()
for image in "${IMAGES[@]}"; do all_keys+=("text $image"); done
for image in "${IMAGES[@]}"; do all_keys+=("ansi $image"); done
for payload in "${PAYLOADS[@]}"; do all_keys+=("png $payload"); done
all_keys+=("png-image $CARD_IMAGE" "startup list-devices")
for state in "${STATES[@]}"; do all_keys+=("photo-card $state"); done
for state in "${STATES[@]}"; do all_keys+=("movie-card $state"); done
for card in "${RTL_CARDS[@]}"; do all_keys+=("rtl-card $card"); done
for lib in "${FIRST_USE[@]}"; do all_keys+=("first-use $lib"); done
for payload in "${PAYLOADS[@]}"; do all_keys+=("card-text $payload"); done
for payload in "${PAYLOADS[@]}"; do all_keys+=("card-ansi $payload"); done
keys=()
for key in "${all_keys[@]}"; do
  [ -z "$ROWS" ] || [[ $key =~ $ROWS ]] && keys+=("$key")
done
[ ${#keys[@]} -gt 0 ] || die "ROWS='$ROWS' matches no row (rows look like 'text photo-2mp.jpg' or 'png image_category.json')"
needed_images=()
for key in "${keys[@]}"; do
  case $key in
    text\ *|ansi\ *) needed_images+=("${IMAGES[@]}") ;;
    photo-card\ *) needed_images+=("$PHOTO_CARD_IMAGE") ;;
  esac
done

# --- packages and tools ---------------------------------------------------------------------
require_tools hyperfine jq jp2a chafa djpeg /usr/bin/time "$PY"

# --- richpreview ----------------------------------------------------------------------------
build_richpreview
"$bin" help render >/dev/null 2>&1 || die "$bin has no 'render' command"
"$bin" help render 2>&1 | grep -q -- '--timings' || note "warning: 'render' has no --timings: the PNG stages will be n/a"

# --- the image set (as scale-benchmark.sh builds it) ----------------------------------------
if [ ${#needed_images[@]} -gt 0 ]; then ensure_images $(printf '%s\n' "${needed_images[@]}" | sort -u); fi
IMG=$(realpath -m "$IMG")
res=$root/Resources
for f in "${PAYLOADS[@]}"; do [ -f "$res/payloads/$f" ] || die "no $res/payloads/$f"; done
[ -f "$res/attachments/$CARD_IMAGE" ] || die "no $res/attachments/$CARD_IMAGE"

# --- scratch space --------------------------------------------------------------------------
work=$(mktemp -d "${TMPDIR:-/tmp}/render-benchmark.XXXXXX")
under_shared "$work" && die "TMPDIR is inside the shared tree"
if [ "${KEEP:-0}" = 1 ]; then note "keeping $work"; else trap 'rm -rf "$work"' EXIT; fi
mkdir -p "$work/out" "$work/raw" "$work/payloads" "$RESULTS"

# --- the payloads written at run time (nothing is added to Resources/) ----------------------
# the photo card: image_category.json's text and buttons, the 12 MP bench photo as attachment
cat > "$work/payloads/photo-card.json" <<EOF
{
  "aps": {
    "alert": { "title": "新图片", "body": "点开查看今天的风景照" },
    "sound": "default", "badge": 1, "category": "image_category", "mutable-content": 1
  },
  "id": "bench-photo-card",
  "attachment-url": "$PHOTO_CARD_IMAGE"
}
EOF
# a right-to-left card: Arabic with digits, a time and a Latin run (mixed directions), and the
# same message in English with the same shape, so that the two differ by script and direction
cat > "$work/payloads/arabic.json" <<'EOF'
{
  "aps": {
    "alert": {
      "title": "رسالة جديدة من سارة",
      "body": "وصلت الطائرة رقم 427 إلى المطار في الساعة 18:30، والبوابة B12 مفتوحة الآن. لا تنسَ جواز السفر!"
    },
    "sound": "default"
  },
  "id": "bench-rtl"
}
EOF
cat > "$work/payloads/latin-control.json" <<'EOF'
{
  "aps": {
    "alert": {
      "title": "New message from Sarah",
      "body": "Flight 427 landed at the airport at 18:30, and gate B12 is open now. Don't forget your passport!"
    },
    "sound": "default"
  },
  "id": "bench-ltr"
}
EOF
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
  printf 'first_use_runs\t%s\n' "$FIRST_USE_RUNS"
  printf 'ffmpeg\t%s\n' "FFmpeg $(dpkg-query -W -f='${Version}' libavformat59 2>/dev/null || echo '?')"
  printf 'fribidi\t%s\n' "FriBidi $(dpkg-query -W -f='${Version}' libfribidi0 2>/dev/null || echo '?')"
  printf 'noto\t%s\n' "fonts-noto-core $(dpkg-query -W -f='${Version}' fonts-noto-core 2>/dev/null || echo '?')"
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
    # the 12 MP photo card at --scale 3 (1125 px wide), iOS's default look (no --extensions)
    photo-card/richpreview)
                      CMD=("$bin" render "$work/payloads/photo-card.json" --attachments "$IMG"
                           --categories "$res/categories.json" --format png --scale 3 --state "$input"
                           -o "$dst" --timings); KIND=png ;;
    # the movie card as the issue gives it (no --extensions): the poster frame, decoded by FFmpeg
    movie-card/richpreview)
                      CMD=("$bin" render "$res/payloads/movie_category.json" --attachments "$res/attachments"
                           --categories "$res/categories.json" --format png --state "$input"
                           -o "$dst" --timings); KIND=png ;;
    rtl-card/richpreview)
                      CMD=("$bin" render "$work/payloads/$input.json" --format png -o "$dst" --timings); KIND=png ;;
    *) return 1 ;;
  esac
}

# stage_line WALL_US STDERR: "wall_us W decode_ms D|none milliseconds: fonts …" from one --timings run
stage_line() {
  local decode
  decode=$(grep -m1 -oE 'movie .*milliseconds: decode [0-9.]+' "$2" | grep -oE '[0-9.]+$') || decode=none
  printf 'wall_us %s decode_ms %s ' "$1" "$decode"
  grep -m1 'milliseconds: fonts' "$2" || echo
}

total=0; first_use=()
for key in "${keys[@]}"; do
  read -r section input <<< "$key"
  if [ "$section" = first-use ]; then
    [[ " $TOOLS " == *" richpreview "* ]] && first_use+=("$input")
    continue
  fi
  for tool in $TOOLS; do cmd_for "$section" "$input" "$tool" x && total=$((total + 1)); done
done
[ "$total" -gt 0 ] || [ ${#first_use[@]} -gt 0 ] || die "ROWS='$ROWS' and TOOLS='$TOOLS' leave no cell to run"
note "${#keys[@]} rows, $total cells, $RUNS runs each (+$WARMUP warm-up, +1 for memory); start-up $STARTUP_RUNS runs;" \
     "first use: ${first_use[*]:-none} ($FIRST_USE_RUNS rounds)"

# --- what a card's stderr must show -----------------------------------------------------------
# check_stderr SECTION INPUT FILE: stops when a movie card has no poster frame (no "movie …
# decode" note, or an attachment-poster-unavailable warning), or a right-to-left card was laid
# out without FriBidi or with a character no font has
check_stderr() {
  local section=$1 input=$2 err=$3
  if [[ $section/$input == movie-card/* || $section/$input == png/movie_category.json ]]; then
    grep -q 'attachment-poster-unavailable' "$err" &&
      { cat "$err" >&2; die "'$section $input': the movie's poster frame was not decoded (attachment-poster-unavailable)"; }
    grep -qE 'movie .*milliseconds: decode [0-9.]+' "$err" ||
      { cat "$err" >&2; die "'$section $input': no 'movie … decode' line on stderr"; }
  fi
  if [ "$section" = rtl-card ]; then
    grep -qE 'laid out left to right|no installed font has' "$err" &&
      { cat "$err" >&2; die "'$section $input': the text was not laid out as iOS does"; }
  fi
  return 0
}
# without_library LIB: the environment that makes richpreview find no FFmpeg or FriBidi (the
# shims read these variables), so that a card drawn with the library can be told from one without
without_library() {
  case $1 in
    ffmpeg)  echo "RICHPREVIEW_AVUTIL_LIBRARY=/nonexistent/libavutil.so" ;;
    fribidi) echo "RICHPREVIEW_FRIBIDI_LIBRARY=/nonexistent/libfribidi.so" ;;
  esac
}
# check_drawn SECTION INPUT PNG CMD...: stops when the movie card's PNG is the same as the one
# drawn without FFmpeg (the frame was decoded but not drawn), or the right-to-left card's the same
# as without FriBidi
check_drawn() {
  local section=$1 input=$2 png=$3 lib; shift 3
  case $section/$input in
    movie-card/*|png/movie_category.json) lib=ffmpeg ;;
    rtl-card/arabic) lib=fribidi ;;
    *) return 0 ;;
  esac
  local -a argv=("$@")
  local i
  for i in "${!argv[@]}"; do
    if [ "${argv[$i]}" = "$png" ]; then argv[$i]=$work/out/without-$lib.png; fi
  done
  env "$(without_library $lib)" "${argv[@]}" > /dev/null 2>&1 || die "'$section $input' without $lib failed"
  cmp -s "$png" "$work/out/without-$lib.png" &&
    die "'$section $input': the picture is the same as without $lib (nothing it gives is drawn)"
  rm -f "$work/out/without-$lib.png"
}

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
    if [ "$KIND" = png ]; then
      check_stderr "$section" "$input" "$base.stderr"
      check_drawn "$section" "$input" "$dst" "${CMD[@]}"
    fi
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
    if [[ " ${CMD[*]} " == *" --timings "* ]]; then
      # the --timings stages: RUNS more runs, each printing "fonts X, draw Y, encode Z" on stderr
      # (and for a movie, before it, "movie WxH, frame at T s, milliseconds: decode D"); each line
      # gets that run's own wall time (µs) so that wall − stages is taken run by run
      stages="$base.stages"
      : > "$stages"
      for ((i = 0; i < RUNS; i++)); do
        t0=$EPOCHREALTIME
        "${CMD[@]}" > /dev/null 2> "$base.stage-err" || die "$tool failed on '$key' while collecting --timings"
        t1=$EPOCHREALTIME
        check_stderr "$section" "$input" "$base.stage-err"
        stage_line "$((10#${t1//[.,]/} - 10#${t0//[.,]/}))" "$base.stage-err" >> "$stages"
      done
    fi
    printf '%s\t%s\t%s\tok\t%s\t%s\t%s\t%s\t%s\t%s\n' "$section" "$input" "$tool" \
      "$base.json" "$base.time" "$dst" "$KIND:$shape" "$stages" "$cmdline" >> "$work/cells.tsv"
    printf '[%3d/%d] %-9s %-27s %-11s %8.1f ms %7.1f MiB  %s\n' "$n" "$total" "$section" "$input" "$tool" \
      "$(jq '.results[0].median * 1000' "$base.json")" \
      "$(awk 'NR == 1 {print $1 / 1024}' "$base.time")" "$shape" >&2
  done
done

# --- first use of FFmpeg and FriBidi ---------------------------------------------------------
# The command decodes one movie per process, so a warm decode cannot be had in the same process.
# Instead each round runs the card three ways, in an order that turns every round:
#   first-use  as shipped: the library is dlopen'ed when the frame is decoded / the text laid out;
#   preloaded  LD_PRELOAD names the same files, so the dynamic loader maps them before main and
#              the shim's dlopen finds them loaded (the load moves out of the --timings stage);
#   absent     the shim's variable points at no file: no frame / no bidi (the card without it).
# The stage is the movie's "decode" note for FFmpeg and "draw" for FriBidi (the text is laid out
# while drawing). first-use − preloaded, round by round, is the cost of loading the library.
# Each round also times the dlopen calls alone (RTLD_NOW | RTLD_LOCAL, as the shims do) in a fresh
# python3 process.
if [ ${#first_use[@]} -gt 0 ]; then
  printf 'lib\tvariant\tround\twall_us\tdecode_ms\tfonts_ms\tdraw_ms\tencode_ms\n' > "$work/first-use.tsv"
  printf 'lib\tround\tdlopen_ms\n' > "$work/first-use-dlopen.tsv"
  printf 'lib\tfiles\tcommand\tpreload\n' > "$work/first-use-meta.tsv"
  for lib in "${first_use[@]}"; do
    case $lib in
      ffmpeg)  row=(movie-card expanded); names=(avutil swscale avcodec avformat) ;;
      fribidi) row=(rtl-card arabic); names=(fribidi) ;;
    esac
    cmd_for "${row[@]}" richpreview "$work/out/first-use-$lib.png"
    # the files the shim opens, in its order, as it names them (the sonames built into the binary)
    found=$(LC_ALL=C grep -aoE "lib($(IFS='|'; echo "${names[*]}"))\.so\.[0-9]+" "$bin" | sort -u)
    files=""
    for name in "${names[@]}"; do
      file=$(grep -E "^lib$name\.so\." <<< "$found" || true)
      [[ -n $file && $file != *$'\n'* ]] || die "first use of $lib: cannot tell which lib$name the binary opens (found: ${found//$'\n'/ })"
      files+="${files:+:}$file"
    done
    cmdline=$(printf '%q ' "${CMD[@]}"); cmdline=${cmdline% }
    printf '%s\t%s\t%s\t%s\n' "$lib" "$files" "$cmdline" "LD_PRELOAD=$files" >> "$work/first-use-meta.tsv"
    variants=(first-use preloaded absent)
    run_variant() {   # run_variant VARIANT ROUND: one run, appended to first-use.tsv
      local variant=$1 round=$2 err="$work/raw/first-use-$lib.stderr" t0 t1 line
      t0=$EPOCHREALTIME
      case $variant in
        first-use) ( exec "${CMD[@]}" ) > /dev/null 2> "$err" ;;
        preloaded) ( export LD_PRELOAD=$files; exec "${CMD[@]}" ) > /dev/null 2> "$err" ;;
        absent)    ( export "$(without_library "$lib")"; exec "${CMD[@]}" ) > /dev/null 2> "$err" ;;
      esac || { cat "$err" >&2; die "first use of $lib, $variant: the command failed: $cmdline"; }
      t1=$EPOCHREALTIME
      if [ "$variant" = absent ]; then
        case $lib in
          ffmpeg)  grep -q attachment-poster-unavailable "$err" ;;
          fribidi) grep -q 'laid out left to right' "$err" ;;
        esac || { cat "$err" >&2; die "first use of $lib, absent: the library was found after all"; }
      else
        check_stderr "${row[@]}" "$err"
      fi
      line=$(stage_line "$((10#${t1//[.,]/} - 10#${t0//[.,]/}))" "$err")
      [[ $line =~ wall_us\ ([0-9]+)\ decode_ms\ ([0-9.]+|none)\ .*fonts\ ([0-9.]+),\ draw\ ([0-9.]+),\ encode\ ([0-9.]+) ]] ||
        die "first use of $lib, $variant: no --timings line: $line"
      [ "$round" = warm-up ] && return 0
      printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$lib" "$variant" "$round" "${BASH_REMATCH[@]:1:5}" >> "$work/first-use.tsv"
    }
    # warm-up: WARMUP runs of each, not recorded (the page cache, the fonts)
    for variant in "${variants[@]}"; do
      for ((w = 0; w < WARMUP; w++)); do run_variant "$variant" warm-up; done
    done
    for ((r = 0; r < FIRST_USE_RUNS; r++)); do
      # turn the order each round: a, b, c / b, c, a / c, a, b
      for ((k = 0; k < 3; k++)); do run_variant "${variants[$(((r + k) % 3))]}" "$r"; done
      # the dlopen calls alone, in a fresh process
      "$PY" - "$lib" "$r" "$files" >> "$work/first-use-dlopen.tsv" <<'EOF' || die "first use of $lib: dlopen in python3 failed"
import ctypes, os, sys, time
lib, rnd, files = sys.argv[1], sys.argv[2], sys.argv[3].split(":")
t0 = time.perf_counter()
for f in files:
    ctypes.CDLL(f, mode=os.RTLD_NOW | os.RTLD_LOCAL)
print(f"{lib}\t{rnd}\t{(time.perf_counter() - t0) * 1000:.3f}")
EOF
    done
    note "first use of $lib: $FIRST_USE_RUNS rounds done"
  done
fi

printf 'seconds\t%s\n' "$((SECONDS - start))" >> "$work/meta.tsv"
status=0
"$PY" "$here/render_report.py" report "$work" "$RESULTS" || status=$?
note "done in $((SECONDS - start)) s; saved $RESULTS/render-latest.md, render-latest.json, render-latest.csv"
exit $status
