#!/usr/bin/python3
"""Measures what JPEG shrink-on-load costs in quality, for ScalePlan.jpegShrink's thresholds.

usage: shrink_thresholds.py RICHPREVIEW IMAGE_DIR RESULTS_DIR

For every JPEG photo of the benchmark set, every DCT reduction d (1/2, 1/4, 1/8; 1/1 as the
baseline) and every residual factor r in RESIDUALS (the reduction left to the Lanczos-3 filter
after the decoder's 1/d), it makes the image `richpreview scale` would make if it decoded at 1/d:
`djpeg -scale 1/d` (the same libjpeg-turbo, the same islow IDCT and fancy upsampling as our
decoder) to a lossless PNG, then `richpreview scale --mode stretch` to exactly
round(W/(d*r)) x round(H/(d*r)). That route is bit-identical to the decoder's own reduced decode
followed by the resampler (checked on the first image, and the script stops if it is not).

Each result is scored like psnr.py scores the benchmark's outputs: against the full-resolution
source resized in one step with Pillow's Lanczos to the same size, PSNR over 8-bit RGB.

Progressive files are decoded differently at 1/4: the decoder reads only the AC scans that
start in the 2x2 low-frequency corner of the full-resolution components, at their first
precision (see crp_jpeg_decoder_set_ac_scan_skipping). So each photo is also made progressive
with `jpegtran -progressive` (libjpeg's default script) and scaled by `richpreview scale` itself
at the residuals where the thresholds pick 1/4, beside the same sizes from the baseline file.

It also scores the benchmark's rows (each photo into the 1179 and the 375 box, PNG out): the
reduction each row needs, vipsthumbnail's PSNR, ours at every d that leaves a residual >= 1,
and the d the thresholds pick.

Prints a Markdown report to stdout; writes RESULTS_DIR/shrink-thresholds.md (the same) and
shrink-thresholds.json (every number). Progress goes to stderr.
"""
import json
import os
import subprocess
import sys
import tempfile

import numpy as np
from PIL import Image

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from psnr import LANCZOS, on_white  # noqa: E402 - the benchmark's own scoring

IMAGES = ["photo-12mp.jpg", "photo-8mp-dense.jpg", "photo-2mp.jpg", "gray-4mp.jpg"]
# photo-12mp-exif6.jpg holds the pixels of photo-12mp.jpg (an EXIF tag), so its rows score as
# photo-12mp.jpg's do; photo-12mp-progressive.jpg (a lossless transcode) is in the progressive table.
DENOMINATORS = [1, 2, 4, 8]
RESIDUALS = [1.0, 1.1, 1.2, 1.3, 1.4, 1.5, 1.6, 1.7, 1.8, 2.0, 2.25, 2.5, 3.0]
BOXES = [1179, 375]
# A reduction d is allowed from the smallest residual r of the grid at which every photo scores at
# least this, at that r and every larger one. vipsthumbnail's lowest score on the rows is 44.8 dB.
PSNR_FLOOR = 45.0
# The rule before measurement: leave the filter a factor of 2 at every d.
FIXED_RULE = {8: 2.0, 4: 2.0, 2: 2.0}
# Residuals at which the thresholds decode at 1/4 (from its threshold up to twice 1/8's).
PROGRESSIVE_RESIDUALS = [1.6, 1.8, 2.0, 2.5, 3.0]


def note(text):
    print(f"shrink_thresholds: {text}", file=sys.stderr, flush=True)


def run(command):
    result = subprocess.run(command, capture_output=True)
    if result.returncode != 0:
        sys.exit(f"shrink_thresholds: error: {' '.join(command)} failed:\n{result.stderr.decode()}")
    return result.stdout


def psnr(output, reference):
    mse = float(np.mean((on_white(Image.open(output)) - reference) ** 2))
    return float("inf") if mse == 0 else 10.0 * float(np.log10(255.0**2 / mse))


def fitted(width, height, box):
    """ScalePlan's fit: each side round(side x min(box/W, box/H)), at least 1."""
    scale = min(box / width, box / height)
    return max(1, round(width * scale)), max(1, round(height * scale))


def thresholds_from(sweep):
    """Per d, the smallest grid residual from which every photo stays at or above PSNR_FLOOR."""
    result = {}
    for d in (2, 4, 8):
        chosen = None
        for r in reversed(RESIDUALS):
            if all(e["psnr_db"] >= PSNR_FLOOR for e in sweep if e["denominator"] == d and e["residual"] == r):
                chosen = r
            else:
                break
        result[d] = chosen if chosen is not None else float("inf")
    return result


def pick(reduction, thresholds):
    for d in (8, 4, 2):
        if reduction / d >= thresholds[d]:
            return d
    return 1


class Photo:
    def __init__(self, path, scratch, binary):
        self.name = os.path.basename(path)
        self.path = path
        self.scratch = scratch
        self.binary = binary
        self.source = Image.open(path).convert("RGB")
        self.width, self.height = self.source.size
        self.references = {}
        self.reduced = {}

    def reference(self, size):
        if size not in self.references:
            self.references[size] = on_white(self.source.resize(size, LANCZOS))
        return self.references[size]

    def reduced_png(self, d):
        """The decoder's 1/d output, as a lossless PNG."""
        if d not in self.reduced:
            ppm = os.path.join(self.scratch, f"{self.name}-{d}.pnm")
            with open(ppm, "wb") as out:
                out.write(run(["djpeg", "-scale", f"1/{d}", self.path]))
            png = os.path.join(self.scratch, f"{self.name}-{d}.png")
            Image.open(ppm).save(png, compress_level=1)
            self.reduced[d] = png
        return self.reduced[d]

    def ours(self, d, size):
        """PSNR of decoding at 1/d, then resampling to `size`."""
        out = os.path.join(self.scratch, f"{self.name}-{d}-{size[0]}x{size[1]}.png")
        run([self.binary, "scale", self.reduced_png(d), "-o", out, "--fit", f"{size[0]}x{size[1]}",
             "--mode", "stretch"])
        return psnr(out, self.reference(size))


def progressive_sweep(photo):
    """Our own 1/4 scale of the photo made progressive, beside the baseline file's, per residual."""
    progressive = os.path.join(photo.scratch, f"progressive-{photo.name}")
    run(["jpegtran", "-progressive", "-copy", "none", "-outfile", progressive, photo.path])
    cells = []
    for r in PROGRESSIVE_RESIDUALS:
        size = (max(1, round(photo.width / (4 * r))), max(1, round(photo.height / (4 * r))))
        out = os.path.join(photo.scratch, f"progressive-{photo.name}-{size[0]}x{size[1]}.png")
        report = json.loads(run([photo.binary, "scale", progressive, "-o", out, "--fit", f"{size[0]}x{size[1]}",
                                 "--mode", "stretch", "--json"]))
        if report["jpegScaleDenominator"] != 4:
            sys.exit(f"shrink_thresholds: error: {photo.name} progressive into {size[0]}x{size[1]} decoded at "
                     f"1/{report['jpegScaleDenominator']}, not 1/4")
        cells.append({"image": photo.name, "residual": r, "width": size[0], "height": size[1],
                      "progressive_psnr_db": psnr(out, photo.reference(size)),
                      "baseline_psnr_db": photo.ours(4, size)})
    return cells


def check_route(photo, box):
    """The djpeg route must give our own reduced decode's pixels, bit for bit."""
    size = fitted(photo.width, photo.height, box)
    direct = os.path.join(photo.scratch, "direct.png")
    report = json.loads(run([photo.binary, "scale", photo.path, "-o", direct, "--fit", f"{box}x{box}",
                             "--json"]))
    d = report["jpegScaleDenominator"]
    via = os.path.join(photo.scratch, "via.png")
    run([photo.binary, "scale", photo.reduced_png(d), "-o", via, "--fit", f"{size[0]}x{size[1]}",
         "--mode", "stretch"])
    a = np.asarray(Image.open(direct).convert("RGB"))
    b = np.asarray(Image.open(via).convert("RGB"))
    if a.shape != b.shape or not np.array_equal(a, b):
        sys.exit(f"shrink_thresholds: error: djpeg -scale 1/{d} then scale differs from scaling "
                 f"{photo.name} into {box}x{box} directly; the sweep would not measure our decoder")
    return d


def fmt(value):
    return "∞" if value == float("inf") else f"{value:.2f}"


def main(argv):
    if len(argv) != 4:
        sys.exit(__doc__.split("\n\n")[1])
    binary, image_dir, results = argv[1], argv[2], argv[3]
    os.makedirs(results, exist_ok=True)
    data = {"residuals": RESIDUALS, "psnr_floor_db": PSNR_FLOOR, "sweep": [], "rows": []}
    lines = []
    with tempfile.TemporaryDirectory(prefix="shrink-thresholds.") as scratch:
        photos = [Photo(os.path.join(image_dir, name), scratch, binary) for name in IMAGES]
        routes = {box: check_route(photos[0], box) for box in BOXES}
        note(f"djpeg route matches our decoder (1/{routes[BOXES[0]]} and 1/{routes[BOXES[1]]})")

        for photo in photos:
            for d in DENOMINATORS:
                for r in RESIDUALS:
                    size = (max(1, round(photo.width / (d * r))), max(1, round(photo.height / (d * r))))
                    value = photo.ours(d, size)
                    data["sweep"].append({"image": photo.name, "denominator": d, "residual": r,
                                          "width": size[0], "height": size[1], "psnr_db": value})
                note(f"{photo.name} 1/{d} done")

        data["progressive"] = []
        for photo in photos:
            data["progressive"] += progressive_sweep(photo)
            note(f"{photo.name} progressive done")

        thresholds = thresholds_from(data["sweep"])
        data["thresholds"] = thresholds
        for photo in photos:
            for box in BOXES:
                size = fitted(photo.width, photo.height, box)
                reduction = min(photo.width / size[0], photo.height / size[1])
                vips_out = os.path.join(scratch, f"vips-{photo.name}-{box}.png")
                run(["vipsthumbnail", photo.path, "--size", f"{box}x{box}", "-o", vips_out])
                vips_size = Image.open(vips_out).size
                row = {"image": photo.name, "box": box, "width": size[0], "height": size[1],
                       "reduction": reduction, "vips_psnr_db": psnr(vips_out, photo.reference(vips_size)),
                       "ours_psnr_db": {}, "picked": pick(reduction, thresholds),
                       "picked_before": pick(reduction, FIXED_RULE)}
                for d in DENOMINATORS:
                    if reduction / d >= 1:
                        row["ours_psnr_db"][d] = photo.ours(d, size)
                data["rows"].append(row)
                note(f"{photo.name} into {box} done")

    lines.append("## PSNR (dB) of decoding at 1/d, then Lanczos-3 by the residual factor r")
    lines.append("")
    lines.append("Against a full-resolution Lanczos-3 reference; one column per r, one row per image and d.")
    lines.append("")
    lines.append("| image | d | " + " | ".join(f"r={r:g}" for r in RESIDUALS) + " |")
    lines.append("|---|---|" + "---|" * len(RESIDUALS))
    for photo in IMAGES:
        for d in DENOMINATORS:
            cells = [e for e in data["sweep"] if e["image"] == photo and e["denominator"] == d]
            lines.append(f"| {photo} | 1/{d} | " + " | ".join(fmt(e["psnr_db"]) for e in cells) + " |")
    lines.append("")
    lines.append("## The benchmark's rows (PNG out)")
    lines.append("")
    lines.append("| image | box | output | reduction | vips dB | ours 1/1 | ours 1/2 | ours 1/4 | ours 1/8 "
                 "| picked (was) | picked − vips |")
    lines.append("|---|---|---|---|---|---|---|---|---|---|---|")
    for row in data["rows"]:
        ours = [fmt(row["ours_psnr_db"][d]) if d in row["ours_psnr_db"] else "–" for d in DENOMINATORS]
        margin = row["ours_psnr_db"][row["picked"]] - row["vips_psnr_db"]
        row["picked_margin_db"] = margin
        lines.append(f"| {row['image']} | {row['box']} | {row['width']}×{row['height']} | "
                     f"{row['reduction']:.2f} | {fmt(row['vips_psnr_db'])} | " + " | ".join(ours)
                     + f" | 1/{row['picked']} (1/{row['picked_before']}) | {margin:+.2f} |")
    lines.append("")
    worst = min(row["picked_margin_db"] for row in data["rows"])
    lines.append(f"Thresholds (decode at 1/d when reduction / d ≥ t; the smallest r of the grid from which "
                 f"every photo scores ≥ {PSNR_FLOOR:g} dB): "
                 + ", ".join(f"1/{d}: {thresholds[d]:g}" for d in (8, 4, 2))
                 + f". Worst margin over vips on the rows: {worst:+.2f} dB"
                 + (" (every row at or above vips)." if worst >= 0 else " (BELOW vips on some row)."))
    lines.append("")
    lines.append("## Progressive files at 1/4")
    lines.append("")
    lines.append("Each photo made progressive (`jpegtran -progressive`) and scaled by `richpreview scale` at 1/4, "
                 "reading only the AC scans in the 2×2 corner at their first precision, beside the baseline "
                 "file's exact 1/4 decode at the same size (dB; Δ = progressive − baseline).")
    lines.append("")
    lines.append("| image | " + " | ".join(f"r={r:g}" for r in PROGRESSIVE_RESIDUALS) + " |")
    lines.append("|---|" + "---|" * len(PROGRESSIVE_RESIDUALS))
    for photo in IMAGES:
        cells = [e for e in data["progressive"] if e["image"] == photo]
        lines.append(f"| {photo} | " + " | ".join(
            f"{fmt(e['progressive_psnr_db'])} ({e['progressive_psnr_db'] - e['baseline_psnr_db']:+.2f})"
            for e in cells) + " |")
    lines.append("")
    low = min(e["progressive_psnr_db"] for e in data["progressive"])
    delta = min(e["progressive_psnr_db"] - e["baseline_psnr_db"] for e in data["progressive"])
    lines.append(f"Lowest progressive score {low:.2f} dB (floor {PSNR_FLOOR:g} dB); largest loss against the "
                 f"baseline file's exact decode {delta:+.2f} dB.")
    report = "\n".join(lines) + "\n"
    print(report)
    with open(os.path.join(results, "shrink-thresholds.md"), "w") as out:
        out.write(report)
    with open(os.path.join(results, "shrink-thresholds.json"), "w") as out:
        json.dump(data, out, indent=1)


if __name__ == "__main__":
    main(sys.argv)
