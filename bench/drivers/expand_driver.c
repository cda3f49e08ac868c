/*===- expand_driver.c - time compiled broadcasts against memcpy/memset ---===*
 *
 * Part of the sonnx project.
 *
 *===----------------------------------------------------------------------===*
 *
 * Linked with three objects compiled from one benchmark case by
 * bench/bench.py (sonnx-opt --sonnx-to-llvm, mlir-translate, clang -O3):
 *
 *   _mlir_ciface_dps         results written into caller buffers
 *                            (bufferization.materialize_in_destination)
 *   _mlir_ciface_e2e         results allocated by the lowered code
 *                            (--sonnx-to-llvm="huge-pages=true")
 *   _mlir_ciface_e2e_malloc  the same with the default pipeline (malloc)
 *
 * and with the object that sonnx-compile made of the same function, called
 * through its header aot.h (on the include path):
 *
 *   aot_run                  results written into caller buffers, static
 *                            storage, status code (docs/deployment.md)
 *
 * and, when bench.py defines HAVE_AOTC_CLANG, HAVE_AOTC_GCC and
 * HAVE_AOTC_GCC_RESTRICT, with the C source that sonnx-compile --emit=c made
 * of it, built by clang-22 -O2 -march=native and by gcc -O2, and the source
 * of --emit=c --c-restrict built by gcc -O2 (prefixes aotc_clang, aotc_gcc
 * and aotc_gcc_restrict, headers of the same names: the ABI of aot.h):
 *
 *   aotc_clang_run, aotc_gcc_run, aotc_gcc_restrict_run
 *
 * Usage: expand_driver ELEM_BYTES REPS IN_SHAPE... -- OUT_SHAPE NOUT
 * (shapes as 8192x4096; 1 or 2 inputs; NOUT outputs of OUT_SHAPE).
 *
 * Per repetition, in turn (so that a change of machine load hits every
 * measurement alike): the compiled function into preallocated outputs,
 * aot_run into the same outputs (the same code generation: the two figures
 * must agree within noise), the aotc_*_run functions into them,
 * memcpy of the same byte count from a buffer holding the expected output,
 * memset of the same byte count with a nonzero byte (the reference), and
 * memset with zeros (reported apart: on some machines, this one included,
 * writing zero lines is much faster than writing any other data, which no
 * broadcast of nonzero data can match; docs/benchmarks.md).
 *
 * Then, each in a loop of its own as bench_numpy.py times
 * `np.broadcast_to(x, shape).copy()`: the compiled function end to end
 * (allocation, writes and free of the outputs, with huge pages, then with
 * plain malloc), and the cost of fresh memory alone: mmap, MADV_HUGEPAGE,
 * MADV_POPULATE_WRITE (the kernel maps and zeroes the pages), munmap. An
 * output larger than glibc's mmap threshold (32 MiB at most) is fresh
 * memory on every call, for numpy as for the compiled code.
 *
 * Every output of the compiled functions is compared, bit for bit, with a
 * reference broadcast computed here. Prints one JSON object: best and
 * median GB/s (1e9 bytes per second of output written) of each.
 *
 *===----------------------------------------------------------------------===*/

#define _GNU_SOURCE
#include "aot.h"
#ifdef HAVE_AOTC_CLANG
#include "aotc_clang.h"
#endif
#ifdef HAVE_AOTC_GCC_RESTRICT
#include "aotc_gcc_restrict.h"
#endif
#ifdef HAVE_AOTC_GCC
#include "aotc_gcc.h"
#endif

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#define MAX_RANK 8
#define MAX_INPUTS 2
#define MAX_OUTPUTS 2

/* A ranked memref descriptor as the C interface of the LLVM lowering lays
 * it out: allocated and aligned pointers, offset, sizes, strides. */
typedef struct {
  void *allocated;
  void *aligned;
  int64_t offset;
  int64_t sizesAndStrides[2 * MAX_RANK];
} Descriptor;

/* Descriptors are passed by pointer; the callee reads as many sizes and
 * strides as its rank, so each one is packed for its own rank. */
typedef struct {
  int64_t words[3 + 2 * MAX_RANK];
} Packed;

extern void _mlir_ciface_dps();
extern void _mlir_ciface_e2e();
extern void _mlir_ciface_e2e_malloc();

typedef struct {
  int rank;
  int64_t sizes[MAX_RANK];
} Shape;

static Shape parseShape(const char *text) {
  Shape shape = {0, {0}};
  const char *p = text;
  while (*p) {
    if (shape.rank == MAX_RANK) {
      fprintf(stderr, "error: rank above %d in %s\n", MAX_RANK, text);
      exit(2);
    }
    char *end;
    shape.sizes[shape.rank++] = strtoll(p, &end, 10);
    if (end == p) {
      fprintf(stderr, "error: bad shape %s\n", text);
      exit(2);
    }
    p = *end == 'x' ? end + 1 : end;
  }
  return shape;
}

static int64_t countOf(const Shape *shape) {
  int64_t n = 1;
  for (int d = 0; d < shape->rank; ++d)
    n *= shape->sizes[d];
  return n;
}

static Packed pack(void *data, const Shape *shape) {
  Packed packed;
  memset(&packed, 0, sizeof(packed));
  packed.words[0] = (int64_t)(intptr_t)data;
  packed.words[1] = (int64_t)(intptr_t)data;
  packed.words[2] = 0;
  int64_t stride = 1;
  for (int d = shape->rank - 1; d >= 0; --d) {
    packed.words[3 + d] = shape->sizes[d];
    packed.words[3 + shape->rank + d] = stride;
    stride *= shape->sizes[d];
  }
  return packed;
}

/* Size in words of a packed descriptor of rank `rank` in a result struct. */
static int words(int rank) { return 3 + 2 * rank; }

/* Buffers of the benchmark: 2 MiB aligned and advised to use transparent
 * huge pages, then written once so that every page is there before the
 * timing (the preallocated case measures the writes, not page faults). */
static void *bigBuffer(size_t bytes) {
  size_t page = (size_t)2 << 20;
  size_t rounded = (bytes + page - 1) / page * page;
  void *p = aligned_alloc(page, rounded ? rounded : page);
  if (!p) {
    fprintf(stderr, "error: cannot allocate %zu bytes\n", bytes);
    exit(1);
  }
  madvise(p, rounded, MADV_HUGEPAGE);
  memset(p, 0x5a, rounded);
  return p;
}

/* Fresh memory as the kernel provides it to an allocation above glibc's
 * mmap threshold: mapped, advised to use huge pages, populated for
 * writing (the kernel zeroes every page), unmapped. */
static void freshPages(size_t bytes) {
  void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) {
    fprintf(stderr, "error: cannot map %zu bytes\n", bytes);
    exit(1);
  }
  madvise(p, bytes, MADV_HUGEPAGE);
#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23
#endif
  if (madvise(p, bytes, MADV_POPULATE_WRITE) != 0)
    memset(p, 0, bytes); /* kernels before 5.14: fault the pages in */
  munmap(p, bytes);
}

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* The reference broadcast: numpy's rule, shapes aligned on the right. */
static void reference(const unsigned char *in, const Shape *inShape,
                      unsigned char *out, const Shape *outShape, size_t elem) {
  int64_t inStrides[MAX_RANK], index[MAX_RANK] = {0};
  int64_t stride = 1;
  int shift = outShape->rank - inShape->rank;
  for (int d = inShape->rank - 1; d >= 0; --d) {
    inStrides[d] = stride;
    stride *= inShape->sizes[d];
  }
  int64_t n = countOf(outShape);
  for (int64_t i = 0; i < n; ++i) {
    int64_t source = 0;
    for (int d = 0; d < inShape->rank; ++d)
      if (inShape->sizes[d] != 1)
        source += index[d + shift] * inStrides[d];
    memcpy(out + (size_t)i * elem, in + (size_t)source * elem, elem);
    for (int d = outShape->rank - 1; d >= 0; --d) {
      if (++index[d] < outShape->sizes[d])
        break;
      index[d] = 0;
    }
  }
}

static int compareDoubles(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static double best(double *times, int n) {
  double m = times[0];
  for (int i = 1; i < n; ++i)
    if (times[i] < m)
      m = times[i];
  return m;
}

static double median(double *times, int n) {
  double sorted[n];
  memcpy(sorted, times, sizeof(double) * (size_t)n);
  qsort(sorted, (size_t)n, sizeof(double), compareDoubles);
  return n % 2 ? sorted[n / 2] : 0.5 * (sorted[n / 2 - 1] + sorted[n / 2]);
}

typedef void (*Kernel)();

/* PREFIX_run through its header: the inputs, then the outputs (one per
 * input for a broadcast). Every header of the case declares the same
 * ABI; each one's counts are checked against the case in main. */
#if AOT_INPUT_COUNT == 1
#define CALL_RUN(run) run((const void *)inputs[0], (void *)outputs[0])
#else
#define CALL_RUN(run)                                                          \
  run((const void *)inputs[0], (const void *)inputs[1], (void *)outputs[0],    \
      (void *)outputs[1])
#endif

static int32_t callAOT(unsigned char **inputs, unsigned char **outputs) {
  return CALL_RUN(aot_run);
}
#ifdef HAVE_AOTC_CLANG
static int32_t callAOTCClang(unsigned char **inputs, unsigned char **outputs) {
  return CALL_RUN(aotc_clang_run);
}
#endif
#ifdef HAVE_AOTC_GCC
static int32_t callAOTCGcc(unsigned char **inputs, unsigned char **outputs) {
  return CALL_RUN(aotc_gcc_run);
}
#endif
#ifdef HAVE_AOTC_GCC_RESTRICT
static int32_t callAOTCGccRestrict(unsigned char **inputs,
                                   unsigned char **outputs) {
  return CALL_RUN(aotc_gcc_restrict_run);
}
#endif

/* The deployed forms of the case, each called through its header: the
 * key of its figures in the JSON, what error messages call it, its entry
 * point, and what its header declares. */
typedef struct {
  const char *key;
  const char *what;
  int32_t (*call)(unsigned char **inputs, unsigned char **outputs);
  int inputCount, outputCount;
  uint64_t outputElements;
} Deployed;

static const Deployed deployed[] = {
    {"sonnx_aot", "aot", callAOT, AOT_INPUT_COUNT, AOT_OUTPUT_COUNT,
     AOT_output_0_ELEMENTS},
#ifdef HAVE_AOTC_CLANG
    {"sonnx_aot_c_clang", "aot-c (clang-22)", callAOTCClang,
     AOTC_CLANG_INPUT_COUNT, AOTC_CLANG_OUTPUT_COUNT,
     AOTC_CLANG_output_0_ELEMENTS},
#endif
#ifdef HAVE_AOTC_GCC
    {"sonnx_aot_c_gcc", "aot-c (gcc)", callAOTCGcc, AOTC_GCC_INPUT_COUNT,
     AOTC_GCC_OUTPUT_COUNT, AOTC_GCC_output_0_ELEMENTS},
#endif
#ifdef HAVE_AOTC_GCC_RESTRICT
    {"sonnx_aot_c_gcc_restrict", "aot-c (gcc, --c-restrict)",
     callAOTCGccRestrict, AOTC_GCC_RESTRICT_INPUT_COUNT,
     AOTC_GCC_RESTRICT_OUTPUT_COUNT, AOTC_GCC_RESTRICT_output_0_ELEMENTS},
#endif
};
enum { DEPLOYED = sizeof(deployed) / sizeof(deployed[0]) };

static void callE2E(Kernel kernel, int nin, Packed *in, int64_t *result) {
  if (nin == 1)
    kernel(result, &in[0]);
  else
    kernel(result, &in[0], &in[1]);
}

static void freeResults(int64_t *result, int nout, int rank) {
  for (int k = 0; k < nout; ++k)
    free((void *)(intptr_t)result[k * words(rank)]);
}

static int checkResults(const char *what, int64_t *result, int nout,
                        const Shape *outShape, unsigned char **expected,
                        size_t bytes) {
  int ok = 1;
  for (int k = 0; k < nout; ++k) {
    int64_t *d = result + k * words(outShape->rank);
    const unsigned char *data = (const unsigned char *)(intptr_t)d[1] + d[2];
    for (int r = 0; r < outShape->rank; ++r)
      if (d[3 + r] != outShape->sizes[r])
        ok = 0;
    if (!ok || memcmp(data, expected[k], bytes) != 0) {
      fprintf(stderr, "error: %s output %d differs from the reference\n", what,
              k);
      ok = 0;
    }
  }
  return ok;
}

int main(int argc, char **argv) {
  if (argc < 6) {
    fprintf(stderr, "usage: %s ELEM_BYTES REPS IN_SHAPE... -- OUT_SHAPE NOUT\n",
            argv[0]);
    return 2;
  }
  size_t elem = (size_t)atoi(argv[1]);
  int reps = atoi(argv[2]);
  Shape inShapes[MAX_INPUTS];
  int nin = 0, a = 3;
  for (; a < argc && strcmp(argv[a], "--") != 0; ++a) {
    if (nin == MAX_INPUTS) {
      fprintf(stderr, "error: more than %d inputs\n", MAX_INPUTS);
      return 2;
    }
    inShapes[nin++] = parseShape(argv[a]);
  }
  if (nin == 0 || a + 2 >= argc) {
    fprintf(stderr, "error: expected IN_SHAPE... -- OUT_SHAPE NOUT\n");
    return 2;
  }
  Shape outShape = parseShape(argv[a + 1]);
  int nout = atoi(argv[a + 2]);
  if (nout < 1 || nout > MAX_OUTPUTS || reps < 1 || reps > 1000) {
    fprintf(stderr, "error: bad output count or repetitions\n");
    return 2;
  }
  size_t bytes = (size_t)countOf(&outShape) * elem;
  double total = (double)bytes * nout;

  /* Inputs: pseudo-random bytes (any bit pattern moves unchanged). */
  Packed in[MAX_INPUTS];
  unsigned char *inputs[MAX_INPUTS];
  uint64_t seed = 0x9e3779b97f4a7c15ull;
  for (int i = 0; i < nin; ++i) {
    size_t n = (size_t)countOf(&inShapes[i]) * elem;
    inputs[i] = malloc(n ? n : 1);
    for (size_t j = 0; j < n; ++j) {
      seed = seed * 6364136223846793005ull + 1442695040888963407ull;
      inputs[i][j] = (unsigned char)(seed >> 56);
    }
    in[i] = pack(inputs[i], &inShapes[i]);
  }
  /* Expected outputs (also the memcpy sources) and preallocated outputs.
   * With one output per input, output k broadcasts input k. */
  unsigned char *expected[MAX_OUTPUTS], *outputs[MAX_OUTPUTS];
  Packed out[MAX_OUTPUTS];
  for (int k = 0; k < nout; ++k) {
    expected[k] = bigBuffer(bytes);
    outputs[k] = bigBuffer(bytes);
    int i = nout == nin ? k : 0;
    reference(inputs[i], &inShapes[i], expected[k], &outShape, elem);
    out[k] = pack(outputs[k], &outShape);
  }

  int64_t result[MAX_OUTPUTS * (3 + 2 * MAX_RANK)];
  /* Warm-up calls, checked bit for bit. */
  if (nin == 1 && nout == 1)
    _mlir_ciface_dps(result, &in[0], &out[0]);
  else if (nin == 2 && nout == 2)
    _mlir_ciface_dps(result, &in[0], &in[1], &out[0], &out[1]);
  else {
    fprintf(stderr, "error: unsupported input/output counts\n");
    return 2;
  }
  int ok = 1;
  for (int k = 0; k < nout; ++k)
    if (memcmp(outputs[k], expected[k], bytes) != 0) {
      fprintf(stderr,
              "error: preallocated output %d differs from the "
              "reference\n",
              k);
      ok = 0;
    }
  for (int d = 0; d < DEPLOYED; ++d) {
    /* Its header must describe this case. */
    if (deployed[d].inputCount != nin || deployed[d].outputCount != nout ||
        deployed[d].outputElements * (uint64_t)elem != (uint64_t)bytes) {
      fprintf(stderr, "error: the header of %s declares another case\n",
              deployed[d].what);
      return 2;
    }
    for (int k = 0; k < nout; ++k)
      memset(outputs[k], 0, bytes);
    if (deployed[d].call(inputs, outputs) != 0) {
      fprintf(stderr, "error: %s returned a status\n", deployed[d].what);
      return 1;
    }
    for (int k = 0; k < nout; ++k)
      if (memcmp(outputs[k], expected[k], bytes) != 0) {
        fprintf(stderr, "error: %s output %d differs from the reference\n",
                deployed[d].what, k);
        ok = 0;
      }
  }
  callE2E(_mlir_ciface_e2e, nin, in, result);
  ok &= checkResults("end-to-end", result, nout, &outShape, expected, bytes);
  freeResults(result, nout, outShape.rank);
  callE2E(_mlir_ciface_e2e_malloc, nin, in, result);
  ok &= checkResults("end-to-end (malloc)", result, nout, &outShape, expected,
                     bytes);
  freeResults(result, nout, outShape.rank);
  if (!ok)
    return 1;

  double tPre[reps], tDeployed[DEPLOYED][reps], tCopy[reps], tSet[reps],
      tZero[reps];
  for (int r = 0; r < reps; ++r) {
    double tA = now();
    if (nin == 1)
      _mlir_ciface_dps(result, &in[0], &out[0]);
    else
      _mlir_ciface_dps(result, &in[0], &in[1], &out[0], &out[1]);
    double t0 = now();
    for (int d = 0; d < DEPLOYED; ++d) {
      double tD = now();
      deployed[d].call(inputs, outputs);
      tDeployed[d][r] = now() - tD;
    }
    double t1 = now();
    for (int k = 0; k < nout; ++k)
      memcpy(outputs[k], expected[k], bytes);
    double t2 = now();
    for (int k = 0; k < nout; ++k)
      memset(outputs[k], 1 + r % 255, bytes);
    double t3 = now();
    for (int k = 0; k < nout; ++k)
      memset(outputs[k], 0, bytes);
    double t4 = now();
    tPre[r] = t0 - tA;
    tCopy[r] = t2 - t1;
    tSet[r] = t3 - t2;
    tZero[r] = t4 - t3;
  }
  double tE2E[reps], tMalloc[reps], tFresh[reps];
  for (int r = 0; r < reps; ++r) {
    double t0 = now();
    callE2E(_mlir_ciface_e2e, nin, in, result);
    freeResults(result, nout, outShape.rank);
    tE2E[r] = now() - t0;
  }
  for (int r = 0; r < reps; ++r) {
    double t0 = now();
    callE2E(_mlir_ciface_e2e_malloc, nin, in, result);
    freeResults(result, nout, outShape.rank);
    tMalloc[r] = now() - t0;
  }
  for (int r = 0; r < reps; ++r) {
    double t0 = now();
    for (int k = 0; k < nout; ++k)
      freshPages(bytes);
    tFresh[r] = now() - t0;
  }
  /* A last result of each deployed form, then a last preallocated one, are
   * checked again after the timing. */
  for (int d = 0; d < DEPLOYED; ++d) {
    for (int k = 0; k < nout; ++k)
      memset(outputs[k], 0, bytes);
    deployed[d].call(inputs, outputs);
    for (int k = 0; k < nout; ++k)
      if (memcmp(outputs[k], expected[k], bytes) != 0) {
        fprintf(stderr, "error: %s output %d differs\n", deployed[d].what, k);
        return 1;
      }
  }
  if (nin == 1)
    _mlir_ciface_dps(result, &in[0], &out[0]);
  else
    _mlir_ciface_dps(result, &in[0], &in[1], &out[0], &out[1]);
  for (int k = 0; k < nout; ++k)
    if (memcmp(outputs[k], expected[k], bytes) != 0) {
      fprintf(stderr, "error: preallocated output %d differs\n", k);
      return 1;
    }

#define GBPS(t) (total / (t) / 1e9)
#define PAIR(name, t)                                                          \
  printf("\"%s_gbps\": %.3f, \"%s_median_gbps\": %.3f, ", name,                \
         GBPS(best(t, reps)), name, GBPS(median(t, reps)))
  printf("{\"bytes\": %.0f, \"reps\": %d, ", total, reps);
  PAIR("sonnx_prealloc", tPre);
  for (int d = 0; d < DEPLOYED; ++d)
    PAIR(deployed[d].key, tDeployed[d]);
  PAIR("sonnx_e2e", tE2E);
  PAIR("sonnx_e2e_malloc", tMalloc);
  PAIR("memcpy", tCopy);
  PAIR("memset", tSet);
  PAIR("memset_zero", tZero);
  PAIR("fresh_pages", tFresh);
  printf("\"bit_exact\": true}\n");
  return 0;
}
