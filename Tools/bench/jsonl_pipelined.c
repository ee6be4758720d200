// Pipelined JSON-lines throughput of `facet --ui jsonl` (issue 8): one
// thread writes COUNT copies of a request at once, the main thread reads the
// answers into one reused buffer and counts lines. Compiled, so the client
// costs the same per byte for every server it measures: the Python client it
// replaces allocated (and page-faulted) a fresh megabyte per read, a cost
// that grew with the answer size and was charged to the server.
//
//   cc -O2 -pthread -o pl jsonl_pipelined.c
//   ./pl FACET SETUP_FILE REQUEST_LINE COUNT RUNS
//
// SETUP_FILE holds request lines sent one at a time first (each answered
// before the next; notifications are skipped): e.g. open a screen and wait
// for it. Prints one line per run: "<msg/s> <bytes per answer>".
#define _GNU_SOURCE
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "jsonl_child.h"

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

struct job {
    int fd;
    const char *blob;
    size_t size;
};

static void *write_all(void *argument) {
    struct job *job = argument;
    size_t done = 0;
    while (done < job->size) {
        ssize_t n = write(job->fd, job->blob + done, job->size - done);
        if (n <= 0) { perror("write"); exit(1); }
        done += (size_t)n;
    }
    return NULL;
}

static char buffer[1 << 20];
static size_t held = 0;  // bytes of `buffer` after the last complete line

// Reads until `lines` newlines have arrived; returns the bytes read.
static size_t read_lines(int fd, long lines) {
    size_t total = 0;
    long seen = 0;
    held = 0;
    while (seen < lines) {
        ssize_t n = read(fd, buffer, sizeof buffer);
        if (n <= 0) { fprintf(stderr, "jsonl_pipelined: facet closed its output\n"); exit(1); }
        total += (size_t)n;
        for (char *p = buffer, *end = buffer + n; (p = memchr(p, '\n', (size_t)(end - p))) != NULL; p++) seen++;
    }
    return total;
}

// Sends one request and reads lines until the one carrying its id.
static void call(int to, int from, const char *line, const char *id) {
    if (write(to, line, strlen(line)) < 0) { perror("write"); exit(1); }
    static char text[1 << 22];
    size_t used = 0;
    for (;;) {
        char *newline;
        while ((newline = memchr(text, '\n', used)) == NULL) {
            if (used == sizeof text) { fprintf(stderr, "jsonl_pipelined: line too long\n"); exit(1); }
            ssize_t n = read(from, text + used, sizeof text - used);
            if (n <= 0) { fprintf(stderr, "jsonl_pipelined: facet closed its output\n"); exit(1); }
            used += (size_t)n;
        }
        *newline = 0;
        int mine = strstr(text, id) != NULL;
        size_t rest = used - (size_t)(newline + 1 - text);
        memmove(text, newline + 1, rest);
        used = rest;
        if (mine) return;
    }
}

int main(int argc, char **argv) {
    if (argc < 6) {
        fprintf(stderr, "usage: %s facet setup-file request-line count runs\n", argv[0]);
        return 2;
    }
    long count = atol(argv[4]);
    int runs = atoi(argv[5]);
    int to_facet, from_facet;
    pid_t pid = spawn_jsonl(argv[1], &to_facet, &from_facet);
    if (pid < 0) return 1;
    signal(SIGPIPE, SIG_IGN);

    FILE *setup = fopen(argv[2], "r");
    if (!setup) { perror(argv[2]); return 1; }
    char *line = NULL;
    size_t cap = 0;
    int number = 0;
    while (getline(&line, &cap, setup) > 0) {
        char id[32];
        number++;
        snprintf(id, sizeof id, "\"id\":%d", number);  // setup lines carry ids 1, 2, …
        call(to_facet, from_facet, line, id);
    }
    fclose(setup);
    usleep(500000);  // let start-up notifications (folder watchers) pass

    char request[4096];
    snprintf(request, sizeof request, "%s\n", argv[3]);
    size_t length = strlen(request);
    char *blob = malloc(length * (size_t)count);
    for (long i = 0; i < count; i++) memcpy(blob + i * length, request, length);
    for (int run = 0; run < runs; run++) {
        struct job job = {to_facet, blob, length * (size_t)count};
        pthread_t writer;
        double started = now();
        pthread_create(&writer, NULL, write_all, &job);
        size_t bytes = read_lines(from_facet, count);
        double seconds = now() - started;
        pthread_join(writer, NULL);
        printf("%.0f %.0f\n", count / seconds, (double)bytes / count);
        fflush(stdout);
    }
    close(to_facet);
    int status;
    waitpid(pid, &status, 0);
    return 0;
}
