#ifndef HARK_CTAGLIB_SHIM_H
#define HARK_CTAGLIB_SHIM_H
// TagLib's C binding (Debian's libtagc0-dev): title, artist, album, genre, year, track and the
// audio length of MP3, FLAC, Ogg Vorbis/Opus, M4A, WAV and more.
#include <taglib/tag_c.h>
#endif
