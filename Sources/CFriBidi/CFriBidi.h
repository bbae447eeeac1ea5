/* The system GNU FriBidi headers, found through pkg-config (fribidi); only CRichPreviewFriBidi uses them.
   Headers only: the module links nothing, the shim loads libfribidi.so.0 with dlopen. */
#include <fribidi.h>
