/* Runs calls_run (test/Deploy/calls.test) and prints both outputs. */
#include "calls.h"

#include <stdio.h>

int main(void) {
  const float a[2] = {1, 2}, b[2] = {5, 6};
  float y0[6], y1[6];
  int status = calls_run(a, b, y0, y1);
  printf("%d:", status);
  for (int i = 0; i < 6; ++i)
    printf(" %g", y0[i]);
  printf(" |");
  for (int i = 0; i < 6; ++i)
    printf(" %g", y1[i]);
  printf("\n");
  return 0;
}
