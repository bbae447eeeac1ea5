/* The system HarfBuzz headers, found through pkg-config (harfbuzz); only CRichPreviewFreeType uses them.
   Headers only: the module links nothing, the shim loads libharfbuzz.so.0 with dlopen. */
#include <hb.h>
#include <hb-ft.h>
#include <hb-ot.h>
