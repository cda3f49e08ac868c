"""The gqa benchmark (issue 37; bench/run.sh --only gqa, docs/benchmarks.md):
grouped-query attention with repeat_kv, H = 32 heads, HKV = 8, D = 128, f32,
attention scores (Q x K^T) and full attention (scores, softmax, x V), at
decode (SQ = 1, S = 2048 and 8192) and prefill (SQ = 128, S = 512).

Variants: sonnx with the repeat fused (the default --sonnx-to-llvm), the same
in its deployment form (--sonnx-to-llvm=static-memory: the module as an
entry function, every temporary a static global, called with plain pointers
into the caller's buffer), sonnx with the repeat materialized
(fuse-elementwise=false), onnxruntime-node on the ONNX
graph with Expand and on the 5-D broadcast rewrite (one thread and its
default), numpy (np.repeat copy, and the 5-D broadcast matmul, no copy).
Each is timed in its own process (median of REPS calls) with its peak RSS;
each output is compared with the reference order (numpy, elementwise:
acc = 0; acc = acc + q * k for c = 0, 1, ...; softmax as the decomposition of
linalg.softmax with numpy's exp): bit-identical, or the largest ULP distance.
"""

import json
import os
import statistics
import subprocess
import sys
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "utils"))
import gqa_module  # noqa: E402

H, HKV, D = 32, 8, 128
CASES = [("decode", 1, 2048), ("decode", 1, 8192), ("prefill", 128, 512)]


def run(command):
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(f"command failed: {' '.join(command)}\n"
                           f"{result.stdout}{result.stderr}")
    return result.stdout


def repeated(x):
    return np.repeat(x, H // HKV, axis=1)


def reference(kind, q, k, v):
    """The reference order, elementwise in float32 (no FMA, no reordering)."""
    kr = repeated(k)
    acc = np.zeros((1, H, q.shape[2], k.shape[2]), np.float32)
    for c in range(D):
        acc = acc + q[:, :, :, c:c + 1] * kr[:, :, None, :, c]
    if kind == "scores":
        return acc
    m = acc[..., 0:1].copy()
    for j in range(1, acc.shape[3]):
        m = np.fmax(acc[..., j:j + 1], m)
    e = np.exp(acc - m)
    total = np.zeros_like(m)
    for j in range(acc.shape[3]):
        total = e[..., j:j + 1] + total
    p = e / total
    vr = repeated(v)
    out = np.zeros((1, H, q.shape[2], D), np.float32)
    for j in range(acc.shape[3]):
        out = out + p[..., j:j + 1] * vr[:, :, None, j, :]
    return out


def ulps(a, b):
    """The largest distance in units in the last place (0: bit-identical).
    Across zero it counts every float in between: a tiny value of the other
    sign is far (see max_abs)."""
    ia = a.view(np.int32).astype(np.int64)
    ib = b.view(np.int32).astype(np.int64)
    ia = np.where(ia < 0, -(ia & 0x7fffffff), ia)
    ib = np.where(ib < 0, -(ib & 0x7fffffff), ib)
    return int(np.max(np.abs(ia - ib)))


def numpy_variant(kind, q, k, v, copy, reps):
    """numpy in this process: median time (the peak RSS is the process's)."""
    rep = H // HKV
    sq, s = q.shape[2], k.shape[2]

    def once():
        if copy:
            scores = q @ np.repeat(k, rep, axis=1).transpose(0, 1, 3, 2)
        else:
            scores = (q.reshape(1, HKV, rep, sq, D) @
                      k[:, :, None].transpose(0, 1, 2, 4, 3)).reshape(
                          1, H, sq, s)
        if kind == "scores":
            return scores
        e = np.exp(scores - scores.max(axis=-1, keepdims=True))
        p = e / e.sum(axis=-1, keepdims=True)
        if copy:
            return p @ np.repeat(v, rep, axis=1)
        return (p.reshape(1, HKV, rep, sq, s) @ v[:, :, None]).reshape(
            1, H, sq, D)

    y = once()
    times = []
    for _ in range(reps):
        t0 = time.perf_counter_ns()
        y = once()
        times.append(time.perf_counter_ns() - t0)
    return statistics.median(times), y


def bench(args, log):
    tmp = os.path.join(args.tmp, "gqa")
    os.makedirs(tmp, exist_ok=True)
    rng = np.random.default_rng(37)
    results = []
    clang, translate = args.clang, args.mlir_translate
    for kind in ("scores", "attention"):
        for phase, sq, s in CASES:
            name = f"{kind} {phase} SQ={sq} S={s}"
            log(f"gqa: {name}")
            base = os.path.join(tmp, f"{kind}_{sq}_{s}")
            q = rng.uniform(-1, 1, (1, H, sq, D)).astype(np.float32)
            k = rng.uniform(-1, 1, (1, HKV, s, D)).astype(np.float32)
            v = rng.uniform(-1, 1, (1, HKV, s, D)).astype(np.float32)
            for n, x in (("q", q), ("k", k), ("v", v)):
                x.tofile(f"{base}.{n}.bin")
            ref = reference(kind, q, k, v)
            kv_bytes = k.nbytes * (2 if kind == "attention" else 1)
            case = {"case": name, "kind": kind, "sq": sq, "s": s,
                    "kv_bytes": kv_bytes,
                    "inputs_outputs_bytes": q.nbytes + kv_bytes + ref.nbytes}
            reps = args.reps if s < 8192 else max(5, args.reps // 2)
            outputs = {}
            # buffer-deallocation: each call frees its temporaries (the
            # repeated K and V when materialized) instead of leaving them.
            # huge-pages: those temporaries (8 MiB each for the scores and
            # probabilities at prefill) are allocated and freed by every
            # call; with 4 KiB pages each call faults them in again, 2048
            # page faults per buffer (onnxruntime keeps an arena).
            # static-memory: the deployment form (docs/deployment.md), the
            # same module as an entry function: every temporary a static
            # global (no heap, no page faults after the first call), the
            # result written into the caller's buffer (no returned copy).
            common = "buffer-deallocation=true huge-pages=true"
            for variant, options in (("sonnx_fused", common),
                                     ("sonnx_fused_static",
                                      "static-memory=true"),
                                     ("sonnx_materialized",
                                      "fuse-elementwise=false " + common)):
                static = variant == "sonnx_fused_static"
                text = gqa_module.module(kind, "onnx", "f32", H, HKV, sq, s,
                                         D, name=f"gqa_{kind}",
                                         static_memory=static)
                src = f"{base}.{variant}.mlir"
                with open(src, "w") as f:
                    f.write(text)
                run([args.sonnx_opt, src, f"--sonnx-to-llvm={options}",
                     "-o", src + ".llvm"])
                run([translate, "--mlir-to-llvmir", src + ".llvm", "-o",
                     src + ".ll"])
                run([clang, "-O3", "-march=native", "-Wno-override-module",
                     "-c", src + ".ll", "-o", src + ".o"])
                exe = f"{base}.{variant}.exe"
                run([clang, "-O2",
                     f"-DATTN={1 if kind == 'attention' else 0}",
                     f"-DSTATIC={1 if static else 0}",
                     os.path.join(HERE, "drivers", "gqa_driver.c"),
                     src + ".o", "-lm", "-o", exe])
                out = f"{base}.{variant}.out"
                stats = json.loads(run([exe, f"{base}.q.bin", f"{base}.k.bin",
                                        f"{base}.v.bin", out, str(reps),
                                        str(H), str(HKV), str(sq), str(s),
                                        str(D),
                                        "1" if kind == "attention" else "0"]))
                y = np.fromfile(out, np.float32).reshape(ref.shape)
                case[variant] = {**stats, "ulps": ulps(y, ref),
                                 "max_abs": float(np.max(np.abs(y - ref)))}
                outputs[variant] = y
            for variant in ("sonnx_fused", "sonnx_fused_static"):
                case[f"{variant}_equals_materialized"] = bool(np.array_equal(
                    outputs[variant].view(np.int32),
                    outputs["sonnx_materialized"].view(np.int32)))
            if args.onnxruntime:
                for form in ("expand", "broadcast"):
                    model = f"{base}.{form}.onnx"
                    run(["/usr/bin/python3",
                         os.path.join(HERE, "drivers", "make_gqa_onnx.py"),
                         model, kind, form, str(H), str(HKV), str(sq), str(s),
                         str(D)])
                    for threads in (1, 0):
                        variant = (f"ort_{form}_"
                                   f"{'1thread' if threads else 'default'}")
                        out = f"{base}.{variant}.out"
                        feeds = [f"q={1}x{H}x{sq}x{D}={base}.q.bin",
                                 f"k=1x{HKV}x{s}x{D}={base}.k.bin"]
                        if kind == "attention":
                            feeds.append(f"v=1x{HKV}x{s}x{D}={base}.v.bin")
                        stats = json.loads(run(
                            ["node", os.path.join(HERE, "drivers",
                                                  "gqa_ort.js"),
                             model, str(threads), str(reps), out, *feeds]))
                        y = np.fromfile(out, np.float32).reshape(ref.shape)
                        case[variant] = {**stats, "ulps": ulps(y, ref),
                                 "max_abs": float(np.max(np.abs(y - ref)))}
            for variant, copy in (("numpy_copy", True),
                                  ("numpy_broadcast", False)):
                median, y = numpy_variant(kind, q, k, v, copy, reps)
                y = y.astype(np.float32)
                case[variant] = {"median_ns": median, "ulps": ulps(y, ref),
                                 "max_abs": float(np.max(np.abs(y - ref)))}
            for key, value in case.items():
                if isinstance(value, dict):
                    value["kv_gbps"] = round(kv_bytes / value["median_ns"], 2)
            results.append(case)
    return results


def check_targets(results):
    """The issue's targets: (text, met), met None for a figure to read."""
    lines = []
    for c in results:
        for variant in ("sonnx_fused", "sonnx_fused_static"):
            fused = c.get(variant)
            if not fused:
                continue
            label = variant.replace("_", " ")
            lines.append((f"{c['case']}: {label} bit-identical to sonnx "
                          "materialized", c[f"{variant}_equals_materialized"]))
            ort = c.get("ort_broadcast_1thread")
            if ort:
                ratio = fused["median_ns"] / ort["median_ns"]
                limit = 1.0 if c["sq"] == 1 else 2.0
                lines.append((f"{c['case']}: {label} / onnxruntime broadcast "
                              f"(1 thread) = {ratio:.2f}, target <= "
                              f"{limit:g}", ratio <= limit))
            peak = fused.get("peak_rss_kib", 0) * 1024
            lines.append((f"{c['case']}: {label} peak RSS "
                          f"{peak / 2**20:.1f} MiB; inputs + output "
                          f"{c['inputs_outputs_bytes'] / 2**20:.1f} MiB",
                          None))
    return lines


def markdown(results):
    """Each cell: median, GB/s of K and V, peak RSS, distance to the
    reference order."""
    cols = ["sonnx_fused", "sonnx_fused_static", "sonnx_materialized",
            "ort_expand_1thread",
            "ort_broadcast_1thread", "ort_expand_default",
            "ort_broadcast_default", "numpy_copy", "numpy_broadcast"]
    head = ("| case | " + " | ".join(c.replace("_", " ") for c in cols) +
            " |\n|---|" + "---|" * len(cols) + "\n")
    rows = []
    for c in results:
        cells = []
        for col in cols:
            v = c.get(col)
            if not v:
                cells.append("n/a")
                continue
            cell = f"{v['median_ns'] / 1e6:.3f} ms, {v['kv_gbps']} GB/s"
            if "peak_rss_kib" in v:
                cell += f", {v['peak_rss_kib'] / 1024:.0f} MiB"
            cell += ", bit-identical" if v["ulps"] == 0 else \
                f", {v['ulps']} ULP (max abs {v['max_abs']:.1e})"
            cells.append(cell)
        rows.append(f"| {c['case']} | " + " | ".join(cells) + " |")
    return head + "\n".join(rows) + "\n"


def update_docs(results, command):
    """The table between the gqa markers of docs/benchmarks.md."""
    doc = os.path.join(ROOT, "docs", "benchmarks.md")
    begin, end = "<!-- gqa results begin -->", "<!-- gqa results end -->"
    with open(doc) as f:
        text = f.read()
    if begin not in text or end not in text:
        raise RuntimeError(f"{doc} lacks the gqa results markers")
    head, rest = text.split(begin, 1)
    _, tail = rest.split(end, 1)
    info = results["machine"]
    body = (f"\n`{command}`, {results['date']}, load "
            f"{results['load_before']} before, {results['load_after']} after"
            f"; {info.get('cpu', '')}.\n\n" + markdown(results["gqa"]) +
            "\n" + "\n".join(
                f"- {text}" + ("" if met is None else
                               ": met" if met else ": NOT met")
                for text, met in check_targets(results["gqa"])) + "\n")
    with open(doc, "w") as f:
        f.write(head + begin + body + end + tail)
