#ifndef HARK_CCURL_SHIM_H
#define HARK_CCURL_SHIM_H
#include <stddef.h>
#include <curl/curl.h>

// curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call: one typed
// function per kind of value.

static inline CURLcode hark_curl_set_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode hark_curl_set_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode hark_curl_set_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode hark_curl_set_list(CURL *handle, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(handle, option, value);
}

typedef size_t (*hark_curl_write)(char *data, size_t size, size_t count, void *context);

static inline CURLcode hark_curl_set_write(CURL *handle, CURLoption option, hark_curl_write callback) {
    return curl_easy_setopt(handle, option, callback);
}

static inline CURLcode hark_curl_get_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode hark_curl_get_string(CURL *handle, CURLINFO info, char **value) {
    return curl_easy_getinfo(handle, info, value);
}

#endif
