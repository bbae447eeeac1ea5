#!/usr/bin/env python3
"""Generates Sources/RichPreview/Rendering/Text/UnicodeTables.swift from the Unicode Character Database.

Reads (from UCD_DIR, default /usr/share/unicode as installed by Debian's `unicode-data` package):
  LineBreak.txt           Line_Break classes (UAX #14)
  EastAsianWidth.txt      East_Asian_Width (UAX #11)
  emoji/emoji-data.txt    Extended_Pictographic (for LB30b)
  UnicodeData.txt         which code points are assigned (for LB30b's \\p{Cn})

Classes are resolved per UAX #14 rule LB1 here, with this data's general categories: AI, SG and XX
become AL; CJ becomes NS; SA becomes CM for Mn and Mc, else AL. (Resolving before merging runs
makes the table about 30% smaller.)

Writes two compact tables, both searched by binary search at run time:
  lineBreakRuns   one UInt32 per run of code points with the same value: start << 8 | value, where
                  value = class | 0x40 (OP/CP that are East Asian F/W/H, LB30)
                        | 0x80 (unassigned Extended_Pictographic, LB30b).
                  Runs cover 0...0x10FFFF; a run ends where the next one starts.
  wideRanges      first, last pairs of the code points that are East Asian Wide (W) or Fullwidth (F).

Standard library only. Usage: python3 Scripts/generate-unicode-tables.py [UCD_DIR]
"""

import os
import re
import sys

MAX_CODE_POINT = 0x10FFFF

# The resolved classes, in the order of the Swift enum's cases (the raw value is the index).
CLASSES = [
    "AL", "B2", "BA", "BB", "BK", "CB", "CL", "CM", "CP", "CR", "EB", "EM", "EX", "GL", "H2", "H3",
    "HL", "HY", "ID", "IN", "IS", "JL", "JT", "JV", "LF", "NL", "NS", "NU", "OP", "PO", "PR", "QU",
    "RI", "SP", "SY", "WJ", "ZW", "ZWJ",
]
# LB1: classes resolved before use (SA is resolved by general category below).
LB1_RESOLUTION = {"AI": "AL", "SG": "AL", "XX": "AL", "CJ": "NS"}
EAST_ASIAN_FLAG = 0x40
PICTOGRAPHIC_UNASSIGNED_FLAG = 0x80

OUTPUT = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "Sources", "RichPreview", "Rendering", "Text",
    "UnicodeTables.swift")


def read_property_file(path):
    """Yields (first, last, value, version_line) for every data line of a UCD semicolon file."""
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            data = line.split("#", 1)[0].strip()
            if not data:
                continue
            fields = [field.strip() for field in data.split(";")]
            if ".." in fields[0]:
                first, last = (int(part, 16) for part in fields[0].split(".."))
            else:
                first = last = int(fields[0], 16)
            yield first, last, fields[1]


def file_version(path):
    """The version in a UCD file's first line, such as 'LineBreak-15.0.0.txt' -> '15.0.0'."""
    with open(path, encoding="utf-8") as handle:
        first = handle.readline()
    match = re.search(r"-(\d+\.\d+\.\d+)\.txt", first)
    if match:
        return match.group(1)
    match = re.search(r"Version (\d+\.\d+)", open(path, encoding="utf-8").read(4000))
    return match.group(1) if match else "unknown"


def read_unicode_data(path):
    """(assigned, marks): bytearrays with 1 for each code point that UnicodeData.txt assigns (ranges
    included), and for each whose general category is Mn or Mc."""
    assigned = bytearray(MAX_CODE_POINT + 1)
    marks = bytearray(MAX_CODE_POINT + 1)
    range_start = None
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            fields = line.split(";")
            if len(fields) < 3:
                continue
            code = int(fields[0], 16)
            name = fields[1]
            if name.endswith(", First>"):
                range_start = code
                continue
            if name.endswith(", Last>") and range_start is not None:
                for value in range(range_start, code + 1):
                    assigned[value] = 1
                range_start = None
                continue
            assigned[code] = 1
            if fields[2] in ("Mn", "Mc"):
                marks[code] = 1
    return assigned, marks


def main():
    ucd = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/unicode"
    line_break_path = os.path.join(ucd, "LineBreak.txt")
    east_asian_path = os.path.join(ucd, "EastAsianWidth.txt")
    emoji_path = os.path.join(ucd, "emoji", "emoji-data.txt")
    unicode_data_path = os.path.join(ucd, "UnicodeData.txt")

    assigned, marks = read_unicode_data(unicode_data_path)

    # Line_Break: every code point not listed is XX (the file's @missing line), which LB1 makes AL.
    classes = bytearray([CLASSES.index("AL")]) * (MAX_CODE_POINT + 1)
    complex_context, combining = CLASSES.index("AL"), CLASSES.index("CM")
    for first, last, value in read_property_file(line_break_path):
        if value == "SA":
            for code in range(first, last + 1):
                classes[code] = combining if marks[code] else complex_context
            continue
        index = CLASSES.index(LB1_RESOLUTION.get(value, value))
        for code in range(first, last + 1):
            classes[code] = index

    # East_Asian_Width: every code point not listed is N.
    east_asian = bytearray(b"N") * (MAX_CODE_POINT + 1)
    width_codes = {"N": b"N", "Na": b"n", "A": b"A", "W": b"W", "F": b"F", "H": b"H"}
    for first, last, value in read_property_file(east_asian_path):
        code_byte = width_codes[value][0]
        for code in range(first, last + 1):
            east_asian[code] = code_byte

    pictographic_unassigned = bytearray(MAX_CODE_POINT + 1)
    for first, last, value in read_property_file(emoji_path):
        if value != "Extended_Pictographic":
            continue
        for code in range(first, last + 1):
            if not assigned[code]:
                pictographic_unassigned[code] = 1

    open_index, close_index = CLASSES.index("OP"), CLASSES.index("CP")
    east_asian_full_wide_half = set(b"FWH")
    runs = []
    previous = None
    for code in range(MAX_CODE_POINT + 1):
        value = classes[code]
        if value in (open_index, close_index) and east_asian[code] in east_asian_full_wide_half:
            value |= EAST_ASIAN_FLAG
        if pictographic_unassigned[code]:
            value |= PICTOGRAPHIC_UNASSIGNED_FLAG
        if value != previous:
            runs.append((code << 8) | value)
            previous = value

    wide = []
    code = 0
    while code <= MAX_CODE_POINT:
        if east_asian[code] in b"WF":
            first = code
            while code + 1 <= MAX_CODE_POINT and east_asian[code + 1] in b"WF":
                code += 1
            wide.extend([first, code])
        code += 1

    versions = {
        "LineBreak.txt": file_version(line_break_path),
        "EastAsianWidth.txt": file_version(east_asian_path),
        "emoji/emoji-data.txt": file_version(emoji_path),
    }

    def table(values, per_line):
        lines = []
        for start in range(0, len(values), per_line):
            chunk = values[start:start + per_line]
            lines.append("        " + ", ".join("0x%X" % value for value in chunk) + ",")
        return "\n".join(lines)

    enum_cases = "\n".join(
        "    case %s = %d" % (name.lower() if name not in ("IN", "IS") else "`%s`" % name.lower(), index)
        for index, name in enumerate(CLASSES))
    sources = "\n".join("//   %s (%s)" % (name, version) for name, version in versions.items())

    swift = f"""// Generated by Scripts/generate-unicode-tables.py; do not edit by hand.
// Source: Unicode Character Database {versions["LineBreak.txt"]}, files:
{sources}
//   UnicodeData.txt (general categories, assigned code points)
// Regenerate: python3 Scripts/generate-unicode-tables.py /usr/share/unicode

/// A Line_Break property value (UAX #14) after rule LB1: AI, SG, XX are AL; CJ is NS; SA is CM or AL.
enum LineBreakClass: UInt8, Sendable {{
{enum_cases}
}}

/// Range tables generated from the Unicode Character Database, searched by binary search.
enum UnicodeTables {{
    /// The Unicode version of the data.
    static let unicodeVersion = "{versions["LineBreak.txt"]}"

    /// Flag in a line-break run value: an OP or CP that is East Asian Fullwidth, Wide or Halfwidth (LB30).
    static let eastAsianFlag: UInt32 = 0x{EAST_ASIAN_FLAG:X}
    /// Flag in a line-break run value: an unassigned Extended_Pictographic code point (LB30b).
    static let pictographicUnassignedFlag: UInt32 = 0x{PICTOGRAPHIC_UNASSIGNED_FLAG:X}

    /// Runs of code points with one line-break value: `start << 8 | flags | class`, sorted by start,
    /// covering 0...0x10FFFF ({len(runs)} runs).
    static let lineBreakRuns: [UInt32] = [
{table(runs, 8)}
    ]

    /// East Asian Wide or Fullwidth code points as `first, last` pairs, sorted ({len(wide) // 2} ranges).
    static let wideRanges: [UInt32] = [
{table(wide, 8)}
    ]
}}
"""
    os.makedirs(os.path.dirname(OUTPUT), exist_ok=True)
    with open(OUTPUT, "w", encoding="utf-8") as handle:
        handle.write(swift)
    print("wrote %s: %d line-break runs, %d wide ranges, %d bytes" % (
        os.path.normpath(OUTPUT), len(runs), len(wide) // 2, len(swift.encode("utf-8"))))


if __name__ == "__main__":
    main()
