#ifndef HARK_COPENCC_SHIM_H
#define HARK_COPENCC_SHIM_H
// OpenCC (Debian's libopencc-dev): conversion between simplified and traditional Chinese with its
// character and phrase tables. Its C interface (read as C, not C++): open a conversion by its
// configuration ("s2t.json"), convert UTF-8, free the result.
#include <opencc/opencc.h>
#endif
