/* The system HarfBuzz headers, found through pkg-config (harfbuzz); only CRichPreviewFreeType uses them. */
#include <hb.h>
#include <hb-ft.h>
#include <hb-ot.h>
