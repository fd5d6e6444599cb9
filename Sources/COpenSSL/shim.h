// OpenSSL's libcrypto (Debian's libssl-dev): HMAC-SHA256 for signing calls to apps.
#include <openssl/hmac.h>
#include <openssl/evp.h>
