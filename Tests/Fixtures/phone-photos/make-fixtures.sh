#!/usr/bin/env bash
# Regenerates Tests/Fixtures/phone-photos/*: HEIC, AVIF and WebP files of a few hundred bytes to a few
# KB for the decoding tests, each written by an encoder that is not richpreview's (libheif's heif-enc
# with x265 and aom, libavif's avifenc with aom and rav1e, libwebp's cwebp, img2webp and webpmux,
# ImageMagick's WebP writer), a few files derived from them by the Python below (HEIF orientation
# properties, damaged files, decompression bombs), and <name>.ref.png beside every file that decodes:
# the pixels the format's own decoder gives (heif-convert/libheif for HEIC and AVIF, dwebp for WebP).
# The pictures are drawn here by ImageMagick; nothing is fetched.
#
# Debian packages (bookworm): libheif-examples (heif-enc, heif-convert, heif-info; libheif 1.15.1 with
# x265 3.5, aom 3.6, libde265 1.0.11, dav1d 1.0), libavif-bin (avifenc, avifdec 0.11.1), webp (cwebp,
# dwebp, img2webp, webpmux 1.2.4), imagemagick (convert 6.9.11), icc-profiles-free (sRGB.icc), python3
# (standard library only; ctypes loads libheif.so.1 from libheif1).
#   apt-get install -y libheif-examples libavif-bin webp imagemagick icc-profiles-free python3
#
# The output is the same on every run with those versions (every encoder here is deterministic with
# one thread; the PNGs carry no time). Other versions write other bytes: the checks below stop the
# script when a tool behaves differently from the one the README describes.
set -euo pipefail
cd "$(dirname "$0")"

need() {
    command -v "$1" >/dev/null || { echo "make-fixtures.sh: $1 is missing (apt-get install $2)" >&2; exit 1; }
}
need heif-enc libheif-examples
need heif-convert libheif-examples
need heif-info libheif-examples
need avifenc libavif-bin
need avifdec libavif-bin
need cwebp webp
need dwebp webp
need img2webp webp
need webpmux webp
need convert imagemagick
need python3 python3
convert -version | grep -q '^Version: ImageMagick' || {
    echo "make-fixtures.sh: convert is not ImageMagick (apt-get install imagemagick)" >&2
    exit 1
}
icc=/usr/share/color/icc/sRGB.icc # icc-profiles-free: Zlib licence, "no copyright, use freely"
[ -f "$icc" ] || { echo "make-fixtures.sh: $icc is missing (apt-get install icc-profiles-free)" >&2; exit 1; }

export MAGICK_THREAD_LIMIT=1 OMP_NUM_THREADS=1
rm -f ./*.heic ./*.avif ./*.webp ./*.png
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

cat >"$tmp/fx.py" <<'PY'
"""Helpers for make-fixtures.sh: ISOBMFF (HEIF/AVIF) and RIFF (WebP) surgery, EXIF, PNG."""
import ctypes
import struct
import sys
import zlib


# --- ISOBMFF -----------------------------------------------------------------------------------

def boxes(data, start, end):
    """(type, offset, size, header size) of each box from start to end."""
    out, p = [], start
    while p < end:
        size, kind = struct.unpack_from(">I4s", data, p)
        head = 8
        if size == 1:
            size, head = struct.unpack_from(">Q", data, p + 8)[0], 16
        elif size == 0:
            size = end - p
        out.append((kind.decode("latin-1"), p, size, head))
        p += size
    if p != end:
        sys.exit("fx.py: boxes overrun their parent")
    return out


def box(kind, payload):
    return struct.pack(">I4s", 8 + len(payload), kind.encode("latin-1")) + bytes(payload)


def uint(b, at, n):
    return int.from_bytes(b[at:at + n], "big")


def put(b, at, n, value):
    b[at:at + n] = value.to_bytes(n, "big")


class Heif:
    """The meta box of a HEIF file taken apart: its children, the property container (ipco) and the
    associations (ipma), so that properties can be added or removed and the file written again with
    every box size and iloc offset that the change moves put right."""

    def __init__(self, path):
        self.data = bytearray(open(path, "rb").read())
        top = boxes(self.data, 0, len(self.data))
        _, self.meta_at, self.meta_size, head = next(b for b in top if b[0] == "meta")
        if any(b[0] == "mdat" and b[1] < self.meta_at for b in top):
            sys.exit("fx.py: mdat before meta is not handled")
        self.meta_head = bytes(self.data[self.meta_at + head:self.meta_at + head + 4])
        first = self.meta_at + head + 4
        self.children = [[k, bytearray(self.data[o + h:o + s])]
                         for k, o, s, h in boxes(self.data, first, self.meta_at + self.meta_size)]
        iprp = self.child("iprp")
        self.ipco, self.ipma, self.iprp_rest = None, None, []
        for k, o, s, h in boxes(iprp, 0, len(iprp)):
            if k == "ipco":
                self.ipco = [[kk, bytearray(iprp[oo + hh:oo + ss])] for kk, oo, ss, hh in boxes(iprp, o + h, o + s)]
            elif k == "ipma" and self.ipma is None:
                self.ipma = self.parse_ipma(iprp[o + h:o + s])
            else:
                self.iprp_rest.append([k, bytearray(iprp[o + h:o + s])])

    def child(self, kind):
        return next(p for k, p in self.children if k == kind)

    @staticmethod
    def parse_ipma(p):
        version, flags = p[0], uint(p, 1, 3)
        count, at, entries = uint(p, 4, 4), 8, []
        for _ in range(count):
            n = 2 if version < 1 else 4
            item, at = uint(p, at, n), at + n
            k, at = p[at], at + 1
            assoc = []
            for _ in range(k):
                if flags & 1:
                    v, at = uint(p, at, 2), at + 2
                    assoc.append([v >> 15, v & 0x7FFF])
                else:
                    v, at = p[at], at + 1
                    assoc.append([v >> 7, v & 0x7F])
            entries.append([item, assoc])
        return [version, flags, entries]

    def ipma_bytes(self):
        version, flags, entries = self.ipma
        out = bytearray([version]) + flags.to_bytes(3, "big") + len(entries).to_bytes(4, "big")
        for item, assoc in entries:
            out += item.to_bytes(2 if version < 1 else 4, "big") + bytes([len(assoc)])
            for essential, index in assoc:
                out += ((essential << 15) | index).to_bytes(2, "big") if flags & 1 else bytes([(essential << 7) | index])
        return out

    def primary(self):
        p = self.child("pitm")
        return uint(p, 4, 2 if p[0] == 0 else 4)

    def item_types(self):
        p = self.child("iinf")
        at = 6 if p[0] == 0 else 8
        types = {}
        for k, o, s, h in boxes(p, at, len(p)):
            e = p[o + h:o + s]
            if k == "infe" and e[0] >= 2:
                n = 2 if e[0] == 2 else 4
                types[uint(e, 4, n)] = e[4 + n + 2:4 + n + 6].decode("latin-1")
        return types

    def associations(self, item):
        for it, assoc in self.ipma[2]:
            if it == item:
                return assoc
        assoc = []
        self.ipma[2].append([item, assoc])
        return assoc

    def add_property(self, item, kind, payload, essential=1):
        if len(self.ipco) >= (0x7FFF if self.ipma[1] & 1 else 0x7F):
            sys.exit("fx.py: no room for another property index")
        self.ipco.append([kind, bytearray(payload)])
        self.associations(item).append([essential, len(self.ipco)])

    def remove_properties(self, kinds):
        gone = [i + 1 for i, (k, _) in enumerate(self.ipco) if k in kinds]
        self.ipco = [c for c in self.ipco if c[0] not in kinds]
        for entry in self.ipma[2]:
            entry[1] = [[e, i - sum(g < i for g in gone)] for e, i in entry[1] if i not in gone]
        return len(gone)

    def properties(self, item):
        return [(self.ipco[i - 1][0], self.ipco[i - 1][1], e) for e, i in self.associations(item)]

    def iloc(self):
        """Each item of iloc: id, construction method, data reference, base offset (with where it is
        written in the iloc payload) and extents (offset position, offset, length)."""
        p = self.child("iloc")
        version = p[0]
        osz, lsz, bsz = p[4] >> 4, p[4] & 15, p[5] >> 4
        isz = p[5] & 15 if version in (1, 2) else 0
        at = 6
        n = 2 if version < 2 else 4
        count, at = uint(p, at, n), at + n
        items = []
        for _ in range(count):
            item, at = uint(p, at, n), at + n
            method = 0
            if version in (1, 2):
                method, at = uint(p, at, 2) & 15, at + 2
            dri, at = uint(p, at, 2), at + 2
            base_at, base, at = at, uint(p, at, bsz), at + bsz
            k, at = uint(p, at, 2), at + 2
            extents = []
            for _ in range(k):
                at += isz
                off_at, off, at = at, uint(p, at, osz), at + osz
                length, at = uint(p, at, lsz), at + lsz
                extents.append([off_at, off, length])
            items.append(dict(id=item, method=method, dri=dri, base_at=base_at, base=base, extents=extents))
        return p, osz, bsz, items

    def item_bytes(self, item):
        """Where an item's data is: ('file' or 'idat', offset, length) of its one extent."""
        _, _, _, items = self.iloc()
        it = next(i for i in items if i["id"] == item)
        if len(it["extents"]) != 1:
            sys.exit("fx.py: items of several extents are not handled")
        _, off, length = it["extents"][0]
        return ("file" if it["method"] == 0 else "idat"), it["base"] + off, length

    def write(self, path):
        old_end = self.meta_at + self.meta_size
        out = self.serialize()
        delta = len(out) - len(self.data)
        if delta:
            p, osz, bsz, items = self.iloc()
            for it in items:
                if it["method"] != 0 or it["dri"] != 0:
                    continue
                if bsz and it["base"] >= old_end:
                    put(p, it["base_at"], bsz, it["base"] + delta)
                    continue
                for off_at, off, _ in it["extents"]:
                    if it["base"] + off >= old_end:
                        if not osz:
                            sys.exit("fx.py: an iloc offset that cannot move")
                        put(p, off_at, osz, off + delta)
                    elif it["base"] + off > self.meta_at:
                        sys.exit("fx.py: an item inside meta")
            out = self.serialize()
        open(path, "wb").write(out)

    def serialize(self):
        iprp = box("ipco", b"".join(box(k, p) for k, p in self.ipco)) + box("ipma", self.ipma_bytes())
        iprp += b"".join(box(k, p) for k, p in self.iprp_rest)
        body = self.meta_head + b"".join(box(k, iprp if k == "iprp" else p) for k, p in self.children)
        return self.data[:self.meta_at] + box("meta", body) + self.data[self.meta_at + self.meta_size:]


def heif_orient(src, dst, *ops):
    """Gives the primary item the irot/imir properties named (irot=N: N × 90° anticlockwise; imir=A:
    the imir axis byte), in that order, marked essential as MIAF and avifenc do; 'strip' first removes
    any irot and imir the file has."""
    h = Heif(src)
    item = h.primary()
    for op in ops:
        if op == "strip":
            h.remove_properties({"irot", "imir"})
            continue
        kind, value = op.split("=")
        h.add_property(item, kind, bytes([int(value)]))
    h.write(dst)


def heif_grid(dst, columns, rows, width, height, *pictures):
    """A HEIF file whose primary item is a columns×rows grid of width×height, as an iPhone writes its
    photos: the grid's description in idat (construction method 1), each tile a hidden hvc1 item with
    the one hvcC, ispe (and colr, if any) of the files given, which must be single pictures coded
    alike (heif-enc's of equal-sized tiles), in row order."""
    columns, rows, width, height = int(columns), int(rows), int(width), int(height)
    tiles = []
    for path in pictures:
        h = Heif(path)
        tile = next(i for i, k in h.item_types().items() if k == "hvc1")
        props = {k: bytes(p) for k, p, _ in h.properties(tile)}
        where, off, n = h.item_bytes(tile)
        if where != "file":
            sys.exit("fx.py: a picture's data is not in the file")
        tiles.append((props["hvcC"], props["ispe"], props.get("colr"), bytes(h.data[off:off + n])))
    if len(tiles) != columns * rows or len({t[:3] for t in tiles}) != 1:
        sys.exit("fx.py: the grid needs columns×rows pictures coded alike")
    hvcc, ispe, colr = tiles[0][:3]
    count = len(tiles)

    def u16(v):
        return v.to_bytes(2, "big")

    def u32(v):
        return v.to_bytes(4, "big")

    def infe(item, kind, hidden):
        return box("infe", bytes([2, 0, 0, 1 if hidden else 0]) + u16(item) + u16(0) + kind.encode() + b"\0")

    description = bytes([0, 0, rows - 1, columns - 1]) + u16(width) + u16(height)
    properties = [("hvcC", hvcc), ("ispe", ispe), ("ispe", u32(0) + u32(width) + u32(height))]
    tile_properties = [(1, 1), (0, 2)]
    if colr is not None:
        properties.append(("colr", colr))
        tile_properties.append((0, 4))
    entries = [(1, [(0, 3)])] + [(2 + k, tile_properties) for k in range(count)]
    ipma = u32(0) + u32(len(entries)) + b"".join(
        u16(item) + bytes([len(a)]) + bytes((e << 7) | i for e, i in a) for item, a in entries)
    fixed = (box("hdlr", bytes(8) + b"pict" + bytes(12) + b"\0") + box("pitm", bytes(4) + u16(1)),
             box("iinf", bytes(4) + u16(count + 1) + infe(1, "grid", False)
                 + b"".join(infe(2 + k, "hvc1", True) for k in range(count)))
             + box("iref", bytes(4) + box("dimg", u16(1) + u16(count) + b"".join(u16(2 + k) for k in range(count))))
             + box("iprp", box("ipco", b"".join(box(k, p) for k, p in properties)) + box("ipma", ipma))
             + box("idat", description))

    def iloc(offsets):
        # version 1; 4-byte offsets and lengths, no base offset or index; one extent an item.
        out = bytes([1, 0, 0, 0, 0x44, 0]) + u16(count + 1)
        out += u16(1) + u16(1) + u16(0) + u16(1) + u32(0) + u32(len(description))
        for k in range(count):
            out += u16(2 + k) + u16(0) + u16(0) + u16(1) + u32(offsets[k]) + u32(len(tiles[k][3]))
        return box("iloc", out)

    ftyp = box("ftyp", b"heic" + u32(0) + b"mif1heic")

    def head(offsets):
        return ftyp + box("meta", bytes(4) + fixed[0] + iloc(offsets) + fixed[1])

    at, offsets = len(head([0] * count)) + 8, []
    for t in tiles:
        offsets.append(at)
        at += len(t[3])
    open(dst, "wb").write(head(offsets) + box("mdat", b"".join(t[3] for t in tiles)))


def heif_ispe(src, dst, width, height):
    """Declares the primary image width×height: its ispe and, for a grid, the grid's output size."""
    h = Heif(src)
    item, width, height = h.primary(), int(width), int(height)
    n = 0
    for kind, payload, _ in h.properties(item):
        if kind == "ispe":
            put(payload, 4, 4, width)
            put(payload, 8, 4, height)
            n += 1
    if not n:
        sys.exit("fx.py: the primary item has no ispe")
    if h.item_types()[item] == "grid":
        where, off, _ = h.item_bytes(item)
        buf = h.child("idat") if where == "idat" else h.data
        size = 4 if buf[off + 1] & 1 else 2
        if max(width, height) >= 1 << (8 * size):
            sys.exit("fx.py: the grid's size fields are too small")
        put(buf, off + 4, size, width)
        put(buf, off + 4 + size, size, height)
    h.write(dst)


def heif_coded(src):
    """Offset and length of the coded picture: the largest item in the file (for HEIC, the hvc1
    tile; for AVIF, the av01 colour item)."""
    h = Heif(src)
    best = None
    for it in h.iloc()[3]:
        if it["method"] == 0 and len(it["extents"]) == 1:
            _, off, length = it["extents"][0]
            if best is None or length > best[1]:
                best = (it["base"] + off, length)
    print(*best)


def heif_describe(src):
    """One line: the primary item's type, ispe and transformative properties in association order."""
    h = Heif(src)
    item = h.primary()
    words = [h.item_types()[item]]
    for kind, payload, essential in h.properties(item):
        if kind == "ispe":
            words.append("ispe=%dx%d" % (uint(payload, 4, 4), uint(payload, 8, 4)))
        elif kind == "irot":
            words.append("irot=%d(%d°ccw)%s" % (payload[0] & 3, 90 * (payload[0] & 3), "" if essential else ",non-essential"))
        elif kind == "imir":
            words.append("imir=%d%s" % (payload[0] & 1, "" if essential else ",non-essential"))
        elif kind == "clap":
            words.append("clap")
    print(" ".join(words))


def heif_png8(src, dst):
    """The primary image decoded by libheif (its default decoder, transformations applied) to 8-bit
    interleaved RGB or RGBA, as heif-convert does for 8-bit files; for 10-bit files too, where
    heif-convert 1.15 can only write 16-bit PNGs."""
    lib = ctypes.CDLL("libheif.so.1")

    class Error(ctypes.Structure):
        _fields_ = [("code", ctypes.c_int), ("subcode", ctypes.c_int), ("message", ctypes.c_char_p)]

    vp = ctypes.c_void_p
    lib.heif_context_alloc.restype = vp
    lib.heif_context_read_from_file.argtypes = [vp, ctypes.c_char_p, vp]
    lib.heif_context_read_from_file.restype = Error
    lib.heif_context_get_primary_image_handle.argtypes = [vp, ctypes.POINTER(vp)]
    lib.heif_context_get_primary_image_handle.restype = Error
    lib.heif_image_handle_has_alpha_channel.argtypes = [vp]
    lib.heif_decode_image.argtypes = [vp, ctypes.POINTER(vp), ctypes.c_int, ctypes.c_int, vp]
    lib.heif_decode_image.restype = Error
    lib.heif_image_get_width.argtypes = lib.heif_image_get_height.argtypes = [vp, ctypes.c_int]
    lib.heif_image_get_bits_per_pixel_range.argtypes = [vp, ctypes.c_int]
    lib.heif_image_get_plane_readonly.argtypes = [vp, ctypes.c_int, ctypes.POINTER(ctypes.c_int)]
    lib.heif_image_get_plane_readonly.restype = ctypes.POINTER(ctypes.c_uint8)

    def check(e):
        if e.code:
            sys.exit("fx.py: libheif: %s" % e.message.decode())

    ctx = lib.heif_context_alloc()
    check(lib.heif_context_read_from_file(ctx, src.encode(), None))
    handle = vp()
    check(lib.heif_context_get_primary_image_handle(ctx, ctypes.byref(handle)))
    alpha = lib.heif_image_handle_has_alpha_channel(handle)
    img = vp()
    channel = 10  # heif_channel_interleaved
    chroma = 11 if alpha else 10  # heif_chroma_interleaved_RGBA / _RGB
    check(lib.heif_decode_image(handle, ctypes.byref(img), 1, chroma, None))  # heif_colorspace_RGB
    if lib.heif_image_get_bits_per_pixel_range(img, channel) != 8:
        sys.exit("fx.py: libheif did not give 8-bit samples")
    w, h = lib.heif_image_get_width(img, channel), lib.heif_image_get_height(img, channel)
    stride = ctypes.c_int()
    plane = lib.heif_image_get_plane_readonly(img, channel, ctypes.byref(stride))
    n = 4 if alpha else 3
    rows = [bytes(plane[y * stride.value:y * stride.value + w * n]) for y in range(h)]
    png_write(dst, w, h, n, 8, rows)


def heif_encode_clap(src, dst, quality):
    """What heif-enc -q quality does with an 8-bit RGB PNG (the same libheif calls, the same nclx:
    matrix 6, primaries and transfer 2, full range, no colr box), but with libheif's
    macOS_compatibility_workaround off: the padded 64×64 picture is then the primary hvc1 item itself,
    cropped to the picture's size by a clap property, instead of a hidden tile of a 1×1 grid."""
    w, h, channels, depth, rows = png_read(src)
    if (channels, depth) != (3, 8):
        sys.exit("fx.py: heif-encode-clap takes 8-bit RGB")
    lib = ctypes.CDLL("libheif.so.1")

    class Error(ctypes.Structure):
        _fields_ = [("code", ctypes.c_int), ("subcode", ctypes.c_int), ("message", ctypes.c_char_p)]

    class Nclx(ctypes.Structure):
        _fields_ = [("version", ctypes.c_uint8), ("color_primaries", ctypes.c_int),
                    ("transfer_characteristics", ctypes.c_int), ("matrix_coefficients", ctypes.c_int),
                    ("full_range_flag", ctypes.c_uint8)] + [("xy%d" % i, ctypes.c_float) for i in range(8)]

    class Options(ctypes.Structure):  # heif_encoding_options, version 5 (libheif 1.15)
        _fields_ = [("version", ctypes.c_uint8), ("save_alpha_channel", ctypes.c_uint8),
                    ("macOS_compatibility_workaround", ctypes.c_uint8),
                    ("save_two_colr_boxes_when_ICC_and_nclx_available", ctypes.c_uint8),
                    ("output_nclx_profile", ctypes.POINTER(Nclx)),
                    ("macOS_compatibility_workaround_no_nclx_profile", ctypes.c_uint8),
                    ("image_orientation", ctypes.c_int)]

    vp = ctypes.c_void_p
    for name, args in [("heif_image_create", [ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.POINTER(vp)]),
                       ("heif_image_add_plane", [vp, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_int]),
                       ("heif_context_get_encoder_for_format", [vp, ctypes.c_int, ctypes.POINTER(vp)]),
                       ("heif_encoder_set_lossy_quality", [vp, ctypes.c_int]),
                       ("heif_context_encode_image", [vp, vp, vp, ctypes.POINTER(Options), vp]),
                       ("heif_context_write_to_file", [vp, ctypes.c_char_p])]:
        getattr(lib, name).argtypes = args
        getattr(lib, name).restype = Error
    lib.heif_context_alloc.restype = vp
    lib.heif_encoding_options_alloc.restype = ctypes.POINTER(Options)
    lib.heif_image_get_plane.argtypes = [vp, ctypes.c_int, ctypes.POINTER(ctypes.c_int)]
    lib.heif_image_get_plane.restype = ctypes.POINTER(ctypes.c_uint8)

    def check(e):
        if e.code:
            sys.exit("fx.py: libheif: %s" % e.message.decode())

    ctx = lib.heif_context_alloc()
    img = vp()
    check(lib.heif_image_create(w, h, 1, 10, ctypes.byref(img)))  # RGB, interleaved RGB
    check(lib.heif_image_add_plane(img, 10, w, h, 8))
    stride = ctypes.c_int()
    plane = lib.heif_image_get_plane(img, 10, ctypes.byref(stride))
    for y, row in enumerate(rows):
        for x, px in enumerate(row):
            for c in range(3):
                plane[y * stride.value + 3 * x + c] = px[c]
    encoder = vp()
    check(lib.heif_context_get_encoder_for_format(ctx, 1, ctypes.byref(encoder)))  # HEVC
    check(lib.heif_encoder_set_lossy_quality(encoder, int(quality)))
    nclx = Nclx(version=1, color_primaries=2, transfer_characteristics=2, matrix_coefficients=6, full_range_flag=1)
    options = lib.heif_encoding_options_alloc()
    if options.contents.version != 5:
        sys.exit("fx.py: heif_encoding_options is not version 5")
    options.contents.macOS_compatibility_workaround = 0
    options.contents.output_nclx_profile = ctypes.pointer(nclx)
    check(lib.heif_context_encode_image(ctx, img, encoder, options, None))
    check(lib.heif_context_write_to_file(ctx, dst.encode()))


def heif_fix_clap(src, tiled, dst):
    """Puts right the two things libheif 1.15 gets wrong without its macOS workaround: ispe must give
    the coded size (the size before clap crops it), and the descriptive properties must come before
    the transformative ones (MIAF 7.3.6.7, as libheif 1.16 writes them). The coded size is the one
    heif-enc wrote for the tile of the grid file made from the same picture, whose hvcC and coded
    bytes must be the same."""
    h, t = Heif(src), Heif(tiled)
    item = h.primary()
    tile = next(i for i, k in t.item_types().items() if k == "hvc1")
    mine = {k: p for k, p, _ in h.properties(item)}
    theirs = {k: p for k, p, _ in t.properties(tile)}

    def coded(f, i):
        _, off, n = f.item_bytes(i)
        return bytes(f.data[off:off + n])

    if mine["hvcC"] != theirs["hvcC"] or coded(h, item) != coded(t, tile):
        sys.exit("fx.py: the clap file's coded picture is not the grid tile's")
    mine["ispe"][4:12] = theirs["ispe"][4:12]
    transform = ("clap", "irot", "imir")
    assoc = h.associations(item)
    assoc.sort(key=lambda a: h.ipco[a[1] - 1][0] in transform)
    h.write(dst)


# --- PNG -----------------------------------------------------------------------------------------

def png_chunks(data):
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        sys.exit("fx.py: not a PNG")
    p, out = 8, []
    while p < len(data):
        n, kind = struct.unpack_from(">I4s", data, p)
        out.append((kind, data[p + 8:p + 8 + n]))
        p += 12 + n
    return out


def png_chunk(kind, payload):
    return struct.pack(">I", len(payload)) + kind + payload + struct.pack(">I", zlib.crc32(kind + payload))


def png_write(path, w, h, channels, depth, rows):
    """A PNG of 8- or 16-bit RGB/RGBA rows; each row with the filter whose bytes sum smallest."""
    bpp = channels * depth // 8
    prior, raw = bytes(len(rows[0])), bytearray()
    for row in rows:
        best = None
        for f in range(5):
            out = bytearray(len(row))
            for i, x in enumerate(row):
                a = row[i - bpp] if i >= bpp else 0
                b, c = prior[i], prior[i - bpp] if i >= bpp else 0
                if f == 0:
                    pred = 0
                elif f == 1:
                    pred = a
                elif f == 2:
                    pred = b
                elif f == 3:
                    pred = (a + b) >> 1
                else:
                    pa, pb, pc = abs(b - c), abs(a - c), abs(a + b - 2 * c)
                    pred = a if pa <= pb and pa <= pc else b if pb <= pc else c
                out[i] = (x - pred) & 255
            score = sum(v if v < 128 else 256 - v for v in out)
            if best is None or score < best[0]:
                best = (score, f, out)
        raw += bytes([best[1]]) + best[2]
        prior = row
    ihdr = struct.pack(">IIBBBBB", w, h, depth, 6 if channels == 4 else 2, 0, 0, 0)
    open(path, "wb").write(b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", ihdr)
                           + png_chunk(b"IDAT", zlib.compress(bytes(raw), 9)) + png_chunk(b"IEND", b""))


def png_strip(src, dst):
    """Keeps only the chunks that make the pixels (IHDR, PLTE, tRNS, IDAT, IEND): heif-convert copies
    a file's EXIF into eXIf, which a reference decode should not carry."""
    keep = (b"IHDR", b"PLTE", b"tRNS", b"IDAT", b"IEND")
    data = open(src, "rb").read()
    out = b"\x89PNG\r\n\x1a\n" + b"".join(png_chunk(k, p) for k, p in png_chunks(data) if k in keep)
    open(dst, "wb").write(out)


def png_read(path):
    """(width, height, channels, depth, rows of samples) of a non-interlaced grey/RGB(A) PNG."""
    chunks = png_chunks(open(path, "rb").read())
    w, h, depth, ctype, _, _, interlace = struct.unpack(">IIBBBBB", chunks[0][1])
    if interlace or ctype not in (0, 2, 4, 6) or depth not in (8, 16):
        sys.exit("fx.py: PNG form not handled: %s" % path)
    channels = {0: 1, 2: 3, 4: 2, 6: 4}[ctype]
    raw = zlib.decompress(b"".join(p for k, p in chunks if k == b"IDAT"))
    bpp, stride = channels * depth // 8, w * channels * depth // 8
    prior, rows = bytearray(stride), []
    for y in range(h):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prior[i], prior[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + ((a + b) >> 1)) & 255
            elif f == 4:
                pa, pb, pc = abs(b - c), abs(a - c), abs(a + b - 2 * c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        prior = line
        if depth == 8:
            samples = list(line)
        else:
            samples = [line[i] << 8 | line[i + 1] for i in range(0, stride, 2)]
        rows.append([tuple(samples[x * channels:(x + 1) * channels]) for x in range(w)])
    return w, h, channels, depth, rows


def transformed(rows, ops):
    """rows turned as irot/imir say: irot=N is N quarter turns anticlockwise; imir=0 exchanges top and
    bottom, imir=1 left and right (ISO/IEC 23008-12:2022, and libheif 1.15)."""
    for op in ops:
        kind, value = op.split("=")
        if kind == "irot":
            for _ in range(int(value)):
                h, w = len(rows), len(rows[0])
                rows = [[rows[y][w - 1 - x] for y in range(h)] for x in range(w)]
        elif int(value) == 0:
            rows = rows[::-1]
        else:
            rows = [r[::-1] for r in rows]
    return rows


def png_diff(a, b, *ops):
    """The largest difference of one sample between two PNGs (the first turned by ops first), or
    'size' when they differ in size or channels; samples of 16-bit files are cut to 8 bits."""
    wa, ha, ca, da, ra = png_read(a)
    wb, hb, cb, db, rb = png_read(b)
    ra = transformed(ra, ops)
    if (len(ra[0]), len(ra), ca) != (wb, hb, cb):
        print("size")
        return
    sa, sb = 8 * (da == 16), 8 * (db == 16)
    print(max(abs((p >> sa) - (q >> sb)) for r1, r2 in zip(ra, rb) for x1, x2 in zip(r1, r2) for p, q in zip(x1, x2)))


def png_info(path):
    w, h, channels, depth, _ = png_read(path)
    print("%dx%d %s %d-bit" % (w, h, {1: "grey", 2: "grey+alpha", 3: "RGB", 4: "RGBA"}[channels], depth))


# --- EXIF, JPEG ----------------------------------------------------------------------------------

def exif(path, orientation, make=""):
    """A big-endian EXIF (TIFF) block with one IFD: Make (if given) and Orientation."""
    entries, extra = [], b""
    ifd_at = 8
    count = 2 if make else 1
    data_at = ifd_at + 2 + 12 * count + 4
    if make:
        text = make.encode() + b"\0"
        entries.append(struct.pack(">HHII", 0x010F, 2, len(text), data_at))
        extra = text + b"\0" * (len(text) & 1)
    entries.append(struct.pack(">HHIHH", 0x0112, 3, 1, int(orientation), 0))
    block = b"MM\0*" + struct.pack(">I", ifd_at) + struct.pack(">H", count) + b"".join(entries)
    open(path, "wb").write(block + struct.pack(">I", 0) + extra)


def jpeg_add_exif(src, exif_path, dst):
    """The JPEG with an APP1 Exif segment after its JFIF APP0."""
    data = open(src, "rb").read()
    if data[:4] != b"\xff\xd8\xff\xe0":
        sys.exit("fx.py: expected SOI and APP0")
    at = 4 + struct.unpack_from(">H", data, 4)[0]
    payload = b"Exif\0\0" + open(exif_path, "rb").read()
    seg = b"\xff\xe1" + struct.pack(">H", len(payload) + 2) + payload
    open(dst, "wb").write(data[:at] + seg + data[at:])


# --- RIFF (WebP) ---------------------------------------------------------------------------------

def webp_chunks(data):
    if data[:4] != b"RIFF" or data[8:12] != b"WEBP":
        sys.exit("fx.py: not a WebP")
    p, out = 12, []
    while p + 8 <= len(data):
        kind, n = data[p:p + 4].decode("latin-1"), struct.unpack_from("<I", data, p + 4)[0]
        out.append((kind, p + 8, n))
        p += 8 + n + (n & 1)
    return out


def webp_chunk(src, kind):
    """Offset and size of the first chunk of that kind's payload."""
    data = open(src, "rb").read()
    _, at, n = next(c for c in webp_chunks(data) if c[0] == kind)
    print(at, n)


def webp_canvas(src, dst, width, height):
    """Sets the VP8X canvas to width×height (the chunk stores each less one, in 24 bits)."""
    data = bytearray(open(src, "rb").read())
    _, at, _ = next(c for c in webp_chunks(data) if c[0] == "VP8X")
    data[at + 4:at + 7] = (int(width) - 1).to_bytes(3, "little")
    data[at + 7:at + 10] = (int(height) - 1).to_bytes(3, "little")
    open(dst, "wb").write(data)


def webp_vp8l_size(src, dst, width, height):
    """Sets the size in a VP8L header (14 bits each, less one), keeping the alpha and version bits."""
    data = bytearray(open(src, "rb").read())
    _, at, _ = next(c for c in webp_chunks(data) if c[0] == "VP8L")
    if data[at] != 0x2F:
        sys.exit("fx.py: no VP8L signature")
    bits = struct.unpack_from("<I", data, at + 1)[0]
    bits = (bits & ~0x0FFFFFFF) | (int(width) - 1) | ((int(height) - 1) << 14)
    struct.pack_into("<I", data, at + 1, bits)
    open(dst, "wb").write(data)


# --- bytes ---------------------------------------------------------------------------------------

def cut(src, dst, length):
    open(dst, "wb").write(open(src, "rb").read()[:int(length)])


def flip(src, dst, at):
    """The file with every bit of one byte inverted."""
    data = bytearray(open(src, "rb").read())
    data[int(at)] ^= 0xFF
    open(dst, "wb").write(data)


if __name__ == "__main__":
    globals()[sys.argv[1].replace("-", "_")](*sys.argv[2:])
PY
fx() { python3 "$tmp/fx.py" "$@"; }

# Versions, for the README and for the checks.
heif_version=$(heif-enc --help 2>&1 | sed -n 's/.*libheif version: \([0-9.]*\).*/\1/p')
x265_version=$(heif-enc --list-encoders 2>&1 | sed -n 's/.*x265 HEVC encoder (\([^)]*\)).*/\1/p')
aom_version=$(heif-enc --list-encoders 2>&1 | sed -n 's/.*AOMedia Project AV1 Encoder \(v[0-9.]*\).*/\1/p')
de265_version=$(heif-convert --list-decoders 2>&1 | sed -n 's/.*libde265 HEVC decoder, version \([0-9.]*\).*/\1/p')
avif_version=$(avifenc --version 2>&1 | sed -n 's/^Version: \(.*\)/\1/p' | head -1)
webp_version=$(cwebp -version | head -1)
magick_version=$(convert -version | sed -n 's/^Version: ImageMagick \([^ ]*\).*/\1/p')
echo "heif-enc/heif-convert: libheif $heif_version (x265 $x265_version, aom $aom_version, libde265 $de265_version)"
echo "avifenc/avifdec: libavif $avif_version"
echo "cwebp/dwebp/img2webp/webpmux: libwebp $webp_version"
echo "convert: ImageMagick $magick_version"
echo "python3: $(python3 --version 2>&1)"

# --- Source pictures --------------------------------------------------------------------------------
# 64×48: red grows to the right and green downwards over a blue of 35 %, a red 16×16 square in the
# top-left corner and a blue bar over the bottom 8 rows: no turn or mirror of it looks the same. The
# alpha version is opaque on the left half, fades to 0.225 across the right half and has a transparent
# 16×16 square in the top-right corner. The 16-bit files hold the same drawing computed at 16 bits.
# shellcheck disable=SC2054 # the comma is part of the one argument
png=(-strip -define png:exclude-chunks=date,time)
picture=(-channel R -fx 'i/(w-1)' -channel G -fx 'j/(h-1)' -channel B -fx 0.35 +channel
    +antialias -fill red -draw 'rectangle 0,0 15,15' -fill blue -draw 'rectangle 0,40 63,47')
alpha=('(' -size 64x48 xc:black -fx '(i>=48&&j<16)?0:(i<32?1:1-(i-32)/40)' ')'
    -alpha off -compose CopyOpacity -composite)
convert -size 64x48 xc:black "${picture[@]}" "${png[@]}" PNG24:source.png
convert -size 64x48 xc:black -depth 16 "${picture[@]}" "${png[@]}" PNG48:source-16bit.png
convert source.png "${alpha[@]}" "${png[@]}" PNG32:source-alpha.png
convert source-16bit.png -depth 16 "${alpha[@]}" "${png[@]}" PNG64:source-16bit-alpha.png
# Three frames for the animation: the picture, then two of a colour each with a white stripe.
convert -size 64x48 xc:'#2040c0' +antialias -fill white -draw 'rectangle 8,20 55,27' "${png[@]}" PNG24:"$tmp/frame2.png"
convert -size 64x48 xc:'#e08020' +antialias -fill white -draw 'rectangle 28,4 35,43' "${png[@]}" PNG24:"$tmp/frame3.png"

# Reference decodes: libheif for HEIF (heif-convert; for 10-bit files libheif's own 8-bit RGB through
# ctypes, and heif-convert's 16-bit PNG beside it as .ref16.png), dwebp for WebP.
heif_ref() { # file.heic|avif
    local name=${1%.*}
    heif-convert --quiet "$1" "$tmp/$name.png"
    if [ "$(fx png-info "$tmp/$name.png" | cut -d' ' -f3)" = 16-bit ]; then
        fx png-strip "$tmp/$name.png" "$name.ref16.png"
        fx heif-png8 "$1" "$name.ref.png"
    else
        fx png-strip "$tmp/$name.png" "$name.ref.png"
    fi
}
webp_ref() { # file.webp [reference.png]
    dwebp -quiet "$1" -o "$tmp/dwebp.png"
    fx png-strip "$tmp/dwebp.png" "${2:-${1%.webp}.ref.png}"
}
quiet() { # command...: its output only when it fails
    local out
    out=$("$@" 2>&1) || { echo "$out" >&2; return 1; }
}
expect() { # what, got, wanted
    [ "$2" = "$3" ] || { echo "make-fixtures.sh: $1: got '$2', expected '$3'" >&2; exit 1; }
}

# --- HEIC (heif-enc, x265) -------------------------------------------------------------------------
# heif-enc 1.15 pads a picture smaller than 64 pixels a side to 64×64 for x265 and wraps the coded
# 64×64 image (a hidden hvc1 item) in a 1×1 'grid' item of 64×48, the primary item.
heif-enc -q 90 -o heic-8bit.heic source.png
heif-enc -q 90 -o heic-8bit-alpha.heic source-alpha.png
heif-enc -q 90 -b 10 -o heic-10bit.heic source-16bit.png
heif-enc -q 90 -b 10 -o heic-10bit-alpha.heic source-16bit-alpha.png
for f in heic-8bit heic-8bit-alpha heic-10bit heic-10bit-alpha; do heif_ref "$f.heic"; done

# The same picture without the grid: libheif's API with the macOS workaround off (fx.py), then ispe
# and the property order put right; the coded picture is heic-8bit.heic's tile, byte for byte.
fx heif-encode-clap source.png "$tmp/clap.heic" 90
fx heif-fix-clap "$tmp/clap.heic" heic-8bit.heic heic-clap.heic
heif_ref heic-clap.heic
expect "heic-clap primary item" "$(fx heif-describe heic-clap.heic)" "hvc1 ispe=64x64 clap"
expect "heic-clap heif-info" "$(heif-info heic-clap.heic | sed -n 's/^image: \([0-9x]*\).*/\1/p')" 64x48
expect "heic-clap decoded by heif-convert" "$(fx png-diff heic-8bit.ref.png heic-clap.ref.png)" 0

# Orientation: heif-enc 1.15 has no option for irot/imir (upstream it writes them only from a JPEG's
# EXIF orientation, and Debian's build not even then, see below), so fx.py adds them to the primary
# item of heic-8bit.heic; each decode must be heic-8bit's turned as the properties say.
orient() { # name, ops...
    local name=$1
    shift
    fx heif-orient heic-8bit.heic "$name.heic" "$@"
    heif_ref "$name.heic"
    expect "$name decoded by heif-convert" "$(fx png-diff heic-8bit.ref.png "$name.ref.png" "$@")" 0
}
orient heic-irot-90 irot=1
orient heic-irot-180 irot=2
orient heic-irot-270 irot=3
orient heic-imir-0 imir=0
orient heic-imir-1 imir=1
orient heic-irot-90-imir-1 irot=1 imir=1

# A grid of pictures, as an iPhone writes its photos (48 tiles of 512×512; here 2×2 tiles of 64×64
# showing 119×99, the last column and row cut to an odd count): heif-enc codes each tile of the
# picture alone (the right and bottom ones padded with the picture's edge) and fx.py puts them in
# one grid item. The turned file adds irot 1, as an iPhone held upright does (its sensor's rows
# are the long side).
convert -size 119x99 xc:black -channel R -fx 'i/(w-1)' -channel G -fx 'j/(h-1)' -channel B -fx 0.35 +channel \
    +antialias -fill red -draw 'rectangle 0,0 15,15' -fill blue -draw 'rectangle 0,89 118,98' \
    -fill white -draw 'rectangle 56,40 71,55' "${png[@]}" PNG24:"$tmp/grid.png"
for tile in 0+0 64+0 0+64 64+64; do
    convert "$tmp/grid.png" -crop "64x64+${tile%+*}+${tile#*+}" +repage -gravity NorthWest -background none \
        -extent 64x64 -virtual-pixel edge "${png[@]}" PNG24:"$tmp/tile-$tile.png"
    heif-enc -q 90 -o "$tmp/tile-$tile.heic" "$tmp/tile-$tile.png"
done
fx heif-grid heic-grid.heic 2 2 119 99 "$tmp/tile-0+0.heic" "$tmp/tile-64+0.heic" "$tmp/tile-0+64.heic" \
    "$tmp/tile-64+64.heic"
fx heif-orient heic-grid.heic heic-grid-irot-90.heic irot=1
heif_ref heic-grid.heic
heif_ref heic-grid-irot-90.heic
expect "heic-grid heif-info" "$(heif-info heic-grid.heic | sed -n 's/^image: \([0-9x]*\).*/\1/p')" 119x99
expect "heic-grid-irot-90 decoded by heif-convert" "$(fx png-diff heic-grid.ref.png heic-grid-irot-90.ref.png irot=1)" 0

# A file that leads with the generic brand of the 2022 edition (mif2, as HEIF conformance files
# do), its codec told by the compatible heic brand: heic-8bit.heic with its ftyp rewritten.
python3 - heic-8bit.heic heic-mif2.heic <<'PY'
import sys
data = bytearray(open(sys.argv[1], "rb").read())
assert data[4:8] == b"ftyp" and data[8:12] == b"heic"
data[8:12] = b"mif2"
open(sys.argv[2], "wb").write(bytes(data))
PY

# A photo large enough for a scale to decode it reduced (libwebp's own scaler): the bundled
# sample photo (640x427) through cwebp.
cwebp -quiet -q 80 ../../../Resources/attachments/sample-image.jpg -o webp-photo.webp
# And one with alpha, large enough (640x480) for a scale to resample it on two threads: the alpha
# drawing enlarged ten times, lossless.
convert source-alpha.png -filter point -resize 1000% "${png[@]}" PNG32:"$tmp/alpha-640.png"
cwebp -quiet -lossless "$tmp/alpha-640.png" -o webp-alpha-640.webp

# The same properties on a file with alpha and on a 10-bit one: libheif 1.15 turns neither right
# by itself (it drops or leaves unturned an alpha that only the colour's properties turn, and
# mirrors no more than 8 bits), so there is no heif-convert reference; the tests compare each
# decode with the upright file's decode turned as the properties say.
for ops in "irot=1" "irot=2" "irot=3" "imir=0" "imir=1" "irot=1 imir=1"; do
    suffix=$(printf '%s' "$ops" | tr ' =' '--')
    # shellcheck disable=SC2086
    fx heif-orient heic-8bit-alpha.heic "heic-8bit-alpha-$suffix.heic" $ops
    # shellcheck disable=SC2086
    fx heif-orient heic-10bit.heic "heic-10bit-$suffix.heic" $ops
done

# EXIF orientation 6 (turn 90° clockwise to show) in a JPEG (ImageMagick, quality 95, EXIF APP1
# added by fx.py), encoded by heif-enc, which copies the EXIF into an Exif item. Upstream heif-enc
# 1.15 would also turn the orientation into irot, but Debian's 1.15.1-1+deb12u1 carries the first fix
# for CVE-2023-49462, whose inverted bounds check rejects every real EXIF, so no irot is written; fx.py
# strips any irot/imir all the same. heic-exif-6-irot-270.heic adds the irot a camera would write
# beside that EXIF (270° anticlockwise: the same turn), as phones do.
convert source.png -quality 95 -sampling-factor 2x2 -strip "$tmp/exif.jpg"
fx exif "$tmp/exif6.bin" 6
fx jpeg-add-exif "$tmp/exif.jpg" "$tmp/exif6.bin" "$tmp/exif6.jpg"
heif-enc -q 90 -o "$tmp/exif6.heic" "$tmp/exif6.jpg"
fx heif-orient "$tmp/exif6.heic" heic-exif-6.heic strip
fx heif-orient heic-exif-6.heic heic-exif-6-irot-270.heic irot=3
heif_ref heic-exif-6.heic
heif_ref heic-exif-6-irot-270.heic
expect "heic-exif-6 size" "$(fx png-info heic-exif-6.ref.png)" "64x48 RGB 8-bit"
expect "heic-exif-6-irot-270" "$(fx png-diff heic-exif-6.ref.png heic-exif-6-irot-270.ref.png irot=3)" 0

# --- AVIF ------------------------------------------------------------------------------------------
quiet avifenc -s 6 --min 10 --max 20 -d 8 -y 420 source.png avif-8bit.avif
quiet avifenc -s 6 --min 10 --max 20 -d 10 -y 420 source-16bit.png avif-10bit.avif
quiet avifenc -s 6 --min 10 --max 20 -d 8 -y 420 source-alpha.png avif-alpha.avif
quiet avifenc -c rav1e -s 6 --min 10 --max 20 -d 8 -y 420 source.png avif-rav1e.avif
heif-enc -A -q 90 -o avif-heifenc.avif source.png
for f in avif-8bit avif-10bit avif-alpha avif-rav1e avif-heifenc; do heif_ref "$f.avif"; done

# --- WebP ------------------------------------------------------------------------------------------
cwebp -quiet -q 90 source.png -o webp-lossy.webp
cwebp -quiet -lossless source.png -o webp-lossless.webp
cwebp -quiet -q 90 source-alpha.png -o webp-alpha.webp
cwebp -quiet -lossless -exact source-alpha.png -o webp-lossless-alpha.webp
convert source.png webp-magick.webp
fx exif "$tmp/exif1.bin" 1 richpreview
quiet webpmux -set icc "$icc" webp-lossy.webp -o "$tmp/icc.webp"
quiet webpmux -set exif "$tmp/exif1.bin" "$tmp/icc.webp" -o webp-exif-icc.webp
for f in webp-lossy webp-lossless webp-alpha webp-lossless-alpha webp-magick webp-exif-icc; do webp_ref "$f.webp"; done
expect "webp-lossless decoded by dwebp" "$(fx png-diff source.png webp-lossless.ref.png)" 0
expect "webp-lossless-alpha decoded by dwebp" "$(fx png-diff source-alpha.png webp-lossless-alpha.ref.png)" 0

# Animated: three lossless frames of 250 ms, looping for ever. Its reference is the first frame,
# taken out by webpmux and decoded by dwebp: img2webp writes that frame over the whole canvas at 0,0
# (checked), so it is also the first composited frame.
quiet img2webp -loop 0 -lossless -d 250 source.png "$tmp/frame2.png" "$tmp/frame3.png" -o webp-animated.webp
frame1=$(webpmux -info webp-animated.webp | awk '$1 == "1:" {print $2, $3, $5, $6, $8, $9}')
expect "webp-animated frame 1 (width height x y dispose blend)" "$frame1" "64 48 0 0 none no"
quiet webpmux -get frame 1 webp-animated.webp -o "$tmp/frame1.webp"
webp_ref "$tmp/frame1.webp" webp-animated.ref.png
expect "webp-animated frame 1" "$(fx png-diff source.png webp-animated.ref.png)" 0

# --- Damaged files -----------------------------------------------------------------------------------
# Truncated in the middle of the coded picture; one byte of the coded picture inverted (three
# quarters in, past the headers); a header declaring 65535×65535 over the same small data.
read -r at n < <(fx heif-coded heic-8bit.heic)
fx cut heic-8bit.heic heic-truncated.heic $((at + n / 2))
fx flip heic-8bit.heic heic-corrupt.heic $((at + n * 3 / 4))
fx heif-ispe heic-8bit.heic heic-bomb.heic 65535 65535
read -r at n < <(fx heif-coded avif-8bit.avif)
fx cut avif-8bit.avif avif-truncated.avif $((at + n / 2))
fx flip avif-8bit.avif avif-corrupt.avif $((at + n * 3 / 4))
fx heif-ispe avif-8bit.avif avif-bomb.avif 65535 65535
read -r at n < <(fx webp-chunk webp-lossy.webp 'VP8 ')
fx cut webp-lossy.webp webp-truncated.webp $((at + n / 2))
read -r at n < <(fx webp-chunk webp-lossless.webp VP8L)
fx flip webp-lossless.webp webp-corrupt.webp $((at + n * 3 / 4))
fx webp-canvas webp-alpha.webp webp-bomb-vp8x.webp 65535 65535
fx webp-canvas webp-animated.webp webp-bomb-animated.webp 65535 65535
fx webp-vp8l-size webp-lossless.webp webp-bomb-vp8l.webp 16384 16384

# --- Report --------------------------------------------------------------------------------------------
echo
echo "Orientation (primary item, properties in association order):"
for f in heic-8bit heic-clap heic-irot-90 heic-irot-180 heic-irot-270 heic-imir-0 heic-imir-1 heic-irot-90-imir-1 \
    heic-exif-6 heic-exif-6-irot-270; do
    printf '  %-26s %s | heif-info: %s | ref %s\n' "$f.heic" "$(fx heif-describe "$f.heic")" \
        "$(heif-info "$f.heic" | sed -n 's/^image: \([0-9x]*\).*/\1/p')" "$(fx png-info "$f.ref.png")"
done
echo
echo "avifdec beside the references (largest sample difference with -u nearest, the chroma upsampling"
echo "libheif 1.15 does, and with avifdec's default bilinear one):"
for f in avif-8bit avif-10bit avif-alpha avif-rav1e avif-heifenc; do
    avifdec -d 8 -u nearest "$f.avif" "$tmp/nearest.png" >/dev/null
    avifdec -d 8 "$f.avif" "$tmp/bilinear.png" >/dev/null
    printf '  %-18s %s, %s\n' "$f.avif" "$(fx png-diff "$f.ref.png" "$tmp/nearest.png")" \
        "$(fx png-diff "$f.ref.png" "$tmp/bilinear.png")"
done
echo
echo "What the reference decoders say about the damaged files:"
damaged() { # decoder, file, good reference, command...
    local decoder=$1 f=$2 ref=$3 out status
    shift 3
    rm -f "$tmp/damaged.png"
    if out=$("$@" 2>&1); then
        status="decoded, largest difference from $ref $(fx png-diff "$ref" "$tmp/damaged.png")"
    else
        status=failed
    fi
    out=$(echo "$out" | { grep -v -e '^Decoding with' -e '^ \* ' -e '^Image decoded' -e '^Image details' -e '^Wrote PNG' || true; } |
        tr -s '\n ' ' ' | cut -c1-150)
    printf '  %-12s %-24s %s: %s\n' "$decoder" "$f" "$status" "$out"
}
for f in heic-truncated.heic heic-corrupt.heic heic-bomb.heic avif-truncated.avif avif-corrupt.avif avif-bomb.avif; do
    damaged heif-convert "$f" "${f%%-*}-8bit.ref.png" heif-convert --quiet "$f" "$tmp/damaged.png"
done
for f in avif-truncated.avif avif-corrupt.avif avif-bomb.avif; do
    damaged avifdec "$f" avif-8bit.ref.png avifdec -u nearest "$f" "$tmp/damaged.png"
done
for f in webp-truncated.webp webp-corrupt.webp webp-bomb-vp8x.webp webp-bomb-animated.webp webp-bomb-vp8l.webp; do
    damaged dwebp "$f" webp-lossless.ref.png dwebp "$f" -o "$tmp/damaged.png"
done
echo
total=0
for f in ./*.heic ./*.avif ./*.webp ./*.png; do
    n=$(stat -c %s "$f")
    total=$((total + n))
    printf '%7d %s\n' "$n" "${f#./}"
    [ "$n" -lt 30000 ] || { echo "make-fixtures.sh: $f is over 30 KB" >&2; exit 1; }
done
printf '%7d bytes in all\n' "$total"
