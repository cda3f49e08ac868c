/* Calls the object of index-signed-division.mlir
 * (test/Deploy/emit-c-index-ops.test): prints x[(i - 4) / 2 + 2] for i in
 * 0..3 and the status. */
#include <stdio.h>

#include "t.h"

int main(void) {
  const int32_t x[8] = {10, 11, 12, 13, 14, 15, 16, 17};
  int32_t y[4];
  int status = t_run(x, y);
  printf("%d: %d %d %d %d\n", status, (int)y[0], (int)y[1], (int)y[2],
         (int)y[3]);
  return 0;
}
