// Times onnxruntime (npm onnxruntime-node, CPU, one thread) on an Expand
// model made by bench/drivers/make_onnx.py.
//
// Usage: node bench_ort.js MODEL DTYPE REPS IN_SHAPE...
// Each repetition runs the session once: the outputs are allocated by
// onnxruntime and handed to JavaScript, as an application gets them. Prints
// one JSON object: best and median GB/s (1e9 bytes of output per second).
'use strict';

const path = require('path');
const ort = require(path.join(__dirname, '..', 'node_modules',
                              'onnxruntime-node'));

function parse(shape) {
  return shape.split('x').map(Number);
}

async function main() {
  const [model, dtype, repsText, ...shapes] = process.argv.slice(2);
  const reps = Number(repsText);
  const session = await ort.InferenceSession.create(model, {
    intraOpNumThreads: 1,
    interOpNumThreads: 1,
    executionMode: 'sequential',
    graphOptimizationLevel: 'all',
  });
  const feeds = {};
  shapes.forEach((shape, i) => {
    const dims = parse(shape);
    const count = dims.reduce((a, b) => a * b, 1);
    let data;
    let type;
    if (dtype === 'f32') {
      data = new Float32Array(count).map((_, j) => (j * 7919) % 200 - 100);
      type = 'float32';
    } else if (dtype === 'f16') {
      // float16 tensors take their bits as a Uint16Array.
      data = new Uint16Array(count).map((_, j) => 0x3c00 + (j % 512));
      type = 'float16';
    } else {
      data = new Int8Array(count).map((_, j) => (j * 31) % 200 - 100);
      type = 'int8';
    }
    feeds[session.inputNames[i]] = new ort.Tensor(type, data, dims);
  });
  let outputBytes = 0;
  const first = await session.run(feeds);
  for (const name of session.outputNames)
    outputBytes += first[name].data.byteLength;
  const times = [];
  for (let r = 0; r < reps; ++r) {
    const t0 = process.hrtime.bigint();
    const out = await session.run(feeds);
    const t1 = process.hrtime.bigint();
    if (!out[session.outputNames[0]])
      throw new Error('no output');
    times.push(Number(t1 - t0) / 1e9);
  }
  times.sort((a, b) => a - b);
  const n = times.length;
  const median = n % 2 ? times[(n - 1) / 2]
                       : 0.5 * (times[n / 2 - 1] + times[n / 2]);
  const round = (x) => Math.round(x * 1000) / 1000;
  console.log(JSON.stringify({
    onnxruntime_gbps: round(outputBytes / times[0] / 1e9),
    onnxruntime_median_gbps: round(outputBytes / median / 1e9),
    onnxruntime_bytes: outputBytes,
  }));
}

main().catch((error) => {
  console.error(`error: ${error.message}`);
  process.exit(1);
});
