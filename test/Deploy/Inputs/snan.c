/* Runs shape_ops_run (examples/shape_ops.onnx) on inputs whose bits are
 * signaling NaNs among other floats, and prints the bits of both outputs:
 * every element must be the bits of the input element it comes from, on
 * any C99 implementation (test/Deploy/x87-snan.test: i386, x87). */

#include "shape_ops.h"

#include <stdio.h>

static void print(const char *name, const uint32_t *data, unsigned count) {
  printf("%s:", name);
  for (unsigned i = 0; i < count; ++i)
    printf(" %08lx", (unsigned long)data[i]);
  printf("\n");
}

int main(void) {
  const uint32_t tokens[SHAPE_OPS_tokens_ELEMENTS] = {0x7f800001u, 0xff800123u,
                                                      0x7fa00000u, 0x3f800000u,
                                                      0x80000000u, 0xffbfffffu};
  uint32_t grid[SHAPE_OPS_grid_ELEMENTS], rows[SHAPE_OPS_rows_ELEMENTS];
  int32_t status = shape_ops_run(tokens, grid, rows);
  printf("status %d\n", (int)status);
  print("grid", grid, SHAPE_OPS_grid_ELEMENTS);
  print("rows", rows, SHAPE_OPS_rows_ELEMENTS);
  return 0;
}
