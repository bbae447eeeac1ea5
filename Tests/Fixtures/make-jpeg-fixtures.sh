#!/usr/bin/env bash
# Regenerates Tests/Fixtures/jpeg/*: small JPEGs in the colour models and codings libjpeg-turbo
# must decode, all made from one 64x43 RGB image (source.ppm, the bundled sample picture reduced
# by Pillow). Needs python3-pil, libjpeg-turbo-progs, imagemagick, gcc and libjpeg-dev.
set -euo pipefail
cd "$(dirname "$0")/jpeg"
/usr/bin/python3 - <<'PY'
from PIL import Image
Image.open("../../../Resources/attachments/sample-image.jpg").convert("RGB").resize((64, 43), Image.LANCZOS).save("source.ppm")
PY
cjpeg -quality 95 source.ppm > baseline.jpg
cjpeg -quality 95 -grayscale source.ppm > gray.jpg
cjpeg -quality 95 -restart 1B source.ppm > restart.jpg
cjpeg -quality 95 -progressive source.ppm > progressive.jpg
cjpeg -quality 95 -arithmetic source.ppm > arithmetic.jpg
# Progressive variants for the decodes at 1/8 that skip AC scans: other samplings (at 1/8 4:4:4
# and 4:2:2 chroma use only DC coefficients, 4:2:0 chroma does not), and lossless jpegtran
# transcodes of the files above (the same coefficients, so the same pixels).
cjpeg -quality 95 -sample 1x1 -progressive source.ppm > progressive-444.jpg
cjpeg -quality 95 -sample 2x1 -progressive source.ppm > progressive-422.jpg
jpegtran -progressive gray.jpg > progressive-gray.jpg
jpegtran -progressive -arithmetic baseline.jpg > progressive-arithmetic.jpg
jpegtran -progressive -restart 1 baseline.jpg > progressive-restart.jpg
jpegtran -progressive ycck.jpg > progressive-ycck.jpg
# A scan script of its own: a DC scan per component, DC refined in two steps, one of them between
# AC scans, and the luma AC band split in two for its refinement.
scans=$(mktemp)
cat > "$scans" <<'SCANS'
0: 0 0 0 2; 1: 0 0 0 0; 2: 0 0 0 0;
0: 1 63 0 2; 0: 0 0 2 1; 1: 1 63 0 0; 0: 0 0 1 0; 2: 1 63 0 0;
0: 1 9 2 1; 0: 10 63 2 1; 0: 1 63 1 0;
SCANS
jpegtran -scans "$scans" baseline.jpg > progressive-scans.jpg
# A progression that stops early (chroma AC never refined past Al = 1): libjpeg smooths such
# blocks, so a 1/8 decode must read this file whole.
cat > "$scans" <<'SCANS'
0,1,2: 0 0 0 0;
0: 1 63 0 0; 1: 1 63 0 1; 2: 1 63 0 1;
SCANS
jpegtran -scans "$scans" baseline.jpg > progressive-incomplete.jpg
# Luma AC sent first with Al = 3, coarser than a 1/4 decode reads coarse: it reads every scan.
cat > "$scans" <<'SCANS'
0,1,2: 0 0 0 0;
0: 1 63 0 3; 1: 1 63 0 0; 2: 1 63 0 0;
0: 1 63 3 2; 0: 1 63 2 1; 0: 1 63 1 0;
SCANS
jpegtran -scans "$scans" baseline.jpg > progressive-coarse-luma.jpg
# The luma 1-5 band sent first at Al = 1 and refined, then sent again whole at Al = 0 by a scan
# spliced in from a second transcode (libjpeg accepts a first scan over fully refined
# coefficients). Dropping the refinement would leave that last scan following Al = 1, which
# libjpeg refuses: a 1/4 decode must read this file whole.
cat > "$scans" <<'SCANS'
0,1,2: 0 0 0 0;
0: 1 5 0 1; 0: 1 5 1 0; 0: 6 63 0 0; 1: 1 63 0 0; 2: 1 63 0 0;
SCANS
jpegtran -scans "$scans" baseline.jpg > progressive-resent.jpg
cat > "$scans" <<'SCANS'
0,1,2: 0 0 0 0;
0: 1 5 0 0; 0: 6 63 0 0; 1: 1 63 0 0; 2: 1 63 0 0;
SCANS
jpegtran -scans "$scans" baseline.jpg > "$scans.jpg"
/usr/bin/python3 - "$scans.jpg" <<'PY'
import sys
def markers(data):
    """Offset and code of each marker outside entropy-coded data, through EOI."""
    at, found = 2, []
    while at < len(data):
        if data[at] != 0xFF or data[at + 1] in (0x00, 0xFF) or 0xD0 <= data[at + 1] <= 0xD7:
            at += 1
            continue
        found.append((at, data[at + 1]))
        if data[at + 1] == 0xD9:
            break
        at += 2 + (data[at + 2] << 8 | data[at + 3])
    return found
donor = open(sys.argv[1], "rb").read()
found = markers(donor)
scans = [i for i, (_, code) in enumerate(found) if code == 0xDA]
# The donor's second scan (luma 1-5 at Al = 0), with the table segment before it.
band = donor[found[scans[0] + 1][0]:found[scans[1] + 1][0]]
target = open("progressive-resent.jpg", "rb").read()
end = target.rindex(b"\xff\xd9")
open("progressive-resent.jpg", "wb").write(target[:end] + band + b"\xff\xd9")
PY
rm -f "$scans" "$scans.jpg"
# CMYK as ImageMagick writes it (Adobe marker, YCCK transform).
convert source.ppm -colorspace CMYK -quality 95 cmyk-imagemagick.jpg
# Adobe CMYK (samples stored inverted, as Photoshop writes them), without and with the YCCK
# transform, written by libjpeg from the C program below.
tmp=$(mktemp -d)
cat > "$tmp/ycck.c" <<'C'
#include <stdio.h>
#include <stdlib.h>
#include <jpeglib.h>
int main(int argc, char **argv) {
    FILE *in = fopen(argv[1], "rb");
    int w, h, max;
    if (!in || fscanf(in, "P6 %d %d %d", &w, &h, &max) != 3) return 1;
    fgetc(in);
    unsigned char *rgb = malloc((size_t)w * h * 3), *cmyk = malloc((size_t)w * h * 4);
    if (fread(rgb, 3, (size_t)w * h, in) != (size_t)w * h) return 1;
    for (int i = 0; i < w * h; i++) {
        int c = 255 - rgb[i * 3], m = 255 - rgb[i * 3 + 1], y = 255 - rgb[i * 3 + 2];
        int k = c < m ? (c < y ? c : y) : (m < y ? m : y);
        int d = 255 - k;
        /* Adobe convention: every channel stored inverted. */
        cmyk[i * 4] = 255 - (d ? (c - k) * 255 / d : 0);
        cmyk[i * 4 + 1] = 255 - (d ? (m - k) * 255 / d : 0);
        cmyk[i * 4 + 2] = 255 - (d ? (y - k) * 255 / d : 0);
        cmyk[i * 4 + 3] = 255 - k;
    }
    struct jpeg_compress_struct cinfo;
    struct jpeg_error_mgr err;
    cinfo.err = jpeg_std_error(&err);
    jpeg_create_compress(&cinfo);
    jpeg_stdio_dest(&cinfo, stdout);
    cinfo.image_width = w;
    cinfo.image_height = h;
    cinfo.input_components = 4;
    cinfo.in_color_space = JCS_CMYK;
    jpeg_set_defaults(&cinfo);
    jpeg_set_colorspace(&cinfo, argv[2][0] == 'y' ? JCS_YCCK : JCS_CMYK);
    jpeg_set_quality(&cinfo, 95, TRUE);
    jpeg_start_compress(&cinfo, TRUE);
    while (cinfo.next_scanline < cinfo.image_height) {
        JSAMPROW row = cmyk + (size_t)cinfo.next_scanline * w * 4;
        jpeg_write_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_compress(&cinfo);
    return 0;
}
C
gcc -O2 -o "$tmp/ycck" "$tmp/ycck.c" -ljpeg
"$tmp/ycck" source.ppm ycck > ycck.jpg
"$tmp/ycck" source.ppm cmyk > cmyk-adobe.jpg
rm -rf "$tmp"
