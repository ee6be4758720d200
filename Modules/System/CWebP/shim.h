// libwebp's decoder (Debian libwebp-dev): the WebP pictures the TUI draws,
// which stb_image does not read. Linked: the static release executable
// takes Debian's libwebp.a, as it takes libstb.a.
#ifndef FACET_CWEBP_SHIM_H
#define FACET_CWEBP_SHIM_H

#include <webp/decode.h>

#endif
