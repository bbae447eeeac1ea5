#!/bin/sh
# Times SourceScanner.scan over generated files: builds the RichPreviewSourceScan module in release, links
# Benchmarks/scan-benchmark/main.swift against it, and runs it. Usage: scan-benchmark.sh [FILES] [RUNS]
set -eu
cd "$(dirname "$0")/.."
swift build -c release --target RichPreviewSourceScan
bin=$(swift build -c release --show-bin-path)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
swiftc -O -module-name ScanBenchmark -I "$bin/Modules" -I "$bin" \
    -Xcc -fmodule-map-file="$bin/CRichPreviewSystem.build/module.modulemap" \
    Benchmarks/scan-benchmark/main.swift "$bin"/RichPreviewSourceScan.build/*.o "$bin"/RichPreviewSystem.build/*.o \
    "$bin"/CRichPreviewSystem.build/*.o -o "$out/scan-benchmark" 2>&1
"$out/scan-benchmark" "${1:-10000}" "${2:-5}"
