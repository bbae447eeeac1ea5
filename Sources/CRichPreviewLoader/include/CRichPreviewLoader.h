#ifndef CRICHPREVIEWLOADER_H
#define CRICHPREVIEWLOADER_H

/* The one dlopen loader of the optional libraries (FreeType and HarfBuzz, FriBidi, FFmpeg, libwebp,
   libheif, Little CMS, ICU), so that a command maps a library only when it first needs it. A shim
   declares its libraries (the sonames to try, the Debian package, the functions and the table
   entry each is written to) and asks for them; the loader opens and resolves them once per
   process, whichever thread asks first, and keeps the outcome: every later call returns it. */

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Why a library could not be loaded: what each shim hands back to Swift.
typedef struct {
    char library[128]; /* the file dlopen was given: its soname (the sonames tried, joined by " or "),
                          or the environment variable's value */
    char package[32];  /* the Debian package that installs it */
    char reason[256];  /* dlerror's message, the function the library lacks, or why the shim refused it */
} crp_library_report;

/// One function of a library: its name and the table entry its address is written to.
typedef struct {
    const char *name;
    void *slot;   /* a function pointer of the shim's table */
    int optional; /* 1: left NULL when the library lacks it; 0: the load fails without it */
} crp_loader_symbol;

/// The entry (with its comma, for an X-macro list: `{CRP_LCMS_FUNCTIONS(CRP_LOADER_FUNCTION)}`) of
/// function `name`, whose pointer in the shim's table is named after it. The shim defines
/// CRP_LOADER_TABLE as its table first.
#define CRP_LOADER_FUNCTION(name) {#name, &CRP_LOADER_TABLE.name, 0},
/// The same for a function the shim does without: left NULL when the library lacks it.
#define CRP_LOADER_OPTIONAL_FUNCTION(name) {#name, &CRP_LOADER_TABLE.name, 1},
/// How many entries a static array has.
#define CRP_LOADER_COUNT(array) (sizeof(array) / sizeof((array)[0]))

/// One library of a shim.
typedef struct {
    /* The environment variable whose value, when set, not empty and the process is not setuid,
       is opened instead of the sonames: it exists to test the failure path. */
    const char *variable;
    const char *const *sonames; /* tried in order until one opens; NULL-terminated */
    const char *package;
    const crp_loader_symbol *symbols;
    size_t symbol_count;
    /* 1: each function is looked up first with the major version of the file opened as a suffix
       (`ubrk_open_72` in libicuuc.so.72, as ICU renames its functions), then as named. */
    int versioned_symbols;
} crp_loader_library;

/// A library of a shim, from its variable, its package, its static array of functions and its
/// sonames in the order tried: CRP_LOADER_LIBRARY("RICHPREVIEW_HEIF_LIBRARY", "libheif1",
/// crp_heif_symbols, "libheif.so.1").
#define CRP_LOADER_LIBRARY(variable_, package_, symbols_, ...)                                      \
    {(variable_), (const char *const[]){__VA_ARGS__, NULL}, (package_), (symbols_), CRP_LOADER_COUNT(symbols_), 0}

/// The same for a library whose functions carry its major version as a suffix (ICU's).
#define CRP_LOADER_VERSIONED_LIBRARY(variable_, package_, symbols_, ...)                            \
    {(variable_), (const char *const[]){__VA_ARGS__, NULL}, (package_), (symbols_), CRP_LOADER_COUNT(symbols_), 1}

enum {
    CRP_LOADER_ACCEPTED = -1, /* what a `prepare` hook returns when it keeps the libraries */
    CRP_LOADER_MAX_LIBRARIES = 8,
};

/// A shim's libraries and the outcome of loading them: one per shim, a static made with
/// CRP_LOADER. `state` and `failure` belong to the loader.
typedef struct {
    const crp_loader_library *libraries; /* in dependency order: each after those it links against */
    size_t library_count;                /* at most CRP_LOADER_MAX_LIBRARIES */
    /* Runs once, when every library is open and every function resolved, to check or set them
       up; may be NULL. Returns CRP_LOADER_ACCEPTED, or the index of the library it refuses after
       writing why into `reason` (then every library is closed again). */
    int (*prepare)(char *reason, size_t reason_size);
    int state;
    crp_library_report failure;
} crp_loader;

/// A shim's loader over its static array of libraries, with its `prepare` hook or NULL.
#define CRP_LOADER(libraries_, prepare_) \
    {.libraries = (libraries_), .library_count = CRP_LOADER_COUNT(libraries_), .prepare = (prepare_)}

/// Loads `loader`'s libraries the first time any thread asks: 1 when they are loaded (and stay
/// loaded for the life of the process), 0 when one is missing, lacks a function or was refused,
/// with `report` (may be NULL) saying which and why. `report` is zeroed on success. First loads
/// wait for one another; once a loader has an outcome, asking again takes no lock.
int crp_loader_load(crp_loader *loader, crp_library_report *report);

/// Fills `report` (may be NULL) for a library the shim was built without, because the build had
/// not its headers (or RICHPREVIEW_WITHOUT_OPTIONAL_HEADERS was defined): `library` and `package`
/// as a load would name them, the reason naming `headers_package`, the package to build with.
/// Returns 0, as a failed load does.
int crp_loader_not_built(crp_library_report *report, const char *library, const char *package,
                         const char *headers_package);

#ifdef __cplusplus
}
#endif

#endif
