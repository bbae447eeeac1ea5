#!/usr/bin/python3
"""Writes advances-pillow.json: the advance widths Pillow (FreeType + libraqm, which shapes with
HarfBuzz) gives for texts in the Debian fonts, at 1000 px so that its 1/64 px rounding is negligible.
Run with Debian's python3-pil: /usr/bin/python3 Tests/Fixtures/text/make-advances.py"""
import json
import os
from PIL import ImageFont, features

SIZE = 1000
CASES = [
    ("/usr/share/fonts/opentype/inter/Inter-Regular.otf", 0, "regular",
     ["Hello, world", "WW", "ii", "café — naïve", "AV To", "Reply"]),
    ("/usr/share/fonts/opentype/inter/Inter-SemiBold.otf", 0, "semibold", ["Hello, world", "Reply"]),
    ("/usr/share/fonts/opentype/inter/Inter-Bold.otf", 0, "bold", ["Hello, world", "Reply"]),
    ("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", 2, "regular", ["查看忽略", "測試推送的快捷回復"]),
]

entries = []
for path, index, weight, texts in CASES:
    font = ImageFont.truetype(path, SIZE, index=index, layout_engine=ImageFont.Layout.RAQM)
    for text in texts:
        entries.append({"font": os.path.basename(path), "faceIndex": index, "weight": weight, "text": text,
                        "size": SIZE, "advance": font.getlength(text)})

with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "advances-pillow.json"), "w") as out:
    json.dump({"generator": "Pillow %s, libraqm %s, FreeType %s" % (
        __import__("PIL").__version__, features.version("raqm"), features.version("freetype2")),
        "entries": entries}, out, ensure_ascii=False, indent=1)
    out.write("\n")
