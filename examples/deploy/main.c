/* main.c - run the bundled example model through its ahead-of-time object.
 *
 * Part of the sonnx project.
 *
 * scripts/deploy-example.sh compiles examples/shape_ops.onnx with
 * sonnx-compile into shape_ops.o and shape_ops.h, then builds this program
 * with the system C compiler and runs it:
 *
 *   main INPUT.pb OUTPUT_0.pb OUTPUT_1.pb
 *
 * It reads the input tensor and numpy's reference outputs (the raw_data of
 * each TensorProto: a few lines of protobuf wire format, no protobuf
 * library), calls shape_ops_run and compares both outputs bit for bit.
 * The interface passes each float as the uint32_t of its IEEE-754 bits
 * (docs/deployment.md, "Element types"): the buffers are uint32_t arrays,
 * read and compared as bits; memcpy turns bits into a float to print.
 * Exit code 0: equal; 1: an output differs or the call failed; 2: bad data.
 * The model code itself (shape_ops.o) allocates nothing; this program only
 * reads files.
 */

#include "shape_ops.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Reads a base-128 varint at *p (below end); 0 on a truncated one. */
static int read_varint(const unsigned char **p, const unsigned char *end,
                       uint64_t *value) {
  uint64_t result = 0;
  int shift = 0;
  while (*p < end && shift < 64) {
    unsigned char byte = *(*p)++;
    result |= (uint64_t)(byte & 0x7f) << shift;
    if (!(byte & 0x80)) {
      *value = result;
      return 1;
    }
    shift += 7;
  }
  return 0;
}

/* Copies the raw_data (field 9) of the TensorProto in file `path`, which
 * must hold exactly `bytes` bytes, to `data`. 0 and a message on error. */
static int read_raw_data(const char *path, void *data, size_t bytes) {
  static unsigned char file[1 << 16];
  FILE *f = fopen(path, "rb");
  if (!f) {
    fprintf(stderr, "cannot open %s\n", path);
    return 0;
  }
  size_t size = fread(file, 1, sizeof file, f);
  fclose(f);
  const unsigned char *p = file, *end = file + size;
  while (p < end) {
    uint64_t key, length;
    if (!read_varint(&p, end, &key))
      break;
    switch (key & 7) {
    case 0: /* varint */
      if (!read_varint(&p, end, &length))
        goto malformed;
      break;
    case 1: /* 64-bit */
      p += 8;
      break;
    case 5: /* 32-bit */
      p += 4;
      break;
    case 2: /* length-delimited */
      if (!read_varint(&p, end, &length) || length > (uint64_t)(end - p))
        goto malformed;
      if ((key >> 3) == 9) {
        if (length != bytes) {
          fprintf(stderr, "%s: raw_data has %llu bytes, expected %llu\n", path,
                  (unsigned long long)length, (unsigned long long)bytes);
          return 0;
        }
        memcpy(data, p, bytes);
        return 1;
      }
      p += length;
      break;
    default:
      goto malformed;
    }
  }
malformed:
  fprintf(stderr, "%s: no raw_data of %llu bytes\n", path,
          (unsigned long long)bytes);
  return 0;
}

/* The float whose IEEE-754 bits are `bits`. */
static float float_of_bits(uint32_t bits) {
  float value;
  memcpy(&value, &bits, sizeof value);
  return value;
}

/* Compares `count` floats bit for bit; prints the first difference. */
static int equal_bits(const char *name, const uint32_t *got,
                      const uint32_t *expected, size_t count) {
  for (size_t i = 0; i < count; ++i)
    if (got[i] != expected[i]) {
      printf("%s: element %zu is %.9g (0x%08lx), expected %.9g (0x%08lx)\n",
             name, i, (double)float_of_bits(got[i]), (unsigned long)got[i],
             (double)float_of_bits(expected[i]), (unsigned long)expected[i]);
      return 0;
    }
  printf("%s: %zu elements equal bit for bit\n", name, count);
  return 1;
}

int main(int argc, char **argv) {
  static uint32_t tokens[SHAPE_OPS_tokens_ELEMENTS];
  static uint32_t grid[SHAPE_OPS_grid_ELEMENTS], rows[SHAPE_OPS_rows_ELEMENTS];
  static uint32_t expected_grid[SHAPE_OPS_grid_ELEMENTS];
  static uint32_t expected_rows[SHAPE_OPS_rows_ELEMENTS];
  if (argc != 4) {
    fprintf(stderr, "usage: %s INPUT.pb OUTPUT_0.pb OUTPUT_1.pb\n", argv[0]);
    return 2;
  }
  if (!read_raw_data(argv[1], tokens, sizeof tokens) ||
      !read_raw_data(argv[2], expected_grid, sizeof expected_grid) ||
      !read_raw_data(argv[3], expected_rows, sizeof expected_rows))
    return 2;

  /* NaN everywhere, so that an element the model does not write differs. */
  memset(grid, 0xff, sizeof grid);
  memset(rows, 0xff, sizeof rows);
  int32_t status = shape_ops_run(tokens, grid, rows);
  if (status != SHAPE_OPS_STATUS_OK) {
    const char *rule = shape_ops_status_rule(status);
    printf("shape_ops_run: status %d [%s]\n", (int)status,
           rule ? rule : "unknown");
    return 1;
  }
  int ok = equal_bits("grid", grid, expected_grid, SHAPE_OPS_grid_ELEMENTS);
  ok &= equal_bits("rows", rows, expected_rows, SHAPE_OPS_rows_ELEMENTS);
  return ok ? 0 : 1;
}
