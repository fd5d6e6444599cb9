// TagLib's C++ API behind the C function declared in include/TagLibShim.h.
#include "TagLibShim.h"

#include <taglib/attachedpictureframe.h>
#include <taglib/audioproperties.h>
#include <taglib/fileref.h>
#include <taglib/flacfile.h>
#include <taglib/flacpicture.h>
#include <taglib/id3v2tag.h>
#include <taglib/mp4coverart.h>
#include <taglib/mp4file.h>
#include <taglib/mpegfile.h>
#include <taglib/opusfile.h>
#include <taglib/rifffile.h>
#include <taglib/synchronizedlyricsframe.h>
#include <taglib/vorbisfile.h>
#include <taglib/wavfile.h>
#include <taglib/aifffile.h>
#include <cstdio>
#include <taglib/xiphcomment.h>
#include <taglib/tpropertymap.h>
#include <taglib/tstring.h>

namespace {
// Whether `file` is of a format that carries ID3v2 (MP3, WAV, AIFF), with its tag (nullptr when it
// has none) in `*tag`.
bool carriesID3v2(TagLib::File *file, TagLib::ID3v2::Tag **tag) {
    if (auto *mpeg = dynamic_cast<TagLib::MPEG::File *>(file)) *tag = mpeg->ID3v2Tag();
    else if (auto *wav = dynamic_cast<TagLib::RIFF::WAV::File *>(file)) *tag = wav->ID3v2Tag();
    else if (auto *aiff = dynamic_cast<TagLib::RIFF::AIFF::File *>(file)) *tag = aiff->tag();
    else return false;
    return true;
}

// The first ID3v2 SYLT frame timed in milliseconds, written as LRC ("[01:02.50]words" a line):
// TagLib's property map leaves SYLT out. Frames timed in MPEG frames are passed over.
std::string syncedLyrics(TagLib::ID3v2::Tag *tag) {
    if (tag == nullptr) return "";
    for (auto *frame : tag->frameListMap()["SYLT"]) {
        auto *synced = dynamic_cast<TagLib::ID3v2::SynchronizedLyricsFrame *>(frame);
        if (synced == nullptr ||
            synced->timestampFormat() != TagLib::ID3v2::SynchronizedLyricsFrame::AbsoluteMilliseconds)
            continue;
        std::string out;
        for (const auto &line : synced->synchedText()) {
            char stamp[32];
            const unsigned ms = line.time;
            snprintf(stamp, sizeof stamp, "[%02u:%02u.%02u]", ms / 60000, (ms / 1000) % 60, (ms % 1000) / 10);
            out += stamp;
            out += line.text.to8Bit(true);
            out += "\n";
            if (out.size() > (1u << 20)) return "";  // not lyrics: the Swift side refuses far less
        }
        if (!out.empty()) return out;
    }
    return "";
}
}  // namespace

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
            // A value far past any real tag (a hostile 50 MB lyrics frame) is not copied again:
            // its key comes with an empty value and a mark, and the Swift side says it was left out.
            if (value.size() > (1u << 20)) {
                visit(context, ("\x01refused:" + key).c_str(), "");
                continue;
            }
            const std::string text = value.to8Bit(true);
            visit(context, key.c_str(), text.c_str());
        }
    }
    TagLib::ID3v2::Tag *id3 = nullptr;
    carriesID3v2(file.file(), &id3);
    const std::string lrc = syncedLyrics(id3);
    if (!lrc.empty()) visit(context, "SYNCEDLYRICS", lrc.c_str());
    return 1;
}

namespace {
// The front cover among a list of pictures, else the first.
const TagLib::FLAC::Picture *front(const TagLib::List<TagLib::FLAC::Picture *> &pictures) {
    for (auto *picture : pictures)
        if (picture->type() == TagLib::FLAC::Picture::FrontCover) return picture;
    return pictures.isEmpty() ? nullptr : pictures.front();
}

int fromID3v2(TagLib::ID3v2::Tag *tag, void *context, hark_picture_visitor visit) {
    if (tag == nullptr) return 0;
    const TagLib::ID3v2::FrameList &frames = tag->frameListMap()["APIC"];
    const TagLib::ID3v2::AttachedPictureFrame *chosen = nullptr;
    for (auto *frame : frames) {
        auto *picture = dynamic_cast<TagLib::ID3v2::AttachedPictureFrame *>(frame);
        if (picture == nullptr) continue;
        if (chosen == nullptr || picture->type() == TagLib::ID3v2::AttachedPictureFrame::FrontCover) chosen = picture;
        if (picture->type() == TagLib::ID3v2::AttachedPictureFrame::FrontCover) break;
    }
    if (chosen == nullptr || chosen->picture().isEmpty()) return 0;
    const std::string type = chosen->mimeType().to8Bit(true);
    visit(context, chosen->picture().data(), chosen->picture().size(), type.c_str());
    return 1;
}

int fromPicture(const TagLib::FLAC::Picture *picture, void *context, hark_picture_visitor visit) {
    if (picture == nullptr || picture->data().isEmpty()) return 0;
    const std::string type = picture->mimeType().to8Bit(true);
    visit(context, picture->data().data(), picture->data().size(), type.c_str());
    return 1;
}
}  // namespace

extern "C" int hark_taglib_picture(const char *path, void *context, hark_picture_visitor visit) {
    TagLib::FileRef ref(path, false);
    TagLib::File *file = ref.file();
    if (ref.isNull() || file == nullptr || !file->isValid()) return 0;
    TagLib::ID3v2::Tag *id3 = nullptr;
    if (carriesID3v2(file, &id3)) return fromID3v2(id3, context, visit);
    if (auto *flac = dynamic_cast<TagLib::FLAC::File *>(file)) return fromPicture(front(flac->pictureList()), context, visit);
    if (auto *vorbis = dynamic_cast<TagLib::Ogg::Vorbis::File *>(file))
        return vorbis->tag() ? fromPicture(front(vorbis->tag()->pictureList()), context, visit) : 0;
    if (auto *opus = dynamic_cast<TagLib::Ogg::Opus::File *>(file))
        return opus->tag() ? fromPicture(front(opus->tag()->pictureList()), context, visit) : 0;
    if (auto *mp4 = dynamic_cast<TagLib::MP4::File *>(file)) {
        TagLib::MP4::Tag *tag = mp4->tag();
        if (tag == nullptr || !tag->contains("covr")) return 0;
        const TagLib::MP4::CoverArtList covers = tag->item("covr").toCoverArtList();
        if (covers.isEmpty()) return 0;
        const TagLib::MP4::CoverArt &cover = covers.front();
        const char *type = cover.format() == TagLib::MP4::CoverArt::PNG ? "image/png" : "image/jpeg";
        visit(context, cover.data().data(), cover.data().size(), type);
        return 1;
    }
    return 0;
}
