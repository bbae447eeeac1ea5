# Shared by the *-benchmark.sh scripts. Each sources this after setting `root`, `here` and
# `SHARED` and defining its own `die` and `note` (which prefix messages with the script's name).

# --- never write into the shared tree -------------------------------------------------------
shared_real=$(realpath -m "$SHARED")
under_shared() { case "$(realpath -m "$1")/" in "$shared_real"/*) return 0 ;; esac; return 1; }
# refuse_shared NAME PATH: stops when the folder the variable NAME gives is inside the shared tree.
refuse_shared() {
  under_shared "$2" && die "$1=$2 is inside the shared tree $shared_real; choose another directory"
  return 0
}

# require_tools TOOL...: installs Benchmarks/debian-packages.txt, then checks each tool is there.
require_tools() {
  "$root/Scripts/install-packages.sh" "$here/debian-packages.txt" >&2 ||
    die "could not install the packages in Benchmarks/debian-packages.txt (run as root, or install them)"
  local t
  for t in "$@"; do
    command -v "$t" >/dev/null || die "'$t' is missing (see Benchmarks/debian-packages.txt)"
  done
}

# build_richpreview: sets `bin` to $RICHPREVIEW or to a fresh release build (an absolute path), and
# `ours_version`.
build_richpreview() {
  if [ -n "${RICHPREVIEW:-}" ]; then
    bin=$RICHPREVIEW
    [ -x "$bin" ] || die "RICHPREVIEW=$bin is not an executable file"
  else
    command -v swift >/dev/null || die "swift is not on PATH (or set RICHPREVIEW=/path/to/richpreview)"
    note "building richpreview (release)"
    (cd "$root" && swift build -c release --product richpreview --static-swift-stdlib >&2) || die "swift build failed"
    bin="$(cd "$root" && swift build -c release --show-bin-path)/richpreview"
    [ -x "$bin" ] || die "the build did not produce $bin"
  fi
  bin=$(realpath "$bin")
  ours_version=$("$bin" --version) || die "'$bin --version' failed"
}

# ensure_images NAME...: builds the photo set in $IMG with ../shared/bench/make-images.sh when one
# of NAME is missing, makes IMG absolute, and warns when one of NAME differs from the sha256 that
# PROVENANCE.md lists (PNG and GIF encoders may change them after a package upgrade).
ensure_images() {
  local name hash
  missing() { for name; do [ -s "$IMG/$name" ] || return 0; done; return 1; }
  if missing "$@"; then
    [ -f "$SHARED/bench/make-images.sh" ] || die "no $SHARED/bench/make-images.sh (set RICHPREVIEW_SHARED)"
    note "building the image set in $IMG"
    mkdir -p "$IMG"
    IMG=$(realpath "$IMG") bash "$SHARED/bench/make-images.sh" >&2 || die "make-images.sh failed"
    missing "$@" && die "make-images.sh did not produce every image in $IMG"
  fi
  IMG=$(realpath "$IMG")
  [ -f "$SHARED/bench/PROVENANCE.md" ] || return 0
  while read -r hash name; do
    [[ " $* " == *" $name "* && -f "$IMG/$name" ]] || continue
    [ "$(sha256sum "$IMG/$name" | cut -c1-16)" = "$hash" ] ||
      note "warning: $name differs from the sha256 in PROVENANCE.md"
  done < <(grep -E '^[0-9a-f]{16}  [^ ]+$' "$SHARED/bench/PROVENANCE.md")
}

# print_run_meta: the meta.tsv lines every report starts from (date, CPU, cores, our version and
# commit); needs `bin` and `ours_version` from build_richpreview.
print_run_meta() {
  printf 'date\t%s\n' "$(date -u +%Y-%m-%dT%H:%MZ)"
  printf 'cpu\t%s\n' "$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')"
  printf 'cores\t%s\n' "$(nproc)"
  printf 'richpreview\t%s (%s)\n' "$ours_version" "$bin"
  printf 'commit\t%s\n' "$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo '?')"
}
