/* Calls the entry of index-ops.mlir (test/Deploy/emit-c-index-ops.test):
 * prints x[i / 2] and x[i % 3] for i in 0..3 and the status. */
#include <stdio.h>

#include "index_ops.h"

int main(void) {
  const int32_t x[8] = {10, 11, 12, 13, 14, 15, 16, 17};
  int32_t half[4], cycle[4];
  int status = index_ops_run(x, half, cycle);
  printf("%d:", status);
  for (int i = 0; i < 4; ++i)
    printf(" %d", (int)half[i]);
  printf(" |");
  for (int i = 0; i < 4; ++i)
    printf(" %d", (int)cycle[i]);
  printf("\n");
  return 0;
}
