/* Calls loops_run (test/Deploy/Inputs/loops.mlir) on 1 2 3 4 and prints
 * the status and each output. Floats cross the interface as the uint32_t
 * of their bits. */

#include "loops.h"

#include "float_bits.h"

#include <stdio.h>

static void print(const char *name, const uint32_t *data, unsigned count) {
  printf("%s:", name);
  for (unsigned i = 0; i < count; ++i)
    printf(" %g", (double)float_of(data[i]));
  printf("\n");
}

int main(void) {
  uint32_t x[LOOPS_input_0_ELEMENTS];
  uint32_t reversed[LOOPS_output_0_ELEMENTS];
  uint32_t padded[LOOPS_output_1_ELEMENTS];
  uint32_t square[LOOPS_output_2_ELEMENTS];
  for (unsigned i = 0; i < LOOPS_input_0_ELEMENTS; ++i)
    x[i] = bits_of((float)(i + 1));
  printf("status: %d\n", (int)loops_run(x, reversed, padded, square));
  print("reversed", reversed, LOOPS_output_0_ELEMENTS);
  print("padded", padded, LOOPS_output_1_ELEMENTS);
  print("square", square, LOOPS_output_2_ELEMENTS);
  return 0;
}
