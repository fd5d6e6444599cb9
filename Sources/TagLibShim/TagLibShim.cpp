// TagLib's C++ API behind the C function declared in include/TagLibShim.h.
#include "TagLibShim.h"

#include <taglib/audioproperties.h>
#include <taglib/fileref.h>
#include <taglib/tpropertymap.h>
#include <taglib/tstring.h>

extern "C" int hark_taglib_read(const char *path, void *context, hark_tag_visitor visit, int *seconds) {
    TagLib::FileRef file(path, true, TagLib::AudioProperties::Fast);
    if (file.isNull() || file.file() == nullptr || !file.file()->isValid()) return 0;
    const TagLib::AudioProperties *audio = file.audioProperties();
    // A file TagLib opens but finds no sound in (a text file named .mp3) is not audio.
    if (audio == nullptr || (audio->lengthInSeconds() <= 0 && audio->bitrate() <= 0)) return 0;
    *seconds = audio->lengthInSeconds();
    const TagLib::PropertyMap properties = file.file()->properties();
    for (const auto &property : properties) {
        const std::string key = property.first.to8Bit(true);
        for (const auto &value : property.second) {
            const std::string text = value.to8Bit(true);
            visit(context, key.c_str(), text.c_str());
        }
    }
    return 1;
}
