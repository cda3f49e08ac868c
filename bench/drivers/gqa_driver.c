// Times one entry point of utils/gqa_module.py (f32) through its C
// interface (bench/gqa.py): inputs from files, REPS calls into one output
// buffer, the median in ns, the output written to a file, and the peak
// resident set of the process, on one JSON line. The peak is VmHWM of
// /proc/self/status: getrusage's ru_maxrss keeps the parent's peak across
// fork and exec (here, the Python process that holds the inputs).
//
// Usage: gqa_driver Q.bin K.bin V.bin OUT.bin REPS H HKV SQ S D ATTN
// (compiled with -DATTN=0 for the scores, 1 for full attention; with
// -DSTATIC=1 for the entry function of --sonnx-to-llvm=static-memory, called
// as a deployed caller calls it: plain pointers, the result written into
// the caller's buffer, allocated once before the calls, an int32_t status
// that must be 0; no buffer returned)
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct {
  float *allocated, *aligned;
  int64_t offset, sizes[4], strides[4];
} Memref4;

#ifndef STATIC
#define STATIC 0
#endif

#if STATIC && ATTN
int32_t gqa_attention(const float *, const float *, const float *, float *);
#elif STATIC
int32_t gqa_scores(const float *, const float *, float *);
#elif ATTN
void _mlir_ciface_gqa_attention(Memref4 *, Memref4 *, Memref4 *, Memref4 *,
                                Memref4 *);
#else
void _mlir_ciface_gqa_scores(Memref4 *, Memref4 *, Memref4 *, Memref4 *);
#endif

static Memref4 memref(float *data, int64_t d0, int64_t d1, int64_t d2,
                      int64_t d3) {
  Memref4 m = {data, data, 0, {d0, d1, d2, d3}, {d1 * d2 * d3, d2 * d3, d3, 1}};
  return m;
}

static float *load(const char *path, size_t count) {
  float *data = aligned_alloc(64, (count * 4 + 63) / 64 * 64);
  FILE *f = fopen(path, "rb");
  if (!data || !f || fread(data, 4, count, f) != count) {
    fprintf(stderr, "gqa_driver: cannot read %zu floats from %s\n", count,
            path);
    exit(1);
  }
  fclose(f);
  return data;
}

static int compare(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

int main(int argc, char **argv) {
  if (argc != 12) {
    fprintf(stderr, "usage: gqa_driver Q K V OUT REPS H HKV SQ S D ATTN\n");
    return 2;
  }
  int reps = atoi(argv[5]);
  int64_t h = atoll(argv[6]), hkv = atoll(argv[7]), sq = atoll(argv[8]),
          s = atoll(argv[9]), d = atoll(argv[10]);
  int attention = atoi(argv[11]);
  float *q = load(argv[1], (size_t)(h * sq * d));
  float *k = load(argv[2], (size_t)(hkv * s * d));
  float *v = attention ? load(argv[3], (size_t)(hkv * s * d)) : NULL;
  (void)v; // the scores read no V
  int64_t last = attention ? d : s;
  size_t outCount = (size_t)(h * sq * last);
  float *out = aligned_alloc(64, (outCount * 4 + 63) / 64 * 64);
  double *times = malloc(sizeof(double) * (size_t)reps);
  if (!out || !times)
    return 1;
#if !STATIC
  Memref4 mq = memref(q, 1, h, sq, d), mk = memref(k, 1, hkv, s, d);
  Memref4 mv = memref(v, 1, hkv, s, d), mo = memref(out, 1, h, sq, last);
  Memref4 result;
#endif
  for (int r = -1; r < reps; ++r) {
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
#if STATIC && ATTN
    int32_t status = gqa_attention(q, k, v, out);
#elif STATIC
    int32_t status = gqa_scores(q, k, out);
#elif ATTN
    _mlir_ciface_gqa_attention(&result, &mq, &mk, &mv, &mo);
#else
    _mlir_ciface_gqa_scores(&result, &mq, &mk, &mo);
#endif
    clock_gettime(CLOCK_MONOTONIC, &t1);
    if (r >= 0)
      times[r] = (double)(t1.tv_sec - t0.tv_sec) * 1e9 +
                 (double)(t1.tv_nsec - t0.tv_nsec);
#if STATIC
    if (status != 0) {
      fprintf(stderr, "gqa_driver: status %d\n", (int)status);
      return 1;
    }
#else
    // With buffer-deallocation, the function returns a copy of its
    // destination, which the caller owns.
    if (result.allocated != out)
      free(result.allocated);
#endif
  }
  qsort(times, (size_t)reps, sizeof(double), compare);
  FILE *f = fopen(argv[4], "wb");
  if (!f || fwrite(out, 4, outCount, f) != outCount)
    return 1;
  fclose(f);
  long peak = -1;
  char line[256];
  FILE *status = fopen("/proc/self/status", "r");
  while (status && fgets(line, sizeof line, status))
    if (strncmp(line, "VmHWM:", 6) == 0)
      peak = atol(line + 6);
  if (status)
    fclose(status);
  printf("{\"median_ns\": %.0f, \"peak_rss_kib\": %ld}\n", times[reps / 2],
         peak);
  return 0;
}
