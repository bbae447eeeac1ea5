#ifndef CRICHPREVIEWICU_H
#define CRICHPREVIEWICU_H

/* ICU's line break iterator, for the scripts written without spaces between words (Thai, Lao,
   Khmer, Burmese), whose breaks ICU finds with its dictionaries. ICU's common library is loaded
   with dlopen the first time such a text is broken into lines, so that no other text or command
   maps it; its functions are looked up by the version of the library found. Every ICU call is
   made here, and no ICU type leaves this file. */

#include <stddef.h>
#include <stdint.h>

#include <CRichPreviewLoader.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    CRP_ICU_OK = 0,
    CRP_ICU_LIBRARY_UNAVAILABLE = 1, /* libicuuc, one of its functions or its break data is missing */
    CRP_ICU_OVER_LIMIT = 2,          /* more than CRP_ICU_MAX_LENGTH UTF-16 code units */
    CRP_ICU_FAILED = 3,              /* ICU refused the text (out of memory) */
    CRP_ICU_MISUSE = 4,              /* a NULL pointer where one is needed */
} crp_icu_status;

enum {
    CRP_ICU_MAX_LENGTH = 65536, /* most UTF-16 code units broken in one call */
};

/// Why ICU (libicuuc.so.72 or another version, Debian package libicu72) could not be loaded:
/// dlerror's message, the function the library lacks, or the error ICU gave when its line break
/// iterator was first opened (its data missing).
typedef crp_library_report crp_icu_library_report;

/// Loads ICU once per process (the environment variable RICHPREVIEW_ICU_LIBRARY, when set and the
/// process is not setuid, replaces the file name, to test the failure path). On failure returns
/// CRP_ICU_LIBRARY_UNAVAILABLE and fills `report` (may be NULL).
crp_icu_status crp_icu_library_load(crp_icu_library_report *report);

/// The positions inside `text` (`length` UTF-16 code units) where ICU's line break iterator, for
/// the root locale, allows a line to break: each strictly between 0 and `length`, in increasing
/// order, written to `breaks` (room for `length` entries), their number to `*count`.
crp_icu_status crp_icu_line_breaks(const uint16_t *text, int32_t length, int32_t *breaks, int32_t *count);

#ifdef __cplusplus
}
#endif

#endif
