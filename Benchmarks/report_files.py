"""The files every benchmark report leaves in its results folder, and its exit status.

STEM.md is the report for people (also printed to stdout), STEM.json every figure for tools, and
STEM.csv, when the report has one row per measurement, those rows with floats rounded to 3
places. Each file is written to a temporary name beside it and renamed into place."""

import csv
import json
import os
import sys
import tempfile


def _write_atomically(path, write):
    folder = os.path.dirname(path) or "."
    descriptor, temporary = tempfile.mkstemp(prefix="." + os.path.basename(path) + ".", dir=folder)
    try:
        with os.fdopen(descriptor, "w", newline="") as f:
            write(f)
        os.replace(temporary, path)
    except BaseException:
        os.unlink(temporary)
        raise


def write_report(results, stem, text, document, fields=None, rows=()):
    """Writes STEM.md (`text`), STEM.json (`document`) and, when `fields` is given, STEM.csv (`rows`,
    dicts, in those columns) into the folder `results`, then prints `text`."""
    os.makedirs(results, exist_ok=True)
    _write_atomically(os.path.join(results, stem + ".md"), lambda f: f.write(text))

    def write_json(f):
        json.dump(document, f, indent=1, ensure_ascii=False)
        f.write("\n")

    _write_atomically(os.path.join(results, stem + ".json"), write_json)
    if fields is not None:
        def write_csv(f):
            w = csv.DictWriter(f, fieldnames=fields, extrasaction="ignore")
            w.writeheader()
            for row in rows:
                w.writerow({k: (round(v, 3) if isinstance(v, float) else v) for k, v in row.items()})

        _write_atomically(os.path.join(results, stem + ".csv"), write_csv)
    sys.stdout.write(text)


def exit_status(counts):
    """3 when STRICT=1 is set and a target failed, else 0."""
    return 3 if os.environ.get("STRICT") == "1" and counts["FAIL"] else 0
