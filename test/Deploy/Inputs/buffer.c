/* Calls buffer_run (test/Deploy/Inputs/buffer.mlir) twice, with a changed
 * input the second time, and prints the status and the output. */

#include "buffer.h"

#include <stdio.h>

int main(void) {
  float x[BUFFER_input_0_ELEMENTS] = {1, 2, 3, 4, 5, 6};
  float y[BUFFER_output_0_ELEMENTS];
  for (int k = 0; k < 2; ++k) {
    printf("%d:", (int)buffer_run(x, y));
    for (unsigned i = 0; i < BUFFER_output_0_ELEMENTS; ++i)
      printf(" %g", (double)y[i]);
    printf("\n");
    x[0] = 7;
  }
  return 0;
}
