"""The colour-management fixtures' helper, run by make-fixtures.sh (Debian's python3-pil and
python3-numpy; Little CMS through ctypes).

  fx.py profiles   writes display-p3.icc, gray-gamma22.icc and cmyk-naive.icc with Little CMS
  fx.py pictures   writes source.png, source-gray.png and the tagged JPEG and PNG files
  fx.py raw        writes <file>.raw.png: each JPEG's pixels decoded without colour conversion
  fx.py check      compares each <file>.srgb.png (vips) with Little CMS (Pillow's ImageCms) and
                   with this file's own arithmetic for the matrix-and-curve profiles, in CIEDE2000

Every output is the same bytes on every run with the same library versions: the profiles' creation
date is fixed and their ID computed after it; the garbage of broken-profile.jpg comes from SHA-256.
"""

import colorsys
import ctypes
import hashlib
import io
import struct
import sys

import numpy as np
from PIL import Image, ImageCms

WIDTH, HEIGHT = 64, 48

# ---- Profiles, made with Little CMS 2 through ctypes ----

lcms = ctypes.CDLL("liblcms2.so.2")
c_void_p, c_double, c_uint32, c_int = ctypes.c_void_p, ctypes.c_double, ctypes.c_uint32, ctypes.c_int


class CIExyY(ctypes.Structure):
    _fields_ = [("x", c_double), ("y", c_double), ("Y", c_double)]


class CIExyYTRIPLE(ctypes.Structure):
    _fields_ = [("Red", CIExyY), ("Green", CIExyY), ("Blue", CIExyY)]


def _declare(name, restype, argtypes):
    function = getattr(lcms, name)
    function.restype = restype
    function.argtypes = argtypes


_declare("cmsBuildParametricToneCurve", c_void_p, [c_void_p, c_int, ctypes.POINTER(c_double)])
_declare("cmsBuildGamma", c_void_p, [c_void_p, c_double])
_declare("cmsFreeToneCurve", None, [c_void_p])
_declare("cmsCreateRGBProfile", c_void_p, [ctypes.POINTER(CIExyY), ctypes.POINTER(CIExyYTRIPLE), c_void_p * 3])
_declare("cmsCreateGrayProfile", c_void_p, [ctypes.POINTER(CIExyY), c_void_p])
_declare("cmsCreateProfilePlaceholder", c_void_p, [c_void_p])
_declare("cmsCreate_sRGBProfile", c_void_p, [])
_declare("cmsCreateLab4Profile", c_void_p, [c_void_p])
_declare("cmsSetProfileVersion", None, [c_void_p, c_double])
_declare("cmsSetDeviceClass", None, [c_void_p, c_uint32])
_declare("cmsSetColorSpace", None, [c_void_p, c_uint32])
_declare("cmsSetPCS", None, [c_void_p, c_uint32])
_declare("cmsSetHeaderRenderingIntent", None, [c_void_p, c_uint32])
_declare("cmsD50_XYZ", c_void_p, [])
_declare("cmsD50_xyY", ctypes.POINTER(CIExyY), [])
_declare("cmsMLUalloc", c_void_p, [c_void_p, c_uint32])
_declare("cmsMLUsetASCII", c_int, [c_void_p, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_char_p])
_declare("cmsMLUfree", None, [c_void_p])
_declare("cmsWriteTag", c_int, [c_void_p, c_uint32, c_void_p])
_declare("cmsSaveProfileToMem", c_int, [c_void_p, c_void_p, ctypes.POINTER(c_uint32)])
_declare("cmsCloseProfile", c_int, [c_void_p])
_declare("cmsPipelineAlloc", c_void_p, [c_void_p, c_uint32, c_uint32])
_declare("cmsPipelineFree", None, [c_void_p])
_declare("cmsPipelineInsertStage", c_int, [c_void_p, c_int, c_void_p])
_declare("cmsStageAllocToneCurves", c_void_p, [c_void_p, c_uint32, c_void_p])
_declare("cmsStageAllocCLut16bit", c_void_p, [c_void_p, c_uint32, c_uint32, c_uint32, ctypes.POINTER(ctypes.c_uint16)])
_declare("cmsCreateTransform", c_void_p, [c_void_p, c_uint32, c_void_p, c_uint32, c_uint32, c_uint32])
_declare("cmsDeleteTransform", None, [c_void_p])
_declare("cmsDoTransform", None, [c_void_p, c_void_p, c_void_p, c_uint32])


def signature(text):
    return struct.unpack(">I", text.encode("ascii"))[0]


def pixel_format(space, channels, floating):
    # lcms2.h: FLOAT_SH(1) | COLORSPACE_SH(space) | CHANNELS_SH(channels) | BYTES_SH(0 for double).
    return (1 << 22 if floating else 0) | space << 16 | channels << 3 | (0 if floating else 1)


PT_RGB, PT_LAB = 4, 10
TYPE_RGB_DBL = pixel_format(PT_RGB, 3, True)
TYPE_LAB_DBL = pixel_format(PT_LAB, 3, True)

# The sRGB tone curve as the ICC's parametric curve type 4 (IEC 61966-2-1).
SRGB_CURVE = (2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045)


def set_description(profile, text):
    mlu = lcms.cmsMLUalloc(None, 1)
    lcms.cmsMLUsetASCII(mlu, b"en", b"US", text.encode("ascii"))
    lcms.cmsWriteTag(profile, signature("desc"), mlu)
    lcms.cmsMLUfree(mlu)


def set_copyright(profile, text):
    mlu = lcms.cmsMLUalloc(None, 1)
    lcms.cmsMLUsetASCII(mlu, b"en", b"US", text.encode("ascii"))
    lcms.cmsWriteTag(profile, signature("cprt"), mlu)
    lcms.cmsMLUfree(mlu)


def saved(profile):
    """The profile's bytes (cmsSaveProfileToMem) with the creation date fixed at 2025-01-01 00:00:00
    and the profile ID (ICC.1:2010 7.2.18: the MD5 of the profile with the flags, rendering intent
    and ID fields zeroed) computed for those bytes."""
    size = c_uint32(0)
    assert lcms.cmsSaveProfileToMem(profile, None, ctypes.byref(size))
    buffer = ctypes.create_string_buffer(size.value)
    assert lcms.cmsSaveProfileToMem(profile, buffer, ctypes.byref(size))
    lcms.cmsCloseProfile(profile)
    data = bytearray(buffer.raw[: size.value])
    data[24:36] = struct.pack(">6H", 2025, 1, 1, 0, 0, 0)
    hashed = bytearray(data)
    hashed[44:48] = hashed[64:68] = bytes(4)
    hashed[84:100] = bytes(16)
    data[84:100] = hashlib.md5(hashed).digest()
    return bytes(data)


def srgb_curve():
    return lcms.cmsBuildParametricToneCurve(None, 4, (c_double * 5)(*SRGB_CURVE))


def make_display_p3():
    """Display P3: D65 white, the DCI-P3 primaries, sRGB's tone curve (what Apple's profile holds)."""
    white = CIExyY(0.3127, 0.3290, 1.0)
    primaries = CIExyYTRIPLE(CIExyY(0.680, 0.320, 1.0), CIExyY(0.265, 0.690, 1.0), CIExyY(0.150, 0.060, 1.0))
    curve = srgb_curve()
    profile = lcms.cmsCreateRGBProfile(ctypes.byref(white), ctypes.byref(primaries), (c_void_p * 3)(curve, curve, curve))
    lcms.cmsFreeToneCurve(curve)
    set_description(profile, "Display P3 (richpreview test)")
    set_copyright(profile, "No copyright, use freely")
    return saved(profile)


def make_gray_gamma22():
    """A grey display profile with a pure 2.2 gamma and D50 white, as Photoshop's "Gray Gamma 2.2"."""
    curve = lcms.cmsBuildGamma(None, 2.2)
    profile = lcms.cmsCreateGrayProfile(lcms.cmsD50_xyY(), curve)
    lcms.cmsFreeToneCurve(curve)
    set_description(profile, "Gray gamma 2.2 (richpreview test)")
    set_copyright(profile, "No copyright, use freely")
    return saved(profile)


def lab_from_rgb(rgb):
    """sRGB (0-1) to Lab D50 through Little CMS's built-in profiles (relative colorimetric)."""
    return _lcms_double_transform(lcms.cmsCreate_sRGBProfile(), TYPE_RGB_DBL, lcms.cmsCreateLab4Profile(None),
                                  TYPE_LAB_DBL, rgb)


def rgb_from_lab(lab):
    return _lcms_double_transform(lcms.cmsCreateLab4Profile(None), TYPE_LAB_DBL, lcms.cmsCreate_sRGBProfile(),
                                  TYPE_RGB_DBL, lab)


def _lcms_double_transform(source, source_format, target, target_format, values):
    transform = lcms.cmsCreateTransform(source, source_format, target, target_format, 1, 0)
    lcms.cmsCloseProfile(source)
    lcms.cmsCloseProfile(target)
    values = np.ascontiguousarray(values, dtype=np.float64)
    out = np.zeros_like(values)
    lcms.cmsDoTransform(transform, values.ctypes.data, out.ctypes.data, len(values))
    lcms.cmsDeleteTransform(transform)
    return out


def lab_encoded(lab):
    """Lab to the ICC v4 16-bit encoding of a CLUT: L 0-100 and a, b -128-127 over 0-65535."""
    lab = np.asarray(lab)
    encoded = np.stack([lab[:, 0] / 100, (lab[:, 1] + 128) / 255, (lab[:, 2] + 128) / 255], axis=1)
    return np.clip(np.round(encoded * 65535), 0, 65535).astype(np.uint16)


def make_cmyk_naive():
    """A small v4 CMYK output profile: AToB0 a 5-point CLUT from the naive conversion R = (1-C)(1-K)
    (through sRGB to Lab), BToA0 a 9-point CLUT back (K = 1 - max(R, G, B)). Not a press profile:
    a CMYK profile a test can carry in a few KB."""
    profile = lcms.cmsCreateProfilePlaceholder(None)
    lcms.cmsSetProfileVersion(profile, 4.3)
    lcms.cmsSetDeviceClass(profile, signature("prtr"))
    lcms.cmsSetColorSpace(profile, signature("CMYK"))
    lcms.cmsSetPCS(profile, signature("Lab "))
    lcms.cmsSetHeaderRenderingIntent(profile, 0)
    # Device to PCS: inputs in lcms's CLUT order, the first varying slowest.
    steps = np.linspace(0, 1, 5)
    c, m, y, k = (axis.ravel() for axis in np.meshgrid(steps, steps, steps, steps, indexing="ij"))
    rgb = np.stack([(1 - c) * (1 - k), (1 - m) * (1 - k), (1 - y) * (1 - k)], axis=1)
    forward = lab_encoded(lab_from_rgb(rgb)).ravel()
    _write_clut_tag(profile, "A2B0", 4, 3, 5, forward)
    # PCS to device.
    steps = np.linspace(0, 1, 9)
    L, a, b = (axis.ravel() for axis in np.meshgrid(steps, steps, steps, indexing="ij"))
    lab = np.stack([L * 100, a * 255 - 128, b * 255 - 128], axis=1)
    rgb = np.clip(rgb_from_lab(lab), 0, 1)
    k = 1 - rgb.max(axis=1)
    room = np.where(k < 1, 1 - k, 1)
    cmyk = np.stack([(1 - rgb[:, 0] - k) / room, (1 - rgb[:, 1] - k) / room, (1 - rgb[:, 2] - k) / room, k], axis=1)
    backward = np.clip(np.round(cmyk * 65535), 0, 65535).astype(np.uint16).ravel()
    _write_clut_tag(profile, "B2A0", 3, 4, 9, backward)
    lcms.cmsWriteTag(profile, signature("wtpt"), lcms.cmsD50_XYZ())
    set_description(profile, "CMYK naive (richpreview test)")
    set_copyright(profile, "No copyright, use freely")
    return saved(profile)


def _write_clut_tag(profile, tag, inputs, outputs, points, table):
    # lutAtoBType / lutBtoAType need curves around the CLUT: identity ones (NULL).
    pipeline = lcms.cmsPipelineAlloc(None, inputs, outputs)
    values = (ctypes.c_uint16 * len(table))(*table.tolist())
    for stage in (lcms.cmsStageAllocToneCurves(None, inputs, None),
                  lcms.cmsStageAllocCLut16bit(None, points, inputs, outputs, values),
                  lcms.cmsStageAllocToneCurves(None, outputs, None)):
        assert stage and lcms.cmsPipelineInsertStage(pipeline, 1, stage)
    assert lcms.cmsWriteTag(profile, signature(tag), pipeline), tag
    lcms.cmsPipelineFree(pipeline)


def profiles():
    for name, make in (("display-p3.icc", make_display_p3), ("gray-gamma22.icc", make_gray_gamma22),
                       ("cmyk-naive.icc", make_cmyk_naive)):
        data = make()
        open(name, "wb").write(data)
        print(f"{name}: {len(data)} bytes, '{ImageCms.getProfileDescription(ImageCms.ImageCmsProfile(io.BytesIO(data))).strip()}'")


# ---- Pictures ----

def source_picture():
    """64x48 8-bit RGB: rows 0-39 sweep hue across x (0 to 354 degrees); rows 0-19 ramp saturation
    from 0.05 to 1 at full value, rows 20-39 value from 1 down to 0.15 at full saturation; rows 40-47
    eight 8-pixel patches: red, green, blue, cyan, magenta, yellow, white, black."""
    picture = Image.new("RGB", (WIDTH, HEIGHT))
    pixels = picture.load()
    for y in range(40):
        for x in range(WIDTH):
            saturation, value = ((y + 1) / 20, 1.0) if y < 20 else (1.0, 1 - (y - 20) / 19 * 0.85)
            rgb = colorsys.hsv_to_rgb(x / WIDTH, saturation, value)
            pixels[x, y] = tuple(int(round(channel * 255)) for channel in rgb)
    patches = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (0, 255, 255), (255, 0, 255), (255, 255, 0), (255, 255, 255),
               (0, 0, 0)]
    for y in range(40, HEIGHT):
        for x in range(WIDTH):
            pixels[x, y] = patches[x // 8]
    return picture


def source_gray_picture():
    """64x48 8-bit grey: rows 0-23 a ramp 0-255 across x; rows 24-39 sixteen 4-pixel steps 0, 17, ...
    255; rows 40-47 the shadows, 0-31 across x (where gamma 2.2 and sRGB's curve differ most)."""
    picture = Image.new("L", (WIDTH, HEIGHT))
    pixels = picture.load()
    for y in range(HEIGHT):
        for x in range(WIDTH):
            if y < 24:
                pixels[x, y] = int(round(x * 255 / (WIDTH - 1)))
            elif y < 40:
                pixels[x, y] = (x // 4) * 17
            else:
                pixels[x, y] = x // 2
    return picture


def jpeg(picture, profile=None):
    """Pillow's JPEG (libjpeg-turbo): quality 95, 4:4:4, standard tables; the profile in APP2 markers."""
    out = io.BytesIO()
    options = {"quality": 95, "subsampling": 0}
    if profile:
        options["icc_profile"] = profile
    picture.save(out, "JPEG", **options)
    return out.getvalue()


def segments(data):
    """The JPEG's marker segments before the first SOS: (start, end, marker) each."""
    assert data[:2] == b"\xff\xd8"
    at, found = 2, []
    while data[at] == 0xFF and data[at + 1] != 0xDA:
        length = struct.unpack(">H", data[at + 2:at + 4])[0]
        found.append((at, at + 2 + length, data[at + 1]))
        at += 2 + length
    return found


def app2(payload):
    return b"\xff\xe2" + struct.pack(">H", len(payload) + 2) + payload


def icc_markers(profile, parts):
    """The profile cut into `parts` APP2 ICC_PROFILE markers of nearly equal size, numbered from 1."""
    size = -(-len(profile) // parts)
    chunks = [profile[at:at + size] for at in range(0, len(profile), size)]
    return b"".join(app2(b"ICC_PROFILE\0" + bytes([number + 1, len(chunks)]) + chunk)
                    for number, chunk in enumerate(chunks))


def replace_icc(data, markers):
    """The JPEG with its ICC_PROFILE markers replaced by `markers` (bytes), placed where the first was,
    or after the JFIF APP0 marker when it had none."""
    found = segments(data)
    icc = [(start, end) for start, end, marker in found if marker == 0xE2 and data[start + 4:start + 16] == b"ICC_PROFILE\0"]
    if icc:
        assert all(icc[i][1] == icc[i + 1][0] for i in range(len(icc) - 1))
        return data[:icc[0][0]] + markers + data[icc[-1][1]:]
    app0 = next(end for start, end, marker in found if marker == 0xE0)
    return data[:app0] + markers + data[app0:]


def garbage(length, seed):
    out = b""
    counter = 0
    while len(out) < length:
        out += hashlib.sha256(seed + counter.to_bytes(4, "big")).digest()
        counter += 1
    return out[:length]


def pictures():
    source = source_picture()
    gray = source_gray_picture()
    source.save("source.png")
    gray.save("source-gray.png")
    p3 = open("display-p3.icc", "rb").read()
    gray22 = open("gray-gamma22.icc", "rb").read()
    cmyk = open("cmyk-naive.icc", "rb").read()
    adobe = open("/usr/share/color/icc/colord/AdobeRGB1998.icc", "rb").read()
    srgb = open("/usr/share/color/icc/sRGB.icc", "rb").read()
    outputs = {
        "p3.jpg": jpeg(source, p3),
        "adobe-rgb.jpg": jpeg(source, adobe),
        "srgb-tagged.jpg": jpeg(source, srgb),
        "gray-gamma.jpg": jpeg(gray, gray22),
        "cmyk-profile.jpg": jpeg(source.convert("CMYK"), cmyk),
    }
    # The same JPEG as p3.jpg with its profile in three APP2 chunks.
    outputs["p3-chunked.jpg"] = replace_icc(outputs["p3.jpg"], icc_markers(p3, 3))
    # A well-numbered ICC_PROFILE marker whose profile is garbage behind a plausible header: P3's
    # first 128 bytes with the length set to the garbage's, then a tag count and table of noise.
    body = bytearray(p3[:128] + garbage(472, b"richpreview broken profile"))
    body[0:4] = struct.pack(">I", len(body))
    outputs["broken-profile.jpg"] = replace_icc(jpeg(source), app2(b"ICC_PROFILE\0\x01\x01" + bytes(body)))
    png = io.BytesIO()
    source.save(png, "PNG", icc_profile=p3)
    outputs["p3.png"] = png.getvalue()
    for name, data in outputs.items():
        open(name, "wb").write(data)
        print(f"{name}: {len(data)} bytes")
    # What was written reads back: the profiles whole, the pixels of the PNG exact.
    for name, profile in (("p3.jpg", p3), ("p3-chunked.jpg", p3), ("adobe-rgb.jpg", adobe), ("srgb-tagged.jpg", srgb),
                          ("gray-gamma.jpg", gray22), ("cmyk-profile.jpg", cmyk), ("p3.png", p3)):
        assert Image.open(name).info.get("icc_profile") == profile, name
    assert Image.open("p3-chunked.jpg").tobytes() == Image.open("p3.jpg").tobytes()
    assert Image.open("p3.png").tobytes() == source.tobytes()


def raw():
    """Each JPEG decoded by Pillow (libjpeg-turbo: islow IDCT, fancy upsampling, as djpeg's defaults)
    with no colour conversion, saved as PNG without ancillary chunks. CMYK has no PNG form: none."""
    for name in ("p3.jpg", "adobe-rgb.jpg", "srgb-tagged.jpg", "gray-gamma.jpg", "broken-profile.jpg"):
        picture = Image.open(name)
        picture.load()
        Image.frombytes(picture.mode, picture.size, picture.tobytes()).save(name + ".raw.png")


# ---- The check ----

def srgb_to_linear(v):
    return np.where(v <= 0.04045, v / 12.92, ((v + 0.055) / 1.055) ** 2.4)


def linear_to_srgb(v):
    v = np.clip(v, 0, 1)
    return np.where(v <= 0.0031308, v * 12.92, 1.055 * v ** (1 / 2.4) - 0.055)


SRGB_TO_XYZ_D65 = np.array([[0.4124564, 0.3575761, 0.1804375],
                            [0.2126729, 0.7151522, 0.0721750],
                            [0.0193339, 0.1191920, 0.9503041]])
D65 = np.array([0.95047, 1.0, 1.08883])
D50 = np.array([0.9642, 1.0, 0.8249])
BRADFORD = np.array([[0.8951, 0.2664, -0.1614], [-0.7502, 1.7135, 0.0367], [0.0389, -0.0685, 1.0296]])


def adaptation(source_white, target_white):
    """The Bradford chromatic adaptation matrix from one white to another (XYZ)."""
    cone_source, cone_target = BRADFORD @ source_white, BRADFORD @ target_white
    return np.linalg.inv(BRADFORD) @ np.diag(cone_target / cone_source) @ BRADFORD


def lab_d65(rgb8):
    """CIELAB (D65 white) of 8-bit sRGB pixels, shape (..., 3)."""
    xyz = srgb_to_linear(rgb8 / 255.0) @ SRGB_TO_XYZ_D65.T / D65
    f = np.where(xyz > (6 / 29) ** 3, np.cbrt(xyz), xyz / (3 * (6 / 29) ** 2) + 4 / 29)
    return np.stack([116 * f[..., 1] - 16, 500 * (f[..., 0] - f[..., 1]), 200 * (f[..., 1] - f[..., 2])], axis=-1)


def ciede2000(lab1, lab2):
    """CIEDE2000 colour difference (CIE 142-2001; kL = kC = kH = 1) of two Lab arrays."""
    L1, a1, b1 = np.moveaxis(lab1, -1, 0)
    L2, a2, b2 = np.moveaxis(lab2, -1, 0)
    C_mean = (np.hypot(a1, b1) + np.hypot(a2, b2)) / 2
    G = 0.5 * (1 - np.sqrt(C_mean ** 7 / (C_mean ** 7 + 25.0 ** 7)))
    a1p, a2p = a1 * (1 + G), a2 * (1 + G)
    C1p, C2p = np.hypot(a1p, b1), np.hypot(a2p, b2)
    h1p = np.degrees(np.arctan2(b1, a1p)) % 360
    h2p = np.degrees(np.arctan2(b2, a2p)) % 360
    dLp, dCp = L2 - L1, C2p - C1p
    dhp = h2p - h1p
    dhp = np.where(dhp > 180, dhp - 360, np.where(dhp < -180, dhp + 360, dhp))
    dhp = np.where(C1p * C2p == 0, 0, dhp)
    dHp = 2 * np.sqrt(C1p * C2p) * np.sin(np.radians(dhp / 2))
    Lp_mean, Cp_mean = (L1 + L2) / 2, (C1p + C2p) / 2
    h_sum = h1p + h2p
    hp_mean = np.where(C1p * C2p == 0, h_sum,
                       np.where(np.abs(h1p - h2p) <= 180, h_sum / 2,
                                np.where(h_sum < 360, (h_sum + 360) / 2, (h_sum - 360) / 2)))
    T = (1 - 0.17 * np.cos(np.radians(hp_mean - 30)) + 0.24 * np.cos(np.radians(2 * hp_mean))
         + 0.32 * np.cos(np.radians(3 * hp_mean + 6)) - 0.20 * np.cos(np.radians(4 * hp_mean - 63)))
    d_theta = 30 * np.exp(-(((hp_mean - 275) / 25) ** 2))
    R_C = 2 * np.sqrt(Cp_mean ** 7 / (Cp_mean ** 7 + 25.0 ** 7))
    S_L = 1 + 0.015 * (Lp_mean - 50) ** 2 / np.sqrt(20 + (Lp_mean - 50) ** 2)
    S_C = 1 + 0.045 * Cp_mean
    S_H = 1 + 0.015 * Cp_mean * T
    R_T = -np.sin(np.radians(2 * d_theta)) * R_C
    return np.sqrt((dLp / S_L) ** 2 + (dCp / S_C) ** 2 + (dHp / S_H) ** 2 + R_T * (dCp / S_C) * (dHp / S_H))


def icc_tags(profile):
    count = struct.unpack(">I", profile[128:132])[0]
    tags = {}
    for index in range(count):
        name, offset, size = struct.unpack(">4sII", profile[132 + 12 * index:144 + 12 * index])
        tags[name.decode("latin-1")] = profile[offset:offset + size]
    return tags


def icc_curve(tag):
    """An ICC curveType or parametricCurveType as a function of 0-1 values."""
    kind = tag[:4]
    if kind == b"curv":
        count = struct.unpack(">I", tag[8:12])[0]
        if count == 0:
            return lambda v: v
        if count == 1:
            gamma = struct.unpack(">H", tag[12:14])[0] / 256
            return lambda v: v ** gamma
        table = np.array(struct.unpack(f">{count}H", tag[12:12 + 2 * count])) / 65535
        return lambda v: np.interp(v, np.linspace(0, 1, count), table)
    assert kind == b"para", kind
    function = struct.unpack(">H", tag[8:10])[0]
    values = [struct.unpack(">i", tag[12 + 4 * i:16 + 4 * i])[0] / 65536 for i in range((len(tag) - 12) // 4)]
    if function == 0:
        return lambda v: v ** values[0]
    assert function == 3, function
    g, a, b, c, d = values[:5]
    return lambda v: np.where(v >= d, (a * v + b) ** g, c * v)


def icc_xyz(tag):
    return np.array(struct.unpack(">3i", tag[8:20])) / 65536


def analytic(profile, raw8):
    """This file's own conversion of a matrix-and-curves RGB or a Gray profile to sRGB (relative
    colorimetric, which is what perceptual is for such profiles; no lcms): curves, the colorants
    (D50), the sRGB colorants adapted to D50 by Bradford as lcms's built-in sRGB has them, sRGB's
    curve, clipped, rounded. For Gray: the grey's luminance as the sRGB grey of that luminance."""
    tags = icc_tags(profile)
    values = raw8 / 255.0
    if "kTRC" in tags:
        linear = icc_curve(tags["kTRC"])(values)
        out = linear_to_srgb(linear)
        return np.round(np.stack([out] * 3, axis=-1) * 255).astype(np.uint8)
    linear = np.stack([icc_curve(tags[f"{c}TRC"])(values[..., i]) for i, c in enumerate("rgb")], axis=-1)
    colorants = np.stack([icc_xyz(tags[f"{c}XYZ"]) for c in "rgb"], axis=1)
    srgb_d50 = adaptation(D65, D50) @ SRGB_TO_XYZ_D65
    to_srgb = np.linalg.inv(srgb_d50) @ colorants
    return np.round(linear_to_srgb(linear @ to_srgb.T) * 255).astype(np.uint8)


def as_rgb(path):
    return np.asarray(Image.open(path).convert("RGB"), dtype=np.float64)


def report(label, reference, candidate):
    difference = ciede2000(lab_d65(reference), lab_d65(candidate))
    levels = np.abs(reference - candidate).max()
    print(f"  {label:34} CIEDE2000 mean {difference.mean():.3f} max {difference.max():.3f}; max {levels:.0f} level(s)")
    return difference.max()


def check():
    print("CIEDE2000 (CIE 142-2001, Lab with D65 white from 8-bit sRGB) against each vips reference:")
    worst = 0.0
    srgb = ImageCms.createProfile("sRGB")
    for name in ("p3.jpg", "p3-chunked.jpg", "p3.png", "adobe-rgb.jpg", "srgb-tagged.jpg", "gray-gamma.jpg",
                 "cmyk-profile.jpg"):
        picture = Image.open(name)
        profile = picture.info["icc_profile"]
        reference = as_rgb(name + ".srgb.png")
        print(f"{name} ({ImageCms.getProfileDescription(ImageCms.ImageCmsProfile(io.BytesIO(profile))).strip()}):")
        converted = ImageCms.profileToProfile(picture, ImageCms.ImageCmsProfile(io.BytesIO(profile)), srgb,
                                              renderingIntent=0, outputMode="RGB")
        largest = report("lcms 2.14 (Pillow ImageCms, perceptual)", reference, as_rgb_image(converted))
        if picture.mode == "CMYK":
            # Not counted: for this v4 CLUT profile lcms's one-step perceptual transform scales the
            # shadows for the v4 perceptual black, and vips's two steps through Lab do not; vips's
            # result is lcms's relative colorimetric one.
            relative = ImageCms.profileToProfile(picture, ImageCms.ImageCmsProfile(io.BytesIO(profile)), srgb,
                                                 renderingIntent=1, outputMode="RGB")
            report("lcms 2.14 (relative colorimetric)", reference, as_rgb_image(relative))
            continue
        worst = max(worst, largest)
        if picture.mode in ("RGB", "L"):
            raw8 = np.asarray(picture, dtype=np.float64)
            if "A2B0" not in icc_tags(profile):
                worst = max(worst, report("arithmetic here (no lcms)", reference, analytic(profile, raw8).astype(np.float64)))
            report("unconverted pixels", reference, np.asarray(picture.convert("RGB"), dtype=np.float64))
    print(f"largest CIEDE2000 between an RGB or Gray reference and a conversion: {worst:.3f}")
    assert worst < 2.0, "a reference disagrees with Little CMS"


def as_rgb_image(picture):
    return np.asarray(picture.convert("RGB"), dtype=np.float64)


if __name__ == "__main__":
    {"profiles": profiles, "pictures": pictures, "raw": raw, "check": check}[sys.argv[1]]()
