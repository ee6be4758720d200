// OpenSSL's libcrypto (Debian libssl-dev), for SHA-256 only: its message
// digest API (EVP), which uses the CPU's SHA instructions. Linked, like
// SQLite: the static release executable takes libcrypto.a.
#ifndef FACET_CLIBCRYPTO_SHIM_H
#define FACET_CLIBCRYPTO_SHIM_H

#include <openssl/evp.h>

#endif
