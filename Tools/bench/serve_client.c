// The compiled client of Tools/bench/serve.sh (issue 11). Python's own
// overhead per message is larger than the ~20-60 µs being compared, so the
// latency, throughput and fan-out figures come from here.
//
//   cc -O2 -pthread -o serve_client serve_client.c
//   ./serve_client compare FACET SOCKET [roundtrips] [pipelined] [blocks]
//       round-trip latency and pipelined throughput of `screen.snapshot`
//       (playlist Sample) over stdio (`FACET --ui jsonl`) and over the
//       socket, both open at once and measured in BLOCKS alternating blocks
//       (40000 round trips and 200000 pipelined in all, 20 blocks), so both
//       see the same machine load; the medians and the ratio per block pair.
//       With the server's pid, also each server's CPU time per request,
//       which a loaded machine disturbs far less than wall-clock time.
//   ./serve_client fanout SOCKET [clients] [rounds]
//       CLIENTS watchers open playlist Sample; another client changes it
//       ROUNDS times; the time from sending each change to each watcher
//       reading its `screen.changed` (p50, p99, max).
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "jsonl_child.h"

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

static void die(const char *what) {
    fprintf(stderr, "serve_client: %s: %s\n", what, errno ? strerror(errno) : "failed");
    exit(1);
}

// A newline-framed peer: where requests go, where answers come from.
typedef struct {
    int in, out;
    char *buf;
    size_t len, cap, start;
    pid_t pid;
} Peer;

static void write_all(int fd, const char *data, size_t n) {
    while (n > 0) {
        ssize_t w = write(fd, data, n);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) die("write");
        data += w;
        n -= (size_t)w;
    }
}

// The next line (without its newline), valid until the next call.
static char *read_line(Peer *p, size_t *length) {
    for (;;) {
        char *nl = memchr(p->buf + p->start, '\n', p->len - p->start);
        if (nl) {
            char *line = p->buf + p->start;
            *nl = 0;
            if (length) *length = (size_t)(nl - line);
            p->start = (size_t)(nl - p->buf) + 1;
            return line;
        }
        if (p->start > 0) {
            memmove(p->buf, p->buf + p->start, p->len - p->start);
            p->len -= p->start;
            p->start = 0;
        }
        if (p->cap - p->len < 65536) {
            p->cap = p->cap * 2 + 65536;
            p->buf = realloc(p->buf, p->cap);
        }
        ssize_t r = read(p->out, p->buf + p->len, p->cap - p->len);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) { errno = 0; die("the server closed the connection"); }
        p->len += (size_t)r;
    }
}

static Peer stdio_peer(const char *facet) {
    int to, from;
    pid_t pid = spawn_jsonl(facet, &to, &from);
    if (pid < 0) die("pipe");
    return (Peer){.in = to, .out = from, .pid = pid};
}

static int connect_to(const char *path) {
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    struct sockaddr_un address = {.sun_family = AF_UNIX};
    strncpy(address.sun_path, path, sizeof address.sun_path - 1);
    if (fd < 0 || connect(fd, (struct sockaddr *)&address, sizeof address) != 0) die("connect");
    return fd;
}

static Peer socket_peer(const char *path) {
    int fd = connect_to(path);
    return (Peer){.in = fd, .out = fd, .pid = 0};
}

static void close_peer(Peer *p) {
    if (p->pid) {
        close(p->in);
        waitpid(p->pid, NULL, 0);
        close(p->out);
    } else {
        close(p->in);
    }
    free(p->buf);
}

// Opens playlist Sample and returns its handle ("h1").
static void open_playlist(Peer *p, char *handle, size_t size) {
    const char *open = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"screen.open\","
                       "\"params\":{\"screen\":\"playlist\",\"params\":{\"name\":\"Sample\"}}}\n";
    write_all(p->in, open, strlen(open));
    for (;;) {
        char *line = read_line(p, NULL);
        if (!strstr(line, "\"id\":1,")) continue;
        char *h = strstr(line, "\"handle\":\"");
        if (!h) { errno = 0; die("screen.open did not answer with a handle"); }
        h += 10;
        size_t n = strcspn(h, "\"");
        if (n >= size) n = size - 1;
        memcpy(handle, h, n);
        handle[n] = 0;
        return;
    }
}

static double round_trips(Peer *p, const char *request, long count) {
    size_t n = strlen(request);
    double start = now();
    for (long i = 0; i < count; i++) {
        write_all(p->in, request, n);
        read_line(p, NULL);
    }
    return (now() - start) / count * 1e6;
}

typedef struct { int fd; const char *data; size_t size; } Job;
static void *writer(void *arg) {
    Job *job = arg;
    write_all(job->fd, job->data, job->size);
    return NULL;
}

// Sends `count` requests from another thread while this one reads the answers.
static double pipelined(Peer *p, const char *request, long count) {
    size_t n = strlen(request);
    char *all = malloc(n * count);
    for (long i = 0; i < count; i++) memcpy(all + i * n, request, n);
    Job job = {p->in, all, n * count};
    pthread_t thread;
    double start = now();
    pthread_create(&thread, NULL, writer, &job);
    for (long i = 0; i < count; i++) read_line(p, NULL);
    double rate = count / (now() - start);
    pthread_join(thread, NULL);
    free(all);
    return rate;
}

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double median(double *values, int n) {
    double sorted[n];
    memcpy(sorted, values, sizeof sorted);
    qsort(sorted, n, sizeof *sorted, by_value);
    return n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
}

// Both peers are open at once and measured in alternating blocks, so a
// shared machine's changing load falls on both alike; the ratio is taken
// per pair of blocks and its median reported.
static void snapshot_request(Peer *p, char *request, size_t size) {
    char handle[64];
    open_playlist(p, handle, sizeof handle);
    snprintf(request, size,
             "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"screen.snapshot\",\"params\":{\"handle\":\"%s\"}}\n", handle);
}

static void spread(const char *what, double *ratio, int n) {
    double lo = ratio[0], hi = ratio[0];
    for (int i = 1; i < n; i++) {
        if (ratio[i] < lo) lo = ratio[i];
        if (ratio[i] > hi) hi = ratio[i];
    }
    printf("socket/stdio %s: median %.2fx over %d pairs of blocks (range %.2f-%.2f)\n", what, median(ratio, n), n, lo, hi);
}

// User plus system CPU time of a process (all its threads), in seconds.
static double cpu_seconds(pid_t pid) {
    char path[64], text[4096];
    snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
    FILE *f = fopen(path, "r");
    if (!f) return 0;
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = 0;
    char *p = strrchr(text, ')');  // the command name may hold spaces
    unsigned long utime = 0, stime = 0;
    if (p) sscanf(p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu %lu", &utime, &stime);
    return (double)(utime + stime) / sysconf(_SC_CLK_TCK);
}

static int compare(const char *facet, const char *path, long trips, long piped, int blocks, pid_t server) {
    Peer peers[2] = {stdio_peer(facet), socket_peer(path)};
    pid_t pids[2] = {peers[0].pid, server};
    double cpu_rtt[2] = {0, 0}, cpu_piped[2] = {0, 0};
    char request[2][256];
    const char *names[2] = {"stdio ", "socket"};
    for (int kind = 0; kind < 2; kind++) {
        snapshot_request(&peers[kind], request[kind], sizeof request[kind]);
        round_trips(&peers[kind], request[kind], 2000);  // warm-up
        pipelined(&peers[kind], request[kind], 5000);
    }
    double rtt[2][blocks], rate[2][blocks], ratio_rtt[blocks], ratio_rate[blocks];
    for (int b = 0; b < blocks; b++) {
        for (int step = 0; step < 2; step++) {
            int kind = (b + step) % 2;  // who goes first alternates too
            double cpu = cpu_seconds(pids[kind]);
            rtt[kind][b] = round_trips(&peers[kind], request[kind], trips / blocks);
            cpu_rtt[kind] += cpu_seconds(pids[kind]) - cpu;
        }
        for (int step = 0; step < 2; step++) {
            int kind = (b + step) % 2;
            double cpu = cpu_seconds(pids[kind]);
            rate[kind][b] = pipelined(&peers[kind], request[kind], piped / blocks);
            cpu_piped[kind] += cpu_seconds(pids[kind]) - cpu;
        }
        ratio_rtt[b] = rtt[1][b] / rtt[0][b];
        ratio_rate[b] = rate[0][b] / rate[1][b];
    }
    for (int kind = 0; kind < 2; kind++)
        printf("%s round trip median %7.1f us   pipelined median %8.0f msg/s\n", names[kind], median(rtt[kind], blocks),
               median(rate[kind], blocks));
    long done_rtt = trips / blocks * blocks, done_piped = piped / blocks * blocks;
    if (server > 0)
        for (int kind = 0; kind < 2; kind++)
            printf("%s server CPU per request: %5.1f us one at a time, %5.1f us pipelined\n", names[kind],
                   cpu_rtt[kind] / done_rtt * 1e6, cpu_piped[kind] / done_piped * 1e6);
    spread("round trip", ratio_rtt, blocks);
    spread("pipelined (time per message)", ratio_rate, blocks);
    if (server > 0 && cpu_rtt[0] > 0 && cpu_piped[0] > 0)
        printf("socket/stdio server CPU per request: %.2fx one at a time, %.2fx pipelined\n", cpu_rtt[1] / cpu_rtt[0],
               cpu_piped[1] / cpu_piped[0]);
    close_peer(&peers[0]);
    close_peer(&peers[1]);
    return 0;
}

// The version in a `screen.changed` line, or -1.
static long changed_version(const char *line) {
    if (!strstr(line, "\"method\":\"screen.changed\"")) return -1;
    const char *v = strstr(line, "\"version\":");
    return v ? strtol(v + 10, NULL, 10) : -1;
}

static int fanout(const char *path, int clients, int rounds) {
    Peer *watchers = calloc(clients, sizeof *watchers);
    char handle[64];
    for (int i = 0; i < clients; i++) {
        watchers[i] = socket_peer(path);
        open_playlist(&watchers[i], handle, sizeof handle);
    }
    Peer changer = socket_peer(path);
    open_playlist(&changer, handle, sizeof handle);
    double *delays = calloc((size_t)clients * rounds, sizeof *delays);
    struct pollfd *fds = calloc(clients, sizeof *fds);
    long lost = 0;
    for (int round = 0; round < rounds; round++) {
        char request[256];
        snprintf(request, sizeof request,
                 "{\"jsonrpc\":\"2.0\",\"id\":%d,\"method\":\"screen.perform\",\"params\":{\"handle\":\"%s\","
                 "\"action\":\"filter\",\"args\":{\"text\":\"%s\"}}}\n",
                 round + 10, handle, round % 2 == 0 ? "o" : "");
        double sent = now();
        write_all(changer.in, request, strlen(request));
        long version = -1;
        while (version < 0) {  // the response carries the new version
            char *line = read_line(&changer, NULL);
            char id[32];
            snprintf(id, sizeof id, "\"id\":%d,", round + 10);
            if (strstr(line, id)) {
                const char *v = strstr(line, "\"version\":");
                version = v ? strtol(v + 10, NULL, 10) : 0;
            }
        }
        int waiting = clients;
        char *seen = calloc(clients, 1);
        double deadline = now() + 30;
        while (waiting > 0 && now() < deadline) {
            for (int i = 0; i < clients; i++) fds[i] = (struct pollfd){.fd = seen[i] ? -1 : watchers[i].out, .events = POLLIN};
            // Lines already buffered count before polling again.
            for (int i = 0; i < clients; i++) {
                while (!seen[i] && memchr(watchers[i].buf + watchers[i].start, '\n', watchers[i].len - watchers[i].start)) {
                    if (changed_version(read_line(&watchers[i], NULL)) >= version) {
                        seen[i] = 1;
                        delays[(size_t)round * clients + i] = (now() - sent) * 1000;
                        waiting--;
                    }
                }
            }
            if (waiting == 0) break;
            if (poll(fds, clients, 1000) <= 0) continue;
            for (int i = 0; i < clients; i++) {
                if (seen[i] || !(fds[i].revents & (POLLIN | POLLHUP))) continue;
                if (changed_version(read_line(&watchers[i], NULL)) >= version) {
                    seen[i] = 1;
                    delays[(size_t)round * clients + i] = (now() - sent) * 1000;
                    waiting--;
                }
            }
        }
        for (int i = 0; i < clients; i++)
            if (!seen[i]) { lost++; delays[(size_t)round * clients + i] = 30000; }
        free(seen);
    }
    size_t n = (size_t)clients * rounds;
    qsort(delays, n, sizeof *delays, by_value);
    printf("fan-out of one change to %d clients (%d changes): p50 %.2f ms, p99 %.2f ms, max %.2f ms, "
           "%ld notifications missing (from sending the change request)\n",
           clients, rounds, delays[n / 2], delays[(size_t)(n * 0.99)], delays[n - 1], lost);
    for (int i = 0; i < clients; i++) close_peer(&watchers[i]);
    close_peer(&changer);
    free(watchers);
    free(delays);
    free(fds);
    return lost ? 1 : 0;
}

int main(int argc, char **argv) {
    signal(SIGPIPE, SIG_IGN);
    if (argc >= 4 && strcmp(argv[1], "compare") == 0)
        return compare(argv[2], argv[3], argc > 4 ? atol(argv[4]) : 40000, argc > 5 ? atol(argv[5]) : 200000,
                       argc > 6 ? atoi(argv[6]) : 20, argc > 7 ? atoi(argv[7]) : 0);
    if (argc >= 3 && strcmp(argv[1], "fanout") == 0)
        return fanout(argv[2], argc > 3 ? atoi(argv[3]) : 100, argc > 4 ? atoi(argv[4]) : 20);
    fprintf(stderr, "usage: %s compare FACET SOCKET [roundtrips] [pipelined] [blocks] [server-pid]\n"
                    "       %s fanout SOCKET [clients] [rounds]\n", argv[0], argv[0]);
    return 2;
}
