/*===- views_driver.c - time compiled reshape, unsqueeze and flatten ------===*
 *
 * Part of the sonnx project.
 *
 *===----------------------------------------------------------------------===*
 *
 * Linked with the object compiled from the views module of bench/bench.py
 * and with the table it generates (views_table.c): one entry point per op
 * and tensor size, all on static shapes, lowered by --sonnx-to-llvm.
 *
 * Usage: views_driver CALLS RUNS
 * For each entry: one real input buffer of the entry's size (the largest
 * is 1 GiB, allocated and written once and shared by all entries, since a
 * view never reads its elements), a check that the result is a view of the
 * input (same aligned pointer, the expected sizes, row-major strides), then
 * RUNS loops of CALLS calls. Prints a JSON list: nanoseconds per call, best
 * and median of the loops.
 *
 *===----------------------------------------------------------------------===*/

#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "views.h"

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static int compareDoubles(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: %s CALLS RUNS\n", argv[0]);
    return 2;
  }
  long calls = atol(argv[1]);
  int runs = atoi(argv[2]);
  if (calls < 1 || runs < 1 || runs > 100)
    return 2;
  int64_t largest = 0;
  for (int e = 0; e < viewEntryCount; ++e)
    if (viewEntries[e].bytes > largest)
      largest = viewEntries[e].bytes;
  unsigned char *data = malloc((size_t)largest);
  if (!data) {
    fprintf(stderr, "error: cannot allocate %lld bytes\n", (long long)largest);
    return 1;
  }
  memset(data, 1, (size_t)largest);

  printf("[");
  for (int e = 0; e < viewEntryCount; ++e) {
    const ViewEntry *entry = &viewEntries[e];
    int64_t in[3 + 2 * MAX_RANK], out[3 + 2 * MAX_RANK];
    in[0] = in[1] = (int64_t)(intptr_t)data;
    in[2] = 0;
    int64_t stride = 1;
    for (int d = entry->inRank - 1; d >= 0; --d) {
      in[3 + d] = entry->inSizes[d];
      in[3 + entry->inRank + d] = stride;
      stride *= entry->inSizes[d];
    }
    if (stride * 4 != entry->bytes) {
      fprintf(stderr, "error: %s: shape and size disagree\n", entry->op);
      return 1;
    }
    entry->fn(out, in);
    /* A view: the same data, the expected sizes, row-major strides. */
    stride = 1;
    int ok = out[1] == in[1] && out[2] == 0;
    for (int d = entry->outRank - 1; d >= 0; --d) {
      ok &= out[3 + d] == entry->outSizes[d];
      if (entry->outSizes[d] != 1)
        ok &= out[3 + entry->outRank + d] == stride;
      stride *= entry->outSizes[d];
    }
    if (!ok) {
      fprintf(stderr, "error: %s of %lld bytes is not a view of its input\n",
              entry->op, (long long)entry->bytes);
      return 1;
    }
    double ns[100];
    for (int r = 0; r < runs; ++r) {
      double t0 = now();
      for (long c = 0; c < calls; ++c)
        entry->fn(out, in);
      ns[r] = (now() - t0) / (double)calls * 1e9;
    }
    qsort(ns, (size_t)runs, sizeof(double), compareDoubles);
    double median =
        runs % 2 ? ns[runs / 2] : 0.5 * (ns[runs / 2 - 1] + ns[runs / 2]);
    printf("%s{\"op\": \"%s\", \"bytes\": %lld, \"ns\": %.3f, "
           "\"ns_median\": %.3f}",
           e ? ", " : "", entry->op, (long long)entry->bytes, ns[0], median);
  }
  printf("]\n");
  free(data);
  return 0;
}
