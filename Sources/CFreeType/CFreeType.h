/* The system FreeType headers, found through pkg-config (freetype2); only CRichPreviewFreeType uses them.
   Headers only: the module links nothing, the shim loads libfreetype.so.6 with dlopen. */
#include <ft2build.h>
#include FT_FREETYPE_H
