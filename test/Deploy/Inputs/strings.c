/* Calls strings_run (test/Deploy/Inputs/strings.mlir): the reshaped strings
 * are the caller's own pointers, the expanded constants are C strings of
 * the object, the complex numbers keep every bit. */

#include "strings.h"

#include <stdio.h>
#include <string.h>

int main(void) {
  const char *const words[4] = {"alpha", "", "gamma delta", "\xce\xbb"};
  const sonnx_complex64_t z[6] = {{1.0f, -1.0f}, {0.5f, 2.0f}, {-0.0f, 3.0f},
                                  {4.0f, 0.0f},  {5.0f, 6.0f}, {7.0f, 8.0f}};
  const sonnx_complex128_t w[3] = {{1e300, -2.0}, {0.25, 0.5}, {-3.0, 1e-300}};
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
