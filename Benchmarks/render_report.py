#!/usr/bin/python3
"""Checks the outputs of Benchmarks/render-benchmark.sh and turns its measurements into the report.

usage: render_report.py check FILE text|ansi|png COLUMNS
       render_report.py report WORKDIR RESULTSDIR

check: prints the output's shape ("80×27 chars" or "750×1060 px") and exits 1 when a text or
ANSI output is empty or wider than COLUMNS (escape sequences are not counted), or a PNG has no
valid signature and header.

report: reads WORKDIR/meta.tsv and cells.tsv (one line per cell: hyperfine JSON, GNU time
"%M %P" output, the output's kind and shape, the --timings lines of the PNG cells). Prints the
Markdown report to stdout and writes RESULTSDIR/render-latest.md (the same text),
render-latest.json (everything, every run's time included) and render-latest.csv (one line per
cell). Exit status 0; with STRICT=1 in the environment, 3 when any target FAILs.
"""
import csv
import json
import os
import re
import statistics
import struct
import sys

from report_files import write_report, exit_status

JP2A_SHARE = 1 / 3        # ours ≤ a third of jp2a's median on the bare photos
MEMORY_SLACK_MIB = 2.0    # ours ≤ jp2a's peak + this
ISSUE_JP2A_MIB = 9.0      # "jp2a-class memory (about 9 MiB)"
TARGET_IMAGES = ("photo-2mp.jpg", "photo-12mp.jpg")
ESCAPE = re.compile(r"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[@-Z\\-_])")
STAGES = re.compile(r"wall_us ([0-9]+) .*milliseconds: fonts ([0-9.]+), draw ([0-9.]+), encode ([0-9.]+)")


# ------------------------------------------------------------------------------- check
def png_size(path):
    with open(path, "rb") as f:
        head = f.read(33)
    if len(head) < 33 or head[:8] != b"\x89PNG\r\n\x1a\n" or head[12:16] != b"IHDR":
        return None
    return struct.unpack(">II", head[16:24])


def text_shape(path):
    text = open(path, encoding="utf-8", errors="replace").read()
    lines = ESCAPE.sub("", text).split("\n")
    while lines and lines[-1] == "":
        lines.pop()
    return (max((len(line) for line in lines), default=0), len(lines))


def check(path, kind, columns):
    if kind == "png":
        size = png_size(path)
        if size is None:
            print(f"render_report.py: {path} is not a PNG", file=sys.stderr)
            return 1
        print(f"{size[0]}×{size[1]} px")
        return 0
    width, height = text_shape(path)
    if height == 0 or width == 0 or width > columns:
        print(f"render_report.py: {path}: {width} columns × {height} lines, expected 1 to {columns} "
              f"columns", file=sys.stderr)
        return 1
    print(f"{width}×{height} chars")
    return 0


# ------------------------------------------------------------------------------- report
def jpeg_size(path):
    """(width, height) from the first SOF marker, or None."""
    try:
        data = open(path, "rb").read()
    except OSError:
        return None
    i = 2
    while i + 9 < len(data):
        if data[i] != 0xFF:
            return None
        marker = data[i + 1]
        if marker == 0xFF:
            i += 1
            continue
        length = struct.unpack(">H", data[i + 2:i + 4])[0]
        if marker in (0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF):
            height, width = struct.unpack(">HH", data[i + 5:i + 9])
            return (width, height)
        i += 2 + length
    return None


def read_time_f(path):
    """Peak RSS in KiB and CPU percent from GNU time's "%M %P" line."""
    last = open(path).read().strip().splitlines()[-1].split()
    peak = int(last[0]) if last and last[0].isdigit() else None
    cpu = int(last[1].rstrip("%")) if len(last) > 1 and last[1].rstrip("%").isdigit() else None
    return peak, cpu


def fmt(v, spec=".1f", none="n/a"):
    return none if v is None else format(v, spec)


def ratio(a, b):
    return None if a is None or b is None or b == 0 else a / b


def main(work, results):
    meta = dict(line.rstrip("\n").split("\t", 1) for line in open(os.path.join(work, "meta.tsv")))
    cells = []
    with open(os.path.join(work, "cells.tsv")) as f:
        for row in csv.DictReader(f, delimiter="\t", quoting=csv.QUOTE_NONE):
            kind, _, shape = row["kind"].partition(":")
            cell = {"section": row["section"], "input": row["input"], "tool": row["tool"],
                    "status": row["status"], "command": row["command"], "kind": kind,
                    "output_shape": shape or None, "median_ms": None, "mean_ms": None,
                    "stddev_ms": None, "min_ms": None, "max_ms": None, "cpu_ms": None, "times_ms": [],
                    "peak_mib": None, "cpu_percent": None, "fonts_ms": None, "draw_ms": None,
                    "encode_ms": None, "outside_ms": None, "stage_runs": []}
            if row["status"] == "ok":
                h = json.load(open(row["hyperfine_json"]))["results"][0]
                times = [t * 1000 for t in h["times"]]
                peak_kib, cpu = read_time_f(row["time_f"])
                cell.update(median_ms=statistics.median(times), mean_ms=h["mean"] * 1000,
                            stddev_ms=(h["stddev"] or 0) * 1000, min_ms=min(times),
                            max_ms=max(times), times_ms=[round(t, 3) for t in times],
                            cpu_ms=(h["user"] + h["system"]) * 1000,
                            peak_mib=None if peak_kib is None else peak_kib / 1024,
                            cpu_percent=cpu)
                if row["stages"]:
                    runs = [(int(m.group(1)) / 1000,) + tuple(float(x) for x in m.groups()[1:])
                            for m in STAGES.finditer(open(row["stages"]).read())]
                    cell["stage_runs"] = [{"wall": w, "fonts": a, "draw": b, "encode": c}
                                          for w, a, b, c in runs]
                    if runs:
                        cell.update(fonts_ms=statistics.median(r[1] for r in runs),
                                    draw_ms=statistics.median(r[2] for r in runs),
                                    encode_ms=statistics.median(r[3] for r in runs),
                                    outside_ms=statistics.median(r[0] - sum(r[1:]) for r in runs))
            cells.append(cell)
    by = {(c["section"], c["input"], c["tool"]): c for c in cells}

    def get(section, inp, tool, field):
        c = by.get((section, inp, tool))
        return None if c is None or c["status"] != "ok" else c[field]

    def inputs(section):
        seen = []
        for c in cells:
            if c["section"] == section and c["input"] not in seen:
                seen.append(c["input"])
        return seen

    targets, info = [], []

    def verdict(ok):
        return "n/a" if ok is None else ("PASS" if ok else "FAIL")

    def add(ok, text):
        targets.append({"status": verdict(ok), "target": text})

    # ---------------------------------------------------------------- targets
    for image in TARGET_IMAGES:
        if image not in inputs("text"):
            continue
        ours, jp2a = get("text", image, "richpreview", "median_ms"), get("text", image, "jp2a", "median_ms")
        r = ratio(ours, jp2a)
        o_cpu, j_cpu = get("text", image, "richpreview", "cpu_ms"), get("text", image, "jp2a", "cpu_ms")
        add(None if r is None else r <= JP2A_SHARE,
            f"{image}, text, {meta['columns']} columns: median ≤ ⅓ of jp2a's (ours {fmt(ours)} ms, "
            f"jp2a {fmt(jp2a)} ms, ratio {fmt(r, '.2f')}; the target is {fmt(jp2a and jp2a * JP2A_SHARE)} ms"
            + ("" if r is None or r <= JP2A_SHARE else f", missed by {ours - jp2a * JP2A_SHARE:.1f} ms")
            + f"; CPU time user+sys ours {fmt(o_cpu)} ms, jp2a {fmt(j_cpu)} ms, ratio {fmt(ratio(o_cpu, j_cpu), '.2f')})")
    for image in TARGET_IMAGES:
        if image not in inputs("text"):
            continue
        om, jm = get("text", image, "richpreview", "peak_mib"), get("text", image, "jp2a", "peak_mib")
        add(None if om is None or jm is None else om <= jm + MEMORY_SLACK_MIB,
            f"{image}, text: peak ≤ jp2a's + {MEMORY_SLACK_MIB:.0f} MiB (ours {fmt(om)} MiB, jp2a "
            f"{fmt(jm)} MiB; the issue's \"jp2a-class\" is about {ISSUE_JP2A_MIB:.0f} MiB"
            + ("" if om is None or jm is None or om <= jm + MEMORY_SLACK_MIB
               else f"; over by {om - jm - MEMORY_SLACK_MIB:.1f} MiB") + ")")

    # ---------------------------------------------------------------- informative lines
    for image in inputs("text"):
        if image in TARGET_IMAGES:
            continue
        ours, jp2a = get("text", image, "richpreview", "median_ms"), get("text", image, "jp2a", "median_ms")
        info.append(f"{image}, text: ours {fmt(ours)} ms, jp2a {fmt(jp2a)} ms, ratio "
                    f"{fmt(ratio(ours, jp2a), '.2f')} (⅓ would be {fmt(jp2a and jp2a * JP2A_SHARE)} ms)")
    for image in inputs("ansi"):
        ours, chafa = get("ansi", image, "richpreview", "median_ms"), get("ansi", image, "chafa", "median_ms")
        info.append(f"{image}, ANSI half-blocks: ours {fmt(ours)} ms, chafa {fmt(chafa)} ms, ratio "
                    f"{fmt(ratio(ours, chafa), '.2f')}")
    startup = get("startup", "list-devices", "richpreview", "median_ms")
    startup_peak = get("startup", "list-devices", "richpreview", "peak_mib")
    for image in inputs("text"):
        ours, floor = get("text", image, "richpreview", "median_ms"), get("text", image, "djpeg", "median_ms")
        jp2a = get("text", image, "jp2a", "median_ms")
        if floor is None:
            continue
        text = (f"{image}: the libjpeg-turbo decode at ⅛ alone (`djpeg -scale 1/8`) takes {floor:.1f} ms, "
                f"{fmt(ratio(floor, jp2a), '.2f')}× jp2a's {fmt(jp2a)} ms")
        if startup is not None:
            text += (f"; with our start-up ({startup:.1f} ms) that is {floor + startup:.1f} ms "
                     f"before any of our own work (ours takes {fmt(ours)} ms)")
        cpu = [get(sec, inp, "richpreview" if t == "ours" else t, "cpu_ms") for sec, inp, t in
               (("text", image, "djpeg"), ("startup", "list-devices", "ours"), ("text", image, "ours"),
                ("text", image, "jp2a"))]
        if None not in cpu:
            text += (f". In CPU time (user+sys): djpeg ⅛ {cpu[0]:.1f} + start-up {cpu[1]:.1f} = "
                     f"{cpu[0] + cpu[1]:.1f} ms, ours {cpu[2]:.1f} ms, jp2a {cpu[3]:.1f} ms")
        info.append(text)
    if startup is not None:
        info.append(f"Start-up alone (`render --list-devices`): {startup:.1f} ms and {fmt(startup_peak)} MiB peak, "
                    f"the floor under every richpreview row")
    scale = get("png-image", "sample-image.jpg", "richpreview", "median_ms")
    audio_draw = get("png", "audio_category.json", "richpreview", "draw_ms")
    for payload in inputs("png"):
        wall = get("png", payload, "richpreview", "median_ms")
        f_ms, d_ms, e_ms = (get("png", payload, "richpreview", k) for k in ("fonts_ms", "draw_ms", "encode_ms"))
        if wall is None or None in (f_ms, d_ms, e_ms):
            info.append(f"{payload}, PNG: wall {fmt(wall)} ms; no --timings stages")
            continue
        outside = get("png", payload, "richpreview", "outside_ms")
        text = (f"{payload}, PNG: wall {wall:.1f} ms; stages fonts {f_ms:.1f} + draw {d_ms:.1f} + encode "
                f"{e_ms:.1f} = {f_ms + d_ms + e_ms:.1f} ms, and {fmt(outside)} ms outside them (run by run)")
        if startup is not None and outside is not None:
            text += (f"; the start-up alone is {startup:.1f} ms, which leaves {outside - startup:+.1f} ms "
                     f"for reading the payload and its configuration, checking the attachment and exiting")
        if payload == "image_category.json" and scale is not None:
            rest = wall - scale - f_ms
            text += (f". Against the image work alone (`scale` to 750 px, {scale:.1f} ms, start-up "
                     f"included): wall − scale − fonts = {rest:+.1f} ms")
            if startup is not None:
                text += f", {rest / startup:.1f}× the start-up constant"
            if audio_draw is not None:
                text += (f"; the draw is {d_ms - audio_draw:+.1f} ms over the audio card's "
                         f"{audio_draw:.1f} ms (roughly the attachment's share of the drawing; the rest "
                         f"is the card itself)")
        info.append(text)

    counts = {"PASS": 0, "FAIL": 0, "n/a": 0}
    for t in targets:
        counts[t["status"]] += 1

    # ---------------------------------------------------------------- Markdown
    L = ["# richpreview render benchmark", ""]
    L.append(f"{meta['date']} · {meta['cpu']} · {meta['cores']} cores (load {meta['load']} at start) · "
             f"{meta['richpreview']} @ {meta['commit']} · {meta['jp2a']} · {meta['chafa']} · "
             f"{meta['hyperfine']}")
    L.append("")
    L.append(f"Median of {meta['runs']} runs (hyperfine -N, {meta['warmup']} warm-up, output through a "
             f"pipe); peak = max RSS of one more run (GNU time). chafa threads: "
             f"{meta['chafa_threads']}. Rows: {meta['rows']}. Tools: {meta['tools']}. "
             f"Total run time {meta.get('seconds', '?')} s.")

    def peaks(section, inp, tools):
        return " / ".join(fmt(get(section, inp, t, "peak_mib")) for t in tools)

    def shapes(section, inp, tools):
        return " / ".join(get(section, inp, t, "output_shape") or "n/a" for t in tools)

    if inputs("text"):
        L += ["", f"## Bare photo, {meta['columns']} columns, plain text", ""]
        L.append("| image | pixels | richpreview ms | jp2a ms | chafa ms | ours ÷ jp2a | ours ÷ chafa | "
                 "djpeg ⅛ ms | peak MiB ours / jp2a / chafa | output ours / jp2a / chafa |")
        L.append("|---|---|--:|--:|--:|--:|--:|--:|--:|---|")
        for image in inputs("text"):
            size = jpeg_size(os.path.join(meta.get("img", ""), image))
            px = "n/a" if size is None else f"{size[0]}×{size[1]} ({size[0] * size[1] / 1e6:.1f} MP)"
            o, j, c = (get("text", image, t, "median_ms") for t in ("richpreview", "jp2a", "chafa"))
            L.append(f"| {image} | {px} | {fmt(o)} | {fmt(j)} | {fmt(c)} | {fmt(ratio(o, j), '.2f')} | "
                     f"{fmt(ratio(o, c), '.2f')} | {fmt(get('text', image, 'djpeg', 'median_ms'))} | "
                     f"{peaks('text', image, ('richpreview', 'jp2a', 'chafa'))} | "
                     f"{shapes('text', image, ('richpreview', 'jp2a', 'chafa'))} |")
    if inputs("ansi"):
        L += ["", f"## Bare photo, {meta['columns']} columns, 24-bit ANSI half-blocks (informative)", ""]
        L.append("| image | richpreview ms | chafa ms | ours ÷ chafa | peak MiB ours / chafa | "
                 "output ours / chafa |")
        L.append("|---|--:|--:|--:|--:|---|")
        for image in inputs("ansi"):
            o, c = (get("ansi", image, t, "median_ms") for t in ("richpreview", "chafa"))
            L.append(f"| {image} | {fmt(o)} | {fmt(c)} | {fmt(ratio(o, c), '.2f')} | "
                     f"{peaks('ansi', image, ('richpreview', 'chafa'))} | "
                     f"{shapes('ansi', image, ('richpreview', 'chafa'))} |")
    if inputs("png") or inputs("png-image") or inputs("startup"):
        L += ["", "## Payload cards as PNG, and their parts", ""]
        L.append("| command | output | wall ms | fonts ms | draw ms | encode ms | outside stages ms | peak MiB |")
        L.append("|---|---|--:|--:|--:|--:|--:|--:|")
        for payload in inputs("png"):
            g = lambda k: get("png", payload, "richpreview", k)  # noqa: E731
            L.append(f"| `render {payload} --format png` | {g('output_shape') or 'n/a'} | {fmt(g('median_ms'))} | "
                     f"{fmt(g('fonts_ms'))} | {fmt(g('draw_ms'))} | {fmt(g('encode_ms'))} | {fmt(g('outside_ms'))} | "
                     f"{fmt(g('peak_mib'))} |")
        for image in inputs("png-image"):
            L.append(f"| `scale {image} --fit 750x750` (image work) | "
                     f"{get('png-image', image, 'richpreview', 'output_shape') or 'n/a'} | "
                     f"{fmt(get('png-image', image, 'richpreview', 'median_ms'))} | | | | | "
                     f"{fmt(get('png-image', image, 'richpreview', 'peak_mib'))} |")
        for inp in inputs("startup"):
            c = by[("startup", inp, "richpreview")]
            L.append(f"| `render --list-devices` (start-up, {len(c['times_ms'])} runs) | | "
                     f"{fmt(c['median_ms'], '.2f')} | | | | | {fmt(c['peak_mib'])} |")
    if inputs("card-text") or inputs("card-ansi"):
        L += ["", f"## Payload cards in the terminal, {meta['columns']} columns (informative)", ""]
        L.append("| payload | text ms | ANSI ms | peak MiB text / ANSI | output text / ANSI |")
        L.append("|---|--:|--:|--:|---|")
        for payload in dict.fromkeys(inputs("card-text") + inputs("card-ansi")):
            L.append(f"| {payload} | {fmt(get('card-text', payload, 'richpreview', 'median_ms'))} | "
                     f"{fmt(get('card-ansi', payload, 'richpreview', 'median_ms'))} | "
                     f"{fmt(get('card-text', payload, 'richpreview', 'peak_mib'))} / "
                     f"{fmt(get('card-ansi', payload, 'richpreview', 'peak_mib'))} | "
                     f"{get('card-text', payload, 'richpreview', 'output_shape') or 'n/a'} / "
                     f"{get('card-ansi', payload, 'richpreview', 'output_shape') or 'n/a'} |")
    L += ["", "## Targets", ""]
    for t in targets:
        L.append(f"- **{t['status']}** {t['target']}")
    if not targets:
        L.append("- (no target row was run)")
    if info:
        L += ["", "Informative:", ""]
        for line in info:
            L.append(f"- {line}")
    L += ["", f"**{counts['PASS']} PASS, {counts['FAIL']} FAIL, {counts['n/a']} n/a.**"]
    text = "\n".join(L) + "\n"

    write_report(results, "render-latest", text,
                 {"meta": meta, "cells": cells, "targets": targets, "informative": info, "counts": counts},
                 ["section", "input", "tool", "status", "median_ms", "mean_ms", "stddev_ms", "min_ms", "max_ms",
                  "cpu_ms", "peak_mib", "cpu_percent", "fonts_ms", "draw_ms", "encode_ms", "outside_ms",
                  "output_shape", "command"], cells)
    for c in cells:
        if c["cpu_percent"] is not None and c["cpu_percent"] > 110:
            print(f"render_report.py: note: {c['tool']} used {c['cpu_percent']}% CPU on "
                  f"{c['section']} {c['input']} (more than one thread)", file=sys.stderr)
    return exit_status(counts)


if __name__ == "__main__":
    if len(sys.argv) == 5 and sys.argv[1] == "check" and sys.argv[3] in ("text", "ansi", "png") \
            and sys.argv[4].isdigit():
        sys.exit(check(sys.argv[2], sys.argv[3], int(sys.argv[4])))
    if len(sys.argv) == 4 and sys.argv[1] == "report":
        sys.exit(main(sys.argv[2], sys.argv[3]))
    sys.exit("usage: render_report.py check FILE text|ansi|png COLUMNS\n"
             "       render_report.py report WORKDIR RESULTSDIR")
