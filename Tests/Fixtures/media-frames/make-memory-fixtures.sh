#!/usr/bin/env bash
# Regenerates the movies of Tests/Fixtures/media-frames/ that ask the frame decoder for more memory
# than their bytes suggest (MovieFrameMemoryTests, RenderMovieMemoryTests). Needs Debian's ffmpeg
# 5.1 (libx264 0.164). The output is the same on every run (-bitexact, one thread); nothing is
# fetched.
set -euo pipefail
cd "$(dirname "$0")"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

ff() { ffmpeg -hide_banner -loglevel error -y -threads 1 "$@"; }

# One red 8192x8192 frame in H.264 High (CABAC codes the flat picture in a few bits a macroblock):
# 14 KB that need 96 MiB of planes to decode.
ff -f lavfi -i color=c=red:size=8192x8192:rate=1 -frames:v 1 -c:v libx264 -preset medium -pix_fmt yuv420p \
    -bitexact mp4-8192x8192.mp4

# Two seconds of red 1024x1024 at 10 fps, every frame a reference kept for 16 more (-refs 16, no
# B-frames, one key frame): the decoder holds 17 pictures by the last frame, one at the first.
ff -f lavfi -i color=c=red:size=1024x1024:rate=10:duration=2 -c:v libx264 -preset medium -refs 16 -bf 0 \
    -g 100 -pix_fmt yuv420p -bitexact mp4-16-references.mp4

# An MPEG-2 video elementary stream whose size grows: one second of blue 64x48 (the size its first
# sequence header declares, which is all the stream analysis reads), then a second sequence header
# and two red 1024x1024 frames from 1 s (a last frame alone comes out of the decoder without a
# time).
ff -f lavfi -i color=c=blue:size=64x48:rate=10:duration=1 -c:v mpeg2video -q:v 31 -f mpeg2video -bitexact \
    "$tmp/small.m2v"
ff -f lavfi -i color=c=red:size=1024x1024:rate=10:duration=0.2 -c:v mpeg2video -q:v 31 -f mpeg2video \
    -bitexact "$tmp/large.m2v"
cat "$tmp/small.m2v" "$tmp/large.m2v" > m2v-grows.m2v
