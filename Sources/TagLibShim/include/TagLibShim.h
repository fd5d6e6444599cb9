#ifndef HARK_TAGLIB_SHIM_H
#define HARK_TAGLIB_SHIM_H
// A C face for TagLib's C++ property map (Debian's libtag1-dev), which reads every format's tags
// the same way: TITLE, ARTIST (every value), ALBUM, ALBUMARTIST, GENRE, DATE, TRACKNUMBER,
// DISCNUMBER and the rest, from ID3v2, Vorbis comments, MP4 items, APE and RIFF INFO alike.
// TagLib's own C binding has no property map, so album artist, disc and repeated artists would
// need a parser of each format.
#ifdef __cplusplus
extern "C" {
#endif

/// Called once for each value of each property; `key` and `value` are UTF-8 and live only for the call.
typedef void (*hark_tag_visitor)(void *context, const char *key, const char *value);

/// Reads the audio file at `path` (UTF-8). Returns 1 and calls `visit` for every property value,
/// with `*seconds` set to the audio's length, when TagLib reads the file as audio (sound found:
/// a length or a bit rate); returns 0 otherwise (not audio, unreadable, unknown format).
int hark_taglib_read(const char *path, void *context, hark_tag_visitor visit, int *seconds);

/// Called with a picture's bytes and its media type ("image/jpeg"); both live only for the call.
typedef void (*hark_picture_visitor)(void *context, const void *bytes, unsigned long length, const char *type);

/// Finds the picture embedded in the audio file at `path` (the front cover when one is marked so,
/// else the first): ID3v2 APIC frames (MP3, WAV, AIFF), FLAC and Ogg pictures, MP4 cover art.
/// Returns 1 and calls `visit` once when one is found, 0 otherwise.
int hark_taglib_picture(const char *path, void *context, hark_picture_visitor visit);

#ifdef __cplusplus
}
#endif
#endif
