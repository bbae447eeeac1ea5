#!/usr/bin/env bash
# Regenerates Tests/Fixtures/colour/*: small pictures tagged with ICC profiles, for converting an
# image's colour space to sRGB, with references converted by another tool. Writes the same bytes
# every run (with the same package versions); nothing is fetched.
#
# Needs Debian bookworm's python3-pil and python3-numpy (the pictures, the checks), liblcms2-2 (the
# profiles, through ctypes), libvips-tools (the references), icc-profiles-free (sRGB.icc) and
# colord-data (AdobeRGB1998.icc):
#   apt-get install -y python3-pil python3-numpy liblcms2-2 libvips-tools icc-profiles-free colord-data
set -euo pipefail
cd "$(dirname "$0")"
python=/usr/bin/python3

# The profiles (Little CMS 2), then the pictures and the files tagged with them (Pillow).
"$python" fx.py profiles
"$python" fx.py pictures

# The references: each tagged file converted to sRGB by libvips with the profile embedded in it
# (--embedded), perceptual intent, through Lab as vips's profile connection space, to vips's own
# sRGB profile (the same bytes as icc-profiles-free's sRGB.icc), saved without metadata.
for name in p3.jpg p3-chunked.jpg p3.png adobe-rgb.jpg srgb-tagged.jpg gray-gamma.jpg cmyk-profile.jpg; do
    vips icc_transform "$name" "$name.srgb.png[strip]" srgb --embedded --intent perceptual
done

# The pixels without colour conversion, for the JPEGs (p3.png's are source.png's).
"$python" fx.py raw

# How far the references are from Little CMS's own conversion, and from the arithmetic of fx.py.
"$python" fx.py check

du -cb -- *.jpg *.png *.icc | tail -n 1
