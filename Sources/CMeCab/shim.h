#ifndef HARK_CMECAB_SHIM_H
#define HARK_CMECAB_SHIM_H
// MeCab (Debian's libmecab-dev, with the mecab-ipadic-utf8 dictionary): Japanese morphological
// analysis. Its C interface: open a tagger, parse UTF-8 text into nodes (surface, feature CSV whose
// eighth field is the reading in katakana), destroy. Debian ships no pkg-config file, so the
// library is linked by name; the dictionary is found through /etc/mecabrc.
#include <mecab.h>
#endif
