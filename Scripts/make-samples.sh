#!/usr/bin/env bash
# Regenerates the sample attachments in Resources/attachments/ from nothing but code, so their
# provenance is this script. Needs python3-pil and ffmpeg (Debian packages).
set -euo pipefail
cd "$(dirname "$0")/../Resources/attachments"

# A 640x427 landscape picture: sky gradient, sun, hills; JPEG quality 85 and a PNG copy with alpha.
/usr/bin/python3 - <<'PY'
from PIL import Image, ImageDraw
w, h = 640, 427
img = Image.new("RGB", (w, h))
px = img.load()
for y in range(h):
    for x in range(w):
        t = y / h
        px[x, y] = (int(40 + 120 * t), int(110 + 90 * t), int(220 - 60 * t))
d = ImageDraw.Draw(img)
d.ellipse((470, 50, 570, 150), fill=(255, 214, 90))
d.polygon([(0, 330), (160, 220), (330, 320), (480, 240), (640, 330), (640, 427), (0, 427)], fill=(54, 120, 60))
d.polygon([(0, 380), (220, 300), (420, 390), (640, 350), (640, 427), (0, 427)], fill=(34, 90, 44))
img.save("sample-image.jpg", quality=85)
badge = Image.new("RGBA", (96, 96), (0, 0, 0, 0))
bd = ImageDraw.Draw(badge)
bd.ellipse((4, 4, 92, 92), fill=(220, 60, 50, 255))
bd.rectangle((40, 22, 56, 60), fill=(255, 255, 255, 255))
bd.ellipse((40, 66, 56, 82), fill=(255, 255, 255, 255))
badge.save("sample-badge.png", optimize=True)
# GIF: index 0 is the transparent colour, the badge's colours follow it.
colours = badge.convert("RGB").quantize(15)
gif = Image.new("P", badge.size, 0)
gif.putpalette([0, 0, 0] + colours.getpalette()[:45])
alpha = badge.getchannel("A")
for y in range(badge.height):
    for x in range(badge.width):
        if alpha.getpixel((x, y)) >= 128:
            gif.putpixel((x, y), colours.getpixel((x, y)) + 1)
gif.save("sample-badge.gif", transparency=0)
PY

# A 1.5 s, 8 kHz mono 16-bit chime (two decaying sines), as WAV and as AAC in an M4A.
/usr/bin/python3 - <<'PY'
import math, struct, wave
rate, seconds = 8000, 1.5
frames = bytearray()
for i in range(int(rate * seconds)):
    t = i / rate
    v = math.exp(-3 * t) * (0.5 * math.sin(2 * math.pi * 880 * t) + 0.3 * math.sin(2 * math.pi * 1320 * t))
    frames += struct.pack("<h", int(v * 32767 * 0.8))
with wave.open("sample-audio.wav", "wb") as out:
    out.setnchannels(1); out.setsampwidth(2); out.setframerate(rate); out.writeframes(bytes(frames))
PY
ffmpeg -loglevel error -y -i sample-audio.wav -c:a aac -b:a 32k sample-audio.m4a

# A 2 s, 160x90, 10 fps H.264 test pattern in MP4.
ffmpeg -loglevel error -y -f lavfi -i testsrc=size=160x90:rate=10:duration=2 -pix_fmt yuv420p -c:v libx264 \
  -preset veryslow -crf 30 -movflags +faststart sample-movie.mp4
