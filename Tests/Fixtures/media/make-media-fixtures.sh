#!/usr/bin/env bash
# Regenerates Tests/Fixtures/media/*: small audio and movie files (a few KB each) written by
# independent encoders (ffmpeg 5.1, SoX 14.4, LAME 3.100; all Debian packages), a few files derived
# from them by the Python below (64-bit box size, QuickTime without ftyp, a VBRI header, an APE tag),
# and ffprobe.json: what ffprobe says about each file, so the tests compare against ffprobe without
# needing it. Needs ffmpeg (with libx264, libx265, libvpx, libmp3lame), sox, lame and python3. The
# output is the same on every run (ffmpeg -bitexact, one thread; SoX -R -D: repeatable, no dither).
set -euo pipefail
cd "$(dirname "$0")"
rm -f ./*.wav ./*.aiff ./*.aifc ./*.mp3 ./*.mp2 ./*.m4a ./*.caf ./*.aac ./*.mp4 ./*.m4v ./*.mov ./*.mpg \
    ./*.m2v ./*.m1v ./*.avi ffprobe.json
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

ff() { ffmpeg -hide_banner -loglevel error -y -threads 1 "$@"; }
tone() { echo "-f lavfi -i sine=frequency=440:sample_rate=$1:duration=$2"; }
pictures() { echo "-f lavfi -i testsrc=size=$1:rate=$2:duration=$3"; }
x264="-c:v libx264 -preset ultrafast -crf 40 -pix_fmt yuv420p"

# WAV: PCM from ffmpeg and SoX, WAVE_FORMAT_EXTENSIBLE (SoX writes it for 24 bits and for more than
# two channels), IMA ADPCM (SoX), a streamed file whose RIFF and data sizes say 0xFFFFFFFF (ffmpeg
# writing to a pipe cannot go back to fill them in), and RF64.
ff $(tone 8000 0.25) -c:a pcm_s16le -bitexact wav-s16-mono.wav
sox -R -D -n -r 8000 -c 2 -b 16 wav-s16-stereo.wav synth 0.1 sine 440 sine 660
sox -R -D -n -r 8000 -c 1 -b 24 wav-s24-extensible.wav synth 0.1 sine 440
sox -R -D -n -r 8000 -c 3 -b 16 wav-3ch-extensible.wav synth 0.1 sine 440
ff $(tone 8000 0.1) -c:a pcm_f32le -bitexact wav-f32.wav
sox -R -D -n -r 8000 -c 1 -e ima-adpcm wav-ima-adpcm.wav synth 0.3 sine 440
ff $(tone 8000 0.2) -c:a pcm_s16le -bitexact -f wav pipe:1 > wav-streamed.wav
ff $(tone 8000 0.1) -c:a pcm_u8 -rf64 always -bitexact wav-rf64.wav

# AIFF and AIFC.
sox -R -D -n -r 8000 -c 1 -b 16 aiff-s16.aiff synth 0.1 sine 440
sox -R -D -n -r 11025 -c 1 -e floating-point -b 32 aifc-f32.aifc synth 0.1 sine 440
ff $(tone 8000 0.1) -c:a pcm_s16le -f aiff aifc-sowt.aifc

# MPEG audio: LAME CBR with an Info tag, CBR and VBR without one (-t), VBR with a Xing tag, ID3v2 +
# ID3v1 tags, MPEG-2.5 at 8 kHz; ffmpeg's layer II encoder.
sox -R -D -n -r 22050 -c 1 -b 16 "$tmp/22k.wav" synth 0.5 sine 440
sox -R -D -n -r 44100 -c 2 -b 16 "$tmp/44k.wav" synth 0.3 sine 440 sine 660
sox -R -D -n -r 8000 -c 1 -b 16 "$tmp/8k.wav" synth 0.5 sine 440
lame --quiet -b 64 "$tmp/22k.wav" mp3-cbr-info.mp3
lame --quiet -b 32 -t "$tmp/22k.wav" mp3-cbr-notag.mp3
lame --quiet -V 6 "$tmp/44k.wav" mp3-vbr-xing.mp3
lame --quiet -V 6 -t "$tmp/44k.wav" mp3-vbr-notag.mp3
lame --quiet -b 32 --tt Tone --ta richpreview --add-id3v2 "$tmp/22k.wav" mp3-id3v2-id3v1.mp3
lame --quiet -b 8 "$tmp/8k.wav" mp3-mpeg25.mp3
ff -i "$tmp/22k.wav" -c:a mp2 -b:a 32k -f mp2 mp2-layer2.mp2

# ISO base media and QuickTime audio, Core Audio Format, raw ADTS.
ff -i "$tmp/8k.wav" -c:a aac -b:a 16k -movflags +faststart -bitexact m4a-aac.m4a
ff -i "$tmp/8k.wav" -t 0.2 -c:a alac -bitexact m4a-alac.m4a
ff -i "$tmp/8k.wav" -t 0.2 -c:a pcm_s16be -f caf caf-lpcm.caf
ff -i "$tmp/8k.wav" -t 0.3 -c:a alac -f caf caf-alac.caf
ff -i "$tmp/8k.wav" -c:a aac -b:a 16k -f adts aac-adts.aac

# Movies.
ff $(pictures 64x48 10 0.5) $(tone 8000 0.5) $x264 -c:a aac -b:a 16k -movflags +faststart -bitexact \
    mp4-h264-aac-faststart.mp4
ff $(pictures 64x48 10 0.5) $x264 -bitexact mp4-h264-moov-last.mp4
ff $(pictures 64x48 10 0.5) -c:v libx265 -preset ultrafast -crf 45 -pix_fmt yuv420p -tag:v hvc1 \
    -x265-params log-level=none:pools=1:frame-threads=1 -bitexact mp4-hevc.mp4
ff $(pictures 64x48 10 0.5) -c:v mpeg4 -q:v 20 -brand "M4V " -bitexact m4v-mpeg4.m4v
ff $(pictures 64x48 10 0.5) $(tone 8000 0.3) $x264 -c:a pcm_s16le -bitexact mov-h264-pcm.mov
ff $(pictures 64x48 25 0.24) $(tone 32000 0.24) -c:v mpeg1video -q:v 20 -c:a mp2 -b:a 32k -f mpeg \
    -packetsize 512 -bitexact mpeg1-ps.mpg
ff $(pictures 64x48 25 0.24) $(tone 48000 0.24) -c:v mpeg2video -q:v 20 -c:a mp2 -b:a 64k -f vob \
    -bitexact mpeg2-ps.mpg
ff $(pictures 64x48 10 0.5) -c:v mpeg2video -q:v 20 -f mpeg2video -bitexact m2v-mpeg2.m2v
ff $(pictures 64x48 25 0.24) -c:v mpeg1video -q:v 20 -f mpeg1video -bitexact m1v-mpeg1.m1v
ff $(pictures 64x48 25 0.24) $(tone 8000 0.24) -c:v mpeg4 -q:v 20 -c:a pcm_u8 -bitexact avi-mpeg4-pcm.avi
ff $(pictures 32x24 10 0.3) $(tone 22050 0.3) -c:v mjpeg -q:v 31 -c:a libmp3lame -b:a 32k -bitexact \
    avi-mjpeg-mp3.avi

# Movie frames for MovieFrameDecoderTests, in ../media-frames/ (this folder holds only the files
# MediaProbeFixtureTests lists): 64x48, red for 1 s then blue for 1 s, a key frame every second; and
# 64x32, the left half red and the right half blue, whose display matrix shows it turned 90 degrees
# clockwise, as a phone held upright records (ffmpeg 5.1 takes stream-copy `rotate` metadata as a
# counterclockwise angle, so that is rotate=270; ffprobe reads rotation -90). Then the codec
# allow-list's two sides: ProRes 422 Proxy in QuickTime, a codec iOS plays that no other fixture
# holds, and VP9 in MP4 (`vp09`, as Android and browsers record), which richpreview refuses
# (libvpx, one pass, no row threads: the same bytes every run). Last, 16x16 Motion JPEG in AVI at
# 7/5 frames a second, whose frame times (0, 0.714, 1.428 s) do not fall on whole seconds.
frames=../media-frames
mkdir -p "$frames"
rm -f "$frames"/*.mp4 "$frames"/*.mov "$frames"/*.avi
ff -f lavfi -i color=c=red:size=64x48:rate=10:duration=1 -f lavfi -i color=c=blue:size=64x48:rate=10:duration=1 \
    -filter_complex "[0:v][1:v]concat=n=2:v=1:a=0" $x264 -g 10 -movflags +faststart -bitexact \
    "$frames/mp4-red-then-blue.mp4"
ff -f lavfi -i color=c=red:size=32x32:rate=10:duration=0.5 -f lavfi -i color=c=blue:size=32x32:rate=10:duration=0.5 \
    -filter_complex "[0:v][1:v]hstack" $x264 -bitexact "$tmp/halves.mp4"
ff -i "$tmp/halves.mp4" -c copy -metadata:s:v:0 rotate=270 -movflags +faststart -bitexact "$frames/mp4-rotated-90.mp4"
ff $(pictures 64x48 10 0.2) -c:v prores_ks -profile:v proxy -pix_fmt yuv422p10le -qscale:v 31 -bitexact \
    "$frames/mov-prores.mov"
ff $(pictures 64x48 10 0.5) -c:v libvpx-vp9 -deadline good -cpu-used 8 -crf 50 -b:v 0 -row-mt 0 -pix_fmt yuv420p \
    -bitexact "$frames/mp4-vp9.mp4"
ff -f lavfi -i testsrc=size=16x16:rate=7/5 -t 4 -c:v mjpeg -q:v 10 -bitexact "$frames/avi-mjpeg-7-5fps.avi"
# The movies that ask the decoder for much memory (the rm above removed their MP4s too).
"$frames/make-memory-fixtures.sh"

# Files derived by rewriting headers (no encoder writes these forms on request).
/usr/bin/python3 - <<'PY'
import struct

def boxes(data):
    offset = 0
    while offset < len(data):
        size, kind = struct.unpack(">I4s", data[offset:offset + 8])
        yield offset, size, kind
        offset += size

# mp4-largesize.mp4: ffmpeg leaves an 8-byte 'free' box before 'mdat' so that 'mdat' can grow to the
# 16-byte header; use it: free+mdat headers become one mdat header with size 1 and a 64-bit size.
# Sample data stays where it was, so no chunk offset changes.
data = bytearray(open("mp4-h264-moov-last.mp4", "rb").read())
layout = list(boxes(data))
free = next(b for b in layout if b[2] == b"free")
mdat = next(b for b in layout if b[2] == b"mdat")
assert free[1] == 8 and free[0] + 8 == mdat[0]
data[free[0]:mdat[0] + 8] = struct.pack(">I4sQ", 1, b"mdat", mdat[1] + 8)
open("mp4-largesize.mp4", "wb").write(data)

# mov-noftyp.mov: a classic QuickTime file has no 'ftyp'; turn it into a 'free' box of the same size.
data = bytearray(open("mov-h264-pcm.mov", "rb").read())
assert data[4:8] == b"ftyp"
data[4:8] = b"free"
open("mov-noftyp.mov", "wb").write(data)

# mp3-vbri.mp3: the LAME VBR frames without a tag, after a first frame carrying a Fraunhofer VBRI
# header (MPEG-1 layer III, 128 kb/s, 44.1 kHz, stereo: 417 bytes, silent), 32 bytes after the
# frame header, as Fraunhofer's encoder writes it.
frames = open("mp3-vbr-notag.mp3", "rb").read()
count, offset = 0, 0
while offset + 4 <= len(frames):
    b1, b2 = frames[offset + 1], frames[offset + 2]
    rate = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320][b2 >> 4] * 1000
    offset += 144 * rate // 44100 + ((b2 >> 1) & 1)
    count += 1
assert offset == len(frames)
vbri = bytearray(417)
vbri[0:4] = bytes([0xFF, 0xFB, 0x90, 0x00])
vbri[36:36 + 18] = b"VBRI" + struct.pack(">HHHII", 1, 1105, 75, len(frames) + 417, count)
vbri[54:62] = struct.pack(">HHHH", 0, 1, 4, 1)
open("mp3-vbri.mp3", "wb").write(bytes(vbri) + frames)

# mp3-ape-id3v1.mp3: LAME CBR frames followed by an APEv2 tag (header, one item, footer) and an
# ID3v1 tag, as tag editors leave them at the end of a file.
frames = open("mp3-cbr-notag.mp3", "rb").read()
item = struct.pack("<II", 4, 0) + b"Title\0" + b"Tone"
def ape(flags):
    return b"APETAGEX" + struct.pack("<IIII", 2000, len(item) + 32, 1, flags) + bytes(8)
tag = ape(0xA0000000) + item + ape(0x80000000)
id3v1 = b"TAG" + b"Tone".ljust(30, b"\0") + b"richpreview".ljust(30, b"\0") + bytes(30 + 4 + 30) + b"\xff"
assert len(id3v1) == 128
open("mp3-ape-id3v1.mp3", "wb").write(frames + tag + id3v1)
PY

# ffprobe.json: per file, ffprobe's format duration and, per first audio and first video stream,
# codec_name, sample_rate, channels, width, height, r_frame_rate, the packet count and the longest
# packet's duration (the test's tolerance). For streams that declare no total (MPEG audio without a
# Xing/VBRI header, ADTS, program streams, video elementary streams) ffprobe's format duration is an
# estimate from the bit rate, so `duration` is taken from the packets instead (`duration_source`).
/usr/bin/python3 - <<'PY'
import glob, json, subprocess
from fractions import Fraction

names = sorted(n for pattern in ("*.wav", "*.aiff", "*.aifc", "*.mp3", "*.mp2", "*.m4a", "*.caf", "*.aac", "*.mp4",
                                 "*.m4v", "*.mov", "*.mpg", "*.m2v", "*.m1v", "*.avi") for n in glob.glob(pattern))
result = {}
for name in names:
    result[name] = json.loads(subprocess.run(
        ["ffprobe", "-v", "error", "-count_packets", "-show_packets", "-show_format", "-show_streams", "-of", "json",
         name], check=True, capture_output=True, text=True).stdout)

from_packets = ("mp3-cbr-notag.mp3", "mp3-id3v2-id3v1.mp3", "mp3-vbr-notag.mp3", "mp3-ape-id3v1.mp3", "mp3-mpeg25.mp3",
                "mp2-layer2.mp2", "aac-adts.aac", "mpeg1-ps.mpg", "mpeg2-ps.mpg", "m2v-mpeg2.m2v",
                "m1v-mpeg1.m1v")
out = {}
for name, probe in sorted(result.items()):
    entry = {"format_name": probe["format"]["format_name"]}
    packets = probe.get("packets", [])
    for kind in ("audio", "video"):
        stream = next((s for s in probe["streams"] if s["codec_type"] == kind), None)
        if stream is None:
            continue
        own = [p for p in packets if p["stream_index"] == stream["index"]]
        facts = {"codec_name": stream["codec_name"], "packets": int(stream["nb_read_packets"]),
                 "packet_duration": max(float(p.get("duration_time", 0)) for p in own)}
        if kind == "audio":
            facts.update(sample_rate=int(stream["sample_rate"]), channels=stream["channels"])
        else:
            facts.update(width=stream["width"], height=stream["height"],
                         r_frame_rate=float(Fraction(stream["r_frame_rate"])))
        entry[kind] = facts
    if name in from_packets:
        # Presentation span: earliest PTS to the latest end (DTS + the stream's reorder delay + duration).
        start, end = None, None
        for stream in probe["streams"]:
            own = [p for p in packets if p["stream_index"] == stream["index"]]
            if not own:
                continue
            delays = [float(p["pts_time"]) - float(p["dts_time"]) for p in own
                      if p.get("pts_time") not in (None, "N/A") and p.get("dts_time") not in (None, "N/A")]
            delay = delays[0] if delays else 0.0
            stamps = [float(p["pts_time"]) for p in own if p.get("pts_time") not in (None, "N/A")]
            first = min(stamps) if stamps else float(own[0]["dts_time"])
            last = max(float(p["dts_time"]) + delay + float(p["duration_time"]) for p in own)
            start = first if start is None else min(start, first)
            end = last if end is None else max(end, last)
        entry["duration"] = round(end - start, 6)
        entry["duration_source"] = "packets"
    else:
        entry["duration"] = float(probe["format"]["duration"])
        entry["duration_source"] = "format"
    out[name] = entry
with open("ffprobe.json", "w") as f:
    json.dump(out, f, indent=1, sort_keys=True)
    f.write("\n")
PY
ls -l
du -cb ./*.wav ./*.aiff ./*.aifc ./*.mp3 ./*.mp2 ./*.m4a ./*.caf ./*.aac ./*.mp4 ./*.m4v ./*.mov ./*.mpg \
    ./*.m2v ./*.m1v ./*.avi | tail -1
