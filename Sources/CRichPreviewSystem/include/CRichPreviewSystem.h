#ifndef CRICHPREVIEWSYSTEM_H
#define CRICHPREVIEWSYSTEM_H

#include <sys/types.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Opens a file without a name in `folder` for writing (Linux's O_TMPFILE), with `mode` under the
/// umask: it disappears with its descriptor unless `crp_link_unnamed` names it, so no kill of the
/// process can leave it behind. -1 with errno when the system or the file system cannot (then a
/// named temporary file is the way).
int crp_open_unnamed(const char *folder, mode_t mode);

/// Gives the unnamed file open at `descriptor` the name `path`, which must not exist. 0, or -1
/// with errno (EEXIST when `path` exists).
int crp_link_unnamed(int descriptor, const char *path);

#ifdef __cplusplus
}
#endif

#endif
