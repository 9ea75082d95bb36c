#pragma once
#include <zlib.h>

/* zlib's init functions are macros Swift cannot import; these wrap them for raw (headerless) deflate,
   the form ZIP stores (APPNOTE.TXT 4.4.5, method 8). */
static inline int cota_deflate_init_raw(z_stream *stream, int level) {
    return deflateInit2(stream, level, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY);
}

static inline int cota_inflate_init_raw(z_stream *stream) {
    return inflateInit2(stream, -15);
}
