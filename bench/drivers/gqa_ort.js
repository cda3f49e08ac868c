// Times onnxruntime-node (CPU) on a model of make_gqa_onnx.py (bench/gqa.py).
//
// Usage: node gqa_ort.js MODEL THREADS REPS OUT.bin NAME=SHAPE=FILE...
// THREADS 0 is onnxruntime's default. Inputs are f32 files. Prints one JSON
// line: the median in ns and the peak resident set of the process (KiB,
// VmHWM);
// writes the output of the last run to OUT.bin.
'use strict';

const fs = require('fs');
const path = require('path');
const ort = require(path.join(__dirname, '..', 'node_modules',
                              'onnxruntime-node'));

async function main() {
  const [model, threadsText, repsText, out, ...specs] = process.argv.slice(2);
  const threads = Number(threadsText);
  const options = {graphOptimizationLevel: 'all'};
  if (threads > 0) {
    options.intraOpNumThreads = threads;
    options.interOpNumThreads = 1;
    options.executionMode = 'sequential';
  }
  const session = await ort.InferenceSession.create(model, options);
  const feeds = {};
  for (const spec of specs) {
    const [name, shape, file] = spec.split('=');
    const buffer = fs.readFileSync(file);
    const data = new Float32Array(buffer.buffer, buffer.byteOffset,
                                  buffer.byteLength / 4);
    feeds[name] = new ort.Tensor('float32', data, shape.split('x').map(Number));
  }
  let result = await session.run(feeds);
  const times = [];
  for (let r = 0; r < Number(repsText); ++r) {
    const t0 = process.hrtime.bigint();
    result = await session.run(feeds);
    times.push(Number(process.hrtime.bigint() - t0));
  }
  times.sort((a, b) => a - b);
  const y = result[session.outputNames[0]].data;
  fs.writeFileSync(out, Buffer.from(y.buffer, y.byteOffset, y.byteLength));
  console.log(JSON.stringify({
    median_ns: times[Math.floor(times.length / 2)],
    // VmHWM: getrusage's maxRSS keeps the parent's peak across fork and
    // exec (the Python process that holds the inputs).
    peak_rss_kib: Number(/VmHWM:\s*(\d+)/.exec(
        fs.readFileSync('/proc/self/status', 'utf8'))[1]),
  }));
}

main().catch((error) => {
  console.error(`error: ${error.message}`);
  process.exit(1);
});
