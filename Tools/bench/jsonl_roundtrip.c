// Sequential JSON-lines round trips against `facet --ui jsonl` (issue 16):
// write one request, wait for its answer line, repeat. Compiled, so the
// client's own overhead stays far below the ~100 µs being measured (Python's
// does not). Prints µs per round trip and the server's resident set (VmRSS)
// after the warm-up and at the end, to show whether a long session grows.
//   cc -O2 -o rt jsonl_roundtrip.c && ./rt path/to/facet [requests]
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "jsonl_child.h"

static long rss_kib(pid_t pid) {
    char path[64], line[256];
    snprintf(path, sizeof path, "/proc/%d/status", (int)pid);
    FILE *f = fopen(path, "r");
    long kib = -1;
    if (!f) return -1;
    while (fgets(line, sizeof line, f))
        if (strncmp(line, "VmRSS:", 6) == 0) kib = strtol(line + 6, NULL, 10);
    fclose(f);
    return kib;
}

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

// Sends `request` and reads up to the next newline; exits on a closed pipe.
static void round_trip(FILE *to, FILE *from, const char *request, char **line, size_t *cap) {
    fputs(request, to);
    fflush(to);
    if (getline(line, cap, from) < 0) {
        fprintf(stderr, "jsonl_roundtrip: facet closed its output\n");
        exit(1);
    }
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s facet [requests]\n", argv[0]);
        return 2;
    }
    long count = argc > 2 ? atol(argv[2]) : 100000;
    int to_facet, from_facet;
    pid_t pid = spawn_jsonl(argv[1], &to_facet, &from_facet);
    if (pid < 0) return 1;
    FILE *to = fdopen(to_facet, "w"), *from = fdopen(from_facet, "r");
    char *line = NULL;
    size_t cap = 0;
    const char *request = "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"initialize\"}\n";
    for (int i = 0; i < 1000; i++) round_trip(to, from, request, &line, &cap);  // warm-up
    long before = rss_kib(pid);
    double start = now();
    for (long i = 0; i < count; i++) round_trip(to, from, request, &line, &cap);
    double elapsed = now() - start;
    long after = rss_kib(pid);
    printf("sequential round trip (initialize): %.1f us over %ld requests; "
           "server RSS %ld KiB after warm-up, %ld KiB at the end\n",
           elapsed / count * 1e6, count, before, after);
    fclose(to);
    int status;
    waitpid(pid, &status, 0);
    fclose(from);
    free(line);
    return 0;
}
