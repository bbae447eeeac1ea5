#!/usr/bin/python3
"""Scores thumbnails against a Pillow Lanczos reference, for Benchmarks/scale-benchmark.sh.

usage: psnr.py SOURCE WxH TAG OUTPUT...

For each OUTPUT (a thumbnail of SOURCE fitted into the WxH box) prints one JSON line
  {"tag": TAG, "output": OUTPUT, "width": w, "height": h, "psnr_db": x}
where x is a number, or the string "inf" when the output equals the reference.

Reference: SOURCE decoded at full size by Pillow (libjpeg-turbo, libpng, giflib), EXIF
orientation applied, palette expanded, then resized in one step with Image.LANCZOS
(a true Lanczos-3 over the whole image, no draft, no reducing_gap) to exactly that
output's width and height, because tools round the fitted size differently by a pixel.

Comparison: 8-bit RGB, mean squared error over all pixels and the three channels,
PSNR = 10 log10(255^2 / MSE). Grey images are compared as RGB. Images with alpha are
composited on white first, both the output and the reference (Pillow resizes RGBA with
premultiplied alpha); a JPEG output of an RGBA source is expected to be flattened on white
already. So alpha errors count in proportion to how far the colour is from white.

It checks each output's geometry first and exits 1 with a message when an output is
missing, does not decode, or does not have the fitted size of the oriented source (+-1 px),
which catches a tool that ignored the EXIF orientation.
"""
import json
import os
import sys

import numpy as np
from PIL import Image, ImageOps

LANCZOS = getattr(Image, "Resampling", Image).LANCZOS


def fail(message):
    print(f"psnr.py: error: {message}", file=sys.stderr)
    sys.exit(1)


def load_oriented(path):
    im = Image.open(path)
    im.load()
    im = ImageOps.exif_transpose(im)
    if im.mode == "P":
        im = im.convert("RGBA" if "transparency" in im.info else "RGB")
    elif im.mode in ("LA", "PA"):
        im = im.convert("RGBA")
    elif im.mode not in ("RGB", "RGBA", "L"):
        im = im.convert("RGB")
    return im


def on_white(im):
    """float64 HxWx3 array, alpha composited on white."""
    if im.mode == "P":
        im = im.convert("RGBA" if "transparency" in im.info else "RGB")
    if im.mode in ("RGBA", "LA", "PA"):
        a = np.asarray(im.getchannel("A"), dtype=np.float64)[..., None] / 255.0
        rgb = np.asarray(im.convert("RGB"), dtype=np.float64)
        return rgb * a + 255.0 * (1.0 - a)
    return np.asarray(im.convert("RGB"), dtype=np.float64)


def fitted(sw, sh, bw, bh):
    s = min(bw / sw, bh / sh)
    return sw * s, sh * s


def main(argv):
    if len(argv) < 5:
        fail("usage: psnr.py SOURCE WxH TAG OUTPUT...")
    source, box, tag, outputs = argv[1], argv[2], argv[3], argv[4:]
    bw, bh = (int(v) for v in box.lower().split("x"))
    src = load_oriented(source)
    fw, fh = fitted(src.width, src.height, bw, bh)
    refs = {}
    for out in outputs:
        if not os.path.isfile(out) or os.path.getsize(out) == 0:
            fail(f"{out}: no output was produced")
        try:
            im = Image.open(out)
            im.load()
        except Exception as e:  # noqa: BLE001 - report any decoder error the same way
            fail(f"{out}: does not decode: {e}")
        w, h = im.size
        if abs(w - fw) > 1 or abs(h - fh) > 1:
            fail(f"{out}: {w}x{h}, but {source} oriented is {src.width}x{src.height} and fits "
                 f"the {bw}x{bh} box as {fw:.2f}x{fh:.2f} (EXIF orientation ignored? wrong box?)")
        if (w, h) not in refs:
            refs[(w, h)] = on_white(src.resize((w, h), LANCZOS))
        mse = float(np.mean((on_white(im) - refs[(w, h)]) ** 2))
        # identical to the reference (Pillow itself can be): "inf", which JSON has no number for
        psnr = "inf" if mse == 0 else round(10.0 * float(np.log10(255.0 ** 2 / mse)), 3)
        print(json.dumps({"tag": tag, "output": out, "width": w, "height": h,
                          "psnr_db": psnr}), flush=True)


if __name__ == "__main__":
    main(sys.argv)
