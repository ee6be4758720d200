// jq's C API (Debian libjq-dev): the types and declarations only. Facet
// does not link the library: the release build is one static executable
// and Debian ships jq only as a shared library, so `--jq` opens libjq.so.1
// at run time (JQLibrary.swift), as the jq command itself uses it.
#ifndef FACET_CJQ_SHIM_H
#define FACET_CJQ_SHIM_H

#include <jq.h>
#include <jv.h>

#endif
