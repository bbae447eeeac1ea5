#!/usr/bin/env bash
# Installs the Debian packages listed in Scripts/debian-packages.txt (and any extra list files
# given as arguments) that are not installed yet. Needs root; non-interactive.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
missing=()
for list in "$here/debian-packages.txt" "$@"; do
  while read -r package; do
    [ -z "$package" ] && continue
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
  done < "$list"
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q
  apt-get install -y -q --no-install-recommends "${missing[@]}"
fi
