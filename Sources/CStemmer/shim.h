#ifndef HARK_CSTEMMER_SHIM_H
#define HARK_CSTEMMER_SHIM_H
// Snowball stemmers (Debian's libstemmer-dev): the stem of one word for a language ("russian",
// "german", "french", "spanish", …), UTF-8 in and out. A stemmer object is not safe to share
// between threads.
#include <libstemmer.h>
#endif
