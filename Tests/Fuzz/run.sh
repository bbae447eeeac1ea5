#!/usr/bin/env bash
# Builds and runs the libFuzzer harnesses: Tests/Fuzz/run.sh [all|HARNESS[,HARNESS...]] [SECONDS]
#
#   decoders   the C codec shims alone (fuzz_decoders.c, clang, ASan + UBSan)
#   plist      extension Info.plists          payload   APNs payloads (and their terminal card)
#   manifest   category manifests             image     every decoded format: header, validate, decode, scale
#   media      audio and movie containers     scanner   Swift and Objective-C category code
#   movie      a movie's poster frame at 0 and 1 s through the FFmpeg shim (FFmpeg itself is
#              the system's, loaded with dlopen and not instrumented: coverage is the shim's)
#   text       line breaking and widths       arguments the command line (help and parsing only)
#   lint       .richpreview.json, xcconfig and a whole lint of a small folder
#   settings   the build-setting expander and the .xcconfig include reader, alone and in a project
#              file's targets (seeded with settings that refer to each other a thousand times a
#              level, $(inherited) bombs, includes that fan out into themselves)
#   reporters  a finding with untrusted text through every lint format (GitHub annotations, JSON,
#              SARIF, the text line): nothing reaches a terminal raw
#   baseline   a page given to `review --baseline`, read and compared with a review of its files
#
# The Swift harnesses (Harnesses/NAME/*.swift) call the project's public and package API. The
# libraries are built once by SwiftPM into .build-fuzz/ with coverage and AddressSanitizer (the C
# shims with UBSan too); each harness is then compiled by swiftc into the same package, so that
# package API is visible, and linked with libFuzzer. Nothing here is part of the normal build.
#
# Each harness runs SECONDS (default 60) from seeds copied into a temporary folder: the project's
# fixtures and samples and the shared corpus (../shared/corpus or $RICHPREVIEW_CORPUS), read-only.
# Crashes, timeouts and out-of-memory inputs go to Tests/Fuzz/findings/ (gitignored), named after
# the harness. Prints executions, exec/s, coverage and peak RSS per harness; exits 1 when any
# harness found something, so `Tests/Fuzz/run.sh all 10` is a smoke test for CI.
#
# FUZZ_WORK=DIR keeps the evolved corpora in DIR (outside the repository) between runs.
# FUZZ_JOBS=N fuzzes N harnesses at a time (default 1; CI uses one per core).
# FUZZ_CONFIGURATION=debug builds the libraries unoptimised: minutes quicker to build, slower to
# run; CI's 30-second smoke run uses it (default release).
# FUZZ_BUILD=DIR builds the libraries into DIR instead of .build-fuzz/ (`Tests/Fuzz/run.sh
# build-flags` prints the flags, one a line, for a build made elsewhere with the same ones).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
corpus=${RICHPREVIEW_CORPUS:-$root/../shared/corpus}
build=$(realpath -m -- "${FUZZ_BUILD:-$root/.build-fuzz}")
# Coverage and AddressSanitizer for the Swift code, and ASan, UBSan and libFuzzer's coverage for C.
instrumented_build_flags=(
  -Xswiftc -sanitize=address -Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp,indirect-calls
  -Xswiftc -g
  -Xcc -fsanitize=fuzzer-no-link,address,undefined -Xcc -fno-sanitize-recover=undefined -Xcc -g
)
if [[ ${1:-} == build-flags ]]; then
  printf '%s\n' "${instrumented_build_flags[@]}"
  exit 0
fi
findings=$here/findings
swift_harnesses=(plist payload manifest image media movie scanner text arguments lint settings reporters baseline)
all_harnesses=(decoders "${swift_harnesses[@]}")

configuration=${FUZZ_CONFIGURATION:-release}
[[ $configuration == release || $configuration == debug ]] || { echo "FUZZ_CONFIGURATION must be release or debug" >&2; exit 2; }
which=${1:-all}
seconds=${2:-${SECONDS_TO_RUN:-60}}
if [[ $which == all ]]; then
  selected=("${all_harnesses[@]}")
else
  IFS=, read -r -a selected <<<"$which"
  for name in "${selected[@]}"; do
    if [[ " ${all_harnesses[*]} " != *" $name "* ]]; then
      echo "usage: $0 [all|HARNESS[,HARNESS...]] [SECONDS]; harnesses: ${all_harnesses[*]}" >&2
      exit 2
    fi
  done
fi

if [[ -n ${FUZZ_WORK:-} ]]; then
  work=$FUZZ_WORK
  mkdir -p "$work"
else
  work=$(mktemp -d)
fi
mkdir -p "$findings" "$work/bin"
# Where the lint harness writes its files: memory when /dev/shm exists; removed at exit.
scratch=$(mktemp -d -p "$([[ -d /dev/shm ]] && echo /dev/shm || echo "${TMPDIR:-/tmp}")" richpreview-fuzz.XXXXXX)
trap 'rm -rf "$scratch"; [[ -n ${FUZZ_WORK:-} ]] || rm -rf "$work"' EXIT

# Longest input per harness, in bytes.
declare -A max_len=(
  [decoders]=65536 [plist]=16384 [payload]=8192 [manifest]=16384 [image]=65536 [media]=65536 [movie]=65536
  [scanner]=16384 [text]=1024 [arguments]=1024 [lint]=32768 [settings]=32768 [reporters]=4096 [baseline]=131072
)
# Foundation's PropertyListSerialization leaks an error object on every plist it refuses (see
# lsan.supp); libFuzzer's check after each leaking input would then scan the heap every time, so
# the harnesses that parse plists check for leaks only at exit.
declare -A detect_leaks=([plist]=0 [manifest]=0 [lint]=0 [settings]=0)
# The same leak adds up over millions of inputs (about 1 GB in 10 minutes of the manifest harness,
# which tries the plist forms after JSON): those harnesses get a larger RSS limit, while libFuzzer's
# per-input allocation limit stays at 2048 MB for every harness.
declare -A rss_limit=([plist]=6144 [manifest]=6144 [lint]=6144 [settings]=6144)
# Tokens libFuzzer splices into inputs (dictionaries/).
declare -A dictionary=(
  [plist]=plist [payload]=json [manifest]=json [image]=media [media]=media [movie]=media [scanner]=source
  [lint]=json
)

# The JPEG shim hands libjpeg 1 KiB windows here instead of 64 KiB, so that small inputs cross them.
build_decoders() {
  local clang=${CLANG:-$(command -v clang || echo /opt/swift/usr/bin/clang)}
  "$clang" -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
    -DCRP_JPEG_WINDOW=1024 -I "$root/Sources/CRichPreviewPNG/include" -I "$root/Sources/CRichPreviewJPEG/include" \
    -I "$root/Sources/CRichPreviewGIF/include" \
    -I "$root/Sources/CRichPreviewLoader/include" "$here/fuzz_decoders.c" "$root/Sources/CRichPreviewPNG/png_shim.c" \
    "$root/Sources/CRichPreviewPNG/png_idat.c" "$root/Sources/CRichPreviewPNG/png_inflate.c" \
    "$root/Sources/CRichPreviewLoader/loader.c" "$root/Sources/CRichPreviewJPEG/jpeg_shim.c" \
    "$root/Sources/CRichPreviewGIF/gif_shim.c" -lpng16 -lz -ldeflate -ljpeg -lgif -ldl -lpthread -o "$work/bin/fuzz-decoders"
}

# The libraries, instrumented; built once for all the Swift harnesses. Swift code gets libFuzzer's
# coverage spelled out rather than `-sanitize=fuzzer`, which would also link libFuzzer's `main` into
# the build's own tool (the rule registry generator) and break its link.
build_libraries() {
  local flags=(--package-path "$root" --build-path "$build" -c "$configuration" "${instrumented_build_flags[@]}")
  echo "== building the libraries with coverage and ASan into ${build#"$root"/} (minutes the first time)"
  swift build "${flags[@]}" --target RichPreviewCLI 2>&1 | grep -E "error|warning: unre|Compiling|Build" | tail -3
  # The shims' loader is linked, never imported: building RichPreviewCLI compiles only its header.
  swift build "${flags[@]}" --target CRichPreviewLoader 2>&1 | grep -E "error|warning: |Build" | tail -1
  bin=$(swift build "${flags[@]}" --show-bin-path)
  package_name=$(grep -o -m1 -- '-package-name","[^"]*' "$build/$configuration.yaml" | sed 's/.*"//')
  objects=()
  # SwiftPM leaves behind the object of a source file that was deleted or moved to another target,
  # and linking it would bring back symbols that no longer exist: only the objects the build's own
  # manifest names are taken.
  local built target object
  built=$(grep -o '"[^"]*\.o"' "$build/$configuration.yaml" | tr -d '"' | sort -u)
  # Every C shim and Swift library the build of RichPreviewCLI made (CRichPreview*, RichPreview*),
  # found rather than listed, so that a new module is linked without editing this script; test
  # targets and their support are never part of it.
  local libraries=()
  for object in "$bin"/CRichPreview*.build "$bin"/RichPreview*.build; do
    target=$(basename "$object" .build)
    [[ $target == *Tests || $target == RichPreviewTestSupport ]] || libraries+=("$target")
  done
  for target in "${libraries[@]}"; do
    for object in "$bin/$target.build"/*.o; do
      grep -qxF -- "$object" <<<"$built" && objects+=("$object")
    done
  done
  module_flags=(-I "$bin/Modules")
  local map
  for map in "$bin"/C*.build/module.modulemap "$root"/Sources/C*/module.modulemap; do
    [[ -f $map ]] && module_flags+=(-Xcc "-fmodule-map-file=$map")
  done
  for map in "$root"/Sources/C*/include; do module_flags+=(-Xcc -I -Xcc "$map"); done
}

build_swift_harness() {
  local name=$1
  swiftc -parse-as-library -O -g -sanitize=fuzzer,address -use-ld=lld -package-name "$package_name" \
    -module-name "FuzzHarness_$name" "${module_flags[@]}" \
    "$here"/Harnesses/Shared/*.swift "$here/Harnesses/$name"/*.swift "${objects[@]}" \
    -lpng16 -lz -ldeflate -ljpeg -lgif -o "$work/bin/fuzz-$name"
}

# Copies `file` into the seed folder `dir`, once per selector byte given (none: as it is).
seed() {
  local dir=$1 file=$2
  shift 2
  [[ -f $file ]] || return 0
  local base
  base=$(basename "$file")
  if [[ $# -eq 0 ]]; then
    cp "$file" "$dir/$base"
    return
  fi
  local selector
  for selector in "$@"; do
    { printf "\\x$(printf %02x "$selector")"; cat "$file"; } >"$dir/$base-$selector"
  done
}

make_seeds() {
  local name=$1 dir=$work/seeds-$name f
  rm -rf "$dir"
  mkdir -p "$dir"
  case $name in
    decoders)
      for f in "$root"/Resources/attachments/*.{png,gif,jpg} "$root"/Tests/Fixtures/jpeg/*.jpg "$root"/Tests/Fixtures/*.png \
        "$root"/Tests/Fixtures/phone-photos/*.{heic,avif,webp} "$corpus"/jpeg-libjpeg-turbo/*.jpg "$corpus"/pngsuite/png/*.png; do
        seed "$dir" "$f" 0 1 2 3 4 5 11
      done ;;
    plist)
      for f in "$root"/Info-plist-samples/*/*.plist "$root"/Tests/Fixtures/plists/*.plist "$corpus"/real-world/plists/*; do
        seed "$dir" "$f"
      done
      # A binary plist of each XML sample, when plutil is installed.
      if command -v plutil >/dev/null; then
        for f in "$root"/Info-plist-samples/*/*.plist; do
          plutil -convert binary1 -o "$dir/binary-$(basename "$(dirname "$f")").plist" "$f" 2>/dev/null || true
        done
      fi ;;
    payload)
      # The harness takes four bytes first (push type, nested key, state, columns): each payload is
      # seeded whole after three choices of them.
      local choice
      for f in "$root"/Resources/payloads/*.json "$root"/Tests/Fixtures/payloads/*.json "$corpus"/real-world/payloads/*; do
        [[ -f $f ]] || continue
        for choice in '\x00\x00\x01\x28' '\x01\x01\x00\x3c' '\x03\x00\x01\x10'; do
          { printf "$choice"; cat "$f"; } >"$dir/$(basename "$f")-${choice//\\x/}"
        done
      done ;;
    manifest)
      for f in "$root"/Resources/categories.json "$root"/Tests/Fixtures/manifests/*; do seed "$dir" "$f"; done ;;
    image)
      for f in "$root"/Resources/attachments/*.{png,gif,jpg} "$root"/Tests/Fixtures/jpeg/*.jpg "$root"/Tests/Fixtures/*.png \
        "$root"/Tests/Fixtures/phone-photos/*.{heic,avif,webp} "$corpus"/jpeg-libjpeg-turbo/*.jpg "$corpus"/exif-orientation/*_[0-8].jpg "$corpus"/pngsuite/png/*.png; do
        { printf '\x00\x20\x20'; cat "$f"; } >"$dir/$(basename "$f")-header"
        { printf '\x01\x20\x20'; cat "$f"; } >"$dir/$(basename "$f")-validate"
        { printf '\x0a\x20\x20'; cat "$f"; } >"$dir/$(basename "$f")-decode"
        { printf '\x2b\x40\x18'; cat "$f"; } >"$dir/$(basename "$f")-scale"
        { printf '\x1c\x10\x10'; cat "$f"; } >"$dir/$(basename "$f")-encode"
      done ;;
    media)
      # Selector: the MediaFormat case index for a direct probe, 100 for a sniffed probe, 200+ for inspect.
      for f in "$root"/Tests/Fixtures/media/*.* "$root"/Resources/attachments/*; do
        case $f in *.json | *.sh) continue ;; esac
        seed "$dir" "$f" 100 150 200
      done ;;
    movie)
      # Every movie fixture and clip as it is, and one audio-only MP4 (no video stream).
      for f in "$root"/Tests/Fixtures/media/*.{mp4,mov,m4v,avi,mpg,m1v,m2v} "$root"/Tests/Fixtures/media-frames/* \
        "$root"/Tests/Fixtures/media/m4a-aac.m4a "$root"/Resources/attachments/sample-movie.mp4; do
        case $f in *.sh) continue ;; esac
        seed "$dir" "$f"
      done ;;
    scanner)
      for f in "$root"/Tests/Fixtures/sources/*.swift "$root"/Tests/Fixtures/sources/companion/*.swift \
        "$corpus"/real-world/categories/*.swift; do
        seed "$dir" "$f" 0
      done
      for f in "$root"/Tests/Fixtures/sources/*.m "$root"/Tests/Fixtures/sources/companion/*.[mh] \
        "$corpus"/real-world/categories/*.m; do
        seed "$dir" "$f" 3
      done ;;
    text)
      printf '\x14\x02\x00The quick brown fox jumps over the lazy dog.\nSecond paragraph' >"$dir/latin"
      printf '\x08\x03\x01日本語のテキストと한국어 텍스트、そして emoji 👨‍👩‍👧‍👦 🇯🇵 ❤️ 1️⃣' >"$dir/cjk"
      printf '\x05\x01\x02e\xcc\x81 \xe0\xa4\x95\xe0\xa5\x8d\xe0\xa4\xb7 \xd8\xa7\xd9\x84\xd8\xb9\xd8\xb1\xd8\xa8\xd9\x8a\xd8\xa9 \xe2\x80\xae\x1b[31m' >"$dir/marks"
      [[ -f $root/Tests/Fixtures/unicode/terminal-widths.txt ]] && head -c 4000 "$root/Tests/Fixtures/unicode/terminal-widths.txt" >"$dir/widths"
      [[ -f $root/Tests/Fixtures/unicode/LineBreakTest-subset.txt ]] && head -c 4000 "$root/Tests/Fixtures/unicode/LineBreakTest-subset.txt" >"$dir/linebreak" ;;
    arguments)
      local line i=0
      while IFS= read -r line; do
        printf "$line" >"$dir/args-$i"
        i=$((i + 1))
      done <<'ARGS'
\x00--json\x00-\x00--max-pixels=12\x00--
\x04--box\x00100x200\x00--mode\x00fill\x00in.png
\x01scale
\x01nonsense\xe2\x80\xae
\x02--version
\x02--help
\x02-x\x1b[31m
\x03-jq\x00-p10\x00--max-memory\x00512\x00a\x00b\x00-\x00--\x00-x
\x13-xfoo\x00--exclude=bar\x00a
\x33--max-pixels\x00-1\x00-\x00-
ARGS
      ;;
    baseline)
      for f in "$root"/Tests/Fixtures/review/*.html; do seed "$dir" "$f"; done ;;
    settings)
      # The bombs: includes that fan out into themselves, a cycle through two files, a thousand
      # references a level eight levels deep, one setting referring to itself a thousand times,
      # $(inherited) a thousand times over a long project-level value; and an ordinary project.
      local separator=$'\n@@@@\n' i line wide=""
      {
        printf '\x01'
        for i in 1 2 3 4; do printf '#include? "Base.xcconfig"\n'; done
        printf '#include "A.xcconfig"%sA = 1\n#include "B.xcconfig"%sB = 2\n#include "A.xcconfig"\n' "$separator" "$separator"
      } >"$dir/include-bombs"
      for i in 0 1 2 3 4 5 6 7; do
        line="L$i = "
        for _ in $(seq 1000); do line+="\$(L$((i + 1)))"; done
        wide+="$line"$'\n'
      done
      printf '\x00%s%s%sL8 = x\n%s' "$separator" "$separator" "$separator" "$wide" >"$dir/wide"
      printf '\x01%s%s%sS = %s\n' "$separator" "$separator" "$separator" "$(printf '$(S)%.0s' $(seq 1000))" >"$dir/self"
      printf '\x01FLAGS = %s%s%s%sFLAGS = %s%sFLAGS = %s\n' "$(printf -- '-x %.0s' $(seq 40))" "$separator" \
        "$separator" "$separator" "$(printf -- '-y %.0s' $(seq 40))" "$separator" \
        "$(printf '$(inherited) %.0s' $(seq 1000))" >"$dir/inherited"
      printf '\x01#include "A.xcconfig"\nPRODUCT_NAME = Demo%sID = com.example.$(PRODUCT_NAME:rfc1034identifier)%s%sSDKROOT = iphoneos%sPRODUCT_BUNDLE_IDENTIFIER = $(ID).app\nOTHER_LDFLAGS = $(inherited) -ObjC\n' \
        "$separator" "$separator" "$separator" "$separator" >"$dir/ordinary" ;;
    reporters)
      printf '\x05push\x1b[2J\x07.json\x00unknown key \x1b]52;c;aGk=\x07\x00aps.x\xe2\x80\xae\x00thread-id' >"$dir/escapes"
      printf '\x43a%%%%:,b.json\x0050%%%% done\r\nnext\x00\x00' >"$dir/github"
      printf '\x80\x00\xc2\x9b2J\x7f\x00\xe2\x81\xa6x\x00' >"$dir/c1" ;;
    lint)
      local plist=$root/Info-plist-samples/NotificationContent/Info.plist
      local payload
      for payload in "$root"/Resources/payloads/*.json "$root"/Tests/Fixtures/payloads/typos.json; do
        {
          printf '\x00'
          cat "$plist"
          printf '\n@@@@\n'
          cat "$payload"
          printf '\n@@@@\n{"disable": ["aps-empty"], "exclude": ["*.tmp", "Vendor"], "xcconfig": "Config.xcconfig", "variables": {"PRODUCT_NAME": "Demo"}, "attachmentKeys": ["media.url"]}'
          printf '\n@@@@\n// build settings\nPRODUCT_BUNDLE_IDENTIFIER = com.example.$(PRODUCT_NAME) // id\n#include? "Missing.xcconfig"\nPRODUCT_NAME[sdk=iphoneos*] = $(inherited) Demo\n'
          printf '\n@@@@\n'
          cat "$root/Resources/categories.json"
        } >"$dir/$(basename "$payload")"
      done ;;
  esac
}

# Runs one built harness for `seconds` and writes its result line to $work/NAME.result.
# What reproduces a finding from a CI log alone: libFuzzer's random seed, the first frames of the
# stack, and the input itself, gzipped and base64-encoded when that is under 8 KB
# (`base64 -d | gunzip > input`, then `.build-fuzz/.../fuzz-NAME input` or `Tests/Fuzz/run.sh`).
describe_finding() {
  local name=$1 log=$2 unit encoded
  echo "== $name: $(grep -m1 -o 'Seed: [0-9]*' "$log" || echo 'seed unknown')"
  grep -m12 -E '^ *#[0-9]+ 0x' "$log" | sed -E 's/^ *//' | cut -c1-200 || true
  unit=$(grep -o 'Test unit written to .*' "$log" | tail -1 | sed 's/^Test unit written to //')
  if [[ -n $unit && -f $unit ]]; then
    encoded=$(gzip -9c <"$unit" | base64 -w0)
    if [[ ${#encoded} -le 8192 ]]; then
      echo "input ($(wc -c <"$unit") bytes, gzip | base64): $encoded"
    else
      echo "input: $(wc -c <"$unit") bytes, too large to print"
    fi
  fi
}

fuzz_one() {
  local name=$1 log=$work/$1.log status=0 options=()
  mkdir -p "$work/corpus-$name"
  [[ -n ${dictionary[$name]:-} ]] && options+=(-dict="$here/dictionaries/${dictionary[$name]}.dict")
  (cd "$work" && LSAN_OPTIONS="suppressions=$here/lsan.supp:print_suppressions=0" \
    RICHPREVIEW_FUZZ_SCRATCH=$scratch/$name "$work/bin/fuzz-$name" -max_total_time="$seconds" -max_len="${max_len[$name]}" -timeout=10 \
    -rss_limit_mb="${rss_limit[$name]:-2048}" -malloc_limit_mb=2048 -detect_leaks="${detect_leaks[$name]:-1}" -print_final_stats=1 -artifact_prefix="$findings/$name-" "${options[@]}" \
    "$work/corpus-$name" "$work/seeds-$name" </dev/null >"$log" 2>&1) || status=$?
  local runs speed rss coverage verdict=ok
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo "?")
  speed=$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo "?")
  rss=$(grep -o 'stat::peak_rss_mb: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo "?")
  coverage=$(grep -o 'cov: [0-9]* ft: [0-9]*' "$log" | tail -1 || true)
  if [[ $status -ne 0 ]]; then
    verdict="FOUND (exit $status): $(grep -m1 -E '^==[0-9]+==ERROR|^SUMMARY|Fatal error|invariant broken|ALARM|out-of-memory' "$log" | cut -c1-160)"
    grep -E 'Test unit written to' "$log" | tail -1 >&2 || true
    describe_finding "$name" "$log" >"$work/$name.finding"
  fi
  printf '%-10s %6ss %10s execs %7s exec/s  %-22s peak %5s MB  %s\n' \
    "$name" "$seconds" "$runs" "$speed" "${coverage:-cov: ?}" "$rss" "$verdict" | tee "$work/$name.result"
}

# Build every selected harness first, FUZZ_JOBS compiles at a time (each swiftc mostly uses one
# core), then fuzz FUZZ_JOBS of them at a time (default 1).
jobs=${FUZZ_JOBS:-1}
[[ $jobs =~ ^[1-9][0-9]*$ ]] || { echo "FUZZ_JOBS must be a positive integer" >&2; exit 2; }
compiles=()
for name in "${selected[@]}"; do
  if [[ $name == decoders ]]; then
    build_decoders
  else
    [[ -n ${package_name:-} ]] || build_libraries
    while [[ $(jobs -rp | wc -l) -ge $jobs ]]; do sleep 0.2; done
    echo "== compiling the $name harness"
    build_swift_harness "$name" &
    compiles+=("$!:$name")
  fi
  make_seeds "$name"
  mkdir -p "$scratch/$name"
done
for compile in "${compiles[@]}"; do
  wait "${compile%%:*}" || { echo "the ${compile#*:} harness did not compile" >&2; exit 2; }
done
for name in "${selected[@]}"; do
  while [[ $(jobs -rp | wc -l) -ge $jobs ]]; do wait -n || true; done
  echo "== fuzzing $name for ${seconds}s (log: $work/$name.log)"
  fuzz_one "$name" &
done
wait

echo
echo "== summary"
failed=()
for name in "${selected[@]}"; do
  cat "$work/$name.result"
  grep -q ' ok$' "$work/$name.result" || failed+=("$name")
done
if [[ ${#failed[@]} -gt 0 ]]; then
  for name in "${failed[@]}"; do cat "$work/$name.finding" 2>/dev/null || true; done
  echo "findings in: ${failed[*]} (inputs in Tests/Fuzz/findings/)"
  exit 1
fi
