// Runs the entry points of utils/gqa_module.py through their C interface
// (test/Integration/gqa-repeat-kv.test): `gqa` (the repeat fused into its
// consumers, vectorized), `gqa_mat` (the same module with the repeated K
// and V materialized, scalar loops), `gqa_static` (the fused chain in the
// deployment form, --sonnx-to-llvm=static-memory: plain pointers, the
// result in the caller's buffer, a status), and compares every result
// element,
// bit for bit, with the naive reference order computed here:
// acc = 0; acc = acc + q * k for c = 0, 1, ... (each operation rounded to
// the element type), softmax as upstream's decomposition of linalg.softmax
// defines it (max, exp(x - max), sum in order, division), then P x V in
// the same order. The order is shown to matter on these inputs: the
// reduction summed in reverse differs.
//
// Compiled with -DH= -DHKV= -DSQ= -DS= -DD= -DDT=0|1|2 (f32, f16, bf16)
// -DATTN=0|1 (scores, or full attention).
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if DT == 0
typedef float elem_t;
static float to_float(elem_t x) { return x; }
static elem_t from_float(float x) { return x; }
#elif DT == 1
typedef uint16_t elem_t;
static float to_float(elem_t x) {
  _Float16 h;
  memcpy(&h, &x, 2);
  return (float)h;
}
static elem_t from_float(float x) {
  _Float16 h = (_Float16)x;
  elem_t bits;
  memcpy(&bits, &h, 2);
  return bits;
}
#else
typedef uint16_t elem_t;
static float to_float(elem_t x) {
  uint32_t bits = (uint32_t)x << 16;
  float f;
  memcpy(&f, &bits, 4);
  return f;
}
// Round to nearest, ties to even (no NaN among these values).
static elem_t from_float(float x) {
  uint32_t bits;
  memcpy(&bits, &x, 4);
  bits += 0x7fff + ((bits >> 16) & 1);
  return (elem_t)(bits >> 16);
}
// LLVM rounds float to bfloat16 with this libgcc function, which GCC 12's
// libgcc lacks (GCC 13 has it): the same rounding, returned as GCC returns
// a 16-bit float (the low half of xmm0).
_Float16 __truncsfbf2(float x);
_Float16 __truncsfbf2(float x) {
  elem_t bits = from_float(x);
  _Float16 h;
  memcpy(&h, &bits, 2);
  return h;
}
#endif

// One operation of the element type: computed in float (exact for a product
// of two f16 or bf16, and a single correct rounding of a sum: float has
// more than twice their precision plus 2 bits), rounded once.
static elem_t add(elem_t a, elem_t b) {
  return from_float(to_float(a) + to_float(b));
}
static elem_t mul(elem_t a, elem_t b) {
  return from_float(to_float(a) * to_float(b));
}

typedef struct {
  elem_t *allocated, *aligned;
  int64_t offset, sizes[4], strides[4];
} Memref4;

static Memref4 memref(elem_t *data, int64_t d0, int64_t d1, int64_t d2,
                      int64_t d3) {
  Memref4 m = {data, data, 0, {d0, d1, d2, d3}, {d1 * d2 * d3, d2 * d3, d3, 1}};
  return m;
}

#if ATTN
#define OUT_LAST D
void _mlir_ciface_gqa(Memref4 *, Memref4 *, Memref4 *, Memref4 *, Memref4 *);
void _mlir_ciface_gqa_mat(Memref4 *, Memref4 *, Memref4 *, Memref4 *,
                          Memref4 *);
int32_t gqa_static(const elem_t *, const elem_t *, const elem_t *, elem_t *);
#else
#define OUT_LAST S
void _mlir_ciface_gqa(Memref4 *, Memref4 *, Memref4 *, Memref4 *);
void _mlir_ciface_gqa_mat(Memref4 *, Memref4 *, Memref4 *, Memref4 *);
int32_t gqa_static(const elem_t *, const elem_t *, elem_t *);
#endif

static elem_t q[H * SQ * D], k[HKV * S * D], v[HKV * S * D];
static elem_t fused[H * SQ * OUT_LAST], mat[H * SQ * OUT_LAST];
static elem_t deployed[H * SQ * OUT_LAST];
static elem_t ref[H * SQ * OUT_LAST], reversed[H * SQ * OUT_LAST];
static elem_t scores[H * SQ * S], probs[H * SQ * S];

// Values in [-1, 1) with a full significand: sums in another order round
// differently.
static uint64_t state = 0x9e3779b97f4a7c15u;
static elem_t random_elem(void) {
  state = state * 6364136223846793005u + 1442695040888963407u;
  return from_float(
      (float)((double)(state >> 11) / 9007199254740992.0 * 2.0 - 1.0));
}

// Q x K^T of head h (K of head h / (H / HKV)), reduction in order c = 0.. or
// in reverse.
static void reference_scores(elem_t *out, int reverse) {
  for (int h = 0; h < H; ++h)
    for (int i = 0; i < SQ; ++i)
      for (int j = 0; j < S; ++j) {
        elem_t acc = from_float(0.0f);
        for (int n = 0; n < D; ++n) {
          int c = reverse ? D - 1 - n : n;
          acc = add(acc, mul(q[(h * SQ + i) * D + c],
                             k[((h / (H / HKV)) * S + j) * D + c]));
        }
        out[(h * SQ + i) * S + j] = acc;
      }
}

static void reference_attention(elem_t *out, int reverse) {
  reference_scores(scores, reverse);
  for (int r = 0; r < H * SQ; ++r) {
    elem_t *x = scores + r * S, *p = probs + r * S;
    float m = to_float(x[0]);
    for (int j = 1; j < S; ++j)
      m = fmaxf(to_float(x[j]), m);
    elem_t sum = from_float(0.0f);
    for (int j = 0; j < S; ++j) {
      float shifted = to_float(from_float(to_float(x[j]) - m));
      p[j] = from_float(expf(shifted));
      sum = add(p[j], sum);
    }
    for (int j = 0; j < S; ++j)
      p[j] = from_float(to_float(p[j]) / to_float(sum));
  }
  for (int h = 0; h < H; ++h)
    for (int i = 0; i < SQ; ++i)
      for (int c = 0; c < D; ++c) {
        elem_t acc = from_float(0.0f);
        for (int n = 0; n < S; ++n) {
          int j = reverse ? S - 1 - n : n;
          acc = add(acc, mul(probs[(h * SQ + i) * S + j],
                             v[((h / (H / HKV)) * S + j) * D + c]));
        }
        out[(h * SQ + i) * D + c] = acc;
      }
}

static long differences(const elem_t *a, const elem_t *b, long n) {
  long count = 0;
  for (long e = 0; e < n; ++e)
    count += memcmp(&a[e], &b[e], sizeof(elem_t)) != 0;
  return count;
}

int main(void) {
  for (long e = 0; e < H * SQ * D; ++e)
    q[e] = random_elem();
  for (long e = 0; e < HKV * S * D; ++e)
    k[e] = random_elem();
  for (long e = 0; e < HKV * S * D; ++e)
    v[e] = random_elem();
  Memref4 mq = memref(q, 1, H, SQ, D), mk = memref(k, 1, HKV, S, D);
  Memref4 mf = memref(fused, 1, H, SQ, OUT_LAST);
  Memref4 mm = memref(mat, 1, H, SQ, OUT_LAST), result;
#if ATTN
  Memref4 mv = memref(v, 1, HKV, S, D);
  _mlir_ciface_gqa(&result, &mq, &mk, &mv, &mf);
  _mlir_ciface_gqa_mat(&result, &mq, &mk, &mv, &mm);
  int32_t status = gqa_static(q, k, v, deployed);
  reference_attention(ref, 0);
  reference_attention(reversed, 1);
#else
  _mlir_ciface_gqa(&result, &mq, &mk, &mf);
  _mlir_ciface_gqa_mat(&result, &mq, &mk, &mm);
  int32_t status = gqa_static(q, k, deployed);
  reference_scores(ref, 0);
  reference_scores(reversed, 1);
#endif
  long n = H * SQ * OUT_LAST;
  long f = differences(fused, ref, n), m = differences(mat, ref, n);
  long st = differences(deployed, ref, n);
  long r = differences(reversed, ref, n);
  printf("fused: %ld of %ld elements differ from the reference order\n", f, n);
  printf("materialized: %ld of %ld elements differ from the reference order\n",
         m, n);
  printf("static memory: status %d, %ld of %ld elements differ from the "
         "reference order\n",
         (int)status, st, n);
  printf("reversed order: %s\n", r > 0 ? "differs" : "same");
  return f != 0 || m != 0 || status != 0 || st != 0 || r == 0;
}
