#ifndef HARK_CGD_SHIM_H
#define HARK_CGD_SHIM_H
// libgd (Debian's libgd-dev): decodes JPEG, PNG, GIF and WebP pictures, scales them and writes
// JPEG, for the cover art the server sends at a few sizes.
#include <gd.h>
#endif
