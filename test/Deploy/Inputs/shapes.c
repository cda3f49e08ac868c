/* Calls shapes_run (test/Deploy/Inputs/shapes.mlir) and prints the status
 * and the outputs; the tensors without elements get null pointers. */

#include "shapes.h"

#include <stdio.h>

int main(void) {
  float x = 2.5f;
  int32_t v[SHAPES_input_2_ELEMENTS] = {1, 2, 3, 4, 5, 6};
  float u[SHAPES_output_0_ELEMENTS] = {0};
  float z = 0;
  int32_t w[SHAPES_output_3_ELEMENTS] = {0};
  int32_t status = shapes_run(&x, NULL, v, u, NULL, &z, w);
  printf("status %d u %g z %g w", (int)status, (double)u[0], (double)z);
  for (unsigned i = 0; i < SHAPES_output_3_ELEMENTS; ++i)
    printf(" %d", (int)w[i]);
  printf("\n");
  return 0;
}
