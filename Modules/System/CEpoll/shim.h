// Linux's epoll, which Swift's Glibc module leaves out. `facet serve`'s
// event loop keeps every client socket in one epoll set, so an idle
// connection costs no thread.
#ifndef FACET_CEPOLL_SHIM_H
#define FACET_CEPOLL_SHIM_H

#include <sys/epoll.h>

#endif
