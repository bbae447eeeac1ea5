#!/usr/bin/env python3
"""Fails when a public declaration of a library module has no doc comment, or a public type
with values is not Sendable.

Builds the package's symbol graphs with `swift package dump-symbol-graph` (public symbols only)
and lists every symbol of the library modules without a `///` comment, as `FILE:LINE: NAME`.
Members the compiler synthesises (Equatable, Codable, RawRepresentable) are exempt: they have
no source to comment. Every public struct, class and enum with cases must conform to
`Sendable` (caseless enums are namespaces). The command-line module must have no public symbol.

Usage: Scripts/check-public-docs.py [--skip-build]   (from the package root)
"""
import glob
import json
import os
import subprocess
import sys

LIBRARIES = [
    "RichPreview", "RichPreviewSourceScan", "RichPreviewMedia", "RichPreviewImaging", "RichPreviewRendering",
    "RichPreviewServer",
]
INTERNAL_ONLY = ["RichPreviewCLI"]


def main() -> int:
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    os.chdir(root)
    if "--skip-build" not in sys.argv:
        # The symbol graphs of the test modules need them built first.
        for command in (["swift", "build", "--build-tests"],
                        ["swift", "package", "dump-symbol-graph", "--minimum-access-level", "public"]):
            build = subprocess.run(command, capture_output=True, text=True)
            if build.returncode != 0:
                sys.stderr.write(build.stdout + build.stderr)
                return 2
    folders = glob.glob(".build/*/symbolgraph")
    if not folders:
        print("no symbol graphs under .build/*/symbolgraph", file=sys.stderr)
        return 2
    folder = max(folders, key=os.path.getmtime)
    problems = []
    counted = 0
    for module in LIBRARIES + INTERNAL_ONLY:
        path = os.path.join(folder, f"{module}.symbols.json")
        if not os.path.exists(path):
            problems.append(f"{module}: no symbol graph")
            continue
        with open(path) as handle:
            symbols = json.load(handle)["symbols"]
        if module in INTERNAL_ONLY:
            problems += [f"{module}: public symbol {'.'.join(s['pathComponents'])}" for s in symbols]
            continue
        with open(path) as handle:
            relationships = json.load(handle)["relationships"]
        sendable = {r["source"] for r in relationships
                    if r["kind"] == "conformsTo" and "Sendable" in (r.get("targetFallback") or r["target"])}
        with_cases = {tuple(s["pathComponents"][:-1]) for s in symbols if s["kind"]["identifier"] == "swift.enum.case"}
        for symbol in symbols:
            kind = symbol["kind"]["identifier"]
            name = ".".join(symbol["pathComponents"])
            has_values = kind in ("swift.struct", "swift.class") or (
                kind == "swift.enum" and tuple(symbol["pathComponents"]) in with_cases)
            if has_values and symbol["identifier"]["precise"] not in sendable:
                problems.append(f"{module}: {name} is not Sendable")
            if "::SYNTHESIZED::" in symbol["identifier"]["precise"]:
                continue
            counted += 1
            if symbol.get("docComment"):
                continue
            location = symbol.get("location", {})
            file = location.get("uri", "?").split("/Sources/", 1)[-1]
            line = location.get("position", {}).get("line", 0) + 1
            problems.append(f"Sources/{file}:{line}: {'.'.join(symbol['pathComponents'])} has no doc comment")
    for problem in sorted(problems):
        print(problem)
    print(f"{counted} public declarations in {', '.join(LIBRARIES)}; {len(problems)} problems", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
