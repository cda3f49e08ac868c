/* Calls shapes_run (test/Deploy/Inputs/shapes.mlir) and prints the status
 * and the outputs; the tensors without elements get null pointers. Floats
 * cross the interface as the uint32_t of their bits. */

#include "shapes.h"

#include "float_bits.h"

#include <stdio.h>

int main(void) {
  uint32_t x = 0x40200000U; /* 2.5f */
  int32_t v[SHAPES_input_2_ELEMENTS] = {1, 2, 3, 4, 5, 6};
  uint32_t u[SHAPES_output_0_ELEMENTS] = {0};
  uint32_t z = 0;
  int32_t w[SHAPES_output_3_ELEMENTS] = {0};
  int32_t status = shapes_run(&x, NULL, v, u, NULL, &z, w);
  printf("status %d u %g z %g w", (int)status, (double)float_of(u[0]),
         (double)float_of(z));
  for (unsigned i = 0; i < SHAPES_output_3_ELEMENTS; ++i)
    printf(" %d", (int)w[i]);
  printf("\n");
  return 0;
}
