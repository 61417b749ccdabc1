/* Lua names the nil field a script misspelt (`attempt to call a nil value (field
   'maxx')`) but not the table it read it from. Reading a missing field must stay nil
   (scripts test `if math.foo then`, and rawget and pairs see no difference), so nothing
   is hooked on the libraries: only when such an error is raised, the line that raised it
   is read again (the chunk's own text, or its file) to see whether it reads the field of
   a standard library table by that table's name. The host then suggests one of that
   library's names. Costs nothing until an error, and only text is read. */
#include <ctype.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "library_field.h"

/* The longest line read back: a field read is near the start of any sane line. */
#define LINE_LIMIT 4096

static const char *const libraries[] = {"math", "string", "table",     "os",
                                        "io",   "utf8",   "coroutine", NULL};

static int is_name_char(char c) { return isalnum((unsigned char)c) || c == '_'; }

/* The field's name inside `(field '...')` at the end of message; 0 when there is none. */
static int field_name(const char *message, size_t length, const char **name, size_t *size) {
  static const char opening[] = "(field '";
  const size_t k = sizeof opening - 1;
  if (length < k + 3 || memcmp(message + length - 2, "')", 2) != 0) return 0;
  for (size_t start = length - 2 - k; start-- > 0;) {
    if (memcmp(message + start, opening, k) == 0) {
      *name = message + start + k;
      *size = length - 2 - start - k;
      return 1;
    }
  }
  return 0;
}

/* Line `number` (from 1) of the text, copied into line; 0 when the text is shorter. */
static int line_of_text(const char *text, int number, char *line) {
  for (int n = 1; n < number; n++) {
    text = strchr(text, '\n');
    if (!text) return 0;
    text++;
  }
  size_t size = strcspn(text, "\n");
  if (size >= LINE_LIMIT) size = LINE_LIMIT - 1;
  memcpy(line, text, size);
  line[size] = 0;
  return 1;
}

static int line_of_file(const char *path, int number, char *line) {
  /* Only a regular file is read again (a FIFO put in its place would block the error on
     its way out): opened without blocking, looked at, then read. */
  int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return 0;
  struct stat st;
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    close(fd);
    return 0;
  }
  FILE *file = fdopen(fd, "r");
  if (!file) {
    close(fd);
    return 0;
  }
  int n = 0, found = 0;
  while (fgets(line, LINE_LIMIT, file)) {
    size_t size = strlen(line);
    int whole = size > 0 && line[size - 1] == '\n';
    if (++n == number) {
      line[strcspn(line, "\n")] = 0;
      found = 1;
      break;
    }
    /* the rest of a line longer than the buffer is not another line */
    while (!whole && fgets(line, LINE_LIMIT, file)) {
      size = strlen(line);
      whole = size > 0 && line[size - 1] == '\n';
    }
  }
  fclose(file);
  return found;
}

/* Whether line reads `library.name` or `library:name` (whole names, the library not
   itself a field of something else). */
static int reads_field(const char *line, const char *library, const char *name, size_t size) {
  size_t n = strlen(library);
  for (const char *at = strstr(line, library); at; at = strstr(at + 1, library)) {
    if (at > line && (is_name_char(at[-1]) || at[-1] == '.' || at[-1] == ':')) continue;
    const char *p = at + n;
    while (*p == ' ' || *p == '\t') p++;
    if (*p != '.' && *p != ':') continue;
    p++;
    while (*p == ' ' || *p == '\t') p++;
    if (strncmp(p, name, size) == 0 && !is_name_char(p[size])) return 1;
  }
  return 0;
}

void psy_library_of_field(const lua_Debug *ar, const char *message, size_t length,
                          char *library) {
  library[0] = 0;
  const char *name;
  size_t size;
  if (!message || !field_name(message, length, &name, &size) || ar->currentline <= 0) return;
  char line[LINE_LIMIT];
  const char *source = ar->source;
  int found = source[0] == '@'   ? line_of_file(source + 1, ar->currentline, line)
              : source[0] == '=' ? 0
                                 : line_of_text(source, ar->currentline, line);
  if (!found) return;
  for (const char *const *lib = libraries; *lib; lib++) {
    if (reads_field(line, *lib, name, size)) {
      strncpy(library, *lib, PSY_LIBRARY_NAME_SIZE - 1);
      library[PSY_LIBRARY_NAME_SIZE - 1] = 0;
      return;
    }
  }
}
