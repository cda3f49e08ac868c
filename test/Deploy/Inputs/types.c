/* Calls types_run (test/Deploy/Inputs/types.mlir): every output is an input
 * reshaped or passed through, so it must hold the input's bytes. */

#include "types.h"

#include <stdio.h>
#include <string.h>

#define CHECK(out, in)                                                         \
  printf("%s %s\n", #out, memcmp(out, in, sizeof in) == 0 ? "ok" : "differs")

int main(void) {
  const bool a[6] = {true, false, true, true, false, false};
  const int8_t b[4] = {-8, -1, 0, 7};
  const uint8_t c[4] = {0, 1, 9, 15};
  const uint16_t d[4] = {0x3c00, 0x8001, 0x7c00, 0x7e01};
  const uint16_t e[4] = {0x3f80, 0xbf80, 0x7f80, 0x0001};
  /* The bits of the doubles 1.5, -0.0 and a signaling NaN. */
  const uint64_t f[3] = {0x3ff8000000000000u, 0x8000000000000000u,
                         0x7ff0000000000001u};
  const uint64_t g[3] = {0, UINT64_MAX, 0x0123456789abcdefu};
  const int8_t h[3] = {-128, 0, 127};
  bool a2[6];
  int8_t b2[4], h2[3];
  uint8_t c2[4];
  uint16_t d2[4], e2[4];
  uint64_t f2[3];
  uint64_t g2[3];
  int32_t status =
      types_run(a, b, c, d, e, f, g, h, a2, b2, c2, d2, e2, f2, g2, h2);
  printf("status %d\n", (int)status);
  CHECK(a2, a);
  CHECK(b2, b);
  CHECK(c2, c);
  CHECK(d2, d);
  CHECK(e2, e);
  CHECK(f2, f);
  CHECK(g2, g);
  CHECK(h2, h);
  return 0;
}
