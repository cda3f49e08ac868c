"""Times numpy's broadcast copy: np.broadcast_to(x, shape).copy().

Usage: bench_numpy.py DTYPE REPS OUT_SHAPE IN_SHAPE...
With several inputs (a sonnx.broadcast case), each input is broadcast to
OUT_SHAPE and copied, as many outputs as inputs, all alive at once as the
results of sonnx.broadcast (and of np.broadcast_arrays) are. Each
repetition allocates the outputs, writes them and frees them (numpy
allocates large arrays with transparent huge pages). Prints one JSON object: best and median GB/s
(1e9 bytes of output per second). Run with Debian's /usr/bin/python3.
"""

import json
import sys
import time

import numpy as np


def parse(shape):
    return tuple(int(s) for s in shape.split("x"))


def main():
    dtype = {"f32": np.float32, "f16": np.float16, "i8": np.int8}[sys.argv[1]]
    reps = int(sys.argv[2])
    out_shape = parse(sys.argv[3])
    rng = np.random.default_rng(0)
    inputs = [rng.integers(-100, 100, size=parse(s)).astype(dtype)
              for s in sys.argv[4:]]
    nbytes = sum(np.prod(out_shape) * np.dtype(dtype).itemsize
                 for _ in inputs)
    # Warm-up and check against an independent computation.
    for x in inputs:
        y = np.broadcast_to(x, out_shape).copy()
        assert y.shape == out_shape
        assert np.array_equal(y, np.broadcast_to(x, out_shape))
        del y
    times = []
    for _ in range(reps):
        t0 = time.perf_counter()
        ys = [np.broadcast_to(x, out_shape).copy() for x in inputs]
        del ys
        times.append(time.perf_counter() - t0)
    times.sort()
    best = times[0]
    median = times[len(times) // 2] if len(times) % 2 else \
        0.5 * (times[len(times) // 2 - 1] + times[len(times) // 2])
    print(json.dumps({"numpy_gbps": round(nbytes / best / 1e9, 3),
                      "numpy_median_gbps": round(nbytes / median / 1e9, 3),
                      "numpy_version": np.__version__}))


if __name__ == "__main__":
    main()
