#!/usr/bin/python3
"""Measures what the hostile inputs that once cost seconds and gigabytes cost now, and writes
Benchmarks/hostile-inputs.md.

usage: Benchmarks/hostile-inputs.py [RICHPREVIEW]   (default: a release build, made if missing)

Inputs, generated into a temporary folder (nothing is kept): category manifests of 10^5 actions,
10^5 categories and 2 x 10^5 categories (the largest under the 16 MiB limit); a GIF of 10,000
500x500 frames (7.8 MB, under iOS's 10 MB); 44-byte PNGs whose tEXt, zTXt or iTXt chunk claims
2 GiB; six copies of a 475 KB progressive 9000x9000 JPEG scaled with --jobs 6; project trees a
hostile pull request could write (build settings that refer to each other a thousand times a level
or to themselves a thousand times, $(inherited) a thousand times over a long value, an .xcconfig
whose includes fan out into itself, links to /, /proc and /proc/self/cwd), linted and reviewed.
Each command runs
RUNS times (default 5) under GNU time: the median wall time and the largest peak RSS are reported,
with the goal of the hostile-input issue for each row. The peer for the manifests is Python's
json.load of the same file, a reader that builds the whole document as Foundation's does.
"""
import json
import os
import statistics
import struct
import subprocess
import sys
import tempfile
import time
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
RUNS = int(os.environ.get("RUNS", "5"))


def binary():
    if len(sys.argv) > 1:
        return os.path.abspath(sys.argv[1])
    subprocess.run(["swift", "build", "-c", "release", "--product", "richpreview"], cwd=ROOT, check=True,
                   stdout=sys.stderr)
    path = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT, check=True,
                          capture_output=True, text=True).stdout.strip()
    return os.path.join(path, "richpreview")


def measure(command, cwd):
    """Median seconds and largest peak MiB of RUNS runs, and the last run's exit status."""
    times, peaks, status = [], [], None
    for _ in range(RUNS):
        with tempfile.NamedTemporaryFile("r") as report:
            start = time.monotonic()
            run = subprocess.run(["/usr/bin/time", "-f", "%M", "-o", report.name] + command, cwd=cwd,
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            times.append(time.monotonic() - start)
            lines = [line for line in report.read().splitlines() if line.strip().isdigit()]
            peaks.append(int(lines[-1]) / 1024 if lines else float("nan"))
            status = run.returncode
    return statistics.median(times), max(peaks), status


def manifest(path, categories, actions):
    with open(path, "w") as f:
        f.write('{"categories":[')
        for c in range(categories):
            f.write("," if c else "")
            items = ",".join('{"identifier":"action%d","title":"Title %d"}' % (a, a) for a in range(actions))
            f.write('{"identifier":"c%d","actions":[%s]}' % (c, items))
        f.write("]}")


def lzw_solid(count):
    """GIF LZW (minimum code size 2) of `count` pixels of colour 1, as GIFWriter writes it."""
    clear, out, state = 4, bytearray(), {"acc": 0, "bits": 0, "width": 3, "counter": 6}

    def emit(code):
        state["acc"] |= code << state["bits"]
        state["bits"] += state["width"]
        while state["bits"] >= 8:
            out.append(state["acc"] & 255)
            state["acc"] >>= 8
            state["bits"] -= 8
        state["counter"] += 1
        if state["counter"] > 1 << state["width"] and state["width"] < 12:
            state["width"] += 1

    table, next_code = {}, [6]

    def reset():
        table.clear()
        state["width"], state["counter"], next_code[0] = 3, 6, 6

    emit(clear)
    reset()
    current = 1
    for _ in range(count - 1):
        key = current << 8 | 1
        if key in table:
            current = table[key]
            continue
        emit(current)
        if next_code[0] < 4094:
            table[key] = next_code[0]
            next_code[0] += 1
        else:
            emit(clear)
            reset()
        current = 1
    emit(current)
    emit(5)
    if state["bits"]:
        out.append(state["acc"] & 255)
    return bytes(out)


def animation(path, side, frames):
    data = lzw_solid(side * side)
    frame = b"\x2c" + struct.pack("<HHHH", 0, 0, side, side) + b"\x00\x02"
    for i in range(0, len(data), 255):
        frame += bytes([len(data[i:i + 255])]) + data[i:i + 255]
    frame += b"\x00"
    with open(path, "wb") as f:
        f.write(b"GIF89a" + struct.pack("<HH", side, side) + b"\xf1\x00\x00" + bytes([0, 0, 0, 255, 255, 255, 255, 0, 0, 0, 0, 255]))
        for _ in range(frames):
            f.write(frame)
        f.write(b"\x3b")


def png_claiming(path, chunk):
    def make(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + make(b"IHDR", struct.pack(">IIBBBBB", 1, 1, 8, 6, 0, 0, 0))
                + struct.pack(">I", 0x7FFFFFFF) + chunk + b"k\x00v")


def grey_progressive(path, side):
    """A valid mid-grey progressive 4:2:0 JPEG, as JPEGWriter writes it."""
    def segment(marker, body):
        return bytes([0xFF, marker]) + struct.pack(">H", len(body) + 2) + bytes(body)

    def zero_bits(count):
        data = bytearray((count + 7) // 8)
        if count % 8:
            data[-1] = 0xFF >> (count % 8)
        return bytes(data)

    one_code = [1] + [0] * 15 + [0]
    out = b"\xff\xd8" + segment(0xDB, [0] + [1] * 64)
    out += segment(0xC2, [8, side >> 8, side & 255, side >> 8, side & 255, 3, 1, 0x22, 0, 2, 0x11, 0, 3, 0x11, 0])
    out += segment(0xC4, [0x00] + one_code + [0x10] + one_code)
    mcus = ((side + 15) // 16) ** 2
    out += segment(0xDA, [3, 1, 0, 2, 0, 3, 0, 0, 0, 0]) + zero_bits(mcus * 6)
    luma, chroma = ((side + 7) // 8) ** 2, (((side + 1) // 2 + 7) // 8) ** 2
    for component, blocks in ((1, luma), (2, chroma), (3, chroma)):
        out += segment(0xDA, [1, component, 0, 1, 63, 0]) + zero_bits(blocks)
    with open(path, "wb") as f:
        f.write(out + b"\xff\xd9")


def quoted(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def project_file(project=None, target=None, base=None):
    """A project file with one app target; the project level based on `base` when given."""
    def settings(values):
        return " ".join(f"{quoted(k)} = {quoted(v)};" for k, v in (values or {}).items())
    reference = f'F = {{ isa = PBXFileReference; path = {quoted(base)}; sourceTree = "<group>"; }};' if base else ""
    based = "baseConfigurationReference = F; " if base else ""
    return (f'{{ objects = {{ {reference} G = {{ isa = PBXGroup; children = ({"F" if base else ""}); }};'
            f' C1 = {{ isa = XCBuildConfiguration; name = Release; {based}buildSettings = {{ {settings(project)} }}; }};'
            f' C2 = {{ isa = XCBuildConfiguration; name = Release; buildSettings = {{ {settings(target)} }}; }};'
            ' L1 = { isa = XCConfigurationList; buildConfigurations = (C1); };'
            ' L2 = { isa = XCConfigurationList; buildConfigurations = (C2); };'
            ' T = { isa = PBXNativeTarget; name = App; productType = "com.apple.product-type.application";'
            ' buildConfigurationList = L2; };'
            ' P = { isa = PBXProject; buildConfigurationList = L1; mainGroup = G; targets = (T); }; };'
            ' rootObject = P; }')


def hostile_projects(work):
    """The trees of a hostile pull request, by description: each a folder under `work`."""
    def tree(name, files, links=()):
        folder = os.path.join(work, name)
        for path, text in files.items():
            os.makedirs(os.path.dirname(os.path.join(folder, path)), exist_ok=True)
            with open(os.path.join(folder, path), "w") as f:
                f.write(text)
        os.makedirs(folder, exist_ok=True)
        for link, target in links:
            os.symlink(target, os.path.join(folder, link))
        return folder

    wide = {f"L{i}": f"$(L{i + 1})" * 1000 for i in range(8)}
    wide["L8"] = "x"
    fan_out = '#include? "base.xcconfig"\n' * 4
    return [
        ("settings 1,000 references a level, 8 deep",
         tree("wide", {"App.xcodeproj/project.pbxproj": project_file(target=wide)})),
        ("a setting referring to itself 1,000 times",
         tree("self", {"App.xcodeproj/project.pbxproj": project_file(target={"S": "$(S)" * 1000})})),
        ("`$(inherited)` 1,000 times over 60 KB",
         tree("inherited", {"App.xcodeproj/project.pbxproj": project_file(
             project={"F": "-x " * 20000}, target={"F": "$(inherited) " * 1000})})),
        ("`.richpreview.json` variables 1,000 references a level",
         tree("variables", {".richpreview.json": json.dumps({"variables": wide}),
                            "Info.plist": '<plist version="1.0"><dict><key>NSExtension</key><dict>'
                            '<key>NSExtensionPointIdentifier</key>'
                            '<string>com.apple.usernotifications.content-extension</string></dict>'
                            '<key>CFBundleName</key><string>$(L0)</string></dict></plist>'})),
        ("an .xcconfig including itself 4 times (base configuration)",
         tree("fan-out", {"base.xcconfig": fan_out,
                          "App.xcodeproj/project.pbxproj": project_file(base="base.xcconfig")})),
        ("an .xcconfig including itself 4 times (`.richpreview.json`)",
         tree("fan-out-config", {"base.xcconfig": fan_out, ".richpreview.json": '{"xcconfig": "base.xcconfig"}'})),
        ("links to /, /proc and /proc/self/cwd",
         tree("links", {"push.json": '{"aps": {"alert": "x"}}'},
              [("root", "/"), ("proc", "/proc"), ("cwd", "/proc/self/cwd")])),
    ]


def main():
    tool = binary()
    version = subprocess.run([tool, "--version"], capture_output=True, text=True).stdout.strip()
    rows = []
    with tempfile.TemporaryDirectory() as work:
        payload = os.path.join(work, "push.json")
        json.dump({"aps": {"alert": {"title": "t", "body": "b"}, "category": "c0"}}, open(payload, "w"))
        for name, categories, actions in (("1e5-actions", 1, 100_000), ("1e5-categories", 100_000, 1),
                                          ("2e5-categories", 200_000, 1)):
            path = os.path.join(work, name + ".json")
            manifest(path, categories, actions)
            size = os.path.getsize(path)
            goal = 8 * size / 2**20 + 20
            for command in (["deliver", "--categories", path, payload],
                            ["respond", "--categories", path, "--category", "nope", "--action", "x"],
                            ["render", payload, "--categories", path, "--format", "text"],
                            ["lint", path]):
                seconds, peak, _ = measure([tool] + command, work)
                rows.append((f"{name} ({size / 1e6:.1f} MB), `{command[0]}`", seconds, peak, f"≤ {goal:.0f} MiB"))
            seconds, peak, _ = measure([sys.executable, "-c", "import json,sys; json.load(open(sys.argv[1]))", path], work)
            rows.append((f"{name}, peer: Python `json.load`", seconds, peak, ""))
        gif = os.path.join(work, "frames.gif")
        animation(gif, 500, 10_000)
        for command in (["inspect", gif], ["scale", gif, "-o", os.path.join(work, "o.png"), "--fit", "64x64"],
                        ["render", gif, "--format", "text"]):
            seconds, peak, _ = measure([tool] + command, work)
            rows.append((f"GIF of 10,000 500×500 frames ({os.path.getsize(gif) / 1e6:.1f} MB), `{command[0]}`",
                         seconds, peak, "≤ 0.5 s"))
        for chunk in (b"tEXt", b"zTXt", b"iTXt"):
            path = os.path.join(work, chunk.decode() + ".png")
            png_claiming(path, chunk)
            seconds, peak, _ = measure([tool, "inspect", path], work)
            rows.append((f"44-byte PNG, {chunk.decode()} claiming 2 GiB, `inspect`", seconds, peak, "≤ 1 s, ≤ 64 MiB"))
        inputs = []
        for index in range(6):
            path = os.path.join(work, f"large-{index}.jpg")
            grey_progressive(path, 9000)
            inputs.append(path)
        seconds, peak, _ = measure([tool, "scale"] + inputs + ["--output-dir", os.path.join(work, "out"), "--fit", "64x64",
                                                              "--jobs", "6"], work)
        rows.append(("6 progressive 9000×9000 JPEGs, `scale --jobs 6` (budget 256 MiB)", seconds, peak,
                     "≤ 256 MiB + the process"))
        for description, folder in hostile_projects(work):
            for command in (["lint", folder], ["review", folder, "-o", os.path.join(work, "review.html")]):
                seconds, peak, status = measure([tool] + command, work)
                rows.append((f"{description}, `{command[0]}` (exit {status})", seconds, peak, "≤ 1 s, ≤ 64 MiB"))
    lines = [
        "# Hostile inputs: what they cost",
        "",
        f"`Benchmarks/hostile-inputs.py` with {version}, release build, median of {RUNS} runs, the largest peak RSS",
        f"(GNU time), on {os.cpu_count()} cores. Each row's goal is the hostile-input issue's.",
        "",
        "| input and command | median | peak | goal |",
        "|---|--:|--:|---|",
    ]
    for name, seconds, peak, goal in rows:
        lines.append(f"| {name} | {seconds * 1000:.0f} ms | {peak:.1f} MiB | {goal} |")
    text = "\n".join(lines) + "\n"
    with open(os.path.join(HERE, "hostile-inputs.md"), "w") as f:
        f.write(text)
    print(text)


if __name__ == "__main__":
    main()
