// glibc's <malloc.h>, which Swift's Glibc module leaves out: the launcher
// fixes malloc's mmap threshold with `mallopt` (see ProcessMemory).
#ifndef FACET_CMALLOC_SHIM_H
#define FACET_CMALLOC_SHIM_H

#include <malloc.h>

#endif
