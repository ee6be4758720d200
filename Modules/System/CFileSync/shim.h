// Linux's sync_file_range, which glibc declares only under _GNU_SOURCE
// (so Swift's Glibc module leaves it out). Persistence's WALWriteback uses
// it to start a file's writeback without waiting for it.
#ifndef FACET_CFILESYNC_SHIM_H
#define FACET_CFILESYNC_SHIM_H

extern int sync_file_range(int fd, long long offset, long long nbytes, unsigned int flags);

// SYNC_FILE_RANGE_WRITE from <fcntl.h>: start writing the range's dirty pages, do not wait.
static inline int facet_start_writeback(int fd) { return sync_file_range(fd, 0, 0, 2); }

#endif
