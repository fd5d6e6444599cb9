#ifndef HARK_CCHROMAPRINT_SHIM_H
#define HARK_CCHROMAPRINT_SHIM_H
// Chromaprint's C API is plain functions; nothing needs wrapping.
#include <chromaprint.h>
#endif
