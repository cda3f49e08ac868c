/* Calls @run of test/Pipeline/static-memory.mlir, lowered with
 * --sonnx-to-llvm=static-memory: plain pointers, results in the caller's
 * buffers, an i32 status. Prints the status and the outputs of a valid
 * shape, then the status of shapes that break a rule. */

#include <stdint.h>
#include <stdio.h>

int32_t run(const float *x, const int64_t *shape, float *out, float *out2);

int main(void) {
  const float x[6] = {1, 2, 3, 4, 5, 6};
  float out[6] = {0}, out2[24] = {0};
  const int64_t valid[2] = {3, 2};
  printf("status %d\n", (int)run(x, valid, out, out2));
  for (int i = 0; i < 6; ++i)
    printf("%g ", (double)out[i]);
  printf("\n");
  for (int i = 0; i < 24; ++i)
    printf("%g ", (double)out2[i]);
  printf("\n");
  const int64_t count[2] = {4, 2};
  printf("status %d\n", (int)run(x, count, out, out2));
  const int64_t below[2] = {-2, 3};
  printf("status %d\n", (int)run(x, below, out, out2));
  return 0;
}
