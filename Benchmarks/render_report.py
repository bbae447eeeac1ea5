#!/usr/bin/python3
"""Checks the outputs of Benchmarks/render-benchmark.sh and turns its measurements into the report.

usage: render_report.py check FILE text|ansi|png COLUMNS
       render_report.py report WORKDIR RESULTSDIR

check: prints the output's shape ("80×27 chars" or "750×1060 px") and exits 1 when a text or
ANSI output is empty or wider than COLUMNS (escape sequences are not counted), or a PNG has no
valid signature and header.

report: reads WORKDIR/meta.tsv and cells.tsv (one line per cell: hyperfine JSON, GNU time
"%M %P" output, the output's kind and shape, the --timings lines of the PNG cells), and, when the
first-use rows ran, first-use.tsv (one line per run: library, variant, round, wall µs and stages),
first-use-dlopen.tsv (the dlopen calls alone) and first-use-meta.tsv. Prints the
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
PHOTO_CARD_MS = 250       # a card with a 12 MP photo attachment at --scale 3
MOVIE_CARD_MS = 300       # the movie card with its poster frame, expanded and banner
ESCAPE = re.compile(r"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[@-Z\\-_])")
STAGES = re.compile(r"wall_us ([0-9]+) decode_ms ([0-9.]+|none) .*milliseconds: fonts ([0-9.]+), "
                    r"draw ([0-9.]+), encode ([0-9.]+)")
# the sections whose cells are PNG cards with --timings stages, in the order of the table
STAGE_SECTIONS = ("png", "photo-card", "movie-card", "rtl-card")


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


def rounds_text(fu):
    return f"{fu['rounds']} rounds"


def read_first_use(work):
    """{lib: summary} from first-use.tsv, or {} when the first-use rows did not run."""
    path = os.path.join(work, "first-use.tsv")
    if not os.path.exists(path):
        return {}
    runs = {}
    with open(path) as f:
        for row in csv.DictReader(f, delimiter="\t", quoting=csv.QUOTE_NONE):
            runs.setdefault(row["lib"], {}).setdefault(row["round"], {})[row["variant"]] = {
                "wall": int(row["wall_us"]) / 1000,
                "decode": None if row["decode_ms"] == "none" else float(row["decode_ms"]),
                "fonts": float(row["fonts_ms"]), "draw": float(row["draw_ms"]), "encode": float(row["encode_ms"])}
    meta = {}
    with open(os.path.join(work, "first-use-meta.tsv")) as f:
        for row in csv.DictReader(f, delimiter="\t", quoting=csv.QUOTE_NONE):
            meta[row["lib"]] = row
    dlopen = {}
    dl_path = os.path.join(work, "first-use-dlopen.tsv")
    if os.path.exists(dl_path):
        with open(dl_path) as f:
            for row in csv.DictReader(f, delimiter="\t", quoting=csv.QUOTE_NONE):
                dlopen.setdefault(row["lib"], []).append(float(row["dlopen_ms"]))
    out = {}
    for lib, rounds in runs.items():
        stage = "decode" if lib == "ffmpeg" else "draw"
        whole = [r for r in rounds.values() if {"first-use", "preloaded", "absent"} <= r.keys()]
        median = {}
        for variant in ("first-use", "preloaded", "absent"):
            for k in ("wall", "decode", "fonts", "draw", "encode"):
                values = [r[variant][k] for r in whole if r[variant][k] is not None]
                if values:
                    median[(variant, k)] = statistics.median(values)

        def diffs(a, b, k):
            return [r[a][k] - r[b][k] for r in whole if r[a][k] is not None and r[b][k] is not None]

        def paired(a, b, k):
            values = diffs(a, b, k)
            return statistics.median(values) if values else None

        def quartiles(a, b, k):
            values = diffs(a, b, k)
            return tuple(statistics.quantiles(values, n=4)[i] for i in (0, 2)) if len(values) >= 2 else None

        out[lib] = {
            "name": "FFmpeg" if lib == "ffmpeg" else "FriBidi",
            "card": "movie, expanded" if lib == "ffmpeg" else "Arabic",
            "stage": stage, "rounds": len(whole),
            "files": meta.get(lib, {}).get("files"), "command": meta.get(lib, {}).get("command"),
            "median": median,
            "differences": {"load": paired("first-use", "preloaded", stage),
                            "wall_preloaded": paired("first-use", "preloaded", "wall"),
                            "whole": paired("first-use", "absent", "wall"),
                            "stage_absent": paired("first-use", "absent", stage)},
            "load_quartiles": quartiles("first-use", "preloaded", stage),
            "dlopen_ms": statistics.median(dlopen[lib]) if dlopen.get(lib) else None,
            "dlopen_runs_ms": dlopen.get(lib, []),
            "runs": {rnd: r for rnd, r in sorted(rounds.items(), key=lambda kv: int(kv[0]))},
        }
    return out


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
                    "encode_ms": None, "decode_ms": None, "outside_ms": None, "stage_runs": []}
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
                    # (wall, fonts, draw, encode, decode or 0); the movie's decode comes before
                    # the three stages, so "outside" is wall − all four
                    runs = [(int(m.group(1)) / 1000,) + tuple(float(x) for x in m.groups()[2:])
                            + (0.0 if m.group(2) == "none" else float(m.group(2)),)
                            for m in STAGES.finditer(open(row["stages"]).read())]
                    decoded = [m.group(2) != "none" for m in STAGES.finditer(open(row["stages"]).read())]
                    cell["stage_runs"] = [{"wall": w, "fonts": a, "draw": b, "encode": c,
                                           "decode": d if has else None}
                                          for (w, a, b, c, d), has in zip(runs, decoded)]
                    if runs:
                        cell.update(fonts_ms=statistics.median(r[1] for r in runs),
                                    draw_ms=statistics.median(r[2] for r in runs),
                                    encode_ms=statistics.median(r[3] for r in runs),
                                    decode_ms=statistics.median(r[4] for r in runs) if all(decoded) else None,
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

    def card_target(section, state, limit, what):
        if state not in inputs(section):
            return
        wall = get(section, state, "richpreview", "median_ms")
        cpu = get(section, state, "richpreview", "cpu_ms")
        stages = [get(section, state, "richpreview", k) for k in ("decode_ms", "fonts_ms", "draw_ms", "encode_ms")]
        split = ", ".join(f"{name} {v:.1f}" for name, v in zip(("decode", "fonts", "draw", "encode"), stages)
                          if v is not None)
        add(None if wall is None else wall <= limit,
            f"{what}, {state}: median ≤ {limit} ms (ours {fmt(wall)} ms"
            + ("" if wall is None or wall <= limit else f", over by {wall - limit:.1f} ms")
            + f"; CPU user+sys {fmt(cpu)} ms" + (f"; stages ms: {split}" if split else "") + ")")

    card_target("photo-card", "expanded", PHOTO_CARD_MS, "12 MP photo card (photo-12mp.jpg), PNG at --scale 3")
    for state in ("expanded", "banner"):
        card_target("movie-card", state, MOVIE_CARD_MS, "movie card (movie_category.json, poster frame drawn), PNG")

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
        dec = get("png", payload, "richpreview", "decode_ms")
        decode_text = "" if dec is None else f"the movie's frame decode {dec:.1f} + "
        text = (f"{payload}, PNG: wall {wall:.1f} ms; stages {decode_text}fonts {f_ms:.1f} + draw {d_ms:.1f} + "
                f"encode {e_ms:.1f} = {(dec or 0) + f_ms + d_ms + e_ms:.1f} ms, and {fmt(outside)} ms outside "
                f"them (run by run)")
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

    if "banner" in inputs("photo-card"):
        info.append(f"12 MP photo card, banner (the thumbnail only), PNG at --scale 3: "
                    f"{fmt(get('photo-card', 'banner', 'richpreview', 'median_ms'))} ms")
    rtl, ltr = (get("rtl-card", c, "richpreview", "median_ms") for c in ("arabic", "latin-control"))
    if rtl is not None:
        rd, ld = get("rtl-card", "arabic", "richpreview", "draw_ms"), get("rtl-card", "latin-control", "richpreview", "draw_ms")
        rf, lf = get("rtl-card", "arabic", "richpreview", "fonts_ms"), get("rtl-card", "latin-control", "richpreview", "fonts_ms")
        text = f"Right-to-left card (Arabic, FriBidi), PNG: wall {rtl:.1f} ms, draw {fmt(rd)} ms, fonts {fmt(rf)} ms"
        if ltr is not None:
            text += (f"; the same message in English: wall {ltr:.1f} ms, draw {fmt(ld)} ms, fonts {fmt(lf)} ms "
                     f"(Arabic − English: wall {rtl - ltr:+.1f} ms, draw "
                     f"{fmt(None if rd is None or ld is None else rd - ld, '+.1f')} ms; that is FriBidi, "
                     f"Noto Sans Arabic and the Arabic shaping together, the first-use table splits "
                     f"FriBidi out)")
        info.append(text)

    # ---------------------------------------------------------------- first use of FFmpeg, FriBidi
    first_use = read_first_use(work)
    for lib, fu in first_use.items():
        d = fu["differences"]
        stage = fu["stage"]
        text = (f"First use of {fu['name']} ({fu['files']}), {rounds_text(fu)}: the {stage} stage "
                f"takes {fmt(fu['median'].get(('first-use', stage)))} ms as shipped, "
                f"{fmt(fu['median'].get(('preloaded', stage)))} ms with the libraries preloaded; "
                f"**loading {fu['name']} costs {fmt(d.get('load'), '.2f')} ms** (median of the rounds' "
                f"first-use − preloaded"
                + ("" if fu["load_quartiles"] is None else
                   f", quartiles {fu['load_quartiles'][0]:.2f} to {fu['load_quartiles'][1]:.2f} ms"
                   + (": within the noise" if fu["load_quartiles"][0] < 0 < fu["load_quartiles"][1] else ""))
                + f"; dlopen alone in a fresh python3: {fmt(fu.get('dlopen_ms'), '.2f')} ms). ")
        if lib == "ffmpeg":
            text += (f"With FFmpeg against without it (a play button, no frame), round by round: the whole run "
                     f"{fmt(d.get('whole'), '+.1f')} ms, which is loading, decoding and drawing the frame")
        else:
            text += (f"With FriBidi against without it (the text laid out left to right, as iOS would not), "
                     f"round by round: draw {fmt(d.get('stage_absent'), '+.2f')} ms, the whole run "
                     f"{fmt(d.get('whole'), '+.1f')} ms, which is loading FriBidi and laying the text out with it")
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
    if any(inputs(sec) for sec in STAGE_SECTIONS) or inputs("png-image") or inputs("startup"):
        L += ["", "## Payload cards as PNG, and their parts", ""]
        L.append("| command | output | wall ms | decode ms | fonts ms | draw ms | encode ms | outside stages ms | "
                 "peak MiB |")
        L.append("|---|---|--:|--:|--:|--:|--:|--:|--:|")
        labels = {"png": lambda i: f"`render {i} --format png`",
                  "photo-card": lambda i: f"12 MP photo card, `--scale 3 --state {i}`",
                  "movie-card": lambda i: f"`render movie_category.json --format png --state {i}` (no --extensions)",
                  "rtl-card": lambda i: ("right-to-left card (Arabic)" if i == "arabic"
                                         else "the same message in English")}
        for sec in STAGE_SECTIONS:
            for inp in inputs(sec):
                g = lambda k: get(sec, inp, "richpreview", k)  # noqa: E731
                L.append(f"| {labels[sec](inp)} | {g('output_shape') or 'n/a'} | {fmt(g('median_ms'))} | "
                         f"{fmt(g('decode_ms'), none='')} | {fmt(g('fonts_ms'))} | {fmt(g('draw_ms'))} | "
                         f"{fmt(g('encode_ms'))} | {fmt(g('outside_ms'))} | {fmt(g('peak_mib'))} |")
        for image in inputs("png-image"):
            L.append(f"| `scale {image} --fit 750x750` (image work) | "
                     f"{get('png-image', image, 'richpreview', 'output_shape') or 'n/a'} | "
                     f"{fmt(get('png-image', image, 'richpreview', 'median_ms'))} | | | | | | "
                     f"{fmt(get('png-image', image, 'richpreview', 'peak_mib'))} |")
        for inp in inputs("startup"):
            c = by[("startup", inp, "richpreview")]
            L.append(f"| `render --list-devices` (start-up, {len(c['times_ms'])} runs) | | "
                     f"{fmt(c['median_ms'], '.2f')} | | | | | | {fmt(c['peak_mib'])} |")
    if first_use:
        L += ["", "## First use of FFmpeg and FriBidi (paired rounds)", ""]
        L.append("Each round runs the card three ways, in a turning order: as shipped (the library is "
                 "dlopen'ed on first use), with `LD_PRELOAD` naming the same files (the loader maps them "
                 "before `main`, so the shim finds them loaded), and with the shim's variable pointing at "
                 "no file (no frame, or no bidi). Medians over the rounds; the differences are taken "
                 "round by round.")
        L.append("")
        L.append("| library | card | variant | wall ms | decode ms | fonts ms | draw ms | encode ms |")
        L.append("|---|---|---|--:|--:|--:|--:|--:|")
        for lib, fu in first_use.items():
            for variant in ("first-use", "preloaded", "absent"):
                m = fu["median"]
                L.append(f"| {fu['name']} | {fu['card']} | {variant} | {fmt(m.get((variant, 'wall')))} | "
                         f"{fmt(m.get((variant, 'decode')), none='')} | {fmt(m.get((variant, 'fonts')))} | "
                         f"{fmt(m.get((variant, 'draw')))} | {fmt(m.get((variant, 'encode')))} |")
        L.append("")
        L.append("| library | load: first-use − preloaded, stage ms | its quartiles ms | dlopen alone ms | "
                 "wall: first-use − preloaded ms | wall: first-use − absent ms |")
        L.append("|---|--:|--:|--:|--:|--:|")
        for lib, fu in first_use.items():
            d, q = fu["differences"], fu["load_quartiles"]
            L.append(f"| {fu['name']} ({fu['stage']}) | {fmt(d.get('load'), '.2f')} | "
                     f"{'n/a' if q is None else f'{q[0]:.2f} to {q[1]:.2f}'} | {fmt(fu.get('dlopen_ms'), '.2f')} | "
                     f"{fmt(d.get('wall_preloaded'), '+.1f')} | {fmt(d.get('whole'), '+.1f')} |")
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
                 {"meta": meta, "cells": cells, "targets": targets, "informative": info, "counts": counts,
                  "first_use": {lib: {k: v for k, v in fu.items() if k != "median"}
                                | {"median": {f"{a} {b}": v for (a, b), v in fu["median"].items()}}
                                for lib, fu in first_use.items()}},
                 ["section", "input", "tool", "status", "median_ms", "mean_ms", "stddev_ms", "min_ms", "max_ms",
                  "cpu_ms", "peak_mib", "cpu_percent", "decode_ms", "fonts_ms", "draw_ms", "encode_ms", "outside_ms",
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
