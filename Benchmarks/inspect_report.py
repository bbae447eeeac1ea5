#!/usr/bin/python3
"""Turns the raw measurements of Benchmarks/inspect-benchmark.sh into its report.

usage: inspect_report.py WORKDIR RESULTSDIR

Reads WORKDIR/meta.tsv, cells.tsv (one line per file x command: hyperfine JSON, GNU time %M
output, the checked run's stdout) and raw/startup.json. Prints the Markdown report to stdout and
writes RESULTSDIR/inspect-latest.md (the same text), inspect-latest.json (everything, raw run
times included) and inspect-latest.csv (one line per cell). Exit status 0; with STRICT=1 in the
environment, 3 when any target FAILs.
"""
import csv
import json
import os
import re
import statistics
import sys

from report_files import write_report, exit_status

TOOLS = ("ours", "ours-json", "ffprobe")
RATIO_MAX, PEAK_MAX_MIB = 0.10, 20.0
ISSUE_FFPROBE = "86–99 ms and 56 MiB"
GROUP_NAMES = {"movie-50mb": "~49 MB H.264 movie", "mp3-5mb": "~4.9 MB MP3"}


def fmt(v, spec, none="n/a"):
    return none if v is None else format(v, spec)


def read_peak_mib(path):
    # GNU time -f %M writes "Command exited with non-zero status N" first when it is not 0
    lines = [line for line in open(path).read().splitlines() if line.strip()]
    return int(lines[-1]) / 1024 if lines and lines[-1].strip().isdigit() else None


def ffprobe_duration(path):
    """The [FORMAT] section's duration in seconds, or None."""
    text = open(path).read()
    m = re.search(r"\[FORMAT\].*?^duration=([0-9.]+)$", text, re.S | re.M)
    return float(m.group(1)) if m else None


def ours_facts(path):
    """kind, format, valid, duration from our --json output (one object)."""
    try:
        reports = json.load(open(path))
        r = reports[0]
    except (ValueError, IndexError):
        return {}
    return {"kind": r.get("kind"), "format": r.get("format"), "valid": r.get("valid"),
            "duration": r.get("duration"), "codec": r.get("codec"), "error_kind": r.get("errorKind")}


def main(work, results):
    meta = dict(line.rstrip("\n").split("\t", 1) for line in open(os.path.join(work, "meta.tsv")))

    cells, files, batch = [], [], {}
    by = {}
    with open(os.path.join(work, "cells.tsv")) as f:
        for row in csv.DictReader(f, delimiter="\t", quoting=csv.QUOTE_NONE):
            h = json.load(open(row["hyperfine_json"]))["results"][0]
            times = [t * 1000 for t in h["times"]]
            cell = {"file": row["file"], "group": row["group"], "bytes": int(row["bytes"]),
                    "tool": row["tool"], "exit_status": int(row["status"]), "command": row["command"],
                    "median_ms": statistics.median(times), "mean_ms": h["mean"] * 1000,
                    "stddev_ms": (h["stddev"] or 0) * 1000, "min_ms": min(times), "max_ms": max(times),
                    "user_ms": h["user"] * 1000, "system_ms": h["system"] * 1000,
                    "times_ms": [round(t, 3) for t in times], "peak_mib": read_peak_mib(row["peak"])}
            if row["group"] != "batch":
                if row["tool"] == "ffprobe":
                    cell["duration_s"] = ffprobe_duration(row["stdout"])
                elif row["tool"] == "ours-json":
                    cell["facts"] = ours_facts(row["stdout"])
                    cell["duration_s"] = cell["facts"].get("duration")
            cells.append(cell)
            if row["group"] == "batch":
                batch[row["tool"]] = cell
                continue
            if row["file"] not in by:
                files.append(row["file"])
                by[row["file"]] = {}
            by[row["file"]][row["tool"]] = cell

    def get(file, tool, field):
        c = by[file].get(tool)
        return None if c is None else c.get(field)

    def ratio(file, tool):
        o, p = get(file, tool, "median_ms"), get(file, "ffprobe", "median_ms")
        return None if o is None or p is None else o / p

    rows = []
    for file in files:
        facts = get(file, "ours-json", "facts") or {}
        said = f"{facts.get('kind', '?')} {facts.get('format') or '?'}"
        if facts.get("valid") is False:
            said += f" (refused: {facts.get('error_kind')})" if facts.get("error_kind") else " (refused)"
        rows.append({"file": file, "group": by[file]["ours"]["group"], "bytes": by[file]["ours"]["bytes"],
                     "said": said, "ours_duration_s": get(file, "ours-json", "duration_s"),
                     "ffprobe_duration_s": get(file, "ffprobe", "duration_s"),
                     **{f"{t}_ms": get(file, t, "median_ms") for t in TOOLS},
                     **{f"{t}_mib": get(file, t, "peak_mib") for t in TOOLS},
                     "ours_ratio": ratio(file, "ours"), "ours-json_ratio": ratio(file, "ours-json")})

    startup = []
    for r in json.load(open(os.path.join(work, "raw", "startup.json")))["results"]:
        times = [t * 1000 for t in r["times"]]
        startup.append({"command": r["command"], "median_ms": statistics.median(times),
                        "min_ms": min(times), "runs": len(times)})

    # ---------------------------------------------------------------- summary rows
    keys = [f"{t}_ms" for t in TOOLS] + ["ours_ratio", "ours-json_ratio"] + [f"{t}_mib" for t in TOOLS]
    summary = []
    short = [r for r in rows if r["group"] == "short"]
    if short:
        summary.append({"set": f"short files, median ({len(short)} files)",
                        **{k: statistics.median(r[k] for r in short) for k in keys}})
        summary.append({"set": f"short files, worst ({len(short)} files)",
                        **{k: max(r[k] for r in short) for k in keys}})
    for r in rows:
        if r["group"] in GROUP_NAMES:
            summary.append({"set": f"{GROUP_NAMES[r['group']]}: {os.path.basename(r['file'])}",
                            **{k: r[k] for k in keys}})

    # ---------------------------------------------------------------- targets
    targets = []

    def add(ok, text):
        targets.append({"status": "PASS" if ok else "FAIL", "target": text})

    for tool, name in (("ours", "`richpreview inspect`"), ("ours-json", "`richpreview inspect --json`")):
        worst = max(rows, key=lambda r: r[f"{tool}_ratio"])
        over = [r for r in rows if r[f"{tool}_ratio"] > RATIO_MAX]
        text = (f"{name} ≤ {RATIO_MAX:.2f}× ffprobe's median on every file: worst "
                f"{worst['file']} at {worst[f'{tool}_ratio']:.3f}× ({worst[f'{tool}_ms']:.1f} ms vs "
                f"{worst['ffprobe_ms']:.1f} ms); {len(over)} of {len(rows)} files over")
        if over:
            text += ": " + ", ".join(f"{os.path.basename(r['file'])} {r[f'{tool}_ratio']:.3f}×"
                                     for r in sorted(over, key=lambda r: -r[f"{tool}_ratio"]))
        add(not over, text)
    for tool, name in (("ours", "`richpreview inspect`"), ("ours-json", "`richpreview inspect --json`")):
        worst = max(rows, key=lambda r: r[f"{tool}_mib"])
        over = [r for r in rows if r[f"{tool}_mib"] > PEAK_MAX_MIB]
        big = [r for r in rows if r["group"] in GROUP_NAMES]
        text = (f"{name} peak ≤ {PEAK_MAX_MIB:.0f} MiB on every file: worst {worst['file']} at "
                f"{worst[f'{tool}_mib']:.1f} MiB")
        if big:
            text += " (large files: " + ", ".join(
                f"{os.path.basename(r['file'])} {r[f'{tool}_mib']:.1f}" for r in big) + " MiB)"
        text += f"; {len(over)} of {len(rows)} files over"
        if over:
            text += ": " + ", ".join(f"{os.path.basename(r['file'])} {r[f'{tool}_mib']:.1f} MiB" for r in over)
        add(not over, text)
    counts = {s: sum(t["status"] == s for t in targets) for s in ("PASS", "FAIL")}

    # ---------------------------------------------------------------- Markdown
    L = []
    L.append("# richpreview inspect benchmark")
    L.append("")
    L.append(f"{meta['date']} · {meta['cpu']} · {meta['cores']} cores (load {meta['load']} at start) · "
             f"{meta['richpreview']} @ {meta['commit']} · {meta['ffprobe']}")
    L.append("")
    L.append(f"Median of {meta['runs']} runs (hyperfine -N, {meta['warmup']} warm-up, files in the page "
             f"cache); peak = max RSS of one more run (GNU time %M). ffprobe runs as "
             f"`ffprobe {meta['ffprobe_args']} FILE`. Ratio = ours ÷ ffprobe, **below 1 means we are "
             f"faster**. Files: {meta['files']}. Total run time {meta.get('seconds', '?')} s.")
    L.append("")
    L.append("| file | bytes | ours says | duration s ours / ffprobe | ours ms | --json ms | ffprobe ms | "
             "ours ÷ ffprobe | --json ÷ ffprobe | ours MiB | --json MiB | ffprobe MiB |")
    L.append("|---|--:|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|")
    for r in rows:
        L.append(f"| {r['file']} | {r['bytes']} | {r['said']} | {fmt(r['ours_duration_s'], '.2f', '—')} / "
                 f"{fmt(r['ffprobe_duration_s'], '.2f', '—')} | {r['ours_ms']:.2f} | {r['ours-json_ms']:.2f} | "
                 f"{r['ffprobe_ms']:.1f} | {r['ours_ratio']:.3f} | {r['ours-json_ratio']:.3f} | "
                 f"{r['ours_mib']:.1f} | {r['ours-json_mib']:.1f} | {r['ffprobe_mib']:.1f} |")
    L.append("")
    L.append("## Summary")
    L.append("")
    L.append("| set | ours ms | --json ms | ffprobe ms | ours ÷ ffprobe | --json ÷ ffprobe | ours MiB | "
             "--json MiB | ffprobe MiB |")
    L.append("|---|--:|--:|--:|--:|--:|--:|--:|--:|")
    for s in summary:
        L.append(f"| {s['set']} | {s['ours_ms']:.2f} | {s['ours-json_ms']:.2f} | {s['ffprobe_ms']:.1f} | "
                 f"{s['ours_ratio']:.3f} | {s['ours-json_ratio']:.3f} | {s['ours_mib']:.1f} | "
                 f"{s['ours-json_mib']:.1f} | {s['ffprobe_mib']:.1f} |")
    L.append("")
    L.append("The worst row takes each column's maximum on its own (not one file's numbers).")
    if batch:
        L.append("")
        L.append("## All short files at once (informative)")
        L.append("")
        L.append("| command | files | median ms | per file ms | ours ÷ ffprobe loop | peak MiB |")
        L.append("|---|--:|--:|--:|--:|--:|")
        n = len(short)
        loop = batch.get("ffprobe")
        for tool, name in (("ours", "`richpreview inspect FILE…` (one process)"),
                           ("ours-json", "`richpreview inspect --json FILE…` (one process)"),
                           ("ffprobe", "`for f; do ffprobe … \"$f\"; done` (one process each)")):
            c = batch.get(tool)
            if c is None:
                continue
            r = "—" if tool == "ffprobe" or loop is None else f"{c['median_ms'] / loop['median_ms']:.3f}"
            L.append(f"| {name} | {n} | {c['median_ms']:.1f} | {c['median_ms'] / n:.2f} | {r} | "
                     f"{fmt(c['peak_mib'], '.1f')} |")
    L.append("")
    L.append("Start-up (hyperfine -N):")
    L.append("")
    L.append("| command | runs | median ms | min ms |")
    L.append("|---|--:|--:|--:|")
    for s in startup:
        L.append(f"| `{s['command']}` | {s['runs']} | {s['median_ms']:.2f} | {s['min_ms']:.2f} |")
    L.append("")
    L.append("## Targets")
    L.append("")
    for t in targets:
        L.append(f"- **{t['status']}** {t['target']}")
    if short:
        L.append("")
        L.append(f"For reference, the issue measured ffprobe at {ISSUE_FFPROBE} per short file; this run: "
                 f"median {statistics.median(r['ffprobe_ms'] for r in short):.1f} ms and "
                 f"{statistics.median(r['ffprobe_mib'] for r in short):.1f} MiB.")
    L.append("")
    L.append(f"**{counts['PASS']} PASS, {counts['FAIL']} FAIL.**")
    text = "\n".join(L) + "\n"

    write_report(results, "inspect-latest", text,
                 {"meta": meta, "rows": rows, "summary": summary, "cells": cells, "batch": batch,
                  "startup": startup, "targets": targets, "counts": counts},
                 ["file", "group", "bytes", "tool", "exit_status", "median_ms", "mean_ms", "stddev_ms", "min_ms",
                  "max_ms", "user_ms", "system_ms", "peak_mib", "duration_s", "command"], cells)
    return exit_status(counts)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: inspect_report.py WORKDIR RESULTSDIR")
    sys.exit(main(sys.argv[1], sys.argv[2]))
