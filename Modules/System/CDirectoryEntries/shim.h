// Linux's getdents64, which Swift's Glibc module leaves out (glibc declares
// it only under _GNU_SOURCE, and only since 2.30). Called through syscall(2)
// so it is there in a static executable too, where looking the symbol up at
// run time finds nothing and the scanner fell back to opendir/readdir (a
// dup, an fcntl and an fstat more per directory).
#ifndef FACET_CDIRECTORYENTRIES_SHIM_H
#define FACET_CDIRECTORYENTRIES_SHIM_H

#include <sys/syscall.h>
#include <unistd.h>

static inline long facet_getdents64(int fd, void *buffer, unsigned long length) {
    return syscall(SYS_getdents64, fd, buffer, length);
}

#endif
