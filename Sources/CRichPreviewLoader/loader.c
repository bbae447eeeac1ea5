/* Opens a shim's libraries with dlopen and resolves its functions, once per loader. */
#define _GNU_SOURCE /* secure_getenv */

#include "CRichPreviewLoader.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A loader's `state`: written once, under the lock, and read without it. */
enum { CRP_LOADER_UNTRIED = 0, CRP_LOADER_LOADED = 1, CRP_LOADER_FAILED = 2 };

/* Held while any loader makes its first load, so that each outcome is written once. */
static pthread_mutex_t crp_loader_lock = PTHREAD_MUTEX_INITIALIZER;

_Static_assert(sizeof(void *) == sizeof(void (*)(void)), "dlsym's address is copied into a function pointer");

static void crp_loader_fail(crp_loader *loader, const char *file, const char *package, const char *reason) {
    crp_library_report *failure = &loader->failure;
    snprintf(failure->library, sizeof failure->library, "%s", file ? file : "");
    snprintf(failure->package, sizeof failure->package, "%s", package);
    snprintf(failure->reason, sizeof failure->reason, "%s", reason);
}

/* Adds `text` to the NUL-terminated `buffer`, after `separator` unless the buffer is empty; what
   does not fit is cut. */
static void crp_loader_append(char *buffer, size_t size, const char *separator, const char *text) {
    size_t used = strlen(buffer);
    if (used + 1 < size) snprintf(buffer + used, size - used, "%s%s", used ? separator : "", text);
}

/* Opens `library`: the environment variable's value when set, else the first of its sonames that
   opens, written to `*file`. NULL, with the failure naming every file tried and dlerror's message
   for each, when none opens. */
static void *crp_loader_open(crp_loader *loader, const crp_loader_library *library, const char **file) {
    const char *value = library->variable ? secure_getenv(library->variable) : NULL;
    const char *const replaced[] = {value, NULL};
    const char *const *files = value && value[0] ? replaced : library->sonames;
    crp_library_report *failure = &loader->failure;
    memset(failure, 0, sizeof *failure);
    for (size_t index = 0; files[index]; index++) {
        /* RTLD_LOCAL keeps the library's symbols out of the global scope; a library that links
           against one opened before it finds that one (the same file) by its own DT_NEEDED. */
        void *handle = dlopen(files[index], RTLD_NOW | RTLD_LOCAL);
        if (handle) {
            *file = files[index];
            return handle;
        }
        const char *error = dlerror();
        crp_loader_append(failure->library, sizeof failure->library, " or ", files[index]);
        crp_loader_append(failure->reason, sizeof failure->reason, "; ", error ? error : "unknown dlopen error");
    }
    snprintf(failure->package, sizeof failure->package, "%s", library->package);
    return NULL;
}

/* The suffix a library of versioned symbols gives its functions: "_72" for a file named
   libicuuc.so.72 or libicuuc.so.72.1; "" when the name holds no version. */
static void crp_loader_version_suffix(const char *file, char *suffix, size_t size) {
    suffix[0] = 0;
    const char *version = NULL;
    for (const char *found = strstr(file, ".so."); found; found = strstr(found + 1, ".so.")) version = found + 4;
    if (!version) return;
    size_t digits = strspn(version, "0123456789");
    if (digits > 0 && digits < size - 1) snprintf(suffix, size, "_%.*s", (int)digits, version);
}

/* The address of `name` in `handle`: with `suffix` first when it is not empty. */
static void *crp_loader_symbol_address(void *handle, const char *name, const char *suffix) {
    if (suffix[0]) {
        char versioned[128];
        int length = snprintf(versioned, sizeof versioned, "%s%s", name, suffix);
        void *address = length > 0 && (size_t)length < sizeof versioned ? dlsym(handle, versioned) : NULL;
        if (address) return address;
    }
    return dlsym(handle, name);
}

/* Writes the address of each of `library`'s functions into its table entry; 0 with the failure
   recorded when one the shim needs is missing. */
static int crp_loader_resolve(crp_loader *loader, const crp_loader_library *library, void *handle, const char *file) {
    char suffix[16] = "";
    if (library->versioned_symbols) crp_loader_version_suffix(file, suffix, sizeof suffix);
    for (size_t index = 0; index < library->symbol_count; index++) {
        const crp_loader_symbol *symbol = &library->symbols[index];
        void *address = crp_loader_symbol_address(handle, symbol->name, suffix);
        if (!address && !symbol->optional) {
            char reason[sizeof loader->failure.reason];
            snprintf(reason, sizeof reason, "the library has no function %s%s (too old a version?)", symbol->name,
                     suffix);
            crp_loader_fail(loader, file, library->package, reason);
            return 0;
        }
        /* POSIX makes an address dlsym returns for a function callable through a function
           pointer; copied byte for byte into the entry, whatever its type. */
        memcpy(symbol->slot, &address, sizeof address);
    }
    return 1;
}

/* Opens and resolves every library in order, then lets the shim prepare them; on any failure
   closes those it opened, last first. */
static int crp_loader_run(crp_loader *loader) {
    size_t count = loader->library_count;
    if (count == 0 || count > CRP_LOADER_MAX_LIBRARIES) {
        crp_loader_fail(loader, "", "", "the shim declares no library, or more than the loader takes");
        return 0;
    }
    void *handles[CRP_LOADER_MAX_LIBRARIES] = {NULL};
    const char *files[CRP_LOADER_MAX_LIBRARIES] = {NULL};
    size_t opened = 0;
    int ok = 1;
    for (size_t index = 0; ok && index < count; index++) {
        const crp_loader_library *library = &loader->libraries[index];
        handles[index] = crp_loader_open(loader, library, &files[index]);
        if (handles[index]) opened++;
        ok = handles[index] && crp_loader_resolve(loader, library, handles[index], files[index]);
    }
    if (ok && loader->prepare) {
        char reason[sizeof loader->failure.reason] = "";
        int refused = loader->prepare(reason, sizeof reason);
        if (refused != CRP_LOADER_ACCEPTED) {
            size_t blamed = refused >= 0 && (size_t)refused < count ? (size_t)refused : 0;
            crp_loader_fail(loader, files[blamed], loader->libraries[blamed].package, reason);
            ok = 0;
        }
    }
    if (ok) return 1;
    while (opened > 0) dlclose(handles[--opened]);
    return 0;
}

int crp_loader_load(crp_loader *loader, crp_library_report *report) {
    int state = __atomic_load_n(&loader->state, __ATOMIC_ACQUIRE);
    if (state == CRP_LOADER_UNTRIED) {
        pthread_mutex_lock(&crp_loader_lock);
        state = __atomic_load_n(&loader->state, __ATOMIC_RELAXED);
        if (state == CRP_LOADER_UNTRIED) {
            state = crp_loader_run(loader) ? CRP_LOADER_LOADED : CRP_LOADER_FAILED;
            __atomic_store_n(&loader->state, state, __ATOMIC_RELEASE);
        }
        pthread_mutex_unlock(&crp_loader_lock);
    }
    if (report) {
        if (state == CRP_LOADER_LOADED) {
            memset(report, 0, sizeof *report);
        } else {
            *report = loader->failure;
        }
    }
    return state == CRP_LOADER_LOADED;
}

int crp_loader_not_built(crp_library_report *report, const char *library, const char *package,
                         const char *headers_package) {
    if (!report) return 0;
    memset(report, 0, sizeof *report);
    snprintf(report->library, sizeof report->library, "%s", library);
    snprintf(report->package, sizeof report->package, "%s", package);
    snprintf(report->reason, sizeof report->reason,
             "this build had no headers of %s, so it cannot load it: install %s and build again", library,
             headers_package);
    return 0;
}
