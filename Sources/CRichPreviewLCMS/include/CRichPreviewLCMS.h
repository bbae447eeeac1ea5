#ifndef CRICHPREVIEWLCMS_H
#define CRICHPREVIEWLCMS_H

#include <stddef.h>
#include <stdint.h>

#include <CRichPreviewLoader.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Status of every call: 0 is success; any other value but IDENTITY leaves a message in the
/// caller's buffer.
typedef enum {
    CRP_LCMS_OK = 0,
    CRP_LCMS_IDENTITY = 1,             /* the profile is sRGB in effect: no transform is made, keep the pixels */
    CRP_LCMS_INVALID_PROFILE = 2,      /* not an ICC profile lcms opens or reads: truncated, garbage, a damaged tag */
    CRP_LCMS_UNSUPPORTED_PROFILE = 3,  /* a valid profile that is not an RGB or Gray input profile, or that lcms
                                          cannot make a transform from */
    CRP_LCMS_LIBRARY_UNAVAILABLE = 4,  /* liblcms2 is not installed, lacks a function or is too old */
    CRP_LCMS_OUT_OF_MEMORY = 5
} crp_lcms_status;

/// The shim's limits.
enum {
    CRP_LCMS_MAX_PROFILE_BYTES = 32 * 1024 * 1024,  /* a larger profile is refused as INVALID_PROFILE (a JPEG's
                                                       APP2 markers hold at most 16 MiB) */
    CRP_LCMS_IDENTITY_GRID = 17,                    /* steps a side of the grid tried for IDENTITY: 0, 16, ... 240, 255 */
    CRP_LCMS_IDENTITY_TOLERANCE = 1                 /* levels a grid colour may move and still count as unchanged */
};

/// Why liblcms2 (liblcms2.so.2, Debian package liblcms2-2) could not be loaded: dlerror's message,
/// the function the library lacks, or its version.
typedef crp_library_report crp_lcms_library_report;

/// Loads liblcms2.so.2 (Little CMS 2, at least 2.6) with dlopen and resolves the functions the
/// shim calls, once per process, whichever thread asks first; every later call returns the first
/// outcome. crp_lcms_transform_create calls it itself; call it to learn why loading failed.
/// Returns CRP_LCMS_OK, or CRP_LCMS_LIBRARY_UNAVAILABLE with `report` (may be NULL) filled.
///
/// lcms's global state is left alone: every call works in a context of its own (cmsCreateContext)
/// whose error handler records lcms's message for the caller instead of printing it, so two
/// threads' messages never mix and other users of the library in the process are unaffected.
///
/// The environment variable RICHPREVIEW_LCMS_LIBRARY, when set (and the process is not setuid),
/// replaces the file name; it exists to test the failure path.
crp_lcms_status crp_lcms_load(crp_lcms_library_report *report);

/// A colour transform from one profile's colour space to sRGB; immutable once made, so any number
/// of threads may apply one transform at once (each to its own pixels).
typedef struct crp_lcms_transform crp_lcms_transform;

/// Makes a transform of 8-bit RGBA pixels from the colour space of the ICC profile `icc` (`size`
/// bytes; bytes after the length its header declares are ignored) to sRGB (lcms's built-in sRGB
/// profile), perceptual intent, alpha left unchanged. Loads the library if needed.
///
/// Returns CRP_LCMS_OK with `*out` set, to free with crp_lcms_transform_destroy; on any other
/// status `*out` is NULL.
/// - CRP_LCMS_IDENTITY when the profile is sRGB in effect: the transform maps every colour of a
///   CRP_LCMS_IDENTITY_GRID-step grid of 8-bit RGB values (0, 16, ... 240, 255 on each axis) to
///   within CRP_LCMS_IDENTITY_TOLERANCE level of itself (for a Gray profile: every grey 0-255).
///   The caller then keeps its pixels bit for bit. `message` is left empty.
/// - CRP_LCMS_INVALID_PROFILE: not an ICC profile lcms opens (too short, no 'acsp' signature,
///   truncated below the length its header declares, over CRP_LCMS_MAX_PROFILE_BYTES, garbage), or
///   one whose tags lcms cannot read; `message` says why, with lcms's own message when it gave one.
/// - CRP_LCMS_UNSUPPORTED_PROFILE: a profile lcms opens that is not an RGB or Gray input profile
///   (a CMYK, Lab or other colour space; a device link, abstract or named-colour profile; an
///   output-only profile, with no device-to-PCS direction), or one lcms cannot make the transform
///   from; `message` names what it is.
/// - CRP_LCMS_LIBRARY_UNAVAILABLE, CRP_LCMS_OUT_OF_MEMORY.
///
/// A Gray profile (a grey JPEG's) is supported: the R channel of each pixel is taken as the grey
/// value and the sRGB grey of the same lightness written to R, G and B (through a grey profile
/// with sRGB's tone curve, so R = G = B exactly). `message` (may be NULL with `message_size` 0)
/// is always NUL-terminated when `message_size` is not 0.
crp_lcms_status crp_lcms_transform_create(const uint8_t *icc, size_t size, crp_lcms_transform **out, char *message,
                                          size_t message_size);

/// Converts `count` pixels of 8-bit RGBA (R, G, B, A in memory order, straight alpha, no padding)
/// at `rgba` in place; A is never read or written. Thread-safe for distinct buffers on one
/// transform: cmsDoTransform only reads the transform (lcms 2 copies its one-pixel cache into
/// each call's locals), and lcms reports no error once a transform is made. NULL does nothing.
void crp_lcms_transform_apply(const crp_lcms_transform *transform, uint8_t *rgba, size_t count);

/// Frees the transform and its lcms context (NULL is ignored).
void crp_lcms_transform_destroy(crp_lcms_transform *transform);

/// The description tag of the ICC profile `icc` (`size` bytes), English if it has several, in
/// ASCII (any other byte, control characters included, becomes '?'), for messages; "" when the
/// profile has none, cannot be read or the library cannot be loaded. At most `out_size` bytes
/// written, NUL included; nothing when `out` is NULL or `out_size` is 0.
void crp_lcms_profile_description(const uint8_t *icc, size_t size, char *out, size_t out_size);

/// Writes the ICC profile that a PNG's gAMA and cHRM chunks describe, for images with neither an
/// iCCP nor an sRGB chunk: the tone curve decodes a sample v to v^(1/file_gamma); the primaries and
/// white are `chromaticities` (x, y pairs: white, red, green, blue), or sRGB's (D65, Rec. 709) when
/// it is NULL; a grey profile with that white when `gray` is not 0. `description` (ASCII) becomes
/// its description tag. The profile is version 4, built by lcms (cmsCreateRGBProfile, which adapts
/// the primaries to D50 with Bradford), and transforms through crp_lcms_transform_create as any
/// file's profile does.
///
/// Returns CRP_LCMS_OK with `*out` (to free with crp_lcms_profile_free) and `*out_size` set;
/// CRP_LCMS_UNSUPPORTED_PROFILE when the values make no colour space (a gamma that is not finite
/// and positive, a white or primaries off the chromaticity diagram or in a line), with `message`
/// saying which; CRP_LCMS_LIBRARY_UNAVAILABLE, CRP_LCMS_OUT_OF_MEMORY.
crp_lcms_status crp_lcms_profile_from_chunks(double file_gamma, const double *chromaticities, int gray,
                                             const char *description, uint8_t **out, size_t *out_size, char *message,
                                             size_t message_size);

/// Frees a profile from crp_lcms_profile_from_chunks (NULL is ignored).
void crp_lcms_profile_free(uint8_t *profile);

#ifdef __cplusplus
}
#endif

#endif
