/* Calls buffer_run (test/Deploy/Inputs/buffer.mlir) twice, with a changed
 * input the second time, and prints the status and the output. Floats
 * cross the interface as the uint32_t of their bits. */

#include "buffer.h"

#include "float_bits.h"

#include <stdio.h>

int main(void) {
  uint32_t x[BUFFER_input_0_ELEMENTS];
  uint32_t y[BUFFER_output_0_ELEMENTS];
  for (unsigned i = 0; i < BUFFER_input_0_ELEMENTS; ++i)
    x[i] = bits_of((float)(i + 1));
  for (int k = 0; k < 2; ++k) {
    printf("%d:", (int)buffer_run(x, y));
    for (unsigned i = 0; i < BUFFER_output_0_ELEMENTS; ++i)
      printf(" %g", (double)float_of(y[i]));
    printf("\n");
    x[0] = bits_of(7);
  }
  return 0;
}
