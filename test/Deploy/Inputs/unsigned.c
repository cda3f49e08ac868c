/* Calls unsigned_ops_run (test/Deploy/Inputs/unsigned.mlir) and prints the
 * status and the outputs: uint64_t values and the bits of float16 ones. */

#include "unsigned_ops.h"

#include <inttypes.h>
#include <stdio.h>

int main(void) {
  uint64_t x[2] = {UINT64_C(9223372036854775808), 7};
  uint64_t big[4] = {0}, copy[4] = {0};
  uint16_t half[4] = {0};
  int32_t status = unsigned_ops_run(x, big, half, copy);
  printf("status %d big", (int)status);
  for (unsigned i = 0; i < 4; ++i)
    printf(" %" PRIu64, big[i]);
  printf(" half");
  for (unsigned i = 0; i < 4; ++i)
    printf(" 0x%04x", (unsigned)half[i]);
  printf(" copy");
  for (unsigned i = 0; i < 4; ++i)
    printf(" %" PRIu64, copy[i]);
  printf("\n");
  return 0;
}
