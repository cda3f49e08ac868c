/* Calls strings_run (test/Deploy/Inputs/strings.mlir): the reshaped strings
 * are the caller's own pointers, the expanded constants are C strings of
 * the object, the complex numbers keep every bit (they cross the interface
 * as the bits of their parts, a signaling NaN among them). */

#include "strings.h"

#include <stdio.h>
#include <string.h>

int main(void) {
  const char *const words[4] = {"alpha", "", "gamma delta", "\xce\xbb"};
  const sonnx_complex64_t z[6] = {
      {0x3f800000u, 0xbf800000u}, {0x3f000000u, 0x40000000u},
      {0x80000000u, 0x40400000u}, {0x40800000u, 0x7f800001u},
      {0x40a00000u, 0x40c00000u}, {0x40e00000u, 0x41000000u}};
  const sonnx_complex128_t w[3] = {{0x7e37e43c8800759cu, 0xc000000000000000u},
                                   {0x3fd0000000000000u, 0x3fe0000000000000u},
                                   {0xc008000000000000u, 0x7ff0000000000001u}};
  const char *flat[STRINGS_flat_ELEMENTS];
  const char *labels[STRINGS_labels_ELEMENTS];
  sonnx_complex64_t z2[STRINGS_z2_ELEMENTS];
  sonnx_complex128_t w2[STRINGS_w2_ELEMENTS];
  const char *const expected[3] = {"cat", "dog", ""};
  int32_t status = strings_run(words, z, w, flat, labels, z2, w2);
  size_t i;
  int same = 1, equal = 1;
  printf("status %d\n", (int)status);
  for (i = 0; i < 4; ++i)
    same &= flat[i] == words[i];
  printf("flat %s\n", same ? "points to the inputs" : "differs");
  for (i = 0; i < 6; ++i)
    equal &= strcmp(labels[i], expected[i % 3]) == 0;
  printf("labels %s\n", equal ? "ok" : "differ");
  printf("z2 %s\n", memcmp(z2, z, sizeof z) == 0 ? "ok" : "differs");
  printf("w2 %s\n", memcmp(w2, w, sizeof w) == 0 ? "ok" : "differs");
  return 0;
}
