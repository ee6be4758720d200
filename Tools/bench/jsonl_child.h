// Starts `facet --ui jsonl` as a child with its stdin and stdout on pipes,
// for the compiled bench clients (jsonl_roundtrip.c, jsonl_pipelined.c,
// serve_client.c). Sets *to (write requests) and *from (read answers);
// returns the child's pid, or -1 if the pipes could not be made.
#ifndef FACET_JSONL_CHILD_H
#define FACET_JSONL_CHILD_H
#include <stdio.h>
#include <unistd.h>

static pid_t spawn_jsonl(const char *facet, int *to, int *from) {
    int in[2], out[2];
    if (pipe(in) || pipe(out)) { perror("pipe"); return -1; }
    pid_t pid = fork();
    if (pid == 0) {
        dup2(in[0], 0);
        dup2(out[1], 1);
        close(in[1]);
        close(out[0]);
        execl(facet, facet, "--ui", "jsonl", (char *)NULL);
        perror("exec");
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    *to = in[1];
    *from = out[0];
    return pid;
}
#endif
