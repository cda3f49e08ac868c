/* Runs calls_run (test/Deploy/calls.test) and prints both outputs. Floats
 * cross the interface as the uint32_t of their bits. */
#include "calls.h"

#include "float_bits.h"

#include <stdio.h>

int main(void) {
  const uint32_t a[2] = {bits_of(1), bits_of(2)},
                 b[2] = {bits_of(5), bits_of(6)};
  uint32_t y0[6], y1[6];
  int status = calls_run(a, b, y0, y1);
  printf("%d:", status);
  for (int i = 0; i < 6; ++i)
    printf(" %g", (double)float_of(y0[i]));
  printf(" |");
  for (int i = 0; i < 6; ++i)
    printf(" %g", (double)float_of(y1[i]));
  printf("\n");
  return 0;
}
