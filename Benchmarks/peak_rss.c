/* Peak resident set size of a command, in KiB: runs it with its output discarded and
   prints the child's ru_maxrss. A child's peak includes what its parent held when it
   forked (exec keeps the old high-water mark), so measuring from Python would report
   Python's own size; this small program keeps that part to a few hundred KiB.

       peak_rss COMMAND [ARG…] */
#include <fcntl.h>
#include <stdio.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: peak_rss COMMAND [ARG...]\n");
    return 2;
  }
  pid_t pid = fork();
  if (pid < 0) {
    perror("fork");
    return 1;
  }
  if (pid == 0) {
    int null = open("/dev/null", O_WRONLY);
    dup2(null, 1);
    dup2(null, 2);
    execvp(argv[1], argv + 1);
    _exit(127);
  }
  int status;
  struct rusage usage;
  if (wait4(pid, &status, 0, &usage) < 0) {
    perror("wait4");
    return 1;
  }
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    fprintf(stderr, "peak_rss: %s failed\n", argv[1]);
    return 1;
  }
  printf("%ld\n", usage.ru_maxrss);
  return 0;
}
