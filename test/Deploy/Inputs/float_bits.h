/* float_bits.h - the drivers of test/Deploy: the C interface passes each
 * float as the uint32_t of its IEEE-754 bits (docs/deployment.md, "Element
 * types"); memcpy turns one into the other without a cast between types. */
#ifndef SONNX_TEST_DEPLOY_FLOAT_BITS_H
#define SONNX_TEST_DEPLOY_FLOAT_BITS_H

#include <stdint.h>
#include <string.h>

static inline uint32_t bits_of(float value) {
  uint32_t bits;
  memcpy(&bits, &value, sizeof bits);
  return bits;
}

static inline float float_of(uint32_t bits) {
  float value;
  memcpy(&value, &bits, sizeof value);
  return value;
}

#endif
