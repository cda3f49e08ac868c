/*===- views.h - the table of view entry points for views_driver.c --------===*
 *
 * Part of the sonnx project.
 *
 *===----------------------------------------------------------------------===*
 *
 * bench/bench.py generates views_table.c, which defines the table.
 *
 *===----------------------------------------------------------------------===*/

#ifndef SONNX_BENCH_VIEWS_H
#define SONNX_BENCH_VIEWS_H

#include <stdint.h>

#define MAX_RANK 8

/* One compiled entry point: `fn(result, input)` through the C interface,
 * on an f32 input of `bytes` bytes. */
typedef struct {
  const char *op;
  int64_t bytes;
  void (*fn)();
  int inRank;
  int64_t inSizes[MAX_RANK];
  int outRank;
  int64_t outSizes[MAX_RANK];
} ViewEntry;

extern const ViewEntry viewEntries[];
extern const int viewEntryCount;

#endif /* SONNX_BENCH_VIEWS_H */
