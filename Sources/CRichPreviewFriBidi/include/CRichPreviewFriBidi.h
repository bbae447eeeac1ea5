#ifndef CRICHPREVIEWFRIBIDI_H
#define CRICHPREVIEWFRIBIDI_H

/* The Unicode bidirectional algorithm (UAX #9) through GNU FriBidi, loaded with dlopen the first
   time a text that may hold right-to-left characters is laid out, so that commands which draw no
   text never map it. Every FriBidi call is made here. */

#include <stddef.h>
#include <stdint.h>

#include <CRichPreviewLoader.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    CRP_BIDI_OK = 0,
    CRP_BIDI_LIBRARY_UNAVAILABLE = 1, /* libfribidi.so.0 or one of its functions is missing */
    CRP_BIDI_OVER_LIMIT = 2,          /* more than CRP_BIDI_MAX_LENGTH code points */
    CRP_BIDI_FAILED = 3,              /* FriBidi gave up (out of memory) */
    CRP_BIDI_MISUSE = 4,              /* a NULL pointer where one is needed */
} crp_bidi_status;

enum {
    CRP_BIDI_MAX_LENGTH = 65536, /* most code points resolved in one call */
};

/// A paragraph's base direction.
typedef enum {
    CRP_BIDI_LTR = 1,
    CRP_BIDI_RTL = 2,
} crp_bidi_direction;

/// Why FriBidi (libfribidi.so.0, Debian package libfribidi0) could not be loaded: dlerror's
/// message, or the function the library lacks.
typedef crp_library_report crp_bidi_library_report;

/// Loads FriBidi once per process (the environment variable RICHPREVIEW_FRIBIDI_LIBRARY, when set
/// and the process is not setuid, replaces the file name, to test the failure path). On failure
/// returns CRP_BIDI_LIBRARY_UNAVAILABLE and fills `report` (may be NULL).
crp_bidi_status crp_bidi_library_load(crp_bidi_library_report *report);

/// The direction of the first strong character of `text` outside isolates (rules P2 and P3),
/// CRP_BIDI_LTR when there is none.
crp_bidi_status crp_bidi_paragraph_direction(const uint32_t *text, uint32_t length, crp_bidi_direction *direction);

/// Resolves one line laid out as a paragraph of direction `base` (LTR or RTL): `levels[i]` is the
/// embedding level of code point `i` after the line rules (L1: trailing white space takes the base
/// level), and `visual[j]` the index of the code point shown at visual position `j` (rule L2).
/// Both arrays hold `length` entries.
crp_bidi_status crp_bidi_resolve_line(const uint32_t *text, uint32_t length, crp_bidi_direction base,
                                      uint8_t *levels, int32_t *visual);

#ifdef __cplusplus
}
#endif

#endif
