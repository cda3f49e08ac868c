/* Calls nt_run (test/Deploy/Inputs/nest-terms.mlir) on k = 10, 11, ...
 * and kk_table = -7, 8, 20, -30, and prints each output. */

#include "nt.h"

#include <stdio.h>

static void print(const char *name, const int32_t *data, unsigned count) {
  printf("%s:", name);
  for (unsigned i = 0; i < count; ++i)
    printf(" %d", (int)data[i]);
  printf("\n");
}

int main(void) {
  int32_t k[NT_k_ELEMENTS];
  const int32_t table[NT_kk_table_ELEMENTS] = {-7, 8, 20, -30};
  int32_t square[NT_output_0_ELEMENTS], after[NT_output_1_ELEMENTS],
      before[NT_output_2_ELEMENTS], strided[NT_output_3_ELEMENTS],
      forward[NT_output_4_ELEMENTS], backward[NT_output_5_ELEMENTS],
      arith[NT_output_6_ELEMENTS], odd[NT_output_7_ELEMENTS];
  for (unsigned i = 0; i < NT_k_ELEMENTS; ++i)
    k[i] = (int32_t)(10 + i);
  printf("status: %d\n", (int)nt_run(k, table, square, after, before, strided,
                                     forward, backward, arith, odd));
  print("square", square, NT_output_0_ELEMENTS);
  print("after", after, NT_output_1_ELEMENTS);
  print("before", before, NT_output_2_ELEMENTS);
  print("strided", strided, NT_output_3_ELEMENTS);
  print("forward", forward, NT_output_4_ELEMENTS);
  print("backward", backward, NT_output_5_ELEMENTS);
  print("arith", arith, NT_output_6_ELEMENTS);
  print("odd", odd, NT_output_7_ELEMENTS);
  return 0;
}
