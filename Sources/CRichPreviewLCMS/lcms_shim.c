/* Colour transforms from an image's ICC profile to sRGB with Little CMS, loaded on first use. */
#include "CRichPreviewLCMS.h"
#include "lcms_functions.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if CRP_LCMS_BUILT

/* The bytes every ICC profile starts with: a 128-byte header, then the tag count. */
#define CRP_LCMS_HEADER_BYTES 132

/* Pixels handed to cmsDoTransform at a time: its count is 32-bit. */
#define CRP_LCMS_CHUNK_PIXELS 16384

/* lcms's pixel formats for the caller's RGBA bytes: RGB with the fourth byte an extra channel
   lcms neither reads nor writes; for a Gray transform the R byte is the grey and the other three
   are extra channels, so the transform writes only R (the shim's table gives G and B too). */
#define CRP_LCMS_FORMAT_RGBA TYPE_RGBA_8
#define CRP_LCMS_FORMAT_GRAY_IN_RGBA (COLORSPACE_SH(PT_GRAY) | EXTRA_SH(3) | CHANNELS_SH(1) | BYTES_SH(1))

/* What lcms said while a call was working in the context whose user data this is: the first
   message (the root cause: later ones say only that the transform could not be made) and its
   error code. Written by the context's error handler, from the one thread making the transform;
   `recording` is cleared before the transform is handed out, so that applying it (which reports
   nothing anyway) never writes here. */
typedef struct {
    int recording;
    cmsUInt32Number code;
    char text[200];
} crp_lcms_log;

struct crp_lcms_transform {
    const crp_lcms_functions *api;
    cmsContext context;       /* owns the transform: deleted after it */
    cmsHTRANSFORM transform;
    int gray;                 /* a Gray profile's: R in, R = G = B out, through gray_table */
    uint8_t gray_table[256];  /* a Gray transform's output for every grey */
    crp_lcms_log log;         /* the context's user data */
};

/* The context's error handler, in place of lcms's (which prints nothing, but says nothing either). */
static void crp_lcms_record(cmsContext context, cmsUInt32Number code, const char *text) {
    const crp_lcms_functions *api = crp_lcms_functions_load(NULL);
    crp_lcms_log *log = api ? (crp_lcms_log *)api->cmsGetContextUserData(context) : NULL;
    if (!log || !log->recording || log->text[0]) return;
    log->code = code;
    snprintf(log->text, sizeof log->text, "%s", text && text[0] ? text : "no message");
}

/* A context of the call's own, recording lcms's messages in `log`; NULL when out of memory. */
static cmsContext crp_lcms_context(const crp_lcms_functions *api, crp_lcms_log *log) {
    memset(log, 0, sizeof *log);
    cmsContext context = api->cmsCreateContext(NULL, log);
    if (!context) return NULL;
    api->cmsSetLogErrorHandlerTHR(context, crp_lcms_record);
    log->recording = 1;
    return context;
}

static void crp_lcms_message(char *message, size_t message_size, const char *format, ...)
    __attribute__((format(printf, 3, 4)));

static void crp_lcms_message(char *message, size_t message_size, const char *format, ...) {
    if (!message || message_size == 0) return;
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(message, message_size, format, arguments);
    va_end(arguments);
}

static uint32_t crp_lcms_be32(const uint8_t *at) {
    return (uint32_t)at[0] << 24 | (uint32_t)at[1] << 16 | (uint32_t)at[2] << 8 | at[3];
}

/* A four-character signature for messages, unprintable bytes as '?'. */
static void crp_lcms_signature_text(uint32_t signature, char text[5]) {
    for (int index = 0; index < 4; index++) {
        unsigned byte = (signature >> (24 - 8 * index)) & 0xFF;
        text[index] = (byte >= 0x20 && byte < 0x7F) ? (char)byte : '?';
    }
    text[4] = 0;
}

/* The library's functions, loading it if needed; NULL with `message` saying why it cannot be loaded. */
static const crp_lcms_functions *crp_lcms_loaded(char *message, size_t message_size) {
    crp_lcms_library_report report;
    const crp_lcms_functions *api = crp_lcms_functions_load(&report);
    if (!api)
        crp_lcms_message(message, message_size, "%s (Debian package %s) could not be loaded: %s", report.library,
                         report.package, report.reason);
    return api;
}

/* What the header alone says, before lcms sees the bytes: the length to give lcms (the declared
   one: a JPEG's last chunk or a PNG's chunk may carry bytes after it), or 0 with `message` set. */
static size_t crp_lcms_checked_length(const uint8_t *icc, size_t size, char *message, size_t message_size) {
    if (!icc || size < CRP_LCMS_HEADER_BYTES) {
        crp_lcms_message(message, message_size, "%zu bytes is too short for an ICC profile (a header and tag count "
                         "are %d bytes)", icc ? size : 0, CRP_LCMS_HEADER_BYTES);
        return 0;
    }
    if (memcmp(icc + 36, "acsp", 4) != 0) {
        crp_lcms_message(message, message_size, "not an ICC profile (no 'acsp' signature at byte 36)");
        return 0;
    }
    uint32_t declared = crp_lcms_be32(icc);
    if (declared < CRP_LCMS_HEADER_BYTES) {
        crp_lcms_message(message, message_size, "the profile header declares %u bytes, too few for a profile",
                         declared);
        return 0;
    }
    if (declared > size) {
        crp_lcms_message(message, message_size, "truncated: the profile header declares %u bytes, but only %zu are "
                         "given", declared, size);
        return 0;
    }
    if (declared > CRP_LCMS_MAX_PROFILE_BYTES) {
        crp_lcms_message(message, message_size, "the profile's %u bytes are more than the %d allowed", declared,
                         CRP_LCMS_MAX_PROFILE_BYTES);
        return 0;
    }
    return declared;
}

/* Whether `signature` is a colour space the ICC specification (or lcms) defines. */
static int crp_lcms_known_space(uint32_t signature) {
    static const char named[][5] = {"XYZ ", "Lab ", "Luv ", "YCbr", "Yxy ", "RGB ", "GRAY", "HSV ", "HLS ", "CMYK",
                                    "CMY ", "LuvK"};
    char text[5];
    for (int index = 0; index < 4; index++) text[index] = (char)(signature >> (24 - 8 * index));
    text[4] = 0;
    for (size_t index = 0; index < sizeof named / sizeof named[0]; index++)
        if (memcmp(text, named[index], 4) == 0) return 1;
    /* nCLR (1-15 colours) and lcms's MCHn. */
    int digit = (text[0] >= '1' && text[0] <= '9') || (text[0] >= 'A' && text[0] <= 'F');
    if (digit && memcmp(text + 1, "CLR", 3) == 0) return 1;
    digit = (text[3] >= '1' && text[3] <= '9') || (text[3] >= 'A' && text[3] <= 'F');
    return digit && memcmp(text, "MCH", 3) == 0;
}

/* The header's colour spaces, which lcms takes as they come (a colour space or profile connection
   space no specification defines is damage, not an unsupported profile), and the tag count of the
   profile's `length` bytes. 1 when they are sound, else 0 with `message` set. */
static int crp_lcms_check_header(const uint8_t *icc, size_t length, char *message, size_t message_size) {
    uint32_t space = crp_lcms_be32(icc + 16), connection = crp_lcms_be32(icc + 20);
    char text[5];
    if (!crp_lcms_known_space(space)) {
        crp_lcms_signature_text(space, text);
        crp_lcms_message(message, message_size, "the header names no known colour space ('%s')", text);
        return 0;
    }
    /* A device link's second space is its output's, any colour space. */
    if (memcmp(icc + 12, "link", 4) == 0 ? !crp_lcms_known_space(connection)
                                          : memcmp(icc + 20, "XYZ ", 4) != 0 && memcmp(icc + 20, "Lab ", 4) != 0) {
        crp_lcms_signature_text(connection, text);
        crp_lcms_message(message, message_size, "the header's profile connection space '%s' is neither XYZ nor Lab",
                         text);
        return 0;
    }
    uint32_t count = crp_lcms_be32(icc + 128);
    if (count > (length - CRP_LCMS_HEADER_BYTES) / 12) {
        crp_lcms_message(message, message_size, "the tag table's %u entries run past the profile's %zu bytes", count,
                         length);
        return 0;
    }
    return 1;
}

/* The first entry of the tag table whose data runs past the profile's `length` bytes (lcms skips
   such tags without a word, so that a truncated profile reads as one without them): 1 with
   `message` naming it, or 0 when every tag is within the profile. */
static int crp_lcms_find_damaged_tag(const uint8_t *icc, size_t length, char *message, size_t message_size) {
    /* crp_lcms_check_header has checked that the table is within the profile. */
    uint32_t count = crp_lcms_be32(icc + 128);
    for (uint32_t index = 0; index < count; index++) {
        const uint8_t *entry = icc + CRP_LCMS_HEADER_BYTES + (size_t)index * 12;
        uint64_t offset = crp_lcms_be32(entry + 4), bytes = crp_lcms_be32(entry + 8);
        if (offset + bytes > length) {
            char text[5];
            crp_lcms_signature_text(crp_lcms_be32(entry), text);
            crp_lcms_message(message, message_size, "damaged or truncated: tag '%s' (%" PRIu64 " bytes at %" PRIu64
                             ") runs past the profile's %zu bytes", text, bytes, offset, length);
            return 1;
        }
    }
    return 0;
}

/* Whether lcms's error code says the profile's bytes are damaged (rather than that its content
   cannot be used). */
static int crp_lcms_damage_code(cmsUInt32Number code) {
    switch (code) {
    case cmsERROR_FILE:
    case cmsERROR_RANGE:
    case cmsERROR_READ:
    case cmsERROR_SEEK:
    case cmsERROR_BAD_SIGNATURE:
    case cmsERROR_CORRUPTION_DETECTED: return 1;
    default: return 0;
    }
}

/* Why a profile lcms opened is, by its header, not the profile of an RGB or Gray image; NULL when
   it is one. `buffer` holds a colour space's name. */
static const char *crp_lcms_unsupported_reason(const crp_lcms_functions *api, cmsHPROFILE profile, char *buffer,
                                               size_t buffer_size) {
    cmsProfileClassSignature device_class = api->cmsGetDeviceClass(profile);
    cmsColorSpaceSignature space = api->cmsGetColorSpace(profile);
    switch (device_class) {
    case cmsSigLinkClass: return "a device link profile, not the profile of an image's colour space";
    case cmsSigAbstractClass: return "an abstract profile, not the profile of an image's colour space";
    case cmsSigNamedColorClass: return "a named colour profile, not the profile of an image's colour space";
    default: break;
    }
    if (space != cmsSigRgbData && space != cmsSigGrayData) {
        char name[5];
        crp_lcms_signature_text((uint32_t)space, name);
        const char *known = space == cmsSigCmykData  ? "CMYK"
                            : space == cmsSigLabData ? "Lab"
                            : space == cmsSigXYZData ? "XYZ"
                            : space == cmsSigYCbCrData ? "YCbCr"
                                                       : NULL;
        if (known)
            snprintf(buffer, buffer_size, "a %s profile: only RGB and Gray profiles are converted", known);
        else
            snprintf(buffer, buffer_size, "a profile of colour space '%s': only RGB and Gray profiles are converted",
                     name);
        return buffer;
    }
    return NULL;
}

/* Whether the profile can be read from device to PCS for some intent: a matrix and curves or an
   AToB tag (lcms falls back from the intent asked to the one there is). */
static int crp_lcms_has_input_direction(const crp_lcms_functions *api, cmsHPROFILE profile) {
    for (cmsUInt32Number intent = INTENT_PERCEPTUAL; intent <= INTENT_ABSOLUTE_COLORIMETRIC; intent++) {
        if (api->cmsIsIntentSupported(profile, intent, LCMS_USED_AS_INPUT)) return 1;
    }
    return 0;
}

/* The grey profile the shim writes a Gray profile's pixels to: D65 white and sRGB's tone curve,
   the grey axis of sRGB. */
static cmsHPROFILE crp_lcms_srgb_gray(const crp_lcms_functions *api, cmsContext context) {
    static const cmsFloat64Number srgb_curve[5] = {2.4, 1.0 / 1.055, 0.055 / 1.055, 1.0 / 12.92, 0.04045};
    static const cmsCIExyY d65 = {0.3127, 0.3290, 1.0};
    cmsToneCurve *curve = api->cmsBuildParametricToneCurve(context, 4, srgb_curve);
    if (!curve) return NULL;
    cmsHPROFILE profile = api->cmsCreateGrayProfileTHR(context, &d65, curve);
    api->cmsFreeToneCurve(curve);
    return profile;
}

/* Whether the transform leaves every colour of the grid (every grey for a Gray transform) within
   CRP_LCMS_IDENTITY_TOLERANCE of itself; -1 when out of memory. */
static int crp_lcms_is_identity(const crp_lcms_transform *transform) {
    enum { STEPS = CRP_LCMS_IDENTITY_GRID, COLOURS = STEPS * STEPS * STEPS };
    size_t count = transform->gray ? 256 : COLOURS;
    uint8_t *pixels = malloc(count * 4);
    uint8_t *original = malloc(count * 4);
    if (!pixels || !original) {
        free(pixels);
        free(original);
        return -1;
    }
    for (size_t index = 0; index < count; index++) {
        uint8_t *p = pixels + index * 4;
        if (transform->gray) {
            p[0] = p[1] = p[2] = (uint8_t)index;
        } else {
            /* 0, 16, ... 240, then 255 rather than 256. */
            size_t r = index / (STEPS * STEPS), g = index / STEPS % STEPS, b = index % STEPS;
            p[0] = (uint8_t)(r * 16 > 255 ? 255 : r * 16);
            p[1] = (uint8_t)(g * 16 > 255 ? 255 : g * 16);
            p[2] = (uint8_t)(b * 16 > 255 ? 255 : b * 16);
        }
        p[3] = 255;
    }
    memcpy(original, pixels, count * 4);
    crp_lcms_transform_apply(transform, pixels, count);
    int identity = 1;
    for (size_t index = 0; index < count * 4 && identity; index++) {
        int difference = (int)pixels[index] - (int)original[index];
        if (difference < -CRP_LCMS_IDENTITY_TOLERANCE || difference > CRP_LCMS_IDENTITY_TOLERANCE) identity = 0;
    }
    free(pixels);
    free(original);
    return identity;
}

/* Makes `transform`'s lcms transform from the opened profile `input` (the first `length` bytes at
   `icc`) to sRGB; IDENTITY when the result leaves the grid unchanged. A profile that lacks what
   the transform needs, or that lcms cannot link, is INVALID when a tag runs past its end (lcms
   dropped it: damage or truncation), else UNSUPPORTED. */
static crp_lcms_status crp_lcms_build(crp_lcms_transform *transform, cmsHPROFILE input, const uint8_t *icc,
                                      size_t length, char *message, size_t message_size) {
    const crp_lcms_functions *api = transform->api;
    char reason_buffer[96];
    const char *reason = crp_lcms_unsupported_reason(api, input, reason_buffer, sizeof reason_buffer);
    if (reason) {
        crp_lcms_message(message, message_size, "%s", reason);
        return CRP_LCMS_UNSUPPORTED_PROFILE;
    }
    if (!crp_lcms_has_input_direction(api, input)) {
        if (crp_lcms_find_damaged_tag(icc, length, message, message_size)) return CRP_LCMS_INVALID_PROFILE;
        crp_lcms_message(message, message_size, "an output-only profile: it has no device-to-PCS direction (no "
                         "AToB tag, nor matrix and curves)");
        return CRP_LCMS_UNSUPPORTED_PROFILE;
    }
    transform->gray = api->cmsGetColorSpace(input) == cmsSigGrayData;
    cmsHPROFILE output = transform->gray ? crp_lcms_srgb_gray(api, transform->context)
                                         : api->cmsCreate_sRGBProfileTHR(transform->context);
    if (!output) {
        crp_lcms_message(message, message_size, "out of memory for the sRGB profile");
        return CRP_LCMS_OUT_OF_MEMORY;
    }
    /* lcms's optimised 8-bit Gray pipeline is a coarse table that is off by up to 76 levels in
       the darkest greys under a steep curve (PNG gAMA 1/2.5): a Gray transform is evaluated
       unoptimised, once per grey, into gray_table. */
    cmsUInt32Number format = transform->gray ? CRP_LCMS_FORMAT_GRAY_IN_RGBA : CRP_LCMS_FORMAT_RGBA;
    cmsUInt32Number flags = transform->gray ? cmsFLAGS_NOOPTIMIZE | cmsFLAGS_NOCACHE : 0;
    transform->transform =
        api->cmsCreateTransformTHR(transform->context, input, format, output, format, INTENT_PERCEPTUAL, flags);
    api->cmsCloseProfile(output);
    if (!transform->transform) {
        int damaged = crp_lcms_damage_code(transform->log.code);
        if (!damaged && crp_lcms_find_damaged_tag(icc, length, message, message_size))
            return CRP_LCMS_INVALID_PROFILE;
        crp_lcms_message(message, message_size, "%s: %s",
                         damaged ? "lcms cannot read the profile" : "lcms cannot make a transform from the profile",
                         transform->log.text[0] ? transform->log.text : "no reason given");
        return damaged ? CRP_LCMS_INVALID_PROFILE : CRP_LCMS_UNSUPPORTED_PROFILE;
    }
    if (transform->gray) {
        uint8_t greys[256 * 4] = {0};
        for (int grey = 0; grey < 256; grey++) greys[grey * 4] = (uint8_t)grey;
        api->cmsDoTransform(transform->transform, greys, greys, 256);
        for (int grey = 0; grey < 256; grey++) transform->gray_table[grey] = greys[grey * 4];
    }
    int identity = crp_lcms_is_identity(transform);
    if (identity < 0) {
        crp_lcms_message(message, message_size, "out of memory");
        return CRP_LCMS_OUT_OF_MEMORY;
    }
    return identity ? CRP_LCMS_IDENTITY : CRP_LCMS_OK;
}

crp_lcms_status crp_lcms_transform_create(const uint8_t *icc, size_t size, crp_lcms_transform **out, char *message,
                                          size_t message_size) {
    if (message && message_size) message[0] = 0;
    if (!out) {
        crp_lcms_message(message, message_size, "no place for the transform");
        return CRP_LCMS_INVALID_PROFILE;
    }
    *out = NULL;
    const crp_lcms_functions *api = crp_lcms_loaded(message, message_size);
    if (!api) return CRP_LCMS_LIBRARY_UNAVAILABLE;
    size_t length = crp_lcms_checked_length(icc, size, message, message_size);
    if (length == 0 || !crp_lcms_check_header(icc, length, message, message_size)) return CRP_LCMS_INVALID_PROFILE;

    crp_lcms_transform *transform = calloc(1, sizeof *transform);
    if (!transform) {
        crp_lcms_message(message, message_size, "out of memory");
        return CRP_LCMS_OUT_OF_MEMORY;
    }
    transform->api = api;
    transform->context = crp_lcms_context(api, &transform->log);
    if (!transform->context) {
        free(transform);
        crp_lcms_message(message, message_size, "out of memory for an lcms context");
        return CRP_LCMS_OUT_OF_MEMORY;
    }
    crp_lcms_status status;
    cmsHPROFILE input = api->cmsOpenProfileFromMemTHR(transform->context, icc, (cmsUInt32Number)length);
    if (input) {
        status = crp_lcms_build(transform, input, icc, length, message, message_size);
        api->cmsCloseProfile(input);
    } else {
        crp_lcms_message(message, message_size, "lcms cannot open the profile: %s",
                         transform->log.text[0] ? transform->log.text : "no reason given");
        status = CRP_LCMS_INVALID_PROFILE;
    }
    if (status != CRP_LCMS_OK) {
        crp_lcms_transform_destroy(transform);
        return status;
    }
    transform->log.recording = 0;
    *out = transform;
    return CRP_LCMS_OK;
}

void crp_lcms_transform_apply(const crp_lcms_transform *transform, uint8_t *rgba, size_t count) {
    if (!transform || !transform->transform || !rgba) return;
    if (transform->gray) {
        for (size_t index = 0; index < count; index++) {
            uint8_t *p = rgba + index * 4;
            p[0] = p[1] = p[2] = transform->gray_table[p[0]];
        }
        return;
    }
    while (count > 0) {
        size_t chunk = count < CRP_LCMS_CHUNK_PIXELS ? count : CRP_LCMS_CHUNK_PIXELS;
        transform->api->cmsDoTransform(transform->transform, rgba, rgba, (cmsUInt32Number)chunk);
        rgba += chunk * 4;
        count -= chunk;
    }
}

void crp_lcms_transform_destroy(crp_lcms_transform *transform) {
    if (!transform) return;
    if (transform->transform) transform->api->cmsDeleteTransform(transform->transform);
    if (transform->context) transform->api->cmsDeleteContext(transform->context);
    free(transform);
}

void crp_lcms_profile_description(const uint8_t *icc, size_t size, char *out, size_t out_size) {
    if (!out || out_size == 0) return;
    out[0] = 0;
    const crp_lcms_functions *api = crp_lcms_functions_load(NULL);
    if (!api) return;
    size_t length = crp_lcms_checked_length(icc, size, NULL, 0);
    if (length == 0) return;
    crp_lcms_log log;
    cmsContext context = crp_lcms_context(api, &log);
    if (!context) return;
    cmsHPROFILE profile = api->cmsOpenProfileFromMemTHR(context, icc, (cmsUInt32Number)length);
    if (profile) {
        cmsUInt32Number capacity = out_size > 0xFFFFFFFFu ? 0xFFFFFFFFu : (cmsUInt32Number)out_size;
        if (api->cmsGetProfileInfoASCII(profile, cmsInfoDescription, "en", "US", out, capacity) == 0) out[0] = 0;
        api->cmsCloseProfile(profile);
    }
    api->cmsDeleteContext(context);
    out[out_size - 1] = 0;
    for (char *at = out; *at; at++) {
        unsigned char byte = (unsigned char)*at;
        if (byte < 0x20 || byte >= 0x7F) *at = '?';
    }
}

/* Whether the chromaticities make a colour space: every point inside the unit square with y > 0
   and x + y <= 1, and the three primaries not in a line. */
static int crp_lcms_possible_chromaticities(const double *xy) {
    for (int point = 0; point < 4; point++) {
        double x = xy[point * 2], y = xy[point * 2 + 1];
        if (!(x >= 0 && x <= 1 && y > 0 && y <= 1 && x + y <= 1)) return 0;
    }
    double area = (xy[4] - xy[2]) * (xy[7] - xy[3]) - (xy[6] - xy[2]) * (xy[5] - xy[3]);
    return area > 1e-6 || area < -1e-6;
}

crp_lcms_status crp_lcms_profile_from_chunks(double file_gamma, const double *chromaticities, int gray,
                                             const char *description, uint8_t **out, size_t *out_size, char *message,
                                             size_t message_size) {
    if (message && message_size) message[0] = 0;
    if (!out || !out_size) {
        crp_lcms_message(message, message_size, "no place for the profile");
        return CRP_LCMS_UNSUPPORTED_PROFILE;
    }
    *out = NULL;
    *out_size = 0;
    if (!(file_gamma > 0 && file_gamma < 1e6)) {
        crp_lcms_message(message, message_size, "a file gamma of %g makes no tone curve", file_gamma);
        return CRP_LCMS_UNSUPPORTED_PROFILE;
    }
    static const double srgb[8] = {0.3127, 0.3290, 0.64, 0.33, 0.30, 0.60, 0.15, 0.06};
    const double *xy = chromaticities ? chromaticities : srgb;
    if (!crp_lcms_possible_chromaticities(xy)) {
        crp_lcms_message(message, message_size,
                         "the cHRM chunk's white (%.4f, %.4f) and primaries (%.4f, %.4f), (%.4f, %.4f), (%.4f, %.4f) "
                         "make no colour space",
                         xy[0], xy[1], xy[2], xy[3], xy[4], xy[5], xy[6], xy[7]);
        return CRP_LCMS_UNSUPPORTED_PROFILE;
    }
    const crp_lcms_functions *api = crp_lcms_loaded(message, message_size);
    if (!api) return CRP_LCMS_LIBRARY_UNAVAILABLE;
    crp_lcms_log log;
    cmsContext context = crp_lcms_context(api, &log);
    if (!context) {
        crp_lcms_message(message, message_size, "out of memory for an lcms context");
        return CRP_LCMS_OUT_OF_MEMORY;
    }
    crp_lcms_status status = CRP_LCMS_OUT_OF_MEMORY;
    cmsHPROFILE profile = NULL;
    cmsToneCurve *curve = api->cmsBuildGamma(context, 1.0 / file_gamma);
    if (curve) {
        cmsCIExyY white = {xy[0], xy[1], 1.0};
        if (gray) {
            profile = api->cmsCreateGrayProfileTHR(context, &white, curve);
        } else {
            cmsCIExyYTRIPLE primaries = {{xy[2], xy[3], 1.0}, {xy[4], xy[5], 1.0}, {xy[6], xy[7], 1.0}};
            cmsToneCurve *curves[3] = {curve, curve, curve};
            profile = api->cmsCreateRGBProfileTHR(context, &white, &primaries, curves);
        }
        api->cmsFreeToneCurve(curve);
    }
    if (!profile && log.text[0]) {
        crp_lcms_message(message, message_size, "lcms cannot make the profile: %s", log.text);
        status = CRP_LCMS_UNSUPPORTED_PROFILE;
    } else if (!profile) {
        crp_lcms_message(message, message_size, "out of memory for the profile");
    }
    if (profile) {
        cmsMLU *text = api->cmsMLUalloc(context, 1);
        int described = text && api->cmsMLUsetASCII(text, "en", "US", description ? description : "") &&
                        api->cmsWriteTag(profile, cmsSigProfileDescriptionTag, text);
        if (text) api->cmsMLUfree(text);
        cmsUInt32Number needed = 0;
        if (described && api->cmsSaveProfileToMem(profile, NULL, &needed) && needed > 0) {
            uint8_t *bytes = malloc(needed);
            if (bytes && api->cmsSaveProfileToMem(profile, bytes, &needed)) {
                *out = bytes;
                *out_size = needed;
                status = CRP_LCMS_OK;
            } else {
                free(bytes);
            }
        }
        if (status != CRP_LCMS_OK) crp_lcms_message(message, message_size, "out of memory for the profile");
        api->cmsCloseProfile(profile);
    }
    api->cmsDeleteContext(context);
    return status;
}

void crp_lcms_profile_free(uint8_t *profile) { free(profile); }

#endif /* CRP_LCMS_BUILT */
