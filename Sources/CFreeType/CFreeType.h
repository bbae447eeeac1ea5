/* The system FreeType headers, found through pkg-config (freetype2); only CRichPreviewFreeType uses them. */
#include <ft2build.h>
#include FT_FREETYPE_H
