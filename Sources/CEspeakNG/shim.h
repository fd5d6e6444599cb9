#ifndef HARK_CESPEAKNG_SHIM_H
#define HARK_CESPEAKNG_SHIM_H
// espeak-ng's synthesis library (Debian's libespeak-ng-dev): text to 16-bit mono samples through a
// callback, synchronously, in every language Hark replies in.
#include <espeak-ng/speak_lib.h>
#include <espeak-ng/espeak_ng.h>
#endif
