// TagLib's C API (Debian libtagc0-dev): the types and declarations only.
// Facet does not link the library: the release build is one static
// executable and Debian ships no static TagLib, so the playlists feature
// opens libtag_c.so.0 at run time (TagLibLibrary.swift) and reads names
// from files' own tags when it is there.
#ifndef FACET_CTAGLIB_SHIM_H
#define FACET_CTAGLIB_SHIM_H

#include <taglib/tag_c.h>

#endif
