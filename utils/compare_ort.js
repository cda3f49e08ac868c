// Runs two ONNX models with onnxruntime (npm onnxruntime-node, CPU, one
// thread, graph optimizations off) on the same inputs and compares every
// output byte for byte (NaN payloads included): the check that
// sonnx-convert keeps the outputs bit-identical (docs/sonnx-convert.md).
//
// Usage: node compare_ort.js ORIGINAL.onnx CONVERTED.onnx [--seed N]
//          [--dim SIZE] [--input-shape NAME=D0xD1...]... [--inputs FILE.pb...]
//
// The inputs: the TensorProto files given with --inputs (in the order of
// the graph inputs, e.g. ONNX's test data input_K.pb), else seeded random
// values for every graph input of the original model, of its declared
// element type and shape (a symbolic or unknown size: --input-shape's, else
// --dim, default 2). Prints one JSON object and exits 0 when every output
// is bit-identical, 1 when one differs (or only the converted model fails),
// 3 when the original model cannot be run by onnxruntime (the comparison
// says nothing), 2 on a usage error.
'use strict';

const fs = require('fs');
const path = require('path');

let ort;
try {
  ort = require(path.join(__dirname, 'node_modules', 'onnxruntime-node'));
} catch (error) {
  console.error('compare_ort.js: error: onnxruntime-node is not installed ' +
                '(scripts/setup.sh installs it into utils/node_modules)');
  process.exit(2);
}

function usage(message) {
  console.error(`compare_ort.js: error: ${message}`);
  process.exit(2);
}

// mulberry32: a small seeded generator, the same numbers on every machine.
function makeRandom(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6D2B79F5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ARRAYS = {
  float32: Float32Array, float64: Float64Array, int8: Int8Array,
  uint8: Uint8Array, int16: Int16Array, uint16: Uint16Array,
  int32: Int32Array, uint32: Uint32Array, int64: BigInt64Array,
  uint64: BigUint64Array, bool: Uint8Array, float16: Uint16Array,
};

// Random values of ONNX type `type`: floats in [-4, 4), integers in
// [0, 4) (valid indices and counts for most ops), booleans.
function randomTensor(type, dims, random) {
  const count = dims.reduce((a, b) => a * b, 1);
  if (type === 'string') {
    const data = [];
    for (let i = 0; i < count; ++i)
      data.push(String.fromCharCode(97 + Math.floor(random() * 26)));
    return new ort.Tensor('string', data, dims);
  }
  const Array = ARRAYS[type];
  if (!Array)
    throw new Error(`no random inputs of type ${type}`);
  const data = new Array(count);
  for (let i = 0; i < count; ++i) {
    const r = random();
    if (type === 'float32' || type === 'float64')
      data[i] = r * 8 - 4;
    else if (type === 'float16')
      // A normal half of exponent -2..1 and a random sign and mantissa.
      data[i] = ((r < 0.5 ? 0x8000 : 0) | ((13 + Math.floor(random() * 4)) << 10) |
                 Math.floor(random() * 1024));
    else if (type === 'bool')
      data[i] = r < 0.5 ? 1 : 0;
    else if (type === 'int64' || type === 'uint64')
      data[i] = BigInt(Math.floor(r * 4));
    else
      data[i] = Math.floor(r * 4);
  }
  return new ort.Tensor(type, data, dims);
}

// A minimal TensorProto reader (protobuf wire format): dims, data_type,
// raw_data and the typed fields ONNX's test data uses.
const ONNX_TYPES = {
  1: 'float32', 2: 'uint8', 3: 'int8', 4: 'uint16', 5: 'int16', 6: 'int32',
  7: 'int64', 8: 'string', 9: 'bool', 10: 'float16', 11: 'float64',
  12: 'uint32', 13: 'uint64',
};

function readTensorProto(file) {
  const buf = fs.readFileSync(file);
  let pos = 0;
  const varint = () => {
    let result = 0n;
    let shift = 0n;
    for (;;) {
      const byte = buf[pos++];
      result |= BigInt(byte & 0x7f) << shift;
      if (!(byte & 0x80))
        return result;
      shift += 7n;
    }
  };
  const dims = [];
  let dataType = 0;
  let raw = null;
  const values = [];
  const strings = [];
  while (pos < buf.length) {
    const key = Number(varint());
    const field = key >>> 3;
    const wire = key & 7;
    if (wire === 0) {
      const v = varint();
      if (field === 1) dims.push(Number(BigInt.asIntN(64, v)));
      else if (field === 2) dataType = Number(v);
      else if (field === 5 || field === 7 || field === 11) values.push(v);
    } else if (wire === 2) {
      const length = Number(varint());
      const bytes = buf.subarray(pos, pos + length);
      pos += length;
      if (field === 9) raw = bytes;
      else if (field === 6) strings.push(bytes.toString('utf8'));
      else if (field === 1 || field === 5 || field === 7 || field === 11) {
        const end = pos;
        pos -= length;
        while (pos < end) {
          const v = varint();
          if (field === 1) dims.push(Number(BigInt.asIntN(64, v)));
          else values.push(v);
        }
      } else if (field === 4) {
        for (let i = 0; i + 4 <= bytes.length; i += 4)
          values.push(bytes.readFloatLE(i));
      } else if (field === 10) {
        for (let i = 0; i + 8 <= bytes.length; i += 8)
          values.push(bytes.readDoubleLE(i));
      }
    } else if (wire === 5) {
      if (field === 4) values.push(buf.readFloatLE(pos));
      pos += 4;
    } else if (wire === 1) {
      if (field === 10) values.push(buf.readDoubleLE(pos));
      pos += 8;
    } else {
      throw new Error(`${file}: unexpected protobuf wire type ${wire}`);
    }
  }
  const type = ONNX_TYPES[dataType];
  if (!type)
    throw new Error(`${file}: ONNX data type ${dataType} is not supported`);
  if (type === 'string')
    return new ort.Tensor('string', strings, dims);
  const Array = ARRAYS[type];
  const count = dims.reduce((a, b) => a * b, 1);
  let data;
  if (raw) {
    const copy = Buffer.from(raw);
    data = new Array(copy.buffer, copy.byteOffset,
                     copy.byteLength / Array.BYTES_PER_ELEMENT);
  } else {
    data = new Array(count);
    for (let i = 0; i < count; ++i) {
      const v = values[i];
      if (type === 'int64') data[i] = BigInt.asIntN(64, BigInt(v));
      else if (type === 'uint64') data[i] = BigInt.asUintN(64, BigInt(v));
      else if (typeof v === 'bigint') data[i] = Number(BigInt.asIntN(32, v));
      else data[i] = v;
    }
  }
  return new ort.Tensor(type, data, dims);
}

function sameBytes(a, b) {
  if (a.type !== b.type || a.dims.length !== b.dims.length ||
      a.dims.some((d, i) => d !== b.dims[i]))
    return false;
  if (a.type === 'string')
    return a.data.length === b.data.length &&
           a.data.every((s, i) => s === b.data[i]);
  const x = Buffer.from(a.data.buffer, a.data.byteOffset, a.data.byteLength);
  const y = Buffer.from(b.data.buffer, b.data.byteOffset, b.data.byteLength);
  return x.equals(y);
}

async function main() {
  const args = process.argv.slice(2);
  const files = [];
  const shapes = {};
  const inputFiles = [];
  let seed = 1;
  let dim = 2;
  for (let i = 0; i < args.length; ++i) {
    const arg = args[i];
    if (arg === '--seed') seed = Number(args[++i]);
    else if (arg === '--dim') dim = Number(args[++i]);
    else if (arg === '--input-shape') {
      const [name, text] = (args[++i] || '').split('=');
      if (text === undefined) usage('--input-shape expects NAME=D0xD1...');
      shapes[name] = text === '' ? [] : text.split('x').map(Number);
    } else if (arg === '--inputs') {
      while (i + 1 < args.length && !args[i + 1].startsWith('--'))
        inputFiles.push(args[++i]);
    } else if (arg.startsWith('--')) usage(`unknown option ${arg}`);
    else files.push(arg);
  }
  if (files.length !== 2)
    usage('expects ORIGINAL.onnx CONVERTED.onnx');
  const options = {
    executionProviders: ['cpu'],
    intraOpNumThreads: 1,
    interOpNumThreads: 1,
    executionMode: 'sequential',
    graphOptimizationLevel: 'disabled',
    // Warnings (an unused initializer) are no result of the comparison.
    logSeverityLevel: 3,
  };
  const report = (status, extra) => {
    console.log(JSON.stringify({status, ...extra}));
    process.exit({identical: 0, different: 1, 'not-runnable': 3}[status]);
  };

  let original;
  let feeds = {};
  let first;
  try {
    original = await ort.InferenceSession.create(files[0], options);
    if (inputFiles.length) {
      inputFiles.forEach((file, i) => {
        feeds[original.inputNames[i]] = readTensorProto(file);
      });
    } else {
      const random = makeRandom(seed);
      for (const meta of original.inputMetadata) {
        if (!meta.isTensor)
          throw new Error(`input '${meta.name}' is no tensor`);
        const dims = shapes[meta.name] ||
            meta.shape.map((d) => (typeof d === 'number' && d >= 0 ? d : dim));
        feeds[meta.name] = randomTensor(meta.type, dims, random);
      }
    }
    first = await original.run(feeds);
  } catch (error) {
    report('not-runnable', {reason: `original: ${error.message}`});
  }
  let second;
  try {
    const converted = await ort.InferenceSession.create(files[1], options);
    second = await converted.run(feeds);
  } catch (error) {
    report('different', {reason: `converted: ${error.message}`});
  }
  let bytes = 0;
  for (const name of original.outputNames) {
    const a = first[name];
    const b = second[name];
    if (!b)
      report('different', {reason: `converted: no output '${name}'`});
    if (!sameBytes(a, b))
      report('different', {
        reason: `output '${name}' differs (${a.type} [${a.dims}] vs ` +
                `${b.type} [${b.dims}])`,
      });
    bytes += a.type === 'string' ? a.data.length : a.data.byteLength;
  }
  report('identical', {outputs: original.outputNames.length, bytes});
}

main().catch((error) => {
  console.error(`compare_ort.js: error: ${error.message}`);
  process.exit(2);
});
