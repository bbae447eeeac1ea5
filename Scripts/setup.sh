#!/usr/bin/env bash
# One command for a fresh Debian machine with the Swift toolchain: installs the C libraries that
# are missing, builds richpreview in release mode, and runs it on the bundled samples.
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/install-packages.sh
swift build -c release --product richpreview
bin=.build/release/richpreview
echo
echo "\$ richpreview inspect Resources/attachments/*"
"$bin" inspect Resources/attachments/*
