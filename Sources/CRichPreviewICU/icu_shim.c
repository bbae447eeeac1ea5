/* ICU's common library, loaded with dlopen on first use: the line break opportunities of a run of
   Thai, Lao, Khmer or Burmese text, found with ICU's dictionaries. */
#include "CRichPreviewICU.h"

#if !__has_include(<unicode/ubrk.h>)
#error "the headers of ICU are missing: install the Debian package libicu-dev (Scripts/debian-packages.txt lists them all)"
#endif
/* The functions under their plain names: the loader adds the version suffix of the library found. */
#define U_DISABLE_RENAMING 1
#include <unicode/ubrk.h>
#include <unicode/utypes.h>

#include <stdio.h>

/* Every function the shim calls; the type of each entry comes from ICU's own headers. */
#define CRP_ICU_FUNCTIONS(X) \
    X(ubrk_open)             \
    X(ubrk_close)            \
    X(ubrk_next)             \
    X(u_errorName)

typedef struct {
#define CRP_ICU_FUNCTION_POINTER(name) __typeof__(name) *name;
    CRP_ICU_FUNCTIONS(CRP_ICU_FUNCTION_POINTER)
#undef CRP_ICU_FUNCTION_POINTER
} crp_icu_functions;

static crp_icu_functions crp_icu_table;
#define CRP_LOADER_TABLE crp_icu_table
static const crp_loader_symbol crp_icu_symbols[] = {CRP_ICU_FUNCTIONS(CRP_LOADER_FUNCTION)};

/* Debian 12's ICU first, then the versions of other current distributions. */
static const crp_loader_library crp_icu_library[] = {
    CRP_LOADER_VERSIONED_LIBRARY("RICHPREVIEW_ICU_LIBRARY", "libicu72", crp_icu_symbols, "libicuuc.so.72",
                                 "libicuuc.so.76", "libicuuc.so.74", "libicuuc.so.70", "libicuuc.so.67"),
};

/* Opens a line break iterator once, so that a library without its break rules or dictionaries
   (libicudata missing or cut down) is refused at load rather than on every run. */
static int crp_icu_prepare(char *reason, size_t reason_size) {
    static const UChar sample[] = {0x0E20, 0x0E32, 0x0E29, 0x0E32, 0x0E44, 0x0E17, 0x0E22}; /* Thai "language" */
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *iterator =
        crp_icu_table.ubrk_open(UBRK_LINE, "", sample, (int32_t)(sizeof sample / sizeof sample[0]), &status);
    if (iterator) crp_icu_table.ubrk_close(iterator);
    if (U_SUCCESS(status) && iterator) return CRP_LOADER_ACCEPTED;
    snprintf(reason, reason_size, "ICU cannot open its line break iterator: %s", crp_icu_table.u_errorName(status));
    return 0;
}

static crp_loader crp_icu_loader = CRP_LOADER(crp_icu_library, crp_icu_prepare);

crp_icu_status crp_icu_library_load(crp_icu_library_report *report) {
    return crp_loader_load(&crp_icu_loader, report) ? CRP_ICU_OK : CRP_ICU_LIBRARY_UNAVAILABLE;
}

crp_icu_status crp_icu_line_breaks(const uint16_t *text, int32_t length, int32_t *breaks, int32_t *count) {
    if (!count || length < 0 || ((!text || !breaks) && length > 0)) return CRP_ICU_MISUSE;
    *count = 0;
    if (length > CRP_ICU_MAX_LENGTH) return CRP_ICU_OVER_LIMIT;
    if (!crp_loader_load(&crp_icu_loader, NULL)) return CRP_ICU_LIBRARY_UNAVAILABLE;
    if (length < 2) return CRP_ICU_OK;
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *iterator = crp_icu_table.ubrk_open(UBRK_LINE, "", (const UChar *)text, length, &status);
    if (!iterator || U_FAILURE(status)) {
        if (iterator) crp_icu_table.ubrk_close(iterator);
        return CRP_ICU_FAILED;
    }
    int32_t found = 0;
    for (int32_t position = crp_icu_table.ubrk_next(iterator); position != UBRK_DONE && position < length;
         position = crp_icu_table.ubrk_next(iterator)) {
        /* Boundaries only increase, so at most length - 1 fall strictly inside the text. */
        if (position > 0 && found < length) breaks[found++] = position;
    }
    crp_icu_table.ubrk_close(iterator);
    *count = found;
    return CRP_ICU_OK;
}
