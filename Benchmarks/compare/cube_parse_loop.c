/* The physical reference for .cube parsing and writing: a hand-written C loop (fgets +
 * strtof per row; printf("%.6f") per value), what a minimal C reader/writer does.
 * Build: cc -O2 -o cube_parse_loop cube_parse_loop.c
 * Usage: cube_parse_loop read FILE | cube_parse_loop write FILE OUT  (prints seconds) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

static float *load(const char *path, long *count) {
  FILE *f = fopen(path, "r");
  if (!f) { perror(path); exit(2); }
  char line[512];
  long n = 0, size = 0, k = 0;
  float *v = NULL;
  while (fgets(line, sizeof line, f)) {
    if (!v) {
      if (sscanf(line, "LUT_3D_SIZE %ld", &size) == 1) {
        n = size * size * size;
        v = malloc(sizeof(float) * 3 * n);
      }
      continue;
    }
    char *p = line, *end;
    if (*p == '#' || *p == '\n') continue;
    for (int c = 0; c < 3; c++) {
      v[k++] = strtof(p, &end);
      p = end;
    }
  }
  fclose(f);
  if (k != 3 * n) { fprintf(stderr, "%s: %ld values, expected %ld\n", path, k, 3 * n); exit(2); }
  *count = n;
  return v;
}

int main(int argc, char **argv) {
  long n;
  if (argc == 3 && !strcmp(argv[1], "read")) {
    double t = now();
    float *v = load(argv[2], &n);
    printf("%.6f\n", now() - t);
    free(v);
    return 0;
  }
  if (argc == 4 && !strcmp(argv[1], "write")) {
    float *v = load(argv[2], &n);
    double t = now();
    FILE *f = fopen(argv[3], "w");
    long size = 0;
    while (size * size * size < n) size++;
    fprintf(f, "LUT_3D_SIZE %ld\n", size);
    for (long i = 0; i < n; i++) fprintf(f, "%.6f %.6f %.6f\n", v[3 * i], v[3 * i + 1], v[3 * i + 2]);
    fclose(f);
    printf("%.6f\n", now() - t);
    free(v);
    return 0;
  }
  fprintf(stderr, "usage: cube_parse_loop read FILE | write FILE OUT\n");
  return 2;
}
