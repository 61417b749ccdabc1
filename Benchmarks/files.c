/* The file system's share of a batch: writes N files of BYTES bytes each, named
   r000000.svg … as the benchmark's rows are, into DIR, from THREADS threads (thread k
   takes rows k, k+THREADS, …), each file opened, written whole and closed, as Python's
   open().write() does. Nothing else is computed, so no batch can beat this figure.

       files DIR N THREADS BYTES */
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int folder, count, threads;
static char *doc;
static size_t size;

static void *writer(void *arg) {
  char name[32];
  for (int i = (int)(long)arg; i < count; i += threads) {
    snprintf(name, sizeof name, "r%06d.svg", i);
    int fd = openat(folder, name, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0 || write(fd, doc, size) != (ssize_t)size || close(fd) != 0) {
      perror(name);
      exit(1);
    }
  }
  return NULL;
}

int main(int argc, char **argv) {
  if (argc != 5) {
    fprintf(stderr, "usage: files DIR N THREADS BYTES\n");
    return 2;
  }
  mkdir(argv[1], 0755);
  folder = open(argv[1], O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  count = atoi(argv[2]);
  threads = atoi(argv[3]);
  size = (size_t)atol(argv[4]);
  if (folder < 0 || threads < 1 || threads > 64 || !(doc = malloc(size + 1))) {
    perror(argv[1]);
    return 1;
  }
  memset(doc, 'x', size);
  pthread_t t[64];
  for (long k = 0; k < threads; k++) pthread_create(&t[k], NULL, writer, (void *)k);
  for (int k = 0; k < threads; k++) pthread_join(t[k], NULL);
  return 0;
}
