#!/usr/bin/python3
"""The sonnx benchmark: run by bench/run.sh, described in docs/benchmarks.md.

Measures, in one run:
  expand   compiled sonnx.expand / sonnx.broadcast (--sonnx-to-llvm, then
           mlir-translate and clang -O3 -march=native) called on real
           buffers, into preallocated outputs and end to end, and the same
           function compiled by sonnx-compile (--mcpu native) called
           through its C header, and as C source (sonnx-compile --emit=c)
           built by clang-22 -O2 -march=native and by gcc -O2 (and, with
           --c-restrict, by gcc -O2), against
           memcpy, memset, numpy and onnxruntime on the same shapes and byte
           counts;
  views    compiled reshape, unsqueeze and flatten: time per call from 1 KiB
           to 1 GiB tensors;
  compile  sonnx-opt --sonnx-to-llvm and --canonicalize on generated chains
           of 1k, 10k and 100k ops: time per op and scaling exponent, of
           the whole run and of each pass (-mlir-timing) that takes more
           than 5% of it, and the same relative to sonnx-opt with no pass
           on the same chains (the machine's cache step).
Writes bench/results/latest.json and regenerates the results section of
docs/benchmarks.md and docs/benchmarks.png.
"""

import argparse
import datetime
import json
import math
import os
import platform
import re
import resource
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
LLVM_BIN = "/usr/lib/llvm-22/bin"
CLANG = shutil.which("clang-22") or os.path.join(LLVM_BIN, "clang")
MLIR_TRANSLATE = os.path.join(LLVM_BIN, "mlir-translate")
PYTHON = "/usr/bin/python3"
CFLAGS = ["-O3", "-march=native"]
# The C compilers of the aot-c figures, with the flags of the figure:
# (prefix of the C names, label, command, options of sonnx-compile).
# gcc --c-restrict: the C with restrict pointers (docs/deployment.md, "Speed").
GCC = shutil.which("gcc") or "gcc"
AOT_C_COMPILERS = [
    ("aotc_clang", "clang-22", [CLANG, "-O2", "-march=native"], []),
    ("aotc_gcc", "gcc", [GCC, "-O2"], []),
    ("aotc_gcc_restrict", "gcc, --c-restrict", [GCC, "-O2"],
     ["--c-restrict"]),
]
# Their JSON keys (expand_driver.c) and labels.
AOT_C_FIGURES = [("sonnx_aot_c_clang_gbps", "clang-22"),
                 ("sonnx_aot_c_gcc_gbps", "gcc"),
                 ("sonnx_aot_c_gcc_restrict_gbps", "gcc, --c-restrict")]

DTYPES = ["f32", "f16", "i8"]
ELEM_BYTES = {"f32": 4, "f16": 2, "i8": 1}
# (inputs, output shape): one input is sonnx.expand, two are sonnx.broadcast.
EXPAND_SHAPES = [
    (["1x4096"], "8192x4096"),
    (["8192x1"], "8192x4096"),
    (["64x1x256"], "64x512x256"),
]
BROADCAST_SHAPES = [
    (["1x4096", "8192x1"], "8192x4096"),
    (["64x1x256", "512x1"], "64x512x256"),
]
VIEW_BYTES = [1 << 10, 1 << 15, 1 << 20, 1 << 25, 1 << 30]
COMPILE_SIZES = [1000, 10000, 100000]


def log(message):
    print(message, file=sys.stderr, flush=True)


def run(command, **kwargs):
    """Runs a command, failing loudly with its output."""
    result = subprocess.run(command, capture_output=True, text=True, **kwargs)
    if result.returncode != 0:
        raise RuntimeError(f"command failed ({result.returncode}): "
                           f"{' '.join(command)}\n{result.stdout}"
                           f"{result.stderr}")
    return result.stdout


def dims(shape):
    return [int(d) for d in shape.split("x")]


def tensor(shape, dtype):
    return f"tensor<{shape}x{dtype}>"


# ---------------------------------------------------------------------------
# Expand and broadcast
# ---------------------------------------------------------------------------

def expand_module(inputs, out_shape, dtype, suffix="", dps=True):
    """Entry points e2e<suffix> (results allocated by the lowered code) and
    dps (results written into the caller's buffers through
    bufferization.materialize_in_destination)."""
    out = tensor(out_shape, dtype)
    ins = [tensor(s, dtype) for s in inputs]
    n = len(inputs)
    args = ", ".join(f"%x{i}: {t}" for i, t in enumerate(ins))
    results = ", ".join([out] * n)
    ys = ", ".join(f"%y{i}" for i in range(n))
    if n == 1:
        rank = len(dims(out_shape))
        body = [f"  %s = arith.constant dense<{dims(out_shape)}> : "
                f"tensor<{rank}xi64>",
                f"  %y0 = sonnx.expand %x0, %s : ({ins[0]}, tensor<{rank}xi64>)"
                f" -> {out}"]
    else:
        body = [f"  {ys} = sonnx.broadcast {', '.join(f'%x{i}' for i in range(n))}"
                f" : ({', '.join(ins)}) -> ({results})"]
    lines = [f"func.func @e2e{suffix}({args}) -> ({results}) "
             "attributes {llvm.emit_c_interface} {", *body,
             f"  return {ys} : {results}", "}"]
    if dps:
        outs = ", ".join(f"%o{i}: {out}" for i in range(n))
        lines += [f"func.func @dps({args}, {outs}) -> ({results}) "
                  "attributes {llvm.emit_c_interface} {", *body]
        for i in range(n):
            lines.append(f"  %r{i} = bufferization.materialize_in_destination "
                         f"%y{i} in %o{i} : ({out}, {out}) -> {out}")
        lines += [f"  return {', '.join(f'%r{i}' for i in range(n))} : "
                  f"{results}", "}"]
    return "\n".join(lines) + "\n"


def compile_mlir(args, text, name, pipeline):
    """sonnx-opt --sonnx-to-llvm=<pipeline> | mlir-translate | clang -c."""
    base = os.path.join(args.tmp, name)
    with open(base + ".mlir", "w") as f:
        f.write(text)
    run([args.sonnx_opt, base + ".mlir", f"--sonnx-to-llvm={pipeline}",
         "-o", base + ".llvm.mlir"])
    run([MLIR_TRANSLATE, "--mlir-to-llvmir", base + ".llvm.mlir",
         "-o", base + ".ll"])
    run([CLANG, *CFLAGS, "-Wno-override-module", "-c", base + ".ll",
         "-o", base + ".o"])
    return base + ".o"


def compile_c(args, mlir, out_dir, prefix, compiler, options):
    """sonnx-compile --emit=c, then the C compiler: the object, or None and
    the reason when sonnx-compile does not take the case (strings, complex
    numbers, int4: docs/deployment.md); any other failure is an error."""
    source = os.path.join(out_dir, prefix + ".c")
    command = [args.sonnx_compile, mlir, "--function", "e2e", "--name",
               prefix, "--emit=c", *options, "-o", source,
               "--header", os.path.join(out_dir, prefix + ".h")]
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        if result.returncode == 1 and "does not take" in result.stderr:
            return None, result.stderr.strip().splitlines()[-1]
        raise RuntimeError(f"command failed ({result.returncode}): "
                           f"{' '.join(command)}\n{result.stdout}"
                           f"{result.stderr}")
    run([*compiler, "-c", source, "-o", os.path.join(out_dir, prefix + ".o")])
    return os.path.join(out_dir, prefix + ".o"), None


def bench_expand_case(args, kind, dtype, inputs, out_shape, reps):
    name = (f"{kind} {dtype} {','.join(inputs)}->{out_shape}")
    tag = re.sub(r"[^A-Za-z0-9]+", "_", name)
    log(f"  {name}")
    fast = compile_mlir(args, expand_module(inputs, out_shape, dtype), tag,
                        " ".join(["huge-pages=true", *args.pipeline]))
    plain = compile_mlir(
        args, expand_module(inputs, out_shape, dtype, "_malloc", dps=False),
        tag + "_malloc", "")
    # The deployed form: sonnx-compile's object, called through its header
    # (prefix "aot", in a directory of its own for the driver's -I).
    aot_dir = os.path.join(args.tmp, tag + "_aot")
    os.makedirs(aot_dir, exist_ok=True)
    aot_mlir = os.path.join(aot_dir, "aot.mlir")
    with open(aot_mlir, "w") as f:
        f.write(expand_module(inputs, out_shape, dtype, dps=False))
    run([args.sonnx_compile, aot_mlir, "--function", "e2e", "--name", "aot",
         "--mcpu", "native", "-O", "3", "-o", os.path.join(aot_dir, "aot.o"),
         "--header", os.path.join(aot_dir, "aot.h")])
    # The same function as C source (--emit=c), built by each C compiler
    # of the aot-c figures, with a prefix of its own (aotc_clang_run...):
    # the driver links them all.
    objects, defines, absent = [os.path.join(aot_dir, "aot.o")], [], {}
    for prefix, label, compiler, options in AOT_C_COMPILERS:
        obj, reason = compile_c(args, aot_mlir, aot_dir, prefix, compiler,
                                options)
        if obj:
            objects.append(obj)
            defines.append(f"-DHAVE_{prefix.upper()}")
        else:
            absent[label] = reason
            log(f"    no aot-c ({label}) figure: {reason}")
    exe = os.path.join(args.tmp, tag)
    run([CLANG, *CFLAGS, "-std=gnu11", "-w", "-I", aot_dir, *defines,
         os.path.join(HERE, "drivers", "expand_driver.c"), fast, plain,
         *objects, "-o", exe])
    result = {"name": name, "op": kind, "dtype": dtype, "inputs": inputs,
              "output": out_shape, "outputs": len(inputs)}
    if absent:
        result["aot_c_absent"] = absent
    result.update(json.loads(run([exe, str(ELEM_BYTES[dtype]), str(reps),
                                  *inputs, "--", out_shape,
                                  str(len(inputs))])))
    result.update(json.loads(run(
        [PYTHON, os.path.join(HERE, "drivers", "bench_numpy.py"), dtype,
         str(args.numpy_reps), out_shape, *inputs])))
    if args.onnxruntime:
        model = exe + ".onnx"
        run([PYTHON, os.path.join(HERE, "drivers", "make_onnx.py"), model,
             dtype, out_shape, *inputs])
        ort = json.loads(run(["node", os.path.join(HERE, "drivers",
                                                   "bench_ort.js"),
                              model, dtype, str(args.ort_reps), *inputs]))
        if ort["onnxruntime_bytes"] != result["bytes"]:
            raise RuntimeError(f"{name}: onnxruntime wrote "
                               f"{ort['onnxruntime_bytes']} bytes, expected "
                               f"{result['bytes']}")
        del ort["onnxruntime_bytes"]
        result.update(ort)
    else:
        result["onnxruntime_gbps"] = None
    return result


def bench_expand(args):
    log("expand and broadcast:")
    cases = []
    for dtype in DTYPES:
        for inputs, out in EXPAND_SHAPES:
            cases.append(("expand", dtype, inputs, out))
        # A quick run keeps the f32 broadcasts (two outputs each).
        if dtype == "f32" or not args.quick:
            for inputs, out in BROADCAST_SHAPES:
                cases.append(("broadcast", dtype, inputs, out))
    if args.match:
        cases = [c for c in cases
                 if args.match in f"{c[0]} {c[1]} {','.join(c[2])}->{c[3]}"]
    return [bench_expand_case(args, *case, args.reps) for case in cases]


# ---------------------------------------------------------------------------
# Views
# ---------------------------------------------------------------------------

def view_cases():
    """(op, bytes, input shape, output shape, body) per entry point."""
    cases = []
    for nbytes in VIEW_BYTES:
        a = nbytes // 4 // 16
        # [a, 16] -> [8, 2a]: never the identity (at 1 KiB, a = 16, and
        # [16, a] would be: folded away, it measured a plain return).
        cases.append(("reshape", nbytes, [a, 16], [8, 2 * a],
                      "  %s = arith.constant dense<[8, {b}]> : tensor<2xi64>\n"
                      "  %y = sonnx.reshape %x, %s : ({X}, tensor<2xi64>) -> {Y}"))
        cases.append(("unsqueeze", nbytes, [a, 16], [1, a, 16, 1],
                      "  %s = arith.constant dense<[0, 3]> : tensor<2xi64>\n"
                      "  %y = sonnx.unsqueeze %x, %s : ({X}, tensor<2xi64>) -> {Y}"))
        cases.append(("flatten", nbytes, [a, 4, 4], [a, 16],
                      "  %y = sonnx.flatten %x {{axis = 1 : i64}} : ({X}) -> {Y}"))
    return cases


def bench_views(args):
    log("views:")
    cases = view_cases()
    funcs, entries, externs = [], [], []
    for k, (op, nbytes, in_shape, out_shape, body) in enumerate(cases):
        x = tensor("x".join(map(str, in_shape)), "f32")
        y = tensor("x".join(map(str, out_shape)), "f32")
        a = nbytes // 4 // 16
        funcs.append(f"func.func @{op}_{k}(%x: {x}) -> {y} attributes "
                     "{llvm.emit_c_interface} {\n"
                     + body.format(a=a, b=2 * a, X=x, Y=y) +
                     f"\n  return %y : {y}\n}}\n")
        externs.append(f"extern void _mlir_ciface_{op}_{k}();")
        entries.append(f'  {{"{op}", {nbytes}LL, _mlir_ciface_{op}_{k}, '
                       f"{len(in_shape)}, {{{', '.join(map(str, in_shape))}}}, "
                       f"{len(out_shape)}, {{{', '.join(map(str, out_shape))}}}}},")
    obj = compile_mlir(args, "".join(funcs), "views", "")
    table = os.path.join(args.tmp, "views_table.c")
    with open(table, "w") as f:
        f.write('#include "views.h"\n' + "\n".join(externs) +
                "\nconst ViewEntry viewEntries[] = {\n" + "\n".join(entries) +
                f"\n}};\nconst int viewEntryCount = {len(entries)};\n")
    exe = os.path.join(args.tmp, "views")
    run([CLANG, *CFLAGS, "-std=gnu11", "-w", "-I", os.path.join(HERE, "drivers"),
         os.path.join(HERE, "drivers", "views_driver.c"), table, obj,
         "-o", exe])
    raw = json.loads(run([exe, str(args.view_calls), str(args.view_runs)]))
    views = []
    for op, in_shape, out_shape in [("reshape", "[a, 16]", "[8, 2a]"),
                                    ("unsqueeze", "[a, 16]", "[1, a, 16, 1]"),
                                    ("flatten", "[a, 4, 4]", "[a, 16] (axis 1)")]:
        per = {r["bytes"]: r for r in raw if r["op"] == op}
        views.append({
            "name": f"{op} f32 {in_shape} -> {out_shape}",
            "op": op,
            "ns_1kib": per[1 << 10]["ns"],
            "ns_1gib": per[1 << 30]["ns"],
            "ns_by_bytes": {str(b): per[b]["ns"] for b in sorted(per)},
            "ns_median_by_bytes": {str(b): per[b]["ns_median"]
                                   for b in sorted(per)},
        })
        log(f"  {op}: {per[1 << 10]['ns']:.2f} ns (1 KiB), "
            f"{per[1 << 30]['ns']:.2f} ns (1 GiB)")
    return views


# ---------------------------------------------------------------------------
# Compile time
# ---------------------------------------------------------------------------

def timed(command):
    """Wall and CPU seconds (user + system) of a command, and its stderr."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    result = subprocess.run(command, capture_output=True, text=True)
    wall = time.perf_counter() - start
    if result.returncode != 0:
        raise RuntimeError(f"command failed ({result.returncode}): "
                           f"{' '.join(command)}\n{result.stderr}")
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, result.stderr


# A line of the report of -mlir-timing: wall seconds, share, then the name,
# indented further for what a pass contains (its analyses).
TIMING_LINE = re.compile(r"^\s*([0-9.]+) \(\s*[0-9.]+%\)  (\s*)(\S.*?)\s*$")


def pass_times(report):
    """The wall seconds of each top-level entry of an -mlir-timing report
    (Parser, each pass, Output, Rest), in pipeline order; a pass that runs
    more than once is 'Name #2', 'Name #3', ..."""
    times, seen = {}, {}
    for line in report.splitlines():
        match = TIMING_LINE.match(line)
        if not match or match.group(2) or match.group(3) == "Total":
            continue
        name = match.group(3)
        seen[name] = seen.get(name, 0) + 1
        if seen[name] > 1:
            name = f"{name} #{seen[name]}"
        times[name] = float(match.group(1))
    return times


def slope(t0, t1, n0, n1):
    return math.log(t1 / t0) / math.log(n1 / n0)


# A pass of a compile-time run is reported (with its exponent) when it takes
# more than this share of the run (the sum of the entries of -mlir-timing)
# at the largest size.
MAJOR_PASS_SHARE = 5.0


def major_passes(entry, n0, n1):
    """The entries of -mlir-timing (passes, Parser, Output) that take more
    than MAJOR_PASS_SHARE percent of the time at n1 ops, with their best
    wall seconds per size and their exponent from n0 to n1 ops."""
    timings = entry["pass_seconds"]
    total = sum(t.get(str(n1), 0.0) for t in timings.values())
    passes = []
    for name, seconds in timings.items():
        share = 100 * seconds.get(str(n1), 0.0) / total if total else 0.0
        if share <= MAJOR_PASS_SHARE or not seconds.get(str(n0)):
            continue
        passes.append({"name": name, "share": round(share, 1),
                       "seconds": seconds,
                       "exponent": round(slope(seconds[str(n0)],
                                               seconds[str(n1)], n0, n1), 3)})
    return passes


def best_compile(args, module, flags):
    """Best wall and CPU seconds of `sonnx-opt module flags` and the best
    wall seconds of each entry of its -mlir-timing report: at least
    compile_runs runs, and more (up to 20) while they add up to less than
    3 s (a run of 0.1 s varies by 30%)."""
    best_wall = best_cpu = math.inf
    best_passes = {}
    spent, count = 0.0, 0
    while count < args.compile_runs or (spent < 3 and count < 20):
        wall, cpu, report = timed([args.sonnx_opt, module, *flags,
                                   "-mlir-timing", "-o", os.devnull])
        best_wall, best_cpu = min(best_wall, wall), min(best_cpu, cpu)
        for name, seconds in pass_times(report).items():
            best_passes[name] = min(best_passes.get(name, math.inf), seconds)
        spent, count = spent + wall, count + 1
    return best_wall, best_cpu, best_passes


def bench_compile(args):
    log("compile time:")
    runs = []
    # The baseline of each chain: sonnx-opt with no pass (parse, verify,
    # print). Its time per op rises with the size of the module as the
    # module outgrows each cache level (docs/benchmarks.md, issue 40), which
    # no pass can change; a pass whose time grows as the baseline's is
    # linear in the work it does. relative_exponent = 1 + the slope of
    # (time / baseline time): 1.00 for a pass that costs a constant multiple
    # of reading and writing the module.
    baselines = {}
    for pipeline, flag, kinds in [
            ("sonnx-to-llvm", "--sonnx-to-llvm", args.lower_kinds),
            ("canonicalize", "--canonicalize", args.canonicalize_kinds)]:
        for kind in kinds:
            entry = {"pipeline": pipeline, "kind": kind, "seconds": {},
                     "cpu_seconds": {}, "us_per_op": {}, "pass_seconds": {}}
            for n in COMPILE_SIZES:
                module = os.path.join(args.tmp, f"chain-{kind}-{n}.mlir")
                run([PYTHON, os.path.join(HERE, "gen_chain.py"), str(n),
                     "--kind", kind, "-o", module])
                if (kind, n) not in baselines:
                    baselines[kind, n] = best_compile(args, module, [])
                best_wall, best_cpu, best_passes = best_compile(args, module,
                                                                [flag])
                entry["seconds"][str(n)] = round(best_wall, 4)
                entry["cpu_seconds"][str(n)] = round(best_cpu, 4)
                entry["us_per_op"][str(n)] = round(best_cpu / n * 1e6, 3)
                for name, seconds in best_passes.items():
                    entry["pass_seconds"].setdefault(name, {})[str(n)] = \
                        round(seconds, 4)
            n0, n1 = COMPILE_SIZES[-2], COMPILE_SIZES[-1]
            entry["exponent"] = round(slope(entry["cpu_seconds"][str(n0)],
                                            entry["cpu_seconds"][str(n1)],
                                            n0, n1), 3)
            entry["wall_exponent"] = round(slope(entry["seconds"][str(n0)],
                                                 entry["seconds"][str(n1)],
                                                 n0, n1), 3)
            entry["passes"] = major_passes(entry, n0, n1)
            # The baseline's time is the sum of its -mlir-timing entries
            # (parse, verify, print), without the process's start-up, which
            # is a large part of a short run.
            base = {str(n): sum(baselines[kind, n][2].values())
                    for n in COMPILE_SIZES}
            entry["baseline_seconds"] = {k: round(v, 4)
                                         for k, v in base.items()}
            entry["baseline_exponent"] = round(
                slope(base[str(n0)], base[str(n1)], n0, n1), 3)
            entry["relative_exponent"] = round(
                1 + entry["exponent"] - entry["baseline_exponent"], 3)
            for p in entry["passes"]:
                p["relative_exponent"] = round(
                    1 + p["exponent"] - entry["baseline_exponent"], 3)
            log(f"  {pipeline} {kind}: " + ", ".join(
                f"{n}: {entry['cpu_seconds'][str(n)]:.3f} s"
                for n in COMPILE_SIZES) + f"; exponent {entry['exponent']}"
                f" (no pass: {entry['baseline_exponent']}; relative "
                f"{entry['relative_exponent']})")
            for p in entry["passes"]:
                log(f"    {p['name']}: {p['share']:.1f}% at {n1}, " +
                    ", ".join(f"{n}: {p['seconds'][str(n)]:.3f} s"
                              for n in COMPILE_SIZES) +
                    f"; exponent {p['exponent']} (relative "
                    f"{p['relative_exponent']})")
            runs.append(entry)
    worst = max(runs, key=lambda e: e["exponent"])
    return {
        "exponent": worst["exponent"],
        "exponent_of": f"{worst['pipeline']} {worst['kind']}",
        "sizes": COMPILE_SIZES,
        # The seconds of the slowest-scaling run, per size.
        "seconds": worst["cpu_seconds"],
        "runs": runs,
    }


# ---------------------------------------------------------------------------
# Report
# ---------------------------------------------------------------------------

def machine_info():
    cpu = ""
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    thp = ""
    try:
        with open("/sys/kernel/mm/transparent_hugepage/enabled") as f:
            thp = f.read().strip()
    except OSError:
        pass
    return {"cpu": cpu, "cores": os.cpu_count(), "kernel": platform.release(),
            "transparent_hugepage": thp,
            "clang": run([CLANG, "--version"]).splitlines()[0]}


def ratio(value, reference):
    return "n/a" if value is None else f"{value / reference:.2f}"


def fmt(value, digits=1):
    return "n/a" if value is None else f"{value:.{digits}f}"


def check_targets(results):
    """The targets of issue 6, per case: (description, ok)."""
    checks = []
    for case in results.get("expand", []):
        pre, e2e = case["sonnx_prealloc_gbps"], case["sonnx_e2e_gbps"]
        checks.append((f"{case['name']}: prealloc >= 0.5 x memset",
                       pre >= 0.5 * case["memset_gbps"]))
        # The same code through sonnx-compile (issue 13): equal within
        # noise.
        if "sonnx_aot_gbps" in case:
            checks.append((f"{case['name']}: aot within 10% of prealloc",
                           abs(case["sonnx_aot_gbps"] - pre) <= 0.1 * pre))
        # Its C source (issue 14), built by each C compiler: at least what
        # the preallocated call must reach. Absent where sonnx-compile
        # --emit=c does not take the case.
        for key, label in AOT_C_FIGURES:
            if key in case:
                checks.append((f"{case['name']}: aot-c ({label}) >= 0.5 x "
                               "memset",
                               case[key] >= 0.5 * case["memset_gbps"]))
        checks.append((f"{case['name']}: e2e >= numpy",
                       e2e >= case["numpy_gbps"]))
        if case.get("onnxruntime_gbps"):
            checks.append((f"{case['name']}: e2e >= 4 x onnxruntime",
                           e2e >= 4 * case["onnxruntime_gbps"]))
    if "compile" in results:
        checks.append(("compile exponent <= 1.1",
                       results["compile"]["exponent"] <= 1.1))
        for e in results["compile"]["runs"]:
            for p in e.get("passes", []):
                checks.append((f"compile {e['pipeline']} {e['kind']}: "
                               f"{p['name']} exponent <= 1.15",
                               p["exponent"] <= 1.15))
    return checks


def write_plot(results, path):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    panels = [p for p in ("expand", "views", "compile") if p in results]
    fig, axes = plt.subplots(len(panels), 1,
                             figsize=(12, 4.2 * len(panels)), squeeze=False)
    axes = [a[0] for a in axes]
    for ax, panel in zip(axes, panels):
        if panel == "expand":
            cases = results["expand"]
            series = [("sonnx_prealloc_gbps", "sonnx, preallocated"),
                      ("sonnx_e2e_gbps", "sonnx, end to end"),
                      ("numpy_gbps", "numpy"),
                      ("onnxruntime_gbps", "onnxruntime"),
                      ("memcpy_gbps", "memcpy"),
                      ("memset_gbps", "memset")]
            width = 0.8 / len(series)
            for s, (key, label) in enumerate(series):
                xs = [i + (s - len(series) / 2 + 0.5) * width
                      for i in range(len(cases))]
                ax.bar(xs, [c.get(key) or 0 for c in cases], width,
                       label=label)
            ax.set_xticks(range(len(cases)))
            ax.set_xticklabels([c["name"].replace(" ", "\n", 2)
                                for c in cases], fontsize=6)
            ax.set_ylabel("GB/s of output written")
            ax.set_title("expand and broadcast (single core, best of the run)")
            ax.legend(fontsize=7, ncol=3)
        elif panel == "views":
            for view in results["views"]:
                sizes = sorted(int(b) for b in view["ns_by_bytes"])
                ax.plot(sizes, [view["ns_by_bytes"][str(b)] for b in sizes],
                        marker="o", label=view["op"])
            ax.set_xscale("log", base=2)
            ax.set_ylim(bottom=0)
            ax.set_xlabel("tensor bytes")
            ax.set_ylabel("ns per call")
            ax.set_title("reshape, unsqueeze, flatten: time per call")
            ax.legend(fontsize=7)
        else:
            for entry in results["compile"]["runs"]:
                sizes = results["compile"]["sizes"]
                ax.plot(sizes, [entry["cpu_seconds"][str(n)] for n in sizes],
                        marker="o",
                        label=f"{entry['pipeline']} {entry['kind']} "
                              f"(exponent {entry['exponent']})")
            ax.set_xscale("log")
            ax.set_yscale("log")
            ax.set_xlabel("ops in the module")
            ax.set_ylabel("CPU seconds")
            ax.set_title("sonnx-opt compile time")
            ax.legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(path, dpi=90)


def results_markdown(results, command):
    info = results["machine"]
    lines = [
        f"Generated by `{command}` on {results['date']} "
        f"({'quick' if results['quick'] else 'full'} run, "
        f"{results['elapsed_seconds']:.0f} s).",
        "",
        f"Machine: {info['cpu']}, {info['cores']} cores shared with other "
        f"jobs; load average {results['load_before']} before, "
        f"{results['load_after']} after; transparent huge pages "
        f"`{info['transparent_hugepage']}`; {info['clang']}.",
        "",
    ]
    if "expand" in results:
        lines += [
            "### Expand and broadcast",
            "",
            "GB/s of output written (1e9 bytes/s), best of the run; every "
            "compiled output checked bit for bit against a reference.",
            "",
            "| case | sonnx prealloc | sonnx aot | sonnx aot-c (clang-22) "
            "| sonnx aot-c (gcc) | sonnx aot-c (gcc, --c-restrict) "
            "| sonnx e2e "
            "| sonnx e2e (malloc) | memcpy "
            "| memset | memset 0 | fresh pages | numpy | onnxruntime "
            "| prealloc / memset | aot / prealloc | aot-c (clang-22) / memset "
            "| aot-c (gcc) / memset | aot-c (gcc, --c-restrict) / memset "
            "| e2e / numpy | e2e / onnxruntime |",
            "|---" * 21 + "|",
        ]
        absent = []
        for c in results["expand"]:
            ort = c.get("onnxruntime_gbps")
            memset = c["memset_gbps"]
            for label, reason in c.get("aot_c_absent", {}).items():
                absent.append(f"- {c['name']}: no aot-c ({label}) figure: "
                              f"{reason}")
            lines.append(
                f"| {c['name']} | {fmt(c['sonnx_prealloc_gbps'])} "
                f"| {fmt(c.get('sonnx_aot_gbps'))} "
                f"| {fmt(c.get('sonnx_aot_c_clang_gbps'))} "
                f"| {fmt(c.get('sonnx_aot_c_gcc_gbps'))} "
                f"| {fmt(c.get('sonnx_aot_c_gcc_restrict_gbps'))} "
                f"| {fmt(c['sonnx_e2e_gbps'])} "
                f"| {fmt(c['sonnx_e2e_malloc_gbps'])} "
                f"| {fmt(c['memcpy_gbps'])} | {fmt(c['memset_gbps'])} "
                f"| {fmt(c['memset_zero_gbps'])} "
                f"| {fmt(c['fresh_pages_gbps'])} "
                f"| {fmt(c['numpy_gbps'])} | {fmt(ort)} "
                f"| {c['sonnx_prealloc_gbps'] / c['memset_gbps']:.2f} "
                f"| {c.get('sonnx_aot_gbps', 0) / c['sonnx_prealloc_gbps']:.2f} "
                f"| {ratio(c.get('sonnx_aot_c_clang_gbps'), memset)} "
                f"| {ratio(c.get('sonnx_aot_c_gcc_gbps'), memset)} "
                f"| {ratio(c.get('sonnx_aot_c_gcc_restrict_gbps'), memset)} "
                f"| {c['sonnx_e2e_gbps'] / c['numpy_gbps']:.2f} "
                f"| {fmt(c['sonnx_e2e_gbps'] / ort if ort else None, 1)} |")
        lines.append("")
        if absent:
            lines += absent + [""]
    if "views" in results:
        sizes = [str(b) for b in VIEW_BYTES]
        names = {str(1 << 10): "1 KiB", str(1 << 15): "32 KiB",
                 str(1 << 20): "1 MiB", str(1 << 25): "32 MiB",
                 str(1 << 30): "1 GiB"}
        lines += ["### Views", "",
                  "Nanoseconds per call (through the C interface), best of "
                  "the loops.", "",
                  "| op | " + " | ".join(names[s] for s in sizes) + " |",
                  "|---|" + "---|" * len(sizes)]
        for v in results["views"]:
            lines.append(f"| {v['name']} | " + " | ".join(
                f"{v['ns_by_bytes'][s]:.2f}" for s in sizes) + " |")
        lines.append("")
    if "compile" in results:
        sizes = results["compile"]["sizes"]
        lines += ["### Compile time", "",
                  "CPU seconds of `sonnx-opt` (parse, passes, verification, "
                  "print), best of the runs; microseconds per op; exponent = "
                  "log-log slope from 10k to 100k ops (CPU time; wall time in "
                  "the JSON); no pass: the exponent of `sonnx-opt` with no "
                  "pass on the same chain (parse, verify, print), which "
                  "measures the machine's cache step; relative: 1 + the "
                  "exponent minus the no-pass one (1.00 for a constant "
                  "multiple of reading and writing the module).", "",
                  "| pipeline | chain | " + " | ".join(
                      f"{n:,} ops (s)" for n in sizes) + " | " + " | ".join(
                      f"us/op at {n:,}" for n in sizes) +
                  " | exponent | no pass | relative |",
                  "|---|---|" + "---|" * (2 * len(sizes) + 3)]
        for e in results["compile"]["runs"]:
            lines.append(
                f"| {e['pipeline']} | {e['kind']} | " +
                " | ".join(f"{e['cpu_seconds'][str(n)]:.3f}" for n in sizes) +
                " | " + " | ".join(f"{e['us_per_op'][str(n)]:.1f}"
                                   for n in sizes) +
                f" | {e['exponent']:.2f} | "
                f"{e.get('baseline_exponent', float('nan')):.2f} | "
                f"{e.get('relative_exponent', float('nan')):.2f} |")
        lines += ["", f"Worst exponent: **{results['compile']['exponent']}** "
                  f"({results['compile']['exponent_of']}).", ""]
        lines += ["Per pass (`-mlir-timing`, wall seconds, best of the runs): "
                  f"the entries above {MAJOR_PASS_SHARE:g}% of the time at "
                  f"{sizes[-1]:,} ops, with their exponent from "
                  f"{sizes[-2]:,} to {sizes[-1]:,} ops.", "",
                  "| pipeline | chain | pass | share at "
                  f"{sizes[-1]:,} | " + " | ".join(
                      f"{n:,} ops (s)" for n in sizes) +
                  " | exponent | relative |",
                  "|---|---|---|---|" + "---|" * (len(sizes) + 2)]
        for e in results["compile"]["runs"]:
            for p in e.get("passes", []):
                lines.append(
                    f"| {e['pipeline']} | {e['kind']} | {p['name']} | "
                    f"{p['share']:.1f}% | " + " | ".join(
                        f"{p['seconds'].get(str(n), 0.0):.3f}"
                        for n in sizes) + f" | {p['exponent']:.2f} | "
                    f"{p.get('relative_exponent', float('nan')):.2f} |")
        lines.append("")
    checks = check_targets(results)
    if checks:
        failed = [name for name, ok in checks if not ok]
        lines += ["### Targets", "",
                  f"{len(checks) - len(failed)} of {len(checks)} target checks "
                  "met in this run." + (" Not met:" if failed else ""), ""]
        lines += [f"- {name}" for name in failed]
        lines.append("")
    lines += ["![benchmark plot](benchmarks.png)", ""]
    return "\n".join(lines)


def update_docs(results, command):
    doc = os.path.join(ROOT, "docs", "benchmarks.md")
    begin, end = "<!-- BEGIN RESULTS (bench/run.sh) -->", \
        "<!-- END RESULTS (bench/run.sh) -->"
    with open(doc) as f:
        text = f.read()
    if begin not in text or end not in text:
        raise RuntimeError(f"{doc} lacks the results markers")
    head, rest = text.split(begin, 1)
    _, tail = rest.split(end, 1)
    with open(doc, "w") as f:
        f.write(head + begin + "\n" + results_markdown(results, command) +
                end + tail)
    write_plot(results, os.path.join(ROOT, "docs", "benchmarks.png"))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--only", default="expand,views,compile,gqa")
    parser.add_argument("--no-onnxruntime", dest="onnxruntime",
                        action="store_false")
    parser.add_argument("--output",
                        default=None,
                        help="the JSON (default bench/results/latest.json; "
                             "with --only gqa alone, latest-gqa.json, so "
                             "that it does not replace a full run's)")
    parser.add_argument("--no-docs", dest="docs", action="store_false")
    parser.add_argument("--command", default="bench/run.sh")
    parser.add_argument("--pipeline", action="append", default=[],
                        help="an extra --sonnx-to-llvm option of the compiled "
                             "expand cases (repeatable), e.g. "
                             "nontemporal-threshold=-1")
    parser.add_argument("--match", default="",
                        help="only the expand cases whose name contains this")
    args = parser.parse_args()

    args.sonnx_opt = os.path.join(args.build, "bin", "sonnx-opt")
    args.sonnx_compile = os.path.join(args.build, "bin", "sonnx-compile")
    for tool in (args.sonnx_opt, args.sonnx_compile):
        if not os.access(tool, os.X_OK):
            sys.exit(f"error: {tool} is not an executable (build it first, "
                     "or pass --build DIR)")
    args.tmp = os.path.join(HERE, "results", "tmp", "run")
    os.makedirs(args.tmp, exist_ok=True)
    if args.quick:
        args.reps, args.numpy_reps, args.ort_reps = 5, 3, 2
        args.view_calls, args.view_runs = 200000, 5
        args.compile_runs = 3
        args.lower_kinds = ["dynamic"]
        args.canonicalize_kinds = ["static", "dynamic"]
    else:
        args.reps, args.numpy_reps, args.ort_reps = 21, 11, 7
        args.view_calls, args.view_runs = 2000000, 9
        args.compile_runs = 3
        args.lower_kinds = ["dynamic", "lowering"]
        args.canonicalize_kinds = ["static", "dynamic", "refine", "expand",
                                   "broadcast"]
    only = set(args.only.split(","))
    if args.output is None:
        name = "latest-gqa.json" if only == {"gqa"} else "latest.json"
        args.output = os.path.join(HERE, "results", name)

    start = time.time()
    results = {"date": datetime.datetime.now().isoformat(timespec="seconds"),
               "quick": args.quick, "machine": machine_info(),
               "load_before": round(os.getloadavg()[0], 2)}
    if "expand" in only:
        results["expand"] = bench_expand(args)
    if "views" in only:
        results["views"] = bench_views(args)
    if "compile" in only:
        results["compile"] = bench_compile(args)
    if "gqa" in only:
        import gqa
        args.clang, args.mlir_translate = CLANG, MLIR_TRANSLATE
        results["gqa"] = gqa.bench(args, log)
    results["load_after"] = round(os.getloadavg()[0], 2)
    results["elapsed_seconds"] = round(time.time() - start, 1)
    results["targets"] = [{"target": name, "met": ok}
                          for name, ok in check_targets(results)]
    if "gqa" in results:
        import gqa
        results["targets"] += [{"target": text, "met": met}
                               for text, met in
                               gqa.check_targets(results["gqa"])
                               if met is not None]
    os.makedirs(os.path.dirname(args.output), exist_ok=True)
    with open(args.output, "w") as f:
        json.dump(results, f, indent=1)
        f.write("\n")
    log(f"wrote {args.output}")
    if args.docs and "expand" in results:
        update_docs(results, args.command)
        log("updated docs/benchmarks.md and docs/benchmarks.png")
    if args.docs and "gqa" in results:
        import gqa
        gqa.update_docs(results, args.command)
        log("updated the gqa section of docs/benchmarks.md")
    failed = [t["target"] for t in results["targets"] if not t["met"]]
    log(f"{len(results['targets']) - len(failed)} of {len(results['targets'])} "
        "target checks met" + ("; not met: " + "; ".join(failed) if failed
                              else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
