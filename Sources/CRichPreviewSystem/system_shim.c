#define _GNU_SOURCE
#include "CRichPreviewSystem.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

int crp_open_unnamed(const char *folder, mode_t mode) {
#ifdef O_TMPFILE
    return open(folder, O_TMPFILE | O_WRONLY | O_CLOEXEC, mode);
#else
    (void)folder;
    (void)mode;
    errno = EOPNOTSUPP;
    return -1;
#endif
}

int crp_link_unnamed(int descriptor, const char *path) {
    /* Naming a descriptor's file through /proc needs no privilege; AT_EMPTY_PATH needs
       CAP_DAC_READ_SEARCH and is the fallback where /proc is not mounted. */
    char link[64];
    snprintf(link, sizeof link, "/proc/self/fd/%d", descriptor);
    if (linkat(AT_FDCWD, link, AT_FDCWD, path, AT_SYMLINK_FOLLOW) == 0) return 0;
    if (errno != ENOENT) return -1;
    return linkat(descriptor, "", AT_FDCWD, path, AT_EMPTY_PATH);
}
