#ifndef HARK_CTAGLIB_SHIM_H
#define HARK_CTAGLIB_SHIM_H
// TagLib (Debian's libtag1-dev) is C++: this system library only carries its compiler and linker
// flags (pkg-config "taglib") to the TagLibShim target, which wraps the C++ property map in C.
#endif
