#ifndef HARK_CFFMPEG_SHIM_H
#define HARK_CFFMPEG_SHIM_H
#include <errno.h>
#include <stdint.h>
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libavutil/channel_layout.h>
#include <libavutil/error.h>
#include <libavutil/log.h>
#include <libavutil/opt.h>
#include <libswresample/swresample.h>

// AVERROR(EAGAIN) and AVERROR_EOF are macros, which Swift cannot read.
static inline int hark_av_again(void) { return AVERROR(EAGAIN); }
static inline int hark_av_eof(void) { return AVERROR_EOF; }

// swr_convert takes arrays of plane pointers; Hark converts to one plane of 16-bit samples.
// `in` may be NULL to drain what the resampler holds.
static inline int hark_swr_convert(struct SwrContext *s, int16_t *out, int out_count,
                                   const uint8_t *const *in, int in_count) {
    uint8_t *planes[1] = { (uint8_t *)out };
    return swr_convert(s, planes, out_count, (const uint8_t **)in, in_count);
}

// A frame's planes as swr_convert reads them.
static inline const uint8_t *const *hark_frame_planes(const AVFrame *frame) {
    return (const uint8_t *const *)frame->extended_data;
}

// One plane of 16-bit mono samples, as swr_convert reads them.
static inline int hark_swr_convert_samples(struct SwrContext *s, int16_t *out, int out_count,
                                           const int16_t *in, int in_count) {
    const uint8_t *planes[1] = { (const uint8_t *)in };
    return hark_swr_convert(s, out, out_count, planes, in_count);
}
#endif
