#!/usr/bin/python3
"""Turns the raw measurements of Benchmarks/lint-benchmark.sh into its report.

usage: lint-report.py WORKDIR RESULTSDIR

Reads WORKDIR/meta.tsv, runs.tsv (one line per tree x mode: hyperfine JSON, GNU time output
`%M %e %U %S %P`, the checked run's stderr with lint's summary line) and traces.tsv (strace
logs of one run per tree, and each tree's OUT.json listing from make-lint-tree.py). Prints the
Markdown report to stdout and writes RESULTSDIR/lint-latest.md (the same text),
lint-latest.json (everything, raw run times included) and lint-latest.csv (one line per run).
Exit status 0; with STRICT=1 in the environment, 3 when any target FAILs.
"""
import csv
import json
import os
import re
import statistics
import sys

from report_files import write_report, exit_status

SUMMARY = re.compile(r"^richpreview lint: (\d+) errors?, (\d+) warnings?, (\d+) notes? in (\d+) files? \((\d+) ms\)$",
                     re.M)
# pid? syscall(args) = result, or the two halves of an interrupted call
CALL = re.compile(r'^(?:(\d+) +)?(open|openat|openat2)\((.*)$')
RESUMED = re.compile(r'^(?:(\d+) +)?<\.\.\. (?:open|openat|openat2) resumed>(.*)$')
# the folders lint never enters (ProjectWalker.skippedFolders)
SKIPPED_FOLDERS = {".git", ".hg", ".svn", ".build", "build", "Build", "DerivedData", "Pods", "Carthage",
                   "node_modules", ".swiftpm", "xcuserdata"}
BREAKDOWN_NAMES = {
    "empty": "an empty folder (start-up only)",
    "only-swift": "Swift sources only",
    "only-objc": "Objective-C .m/.h only",
    "only-payload": "payloads (.json/.apns) and their attachments only",
    "only-plist": "Info.plists and manifests only",
    "only-json": "other JSON (mock responses, asset Contents.json) only",
    "only-inert-skipped": "files lint must not open, and the skipped folders (the walk only)",
}


def unescape(text):
    """An strace string argument (\\" \\\\ \\n \\t \\ooo \\xNN) as text."""
    out, i = bytearray(), 0
    raw = text.encode("utf-8", "surrogateescape")
    while i < len(raw):
        c = raw[i]
        if c == 0x5C and i + 1 < len(raw):
            n = chr(raw[i + 1])
            if n == "x":
                out.append(int(raw[i + 2:i + 4], 16)); i += 4; continue
            if n.isdigit():
                j = i + 1
                while j < len(raw) and j < i + 4 and chr(raw[j]).isdigit():
                    j += 1
                out.append(int(raw[i + 1:j], 8)); i = j; continue
            out.append({"n": 10, "t": 9, "r": 13}.get(n, raw[i + 1])); i += 2; continue
        out.append(c); i += 1
    return out.decode("utf-8", "surrogateescape")


def parse_strace(path):
    """(path, is_directory, succeeded, relative_to_a_descriptor) for every open call."""
    calls, pending = [], {}
    for line in open(path, encoding="utf-8", errors="surrogateescape"):
        line = line.rstrip("\n")
        m = CALL.match(line)
        if m:
            pid, name, rest = m.group(1) or "0", m.group(2), m.group(3)
            if rest.endswith("<unfinished ...>"):
                pending[pid] = (name, rest[: -len("<unfinished ...>")])
                continue
            calls.append((name, rest))
            continue
        m = RESUMED.match(line)
        if m:
            pid = m.group(1) or "0"
            if pid in pending:
                name, start = pending.pop(pid)
                calls.append((name, start + m.group(2)))
    opens = []
    for name, text in calls:
        if name == "open":
            dirfd, m = "AT_FDCWD", re.match(r'"((?:[^"\\]|\\.)*)"(?:\.\.\.)?, (.*)\) += (-?\d+)', text)
        else:
            m = re.match(r'(AT_FDCWD|-?\d+)(?:<[^>]*>)?, "((?:[^"\\]|\\.)*)"(?:\.\.\.)?, (.*)\) += (-?\d+)', text)
            dirfd = m.group(1) if m else None
            m = re.match(r'[^"]*"((?:[^"\\]|\\.)*)"(?:\.\.\.)?, (.*)\) += (-?\d+)', text) if m else None
        if not m:
            continue
        target, flags, result = unescape(m.group(1)), m.group(2), int(m.group(3))
        opens.append({"path": target, "directory": "O_DIRECTORY" in flags, "ok": result >= 0,
                      "relative": dirfd != "AT_FDCWD" and not target.startswith("/")})
    return opens


def analyse_trace(trace_path, tree_dir):
    listing = json.load(open(tree_dir + ".json"))
    kinds = {p: k for p, k in listing["paths"]}
    may_open = set(listing["may_open"])
    files, folders, failed, relative, outside = {}, {}, 0, 0, 0
    for o in parse_strace(trace_path):
        if o["relative"]:
            relative += 1
            continue
        path = os.path.normpath(o["path"])
        if not (path == tree_dir or path.startswith(tree_dir + "/")):
            outside += 1
            continue
        if not o["ok"]:
            failed += 1
            continue
        rel = os.path.relpath(path, tree_dir)
        bucket = folders if o["directory"] else files
        bucket[rel] = bucket.get(rel, 0) + 1
    twice = sorted(p for p, n in files.items() if n > 1)
    folders_twice = sorted(p for p, n in folders.items() if n > 1)
    forbidden = sorted(p for p in files if kinds.get(p) not in may_open)
    forbidden_folders = sorted(p for p in folders if SKIPPED_FOLDERS & set(p.split("/")))
    by_kind = {}
    for p in files:
        k = kinds.get(p, "not generated")
        by_kind[k] = by_kind.get(k, 0) + 1
    candidates = [p for p, k in kinds.items() if k in may_open and k != "attachment"]
    not_opened = sorted(p for p in candidates if p not in files)
    return {
        "tree": os.path.basename(tree_dir),
        "files_in_tree": len(kinds),
        "files_opened": len(files),
        "opens": sum(files.values()),
        "folders_listed": len(folders),
        "opened_by_kind": dict(sorted(by_kind.items())),
        "files_opened_twice": twice,
        "folders_listed_twice": folders_twice,
        "must_not_open_opened": forbidden,
        "skipped_folders_listed": forbidden_folders,
        "must_not_open_in_tree": sum(1 for k in kinds.values() if k not in may_open),
        "candidates_not_opened": not_opened,
        "attachments": sum(1 for k in kinds.values() if k == "attachment"),
        "failed_opens_in_tree": failed,
        "opens_outside_tree": outside,
        "opens_relative_to_descriptor": relative,
    }


def others_load(row, hyperfine, time_fields, runs, warmup, ticks):
    """Per cent of all CPUs' time that other processes used while this command was timed: the
    CPUs' busy time from /proc/stat over the window, less this command's own user + system time
    (hyperfine's mean × its runs, and the checked run)."""
    a = [int(x) for x in row["stat_before"].split()[1:]]
    b = [int(x) for x in row["stat_after"].split()[1:]]
    if len(a) < 5 or len(a) != len(b):
        return None
    total = sum(y - x for x, y in zip(a, b)) / ticks
    idle = ((b[3] - a[3]) + (b[4] - a[4])) / ticks
    ours = (hyperfine["user"] + hyperfine["system"]) * (runs + warmup) + float(time_fields[2]) + float(time_fields[3])
    if total <= 0:
        return None
    return max(0.0, 100 * (total - idle - ours) / total)


def fmt(v, spec, none="n/a"):
    return none if v is None else format(v, spec)


def main(work, results):
    meta = dict(line.rstrip("\n").split("\t", 1) for line in open(os.path.join(work, "meta.tsv")))
    runs = []
    with open(os.path.join(work, "runs.tsv")) as f:
        for row in csv.DictReader(f, delimiter="\t", quoting=csv.QUOTE_NONE):
            h = json.load(open(row["hyperfine_json"]))["results"][0]
            times = [t * 1000 for t in h["times"]]
            time_fields = open(row["time"]).read().splitlines()[-1].split()[:5]
            peak_kib, elapsed, user, system, cpu = time_fields
            summary = SUMMARY.findall(open(row["stderr"], errors="replace").read())
            errors, warnings, notes, linted, own_ms = (int(x) for x in summary[-1])
            median = statistics.median(times)
            listing = os.path.join(os.path.dirname(row["dir"]), row["tree"] + ".json")
            kinds = json.load(open(listing))["counts"] if os.path.exists(listing) else {}
            in_skipped = kinds.get("skipped", 0)
            on_disk = sum(kinds.values()) - in_skipped
            runs.append({
                "label": row["label"], "tree": row["tree"], "mode": row["mode"], "command": row["command"],
                "exit_status": int(row["status"]), "files_on_disk": on_disk, "files_in_skipped_folders": in_skipped, "files_linted": linted,
                "errors": errors, "warnings": warnings, "notes": notes,
                "median_ms": median, "mean_ms": h["mean"] * 1000, "stddev_ms": (h["stddev"] or 0) * 1000,
                "min_ms": min(times), "max_ms": max(times), "times_ms": [round(t, 3) for t in times],
                "cpu_ms_mean": (h["user"] + h["system"]) * 1000,
                "files_per_second": linted / (median / 1000) if median > 0 and linted else None,
                "peak_mib": int(peak_kib) / 1024, "cpu_percent_checked_run": cpu.rstrip("%"),
                "lint_own_ms_checked_run": own_ms,
                "others_cpu_percent": others_load(row, h, time_fields, len(times), int(meta["warmup"]),
                                                  int(meta.get("clock_ticks", 100))),
            })
    main_runs = [r for r in runs if not r["label"].startswith(("only-", "empty"))]
    breakdown = [r for r in runs if r["label"].startswith(("only-", "empty"))]

    traces = []
    if os.path.exists(os.path.join(work, "traces.tsv")):
        with open(os.path.join(work, "traces.tsv")) as f:
            for row in csv.DictReader(f, delimiter="\t", quoting=csv.QUOTE_NONE):
                traces.append(analyse_trace(row["strace"], row["dir"]))

    # ---------------------------------------------------------------- targets
    targets = []

    def add(ok, text):
        targets.append({"status": "n/a" if ok is None else ("PASS" if ok else "FAIL"), "target": text})

    target_ms = float(meta["target_ms"])
    big = f"tree-{meta['files']}"
    single = next((r for r in main_runs if r["tree"] == big and r["mode"] == "single-core"), None)
    if single:
        ms = single["median_ms"]
        add(ms < target_ms,
            f"{meta['files']}-file tree, single core (`taskset -c {meta['cpu_pinned']}`): median < {target_ms:.0f} ms "
            f"(median {ms:.0f} ms, {ms / target_ms:.2f}× the target, "
            f"{'under' if ms < target_ms else 'over'} by {abs(target_ms - ms):.0f} ms; min {single['min_ms']:.0f} ms, "
            f"CPU {single['cpu_ms_mean']:.0f} ms; {fmt(single['files_per_second'], ',.0f')} files/s over "
            f"{single['files_linted']:,} files; others' load {fmt(single['others_cpu_percent'], '.0f')} %)")
    for tr in traces:
        twice, folders_twice = tr["files_opened_twice"], tr["folders_listed_twice"]
        add(not twice and not folders_twice,
            f"{tr['tree']}: nothing opened twice ({tr['files_opened']:,} files opened, {tr['opens']:,} opens; "
            f"{tr['folders_listed']:,} folders listed; opened twice: {len(twice)} files"
            + (f" e.g. {', '.join(twice[:3])}" if twice else "") + f", {len(folders_twice)} folders)")
        bad, bad_folders = tr["must_not_open_opened"], tr["skipped_folders_listed"]
        add(not bad and not bad_folders,
            f"{tr['tree']}: no file lint must not open was opened (the tree has {tr['must_not_open_in_tree']:,}: "
            f".png (not attachments), .md, .strings, .storyboard, project files, and files in Pods/, "
            f"DerivedData/, .git/, xcuserdata/; opened: {len(bad)}" + (f" e.g. {', '.join(bad[:3])}" if bad else "")
            + f"; skipped folders listed: {len(bad_folders)})")
    counts = {"PASS": 0, "FAIL": 0, "n/a": 0}
    for t in targets:
        counts[t["status"]] += 1

    # ---------------------------------------------------------------- Markdown
    L = ["# richpreview lint benchmark", ""]
    L.append(f"{meta['date']} · {meta['cpu']} · {meta['cores']} cores · {meta['richpreview']} @ {meta['commit']} "
             f"· {meta['hyperfine']}")
    L.append("")
    L.append(f"`richpreview lint --format json TREE` (stdout to /dev/null). Median of {meta['runs']} runs "
             f"(hyperfine -N, {meta['warmup']} warm-up); single core = `taskset -c {meta['cpu_pinned']}`. "
             f"Files = lint's own count (\"in N files\"); files/s = files ÷ median. Peak = max RSS of one "
             f"more run (GNU time); CPU = user + system, mean over the runs; others' load = the share of "
             f"all CPUs' time other processes used while the row was timed. Trees from make-lint-tree.py, "
             f"seed {meta['seed']}. Other load: all CPUs {meta['cpu_busy_before']} % busy in the second before, "
             f"{meta['cpu_busy_after']} % after; load average {meta['load_before']} before, {meta['load_after']} after"
             f"{'; compilers were running' if meta['busy_before'] != '0' or meta['busy_after'] != '0' else ''}. "
             f"Total run time {meta.get('seconds', '?')} s.")
    L.append("")
    L.append("| tree | files (+ in skipped folders) | files linted | findings E/W/N | cores | median ms | min ms | CPU ms | files/s | peak MiB | lint's own ms (1 run) | others' load |")
    L.append("|---|--:|--:|---|---|--:|--:|--:|--:|--:|--:|--:|")
    for r in main_runs:
        L.append(f"| {r['tree']} | {r['files_on_disk']:,} (+{r['files_in_skipped_folders']:,}) | {r['files_linted']:,} | "
                 f"{r['errors']}/{r['warnings']}/{r['notes']} | {'both' if r['mode'] == 'normal' else 'one'} | "
                 f"{r['median_ms']:.1f} | {r['min_ms']:.1f} | {r['cpu_ms_mean']:.0f} | "
                 f"{fmt(r['files_per_second'], ',.0f')} | {r['peak_mib']:.1f} | {r['lint_own_ms_checked_run']} | "
                 f"{fmt(r['others_cpu_percent'], '.0f')} % |")
    if traces:
        L.append("")
        L.append("What one run opens (strace -f, open/openat/openat2, paths inside the tree):")
        L.append("")
        L.append("| tree | files in tree | files opened | opens | folders listed | opened twice | must-not-open opened | opened by kind | candidates not opened |")
        L.append("|---|--:|--:|--:|--:|--:|--:|---|--:|")
        for tr in traces:
            kinds = ", ".join(f"{k} {v:,}" for k, v in tr["opened_by_kind"].items())
            L.append(f"| {tr['tree']} | {tr['files_in_tree']:,} | {tr['files_opened']:,} | {tr['opens']:,} | "
                     f"{tr['folders_listed']:,} | {len(tr['files_opened_twice'])} | "
                     f"{len(tr['must_not_open_opened']) + len(tr['skipped_folders_listed'])} | {kinds} | "
                     f"{len(tr['candidates_not_opened'])} |")
        notes = []
        for tr in traces:
            asset = tr["opened_by_kind"].get("asset-json", 0)
            if asset:
                notes.append(f"{tr['tree']}: {asset:,} asset-catalog `Contents.json` files are opened: lint reads "
                             f"every `.json` to tell a payload or manifest by its content.")
            if tr["opened_by_kind"].get("attachment"):
                notes.append(f"{tr['tree']}: {tr['opened_by_kind']['attachment']} of {tr['attachments']} PNGs opened "
                             f"are attachments payloads refer to (checked as `inspect` does).")
            if tr["opens_relative_to_descriptor"]:
                notes.append(f"{tr['tree']}: {tr['opens_relative_to_descriptor']} opens relative to a folder "
                             f"descriptor were not counted.")
        if notes:
            L.append("")
            L += [f"- {n}" for n in notes]
    if breakdown:
        full = single["median_ms"] if single else None
        empty = next((r["median_ms"] for r in breakdown if r["label"] == "empty"), None)
        L.append("")
        L.append(f"Where the time goes: the {meta['files']}-file tree's files of one kind alone (same bytes, "
                 f"same folders), single core, median of the runs; above start-up = median − the empty folder's:")
        L.append("")
        L.append("| files | files on disk | files linted | median ms | above start-up ms | share of the full tree's | files/s | others' load |")
        L.append("|---|--:|--:|--:|--:|--:|--:|--:|")
        for r in breakdown:
            above = None if empty is None else r["median_ms"] - empty
            share = None if full is None or above is None else above / full
            L.append(f"| {BREAKDOWN_NAMES.get(r['label'], r['label'])} | "
                     f"{r['files_on_disk'] + r['files_in_skipped_folders']:,} | "
                     f"{r['files_linted']:,} | {r['median_ms']:.1f} | {fmt(above, '.1f')} | "
                     f"{fmt(share, '.0%')} | {fmt(r['files_per_second'], ',.0f', '—')} | "
                     f"{fmt(r['others_cpu_percent'], '.0f')} % |")
    L.append("")
    L.append("## Targets")
    L.append("")
    for t in targets:
        L.append(f"- **{t['status']}** {t['target']}")
    L.append("")
    L.append(f"**{counts['PASS']} PASS, {counts['FAIL']} FAIL, {counts['n/a']} n/a.**")
    text = "\n".join(L) + "\n"

    write_report(results, "lint-latest", text,
                 {"meta": meta, "runs": runs, "traces": traces, "targets": targets, "counts": counts},
                 ["label", "tree", "mode", "files_on_disk", "files_linted", "errors", "warnings", "notes",
                  "median_ms", "mean_ms", "stddev_ms", "min_ms", "max_ms", "cpu_ms_mean", "files_per_second",
                  "peak_mib", "lint_own_ms_checked_run", "others_cpu_percent", "exit_status", "command"], runs)
    return exit_status(counts)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: lint-report.py WORKDIR RESULTSDIR")
    sys.exit(main(sys.argv[1], sys.argv[2]))
