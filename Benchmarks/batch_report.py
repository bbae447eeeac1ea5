#!/usr/bin/python3
"""The photo set, the output checks and the report of Benchmarks/batch-benchmark.sh (standard library only).

usage: batch_report.py plan SEED COUNT
       batch_report.py check-set DIR MANIFEST
       batch_report.py check-outputs OUTDIR MANIFEST COUNT BOX FORMAT [PRINTED]
       batch_report.py sample-rss OUTFILE NAME COMMAND...
       batch_report.py report WORKDIR RESULTSDIR

plan: prints the recipe of COUNT phone-sized photos as a tab-separated manifest (a header, then
one line per photo), drawn with Python's random.Random(SEED) from three photos of the bench set.
The same SEED and COUNT always give the same lines.

check-set: exits 1 unless every photo in MANIFEST is in DIR as a baseline JPEG of the stored
size and EXIF orientation the manifest lists.

check-outputs: exits 1 unless OUTDIR holds exactly the outputs of the first COUNT photos (the
input's name with FORMAT's extension, nothing else), each a JPEG or PNG as FORMAT says, of the
size that fits the photo's displayed size into a BOX×BOX box (±1 px). With PRINTED (what
`richpreview scale` printed: its `--json` array or its line per photo), also checks that it names
every photo once, in input order, and that the --json sizes are the files' sizes. Prints
"COUNT files, BYTES bytes".

sample-rss: runs COMMAND, sums the VmRSS of its descendant processes called NAME every 10 ms, and
writes the highest sum (KiB) to OUTFILE; exits with COMMAND's status. GNU time gives the peak of
the largest single process; this gives the peak of several that run at once (a sampled lower
bound: a peak shorter than 10 ms can be missed).

report: reads WORKDIR/meta.tsv, cells.tsv, series.tsv and the GNU time logs they name. Prints
the Markdown report to stdout and writes RESULTSDIR/batch-latest.md (the same text) and
batch-latest.json (everything, every run included).
"""
import csv
import json
import os
import random
import statistics
import struct
import subprocess
import sys
import time

from report_files import write_report

RECIPE = 2   # bump when the plan below changes, so a cached set is rebuilt
SOURCES = {  # name in the bench set: stored size (all have orientation 1)
    "photo-12mp.jpg": (4032, 3024),
    "photo-8mp-dense.jpg": (3264, 2448),
    "photo-2mp.jpg": (1920, 1280),
}
# (display width, height, how many of 100): sizes phone cameras write, landscape. Every short
# side is at least 1200, over the 1125 box: see MAGICK_HINT in Benchmarks/README.md.
CLASSES = [
    (4032, 3024, 20),   # 12.2 MP, 4:3
    (4032, 2268, 5),    # 9.1 MP, 16:9
    (3024, 3024, 5),    # 9.1 MP, 1:1
    (3264, 2448, 15),   # 8.0 MP, 4:3
    (2592, 1944, 20),   # 5.0 MP, 4:3
    (2048, 1536, 20),   # 3.1 MP, 4:3
    (1600, 1200, 15),   # 1.9 MP, 4:3
]
# how the pixels are stored: (label, EXIF orientation, pixels turned 90° before saving, weight)
LAYOUTS = [
    ("upright", 1, False, 55),
    ("exif6", 6, False, 25),   # a portrait phone shot: landscape pixels, rotate 90° CW to show
    ("exif3", 3, False, 5),
    ("exif8", 8, False, 5),
    ("portrait", 1, True, 10),  # pixels stored portrait, no rotation needed
]
MAX_UPSCALE = 1.06   # a crop is resized up by at most this much (only the 12 MP frames need it)
MIN_CROP = 0.6       # a crop keeps at least this share of the largest rectangle of its aspect
FIELDS = ["name", "source", "crop_x", "crop_y", "crop_w", "crop_h", "resize_w", "resize_h", "flop",
          "turn90", "orientation", "stored_w", "stored_h", "display_w", "display_h", "quality", "layout"]


# ------------------------------------------------------------------------------- plan
def plan(seed, count):
    rng = random.Random(seed)
    sizes = [(w, h) for w, h, n in CLASSES for _ in range(n)]
    rng.shuffle(sizes)
    rows = []
    for index in range(count):
        width, height = sizes[index % len(sizes)]
        label, orientation, turn, _ = rng.choices(LAYOUTS, weights=[l[3] for l in LAYOUTS])[0]
        candidates = []
        for source, (sw, sh) in SOURCES.items():
            # the largest rectangle of the target's aspect inside the source
            scale = min(sw / width, sh / height)
            if scale * MAX_UPSCALE >= 1:
                candidates.append((source, sw, sh, scale))
        source, sw, sh, scale = rng.choice(candidates)
        low = max(MIN_CROP, 1 / (scale * MAX_UPSCALE))
        share = rng.uniform(low, 1) if low < 1 else 1
        crop_w = min(sw, max(1, round(width * scale * share)))
        crop_h = min(sh, max(1, round(height * scale * share)))
        crop_x = rng.randint(0, sw - crop_w)
        crop_y = rng.randint(0, sh - crop_h)
        flop = rng.random() < 0.5
        quality = rng.randint(85, 95)
        stored = (height, width) if turn else (width, height)
        display = stored[::-1] if orientation in (5, 6, 7, 8) else stored
        rows.append({"name": f"IMG_{index + 1:04d}.jpg", "source": source, "crop_x": crop_x,
                     "crop_y": crop_y, "crop_w": crop_w, "crop_h": crop_h, "resize_w": width,
                     "resize_h": height, "flop": int(flop), "turn90": int(turn),
                     "orientation": orientation, "stored_w": stored[0], "stored_h": stored[1],
                     "display_w": display[0], "display_h": display[1], "quality": quality,
                     "layout": label})
    print(f"# recipe {RECIPE}, seed {seed}, {count} photos")
    print("\t".join(FIELDS))
    for row in rows:
        print("\t".join(str(row[f]) for f in FIELDS))
    return 0


def read_manifest(path):
    with open(path) as f:
        lines = [line for line in f if not line.startswith("#")]
    rows = list(csv.DictReader(lines, delimiter="\t", quoting=csv.QUOTE_NONE))
    for row in rows:
        for key in FIELDS:
            if key not in ("name", "source", "layout"):
                row[key] = int(row[key])
    return rows


# ------------------------------------------------------------------------------- headers
def exif_orientation(segment):
    """The Orientation tag of an APP1 Exif segment's IFD0 (the bytes after the length), or 1."""
    if segment[:6] != b"Exif\0\0" or len(segment) < 14:
        return 1
    tiff = segment[6:]
    order = {b"II": "<", b"MM": ">"}.get(tiff[:2])
    if order is None:
        return 1
    (ifd,) = struct.unpack(order + "I", tiff[4:8])
    if ifd + 2 > len(tiff):
        return 1
    (entries,) = struct.unpack(order + "H", tiff[ifd:ifd + 2])
    for k in range(min(entries, 512)):
        at = ifd + 2 + 12 * k
        if at + 12 > len(tiff):
            break
        tag, kind, _ = struct.unpack(order + "HHI", tiff[at:at + 8])
        if tag == 0x0112 and kind == 3:
            return struct.unpack(order + "H", tiff[at + 8:at + 10])[0]
    return 1


def jpeg_info(path):
    """(width, height, SOF marker, EXIF orientation) of a JPEG, or None when it is not one."""
    with open(path, "rb") as f:
        data = f.read(1 << 20)
    if data[:2] != b"\xff\xd8":
        return None
    i, orientation = 2, 1
    while i + 4 <= len(data):
        if data[i] != 0xFF:
            return None
        marker = data[i + 1]
        if marker == 0xFF:
            i += 1
            continue
        (length,) = struct.unpack(">H", data[i + 2:i + 4])
        if marker == 0xE1:
            orientation = exif_orientation(data[i + 4:i + 2 + length])
        if marker in (0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF):
            if i + 9 > len(data):
                return None
            height, width = struct.unpack(">HH", data[i + 5:i + 9])
            return (width, height, marker, orientation)
        i += 2 + length
    return None


def png_size(path):
    with open(path, "rb") as f:
        head = f.read(33)
    if len(head) < 33 or head[:8] != b"\x89PNG\r\n\x1a\n" or head[12:16] != b"IHDR":
        return None
    return struct.unpack(">II", head[16:24])


def fitted(width, height, box):
    """The size a width×height image takes fitted into a box×box box, each side rounded."""
    scale = min(box / width, box / height)
    return (max(1, round(width * scale)), max(1, round(height * scale)))


# ------------------------------------------------------------------------------- checks
def check_set(folder, manifest):
    problems = []
    for row in read_manifest(manifest):
        info = jpeg_info(os.path.join(folder, row["name"]))
        want = (row["stored_w"], row["stored_h"], 0xC0, row["orientation"])
        if info != want:
            problems.append(f"{row['name']}: expected baseline {want[0]}×{want[1]} orientation "
                            f"{want[3]}, found {info}")
    for p in problems:
        print(f"batch_report.py: {p}", file=sys.stderr)
    return 1 if problems else 0


def check_outputs(folder, manifest, count, box, fmt_name, report=None):
    rows = read_manifest(manifest)[:count]
    ext = ".jpg" if fmt_name == "jpeg" else ".png"
    expected = {os.path.splitext(r["name"])[0] + ext: r for r in rows}
    found = set(os.listdir(folder))
    problems = []
    for extra in sorted(found - set(expected)):
        problems.append(f"unexpected file {extra}")
    for missing in sorted(set(expected) - found):
        problems.append(f"missing output {missing}")
    total = 0
    sizes = {}
    for name in sorted(found & set(expected)):
        row = expected[name]
        path = os.path.join(folder, name)
        total += os.path.getsize(path)
        if fmt_name == "jpeg":
            info = jpeg_info(path)
            size = None if info is None else info[:2]
        else:
            size = png_size(path)
        want = fitted(row["display_w"], row["display_h"], box)
        sizes[name] = size
        if size is None:
            problems.append(f"{name} is not a {fmt_name.upper()}")
        elif abs(size[0] - want[0]) > 1 or abs(size[1] - want[1]) > 1:
            problems.append(f"{name}: expected {want[0]}×{want[1]} (±1) from a {row['display_w']}×"
                            f"{row['display_h']} photo, found {size[0]}×{size[1]}")
    if report is not None:
        problems += check_report(report, rows, expected, sizes)
    for p in problems[:20]:
        print(f"batch_report.py: {folder}: {p}", file=sys.stderr)
    if problems:
        return 1
    print(f"{len(found)} files, {total} bytes")
    return 0


def check_report(path, rows, expected, sizes):
    """Problems with what `richpreview scale` printed: its --json array, or its one line per
    photo ("OUTPUT: W×H -> W×H format"); both must follow the input order."""
    text = open(path).read()
    problems = []
    names = list(expected)
    if text.lstrip().startswith("["):
        entries = json.loads(text)
        listed = [os.path.basename(e.get("input") or "") for e in entries]
        if listed != [r["name"] for r in rows]:
            problems.append(f"--json lists the inputs as {listed[:6]}…, not in input order")
        for e in entries:
            out = os.path.basename(e.get("output") or "")
            got = e.get("outputSize") or {}
            if e.get("error") is not None:
                problems.append(f"--json: {out}: error {e['error']}")
            elif sizes.get(out) != (got.get("width"), got.get("height")):
                problems.append(f"--json: {out}: says {got}, the file is {sizes.get(out)}")
    else:
        listed = [os.path.basename(line.split(": ", 1)[0]) for line in text.splitlines() if line]
        if listed != names:
            problems.append(f"the printed lines name {listed[:6]}…, not the outputs in input order")
    return problems


def sample_rss(out, name, command):
    """Runs command, polls the summed VmRSS of its descendants called `name` every 10 ms, and
    writes the highest sum in KiB to `out`; exits with the command's status."""
    child = subprocess.Popen(command)
    peak = 0

    def descendants(pid, depth=0):
        found = []
        try:
            for task in os.listdir(f"/proc/{pid}/task"):
                with open(f"/proc/{pid}/task/{task}/children") as f:
                    for kid in f.read().split():
                        found.append(int(kid))
                        if depth < 8:
                            found += descendants(int(kid), depth + 1)
        except OSError:
            pass
        return found

    def rss(pid):
        try:
            with open(f"/proc/{pid}/status") as f:
                fields = dict(line.split(":", 1) for line in f if ":" in line)
        except OSError:
            return 0
        if fields.get("Name", "").strip() != name[:15]:
            return 0
        return int(fields.get("VmRSS", "0 kB").split()[0])

    while child.poll() is None:
        peak = max(peak, sum(rss(pid) for pid in descendants(child.pid)))
        time.sleep(0.01)
    with open(out, "w") as f:
        f.write(f"{peak}\n")
    return child.returncode


# ------------------------------------------------------------------------------- report
TOOL_NAMES = {"richpreview": "**richpreview scale**", "vipsthumbnail": "vipsthumbnail", "mogrify": "mogrify"}
FORM_NAMES = {"jobs": "`--jobs {w}`", "process": "one process", "threads": "`VIPS_CONCURRENCY={w}`",
              "xargs": "`xargs -P {w}`"}
FORMAT_NAMES = {"jpeg": "JPEG q{q} out", "png": "PNG out"}


def parse_time(line):
    """(wall s, user s, sys s, max RSS KiB, exit status) from our GNU time line."""
    parts = line.split()
    return float(parts[1]), float(parts[2]), float(parts[3]), int(parts[4]), int(parts[5])


def fmt(v, spec=".2f", none="n/a"):
    return none if v is None else format(v, spec)


def ratio(a, b):
    return None if a is None or b is None or b == 0 else a / b


def photo_set(meta, count):
    rows = read_manifest(meta["manifest"])[:count]
    mp = [r["stored_w"] * r["stored_h"] / 1e6 for r in rows]
    sizes = {}
    for r in rows:
        key = f"{max(r['resize_w'], r['resize_h'])}×{min(r['resize_w'], r['resize_h'])}"
        sizes[key] = sizes.get(key, 0) + 1
    layouts, sources = {}, {}
    for r in rows:
        layouts[r["layout"]] = layouts.get(r["layout"], 0) + 1
        sources[r["source"]] = sources.get(r["source"], 0) + 1
    folder = os.path.dirname(meta["manifest"])
    total = sum(os.path.getsize(os.path.join(folder, r["name"])) for r in rows)
    return {"count": len(rows), "megapixels": round(sum(mp), 2), "mean_mp": round(statistics.mean(mp), 2),
            "min_mp": round(min(mp), 2), "max_mp": round(max(mp), 2), "sizes": sizes, "layouts": layouts,
            "sources": sources, "bytes": total,
            "bits_per_pixel": round(total * 8 / (sum(mp) * 1e6), 2),
            "qualities": [min(r["quality"] for r in rows), max(r["quality"] for r in rows)]}


def report(work, results):
    meta = dict(line.rstrip("\n").split("\t", 1) for line in open(os.path.join(work, "meta.tsv")))
    count = int(meta["count"])
    commands = {}
    with open(os.path.join(work, "cells.tsv")) as f:
        for row in csv.DictReader(f, delimiter="\t", quoting=csv.QUOTE_NONE):
            commands[row["cell"]] = row["command"]
    cells = {}
    for key, command in commands.items():
        fmt_name, tool, width, form = key.split()
        cells[key] = {"cell": key, "format": fmt_name, "tool": tool, "width": int(width), "form": form,
                      "command": command, "runs": []}
    with open(os.path.join(work, "runs.tsv")) as f:
        for row in csv.DictReader(f, delimiter="\t", quoting=csv.QUOTE_NONE):
            wall, user, system, peak, status = parse_time(row["time"])
            files, _, size = row["checked"].partition(" files, ")
            cells[row["cell"]]["runs"].append({
                "round": int(row["round"]), "wall_s": int(row["wall_us"]) / 1e6, "time_wall_s": wall,
                "user_s": user, "sys_s": system, "cpu_s": round(user + system, 2), "peak_kib": peak,
                "exit": status, "files": int(files), "output_bytes": int(size),
                "sampled_sum_kib": int(row["rss_kib"]) if row["rss_kib"] else None})
    for c in cells.values():
        runs = c["runs"]
        walls = [r["wall_s"] for r in runs]
        c["median_s"] = statistics.median(walls)
        c["min_s"], c["max_s"] = min(walls), max(walls)
        c["spread"] = (max(walls) - min(walls)) / c["median_s"]
        c["cpu_s"] = statistics.median(r["cpu_s"] for r in runs)
        c["cpu_per_wall"] = c["cpu_s"] / c["median_s"]
        c["photos_per_s"] = count / c["median_s"]
        c["peak_mib"] = max(r["peak_kib"] for r in runs) / 1024
        sampled = [r["sampled_sum_kib"] for r in runs if r["sampled_sum_kib"] is not None]
        c["sampled_sum_mib"] = max(sampled) / 1024 if sampled else None
        c["output_mib"] = runs[-1]["output_bytes"] / 2**20
    series = []
    with open(os.path.join(work, "series.tsv")) as f:
        for row in csv.DictReader(f, delimiter="\t", quoting=csv.QUOTE_NONE):
            wall, user, system, peak, _ = parse_time(row["time"])
            series.append({"series": row["series"], "x": int(row["x"]), "wall_s": int(row["wall_us"]) / 1e6,
                           "cpu_s": round(user + system, 2), "peak_mib": peak / 1024})

    def find(fmt_name, tool, width, forms=None):
        for c in cells.values():
            if (c["format"], c["tool"], c["width"]) == (fmt_name, tool, width) and \
                    (forms is None or c["form"] in forms):
                return c
        return None

    def memory(c):
        """The peak that counts for a cell: the sampled sum of its processes for xargs."""
        return c["sampled_sum_mib"] if c["form"] == "xargs" and c["sampled_sum_mib"] else c["peak_mib"]

    for c in cells.values():
        one = find(c["format"], c["tool"], 1)
        c["speedup"] = None if one is None or c["width"] == 1 else one["median_s"] / c["median_s"]
        ours = find(c["format"], "richpreview", c["width"])
        if ours is None or c["tool"] == "richpreview":
            c["ours_ratio"] = c["ours_cpu_ratio"] = c["ours_memory_ratio"] = None
        else:
            c["ours_ratio"] = ours["median_s"] / c["median_s"]
            c["ours_cpu_ratio"] = ours["cpu_s"] / c["cpu_s"]
            c["ours_memory_ratio"] = memory(ours) / memory(c)

    formats = [f for f in ("jpeg", "png") if any(c["format"] == f for c in cells.values())]
    widths = sorted({c["width"] for c in cells.values()})
    peers = [t for t in ("vipsthumbnail", "mogrify") if any(c["tool"] == t for c in cells.values())]
    pset = photo_set(meta, count)

    # ---------------------------------------------------------------- findings
    notes = []
    for c in cells.values():
        name = f"{c['tool']} {FORM_NAMES[c['form']].format(w=c['width'])}, {c['format']}"
        if c["speedup"] is not None and c["speedup"] < 1:
            notes.append(f"**{name} is slower than 1 wide**: speed-up {c['speedup']:.2f}.")
        elif c["speedup"] is not None and c["speedup"] < 0.75 * min(c["width"], int(meta["cores"])):
            notes.append(f"{name}: speed-up only {c['speedup']:.2f} on {meta['cores']} cores.")
        if c["width"] == 1 and c["cpu_per_wall"] > 1.1:
            notes.append(f"{name}: CPU ÷ wall {c['cpu_per_wall']:.2f} with one worker (a helper thread).")
        if c["spread"] > 0.15:
            notes.append(f"{name}: the runs spread by {c['spread'] * 100:.0f} % of the median "
                         f"({c['min_s']:.2f}–{c['max_s']:.2f} s): the machine was busy.")
    # --jobs 1 and 2 over every photo are the matrix's JPEG cells (median wall and CPU, peak
    # over their runs); the series adds the other points, one run each
    for w in (1, 2):
        c = find("jpeg", "richpreview", w)
        if c is not None and series:
            series.append({"series": "jobs", "x": w, "wall_s": c["median_s"], "cpu_s": c["cpu_s"],
                           "peak_mib": c["peak_mib"], "from": "matrix"})
            if w == 2:
                series.append({"series": "photos", "x": count, "wall_s": c["median_s"],
                               "cpu_s": c["cpu_s"], "peak_mib": c["peak_mib"], "from": "matrix"})
    jobs = sorted((s for s in series if s["series"] == "jobs"), key=lambda s: s["x"])
    photos = sorted((s for s in series if s["series"] == "photos"), key=lambda s: s["x"])
    if len(jobs) > 1:
        first, last = jobs[0], jobs[-1]
        per_job = (last["peak_mib"] - first["peak_mib"]) / (last["x"] - first["x"])
        at_cores = next((s for s in jobs if s["x"] == int(meta["cores"])), None)
        notes.append(f"Memory against `--jobs`: {first['peak_mib']:.1f} MiB at {first['x']}, "
                     f"{last['peak_mib']:.1f} MiB at {last['x']}: {per_job:+.1f} MiB per extra job "
                     f"(each job holds one photo's buffers)"
                     + ("" if at_cores is None or at_cores is last else
                        f"; {last['x']} jobs on {meta['cores']} cores took {last['wall_s']:.2f} s against "
                        f"{at_cores['wall_s']:.2f} s with {at_cores['x']}") + ".")
    if len(photos) > 1:
        first, last = photos[0], photos[-1]
        growth = last["peak_mib"] - first["peak_mib"]
        notes.append(f"Memory against the number of photos (`--jobs 2`): {first['peak_mib']:.1f} MiB for "
                     f"{first['x']}, {last['peak_mib']:.1f} MiB for {last['x']} ({growth:+.1f} MiB)"
                     + (": **it grows with the batch**." if growth > max(4.0, 0.1 * first["peak_mib"])
                        else ": flat, as it should be (the largest photo sets the peak)."))
    if any(s.get("from") != "matrix" for s in series):
        notes.append("richpreview's `--json` output listed every photo in input order in every series run, "
                     "at every `--jobs`, and its line-per-photo output did in every timed run.")

    # ---------------------------------------------------------------- Markdown
    L = ["# richpreview batch-scaling benchmark", ""]
    L.append(f"{meta['date']} · {meta['cpu']} · {meta['cores']} cores · load {meta['load_start']} at the "
             f"start, {meta['load_end']} at the end · {meta['richpreview']} @ {meta['commit']} · "
             f"{meta['vips']} · {meta['imagemagick']} · {meta['libjpeg']}")
    L.append("")
    L.append(f"{count} photos ({pset['megapixels']:.0f} MP, {pset['mean_mp']:.1f} MP each on average, "
             f"{pset['min_mp']:.1f}–{pset['max_mp']:.1f} MP; {pset['bytes'] / 2**20:.0f} MiB of JPEG at "
             f"{pset['bits_per_pixel']:.2f} bit/px) fitted into {meta['box']}×{meta['box']}. Wall time: the median of "
             f"{meta['runs']} runs (richpreview) or {meta['peer_runs']} runs (peers) of each command over the "
             f"whole folder; the rounds alternate the order of the cells. CPU = user + sys (median); peak = max RSS over the runs (GNU time). Every run "
             f"was checked: exit 0, exactly {count} outputs, each of the fitted size (±1 px). Total run "
             f"time {meta.get('seconds', '?')} s.")
    for fmt_name in formats:
        L += ["", f"## {FORMAT_NAMES[fmt_name].format(q=meta['quality'])}", ""]
        L.append("| tool | wide | how | median s | photos/s | speed-up | CPU s | CPU ÷ wall | peak MiB | "
                 "output MiB | ours ÷ this: wall | CPU | peak |")
        L.append("|---|--:|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|")
        for c in sorted((c for c in cells.values() if c["format"] == fmt_name),
                        key=lambda c: (list(TOOL_NAMES).index(c["tool"]), c["width"], c["form"])):
            peak = fmt(c["peak_mib"], ".1f")
            if c["form"] == "xargs":
                peak = f"{fmt(c['sampled_sum_mib'], '.1f')} Σ ({peak} each)"
            L.append(f"| {TOOL_NAMES[c['tool']]} | {c['width']} | {FORM_NAMES[c['form']].format(w=c['width'])} | "
                     f"{c['median_s']:.2f} | {c['photos_per_s']:.1f} | {fmt(c['speedup'], '.2f', '—')} | "
                     f"{c['cpu_s']:.2f} | {c['cpu_per_wall']:.2f} | {peak} | {c['output_mib']:.1f} | "
                     f"{fmt(c['ours_ratio'], '.2f', '—')} | {fmt(c['ours_cpu_ratio'], '.2f', '—')} | "
                     f"{fmt(c['ours_memory_ratio'], '.2f', '—')} |")
    columns = [(p, f) for p in peers for f in ("process", "threads", "xargs")
               if any(c["tool"] == p and c["form"] == f for c in cells.values())]
    if columns and any(c["tool"] == "richpreview" for c in cells.values()):
        L += ["", "## Ours ÷ peer, wall time (below 1 means we are faster)", ""]
        L.append("| out | wide | " + " | ".join(f"÷ {p} {FORM_NAMES[f].format(w='N')}" for p, f in columns) + " |")
        L.append("|---|--:|" + "--:|" * len(columns))
        for fmt_name in formats:
            for w in widths:
                row = []
                for p, f in columns:
                    c = find(fmt_name, p, w, (f,))
                    row.append("" if c is None else fmt(c["ours_ratio"], ".2f"))
                L.append(f"| {fmt_name} | {w} | " + " | ".join(row) + " |")
    if jobs or photos:
        L += ["", "## richpreview memory against `--jobs` and the batch (JPEG out, one run each)", ""]
        L.append("| series | --jobs | photos | wall s | CPU s | peak MiB | from |")
        L.append("|---|--:|--:|--:|--:|--:|---|")
        for s in jobs:
            L.append(f"| jobs | {s['x']} | {count} | {s['wall_s']:.2f} | {s['cpu_s']:.2f} | "
                     f"{s['peak_mib']:.1f} | {s.get('from', 'one run')} |")
        for s in photos:
            L.append(f"| photos | 2 | {s['x']} | {s['wall_s']:.2f} | {s['cpu_s']:.2f} | "
                     f"{s['peak_mib']:.1f} | {s.get('from', 'one run')} |")
    L += ["", "## Findings", ""]
    for line in notes or ["Nothing unusual."]:
        L.append(f"- {line}")
    L += ["", "## The photo set", ""]
    L.append(f"Seed {meta['seed']}, manifest `{meta['manifest']}` (SHA256SUMS {meta['set_sha256sums']}). "
             f"Sizes: " + ", ".join(f"{k} ×{v}" for k, v in sorted(pset["sizes"].items(), key=lambda kv: -kv[1]))
             + ". Layouts: " + ", ".join(f"{k} ×{v}" for k, v in pset["layouts"].items())
             + ". Cut from: " + ", ".join(f"{k} ×{v}" for k, v in pset["sources"].items())
             + f". JPEG quality {pset['qualities'][0]}–{pset['qualities'][1]}, baseline 4:2:0.")
    L += ["", "## Commands", ""]
    for key, command in commands.items():
        L.append(f"- `{key}`: `{command}`")
    text = "\n".join(L) + "\n"

    write_report(results, "batch-latest", text,
                 {"meta": meta, "photo_set": pset, "cells": list(cells.values()), "series": series,
                  "findings": notes})
    return 0


if __name__ == "__main__":
    args = sys.argv[1:]
    if len(args) == 3 and args[0] == "plan" and args[1].isdigit() and args[2].isdigit():
        sys.exit(plan(int(args[1]), int(args[2])))
    if len(args) == 3 and args[0] == "check-set":
        sys.exit(check_set(args[1], args[2]))
    if len(args) > 3 and args[0] == "sample-rss":
        sys.exit(sample_rss(args[1], args[2], args[3:]))
    if len(args) in (6, 7) and args[0] == "check-outputs" and args[3].isdigit() and args[4].isdigit() \
            and args[5] in ("jpeg", "png"):
        sys.exit(check_outputs(args[1], args[2], int(args[3]), int(args[4]), args[5],
                               args[6] if len(args) == 7 else None))
    if len(args) == 3 and args[0] == "report":
        sys.exit(report(args[1], args[2]))
    sys.exit(__doc__.split("\n\n")[1])
