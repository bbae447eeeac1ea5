#!/usr/bin/python3
"""Pillow peer for Benchmarks/scale-benchmark.sh: Pillow's fastest usual thumbnail path.

usage: pillow_thumbnail.py INPUT OUTPUT WxH [QUALITY]

open -> draft('RGB', box) for JPEG (DCT-domain downscale by 1/2, 1/4 or 1/8 while decoding)
-> EXIF orientation -> thumbnail(box, LANCZOS) (default reducing_gap=2.0) -> save.
The output format comes from OUTPUT's extension; QUALITY is used for JPEG (default 85).

Two deliberate details, so that Pillow is neither handicapped nor wrong:
- Orientation is applied with a plain transpose, and only when the tag says so.
  ImageOps.exif_transpose would also copy the whole image when there is nothing to do.
- Palette ('P') images are converted to RGB (RGBA if they have transparency) before
  thumbnail(), because Pillow resizes 'P' images with NEAREST whatever filter is asked for.
Alpha is flattened on white for JPEG output, as every tool in the benchmark is told to do.
Run it with the Debian python (/usr/bin/python3, package python3-pil).
"""
import sys

from PIL import Image

LANCZOS = getattr(Image, "Resampling", Image).LANCZOS
TRANSPOSE = getattr(Image, "Transpose", Image)
ORIENT = {
    2: [TRANSPOSE.FLIP_LEFT_RIGHT],
    3: [TRANSPOSE.ROTATE_180],
    4: [TRANSPOSE.FLIP_TOP_BOTTOM],
    5: [TRANSPOSE.TRANSPOSE],
    6: [TRANSPOSE.ROTATE_270],
    7: [TRANSPOSE.TRANSVERSE],
    8: [TRANSPOSE.ROTATE_90],
}


def main(argv):
    if len(argv) not in (4, 5):
        sys.exit(__doc__.split("\n\n")[1])
    src, dst, box = argv[1], argv[2], argv[3]
    quality = int(argv[4]) if len(argv) == 5 else 85
    w, h = (int(v) for v in box.lower().split("x"))

    im = Image.open(src)
    orientation = im.getexif().get(0x0112, 1)
    if im.format == "JPEG":
        # draft() works on the stored (unrotated) geometry
        im.draft("RGB", (h, w) if orientation in (5, 6, 7, 8) else (w, h))
    if im.mode == "P":
        im = im.convert("RGBA" if "transparency" in im.info else "RGB")
    for op in ORIENT.get(orientation, []):
        im = im.transpose(op)
    im.thumbnail((w, h), LANCZOS)

    if dst.lower().endswith((".jpg", ".jpeg")):
        if im.mode in ("RGBA", "LA"):
            flat = Image.new("RGB", im.size, (255, 255, 255))
            flat.paste(im.convert("RGBA"), mask=im.getchannel("A"))
            im = flat
        elif im.mode not in ("RGB", "L"):
            im = im.convert("RGB")
        im.save(dst, "JPEG", quality=quality)
    else:
        im.save(dst)


if __name__ == "__main__":
    main(sys.argv)
