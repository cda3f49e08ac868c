/* Calls the object (obj_run) and the C source (cc_run) of
 * test/Deploy/Inputs/constants.mlir: the complex constants equal bit for
 * bit, the strings equal byte for byte, the expanded inputs are the
 * caller's own pointers. */

#include "cc.h"
#include "obj.h"

#include <stdio.h>
#include <string.h>

int main(void) {
  const char *const x[2] = {"left", "right"};
  sonnx_complex64_t z[CC_z_ELEMENTS], oz[OBJ_z_ELEMENTS];
  sonnx_complex128_t w[CC_w_ELEMENTS], ow[OBJ_w_ELEMENTS];
  const char *s[CC_s_ELEMENTS], *os[OBJ_s_ELEMENTS];
  const char *t[CC_t_ELEMENTS], *ot[OBJ_t_ELEMENTS];
  size_t i;
  int same = 1, mine = 1;
  int32_t status = cc_run(x, z, w, s, t);
  int32_t object = obj_run(x, oz, ow, os, ot);
  printf("status %d %d\n", (int)status, (int)object);
  printf("z %s\n", memcmp(z, oz, sizeof z) == 0 ? "equal" : "differs");
  printf("w %s\n", memcmp(w, ow, sizeof w) == 0 ? "equal" : "differs");
  for (i = 0; i < CC_s_ELEMENTS; ++i)
    same &= strcmp(s[i], os[i]) == 0;
  printf("s %s\n", same ? "equal" : "differs");
  for (i = 0; i < CC_t_ELEMENTS; ++i)
    mine &= t[i] == x[i / 2] && ot[i] == x[i / 2];
  printf("t %s\n", mine ? "points to the inputs" : "differs");
  for (i = 0; i < CC_s_ELEMENTS; ++i)
    printf("s[%u] %s|\n", (unsigned)i, s[i]);
  return 0;
}
