// stb_image (Debian libstb-dev): decodes the pictures a face draws itself;
// stb_image_resize and stb_image_write make the web page's thumbnails.
// Linked, not opened at run time: Debian ships libstb.a, so the static
// release executable carries it (a library opened with dlopen inside a
// static executable brings a second C library whose malloc crashes).
#ifndef FACET_CSTB_SHIM_H
#define FACET_CSTB_SHIM_H

#include <stb/stb_image.h>
#include <stb/stb_image_resize.h>
#include <stb/stb_image_write.h>

#endif
