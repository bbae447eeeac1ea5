#!/usr/bin/env bash
# Times `richpreview inspect` (text and --json) beside `ffprobe -v error -show_format
# -show_streams` on every audio and movie file in Tests/Fixtures/media and Resources/attachments,
# on a ~49 MB H.264 MP4 (moov at the end, and a faststart copy) and on a ~4.9 MB MP3, generated
# once with ffmpeg into bench-media/. Prints a Markdown table (median wall ms, ratio, peak RSS) and
# the issue's targets as PASS/FAIL to stdout, and saves it with the raw numbers in
# Benchmarks/results/inspect-latest.{md,json,csv}. Progress goes to stderr. `--quick` runs 3 timed
# runs per cell instead of 10. See Benchmarks/README.md.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
PY=/usr/bin/python3
QUICK=0
for arg in "$@"; do
  case $arg in
    --quick) QUICK=1 ;;
    -h|--help) sed -n '2,8p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) printf 'inspect-benchmark: error: unknown argument %s (known: --quick)\n' "$arg" >&2; exit 1 ;;
  esac
done
if [ "$QUICK" = 1 ]; then
  RUNS=${RUNS:-3}; WARMUP=${WARMUP:-1}; STARTUP_RUNS=${STARTUP_RUNS:-20}
else
  RUNS=${RUNS:-10}; WARMUP=${WARMUP:-2}; STARTUP_RUNS=${STARTUP_RUNS:-50}
fi
FILES=${FILES:-}
BATCH=${BATCH:-1}
SHARED=${RICHPREVIEW_SHARED:-$root/../shared}
MEDIA=${MEDIA:-$root/bench-media}
RESULTS=$here/results
FIXTURES=$root/Tests/Fixtures/media
SAMPLES=$root/Resources/attachments
# generated once into $MEDIA; the sizes stay under iOS's limits (movies 50 MB, audio 5 MB; MB = 10^6)
MOVIE=movie-50mb-moov-last.mp4
MOVIE_FAST=movie-50mb-faststart.mp4
MP3=audio-5mb.mp3
MOVIE_KBPS=6360          # 60 s of 1280x720 testsrc2 at CBR 6360 kbit/s + 128 kbit/s AAC: ~49.0 MB
MP3_SECONDS=306          # 306 s at 128 kbit/s: ~4.9 MB
FFPROBE_ARGS=(-v error -show_format -show_streams)

start=$SECONDS
die() { printf 'inspect-benchmark: error: %s\n' "$*" >&2; exit 1; }
note() { printf 'inspect-benchmark: %s\n' "$*" >&2; }

[[ $RUNS =~ ^[1-9][0-9]*$ && $WARMUP =~ ^[0-9]+$ && $STARTUP_RUNS =~ ^[1-9][0-9]*$ ]] ||
  die "RUNS and STARTUP_RUNS must be positive integers, WARMUP a non-negative one"
[[ $BATCH =~ ^[01]$ ]] || die "BATCH must be 0 or 1"

# --- never write into the shared tree -------------------------------------------------------
source "$here/common.sh"
refuse_shared MEDIA "$MEDIA"

# --- packages and tools ---------------------------------------------------------------------
require_tools hyperfine jq ffmpeg ffprobe /usr/bin/time "$PY"

# --- richpreview ----------------------------------------------------------------------------
build_richpreview
"$bin" help inspect >/dev/null 2>&1 || die "$bin has no 'inspect' command"

# --- the large media ------------------------------------------------------------------------
ff() { ffmpeg -hide_banner -loglevel error -nostdin -y "$@"; }
# check_size FILE MIN MAX: the file exists and its size in bytes is within [MIN, MAX)
check_size() {
  local size
  size=$(stat -c %s "$1")
  [ "$size" -ge "$2" ] && [ "$size" -lt "$3" ] ||
    die "$1 is $size bytes, not in [$2, $3): delete it (or all of $MEDIA) and run again"
}
mkdir -p "$MEDIA"
MEDIA=$(realpath "$MEDIA")
if [ ! -s "$MEDIA/$MOVIE" ]; then
  note "generating $MEDIA/$MOVIE (60 s 1280x720 H.264 + AAC, about a minute)"
  ff -f lavfi -i testsrc2=size=1280x720:rate=30:duration=60 \
     -f lavfi -i sine=frequency=440:sample_rate=48000:duration=60 \
     -c:v libx264 -preset veryfast -pix_fmt yuv420p \
     -b:v "${MOVIE_KBPS}k" -minrate "${MOVIE_KBPS}k" -maxrate "${MOVIE_KBPS}k" -bufsize "${MOVIE_KBPS}k" \
     -x264-params nal-hrd=cbr -c:a aac -b:a 128k -shortest "$MEDIA/.$MOVIE" ||
    die "ffmpeg could not write $MOVIE"
  mv "$MEDIA/.$MOVIE" "$MEDIA/$MOVIE"
  rm -f "$MEDIA/$MOVIE_FAST"
fi
if [ ! -s "$MEDIA/$MOVIE_FAST" ]; then
  note "writing $MEDIA/$MOVIE_FAST (the same streams, moov first)"
  ff -i "$MEDIA/$MOVIE" -c copy -movflags +faststart "$MEDIA/.$MOVIE_FAST" ||
    die "ffmpeg could not write $MOVIE_FAST"
  mv "$MEDIA/.$MOVIE_FAST" "$MEDIA/$MOVIE_FAST"
fi
if [ ! -s "$MEDIA/$MP3" ]; then
  note "generating $MEDIA/$MP3 ($MP3_SECONDS s, 128 kbit/s CBR, LAME via ffmpeg)"
  ff -f lavfi -i "sine=frequency=440:sample_rate=44100:duration=$MP3_SECONDS" -ac 2 \
     -c:a libmp3lame -b:a 128k "$MEDIA/.$MP3" || die "ffmpeg could not write $MP3"
  mv "$MEDIA/.$MP3" "$MEDIA/$MP3"
fi
check_size "$MEDIA/$MOVIE" 45000000 50000000
check_size "$MEDIA/$MOVIE_FAST" 45000000 50000000
check_size "$MEDIA/$MP3" 4500000 5000000
# the layouts: the top-level box after ftyp is moov in the faststart copy only
first_box_after_ftyp() {
  "$PY" - "$1" <<'EOF'
import struct, sys
with open(sys.argv[1], "rb") as f:
    f.read(struct.unpack(">I", f.read(4))[0] - 4)
    size, kind = struct.unpack(">I4s", f.read(8))
    print(kind.decode("latin-1"))
EOF
}
[ "$(first_box_after_ftyp "$MEDIA/$MOVIE_FAST")" = moov ] || die "$MOVIE_FAST does not start with moov"
[ "$(first_box_after_ftyp "$MEDIA/$MOVIE")" != moov ] || die "$MOVIE starts with moov (expected it last)"

# --- the files ------------------------------------------------------------------------------
is_media_name() {   # fixtures and samples that are not audio or movies
  case ${1,,} in
    *.json|*.sh|*.md|*.txt|*.png|*.jpg|*.jpeg|*.gif|*.heic|*.heif|*.webp) return 1 ;;
  esac
  return 0
}
labels=() paths=() groups=()
add_file() {   # PATH GROUP
  local label=${1#"$root/"}
  [ -z "$FILES" ] || [[ $label =~ $FILES ]] || return 0
  labels+=("$label"); paths+=("$1"); groups+=("$2")
}
for dir in "$FIXTURES" "$SAMPLES"; do
  for f in "$dir"/*; do
    [ -f "$f" ] && is_media_name "$f" && add_file "$f" short
  done
done
add_file "$MEDIA/$MOVIE" movie-50mb
add_file "$MEDIA/$MOVIE_FAST" movie-50mb
add_file "$MEDIA/$MP3" mp3-5mb
[ ${#labels[@]} -gt 0 ] || die "FILES='$FILES' matches no file (labels look like 'Tests/Fixtures/media/wav-f32.wav')"
short_paths=()
for i in "${!paths[@]}"; do [ "${groups[$i]}" = short ] && short_paths+=("${paths[$i]}"); done

# --- scratch space --------------------------------------------------------------------------
work=$(mktemp -d "${TMPDIR:-/tmp}/inspect-benchmark.XXXXXX")
under_shared "$work" && die "TMPDIR is inside the shared tree"
if [ "${KEEP:-0}" = 1 ]; then note "keeping $work"; else trap 'rm -rf "$work"' EXIT; fi
mkdir -p "$work/raw" "$RESULTS"

# --- meta -----------------------------------------------------------------------------------
{
  print_run_meta
  printf 'load\t%s\n' "$(cut -d' ' -f1-3 /proc/loadavg)"
  printf 'ffprobe\t%s\n' "$(ffprobe -version | head -1 | sed 's/ Copyright.*//')"
  printf 'hyperfine\t%s\n' "$(hyperfine --version)"
  printf 'runs\t%s\n' "$RUNS"
  printf 'warmup\t%s\n' "$WARMUP"
  printf 'startup_runs\t%s\n' "$STARTUP_RUNS"
  printf 'quick\t%s\n' "$QUICK"
  printf 'files\t%s\n' "${FILES:-all}"
  printf 'ffprobe_args\t%s\n' "${FFPROBE_ARGS[*]}"
  for f in "$MOVIE" "$MOVIE_FAST" "$MP3"; do
    printf 'media %s\t%s bytes, sha256 %s\n' "$f" "$(stat -c %s "$MEDIA/$f")" "$(sha256sum "$MEDIA/$f" | cut -c1-16)"
  done
} > "$work/meta.tsv"

# --- start-up -------------------------------------------------------------------------------
note "start-up: $STARTUP_RUNS runs each"
hyperfine -N --style none --warmup 5 --runs "$STARTUP_RUNS" --export-json "$work/raw/startup.json" \
  "$(printf '%q' "$bin") --version" "ffprobe -version" > "$work/raw/startup.log" 2>&1 ||
  { cat "$work/raw/startup.log" >&2; die "start-up timing failed"; }

# --- checks ---------------------------------------------------------------------------------
# check_output TOOL STATUS OUT ERR PATH...: the run did what it should; prints why not
check_output() {
  local tool=$1 status=$2 out=$3 err=$4; shift 4
  case $tool in
    ours)
      [ "$status" -le 1 ] || { echo "exit status $status"; return 1; }
      local p
      for p in "$@"; do   # one line per file, on stdout (accepted) or stderr (refused)
        awk -v p="$p: " 'index($0, p) == 1 { found = 1 } END { exit !found }' "$out" "$err" ||
          { echo "no line starting with '$p: '"; return 1; }
      done ;;
    ours-json)
      [ "$status" -le 1 ] || { echo "exit status $status"; return 1; }
      "$PY" -c '
import json, sys
try:
    reports = json.load(open(sys.argv[1]))
except ValueError as e:
    sys.exit(f"stdout is not JSON: {e}")
if [r.get("path") for r in reports] != sys.argv[2:]:
    sys.exit("the JSON array does not hold one object per file, in order")' "$out" "$@" 2>&1 || return 1 ;;
    ffprobe)
      [ "$status" -eq 0 ] || { echo "exit status $status"; return 1; }
      [ "$(grep -c '^\[FORMAT\]$' "$out")" -eq $# ] || { echo "not one [FORMAT] section per file"; return 1; } ;;
  esac
}

# measure NAME TOOL CMD...: one run under GNU time (status, output, peak RSS), then hyperfine.
# Appends a line to cells.tsv for LABEL, GROUP and BYTES; sets MEDIAN_MS and PEAK_MIB. PATHS holds
# the files whose report the output must hold.
measure() {
  local name=$1 tool=$2; shift 2
  local base="$work/raw/$name-$tool" cmdline status=0 why ignore=()
  [ ! -e "$base.json" ] || die "internal error: two cells share $base"
  cmdline=$(printf '%q ' "$@"); cmdline=${cmdline% }
  /usr/bin/time -f %M -o "$base.peak" "$@" > "$base.out" 2> "$base.err" || status=$?
  why=$(check_output "$tool" "$status" "$base.out" "$base.err" "${PATHS[@]}") ||
    { tail -5 "$base.err" >&2; die "$tool on $name: $why: $cmdline"; }
  [ "$status" = 0 ] || ignore=(-i)
  if ! hyperfine -N --style none "${ignore[@]}" --warmup "$WARMUP" --runs "$RUNS" \
       --export-json "$base.json" "$cmdline" > "$base.hyperfine.log" 2>&1; then
    tail -5 "$base.hyperfine.log" >&2
    die "timing $tool on $name failed: $cmdline"
  fi
  jq -e --argjson s "$status" '[.results[0].exit_codes[] | select(. != $s)] | length == 0' "$base.json" >/dev/null ||
    die "$tool on $name: the timed runs did not all exit with status $status: $cmdline"
  MEDIAN_MS=$(jq '.results[0].median * 1000' "$base.json")
  PEAK_MIB=$(tail -1 "$base.peak" | awk '{print $1 / 1024}')
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$LABEL" "$GROUP" "$BYTES" "$tool" "$status" \
    "$base.json" "$base.peak" "$base.out" "$cmdline" >> "$work/cells.tsv"
}

# --- per file -------------------------------------------------------------------------------
note "${#labels[@]} files x 3 commands, $RUNS runs each (+$WARMUP warm-up, +1 for memory)"
printf 'file\tgroup\tbytes\ttool\tstatus\thyperfine_json\tpeak\tstdout\tcommand\n' > "$work/cells.tsv"
for i in "${!labels[@]}"; do
  path=${paths[$i]} LABEL=${labels[$i]} GROUP=${groups[$i]}
  BYTES=$(stat -c %s "$path") PATHS=("$path")
  name=$(printf '%03d-%s' "$i" "$(basename "$path")")
  measure "$name" ours "$bin" inspect "$path";                  ours_ms=$MEDIAN_MS ours_mib=$PEAK_MIB
  measure "$name" ours-json "$bin" inspect --json "$path";      json_ms=$MEDIAN_MS json_mib=$PEAK_MIB
  measure "$name" ffprobe ffprobe "${FFPROBE_ARGS[@]}" "$path"; ff_ms=$MEDIAN_MS ff_mib=$PEAK_MIB
  printf '[%2d/%d] %-48s ours %6.1f ms %5.1f MiB | --json %6.1f ms %5.1f MiB | ffprobe %6.1f ms %5.1f MiB | %.3f\n' \
    "$((i + 1))" "${#labels[@]}" "$LABEL" "$ours_ms" "$ours_mib" "$json_ms" "$json_mib" "$ff_ms" "$ff_mib" \
    "$(awk -v a="$ours_ms" -v b="$ff_ms" 'BEGIN {print a / b}')" >&2
done

# --- every short file in one invocation (informative) ---------------------------------------
if [ "$BATCH" = 1 ] && [ ${#short_paths[@]} -gt 0 ]; then
  note "one invocation over ${#short_paths[@]} short files, beside an ffprobe loop"
  LABEL="all ${#short_paths[@]} short files" GROUP=batch BYTES=$(cat "${short_paths[@]}" | wc -c)
  PATHS=("${short_paths[@]}")
  measure batch ours "$bin" inspect "${short_paths[@]}"
  measure batch ours-json "$bin" inspect --json "${short_paths[@]}"
  measure batch ffprobe bash -c "for f; do ffprobe ${FFPROBE_ARGS[*]} \"\$f\" || exit; done" \
    bash "${short_paths[@]}"
fi

printf 'seconds\t%s\n' "$((SECONDS - start))" >> "$work/meta.tsv"
status=0
"$PY" "$here/inspect_report.py" "$work" "$RESULTS" || status=$?
note "done in $((SECONDS - start)) s; saved $RESULTS/inspect-latest.md, inspect-latest.json, inspect-latest.csv"
exit $status
