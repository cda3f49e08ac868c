#!/usr/bin/env python3
# conformance.py - ONNX backend-test conformance of sonnx-run, five modes.
#
# Part of the sonnx project.
#
# Runs sonnx-run in each mode (static, dynamic, constant-inputs, aot, aot-c)
# over
#   - the "onnx" suite: the ONNX backend tests of Debian's libonnx-testdata
#     for Reshape, Unsqueeze, Flatten and Expand (node/test_<op>_*), plus
#     node/test_identity, node/test_constant, simple/test_expand_shape_model*
#     and pytorch-operator/test_operator_{flatten,view}; every one must pass;
#   - the "generated" suite: the cases of scripts/gen_onnx_models.py, each
#     with the outcome its case.json expects: "pass" (exit 0, every output
#     equal), "invalid" or "runtime-error" (exit 2 and the message cites the
#     case's constraint ID),
# compares each outcome with the expectation, prints one line per run and a
# summary, and writes (--update) or checks (--check) the tables of
# docs/conformance.md, between the markers
#   <!-- conformance:SUITE:begin --> ... <!-- conformance:SUITE:end -->.
#
# Usage:
#   conformance.py --runner build/bin/sonnx-run [--suite onnx|generated|all]
#                  [--testdata DIR] [--cases DIR] [--jobs N]
#                  [--update FILE | --check FILE] [--times]
#                  [--target-triple TRIPLE | --jit-cpu CPU] [--filter REGEX]
#
# Exit code 0 when every run has its expected outcome (and, with --check,
# the file's tables are those of this run); 1 otherwise.
#
# Known gaps (GAPS below) are runs that cannot have the expected outcome
# yet, for a reason outside sonnx-run; each must still fail cleanly, with
# exit 2 and the message given here. A gap that starts passing is reported
# as unexpected, so that its entry is removed.

import argparse
import concurrent.futures
import difflib
import glob
import json
import os
import re
import subprocess
import sys
import tempfile

MODES = ["static", "dynamic", "constant-inputs", "aot", "aot-c"]
# The modes whose every compilation sonnx-run --validate checks, and what
# it prints for each data set that passed that check.
VALIDATED_MODES = ["constant-inputs", "aot", "aot-c"]
VALIDATED = "code validated"
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GENERATOR = os.path.join(ROOT, "scripts", "gen_onnx_models.py")
DEFAULT_TESTDATA = "/usr/share/libonnx-testdata/data"
ONNX_PATTERNS = ["node/test_reshape_*", "node/test_unsqueeze_*",
                 "node/test_flatten_*", "node/test_expand_*",
                 "node/test_identity", "node/test_constant",
                 "simple/test_expand_shape_model*",
                 "pytorch-operator/test_operator_flatten",
                 "pytorch-operator/test_operator_view"]

# Known gaps: id -> (explanation, text the failing run must print), and
# (suite, test, mode) -> gap id; docs/conformance.md explains the mechanism.
GAP_REASONS = {
    "aot-nul": ("the C interface of sonnx-compile passes strings as C "
                "strings, which cannot hold the NUL byte of the input "
                "string \"x\\0y\" (docs/deployment.md)",
                "which a C string of the interface cannot hold"),
}
# The object (aot) and the C source (aot-c) share the C interface.
GAPS = {("generated", "type_string_" + op, mode): "aot-nul"
        for op in ["reshape", "unsqueeze", "flatten", "expand"]
        for mode in ["aot", "aot-c"]}

# What sonnx-run prints when the dynamic mode had to keep the lengths of
# the shape and axes inputs static (docs/sonnx-run.md, "Modes"); the cell
# says so.
FALLBACK = "note: the model cannot be compiled with shape and axes inputs"
FALLBACK_MARK = " (static shape-input lengths)"

TIMES = re.compile(r"\[compile ([0-9.]+) ms, run ([0-9.]+) ms\]")


def collect_onnx(testdata):
    tests = []
    for pattern in ONNX_PATTERNS:
        for model in sorted(glob.glob(os.path.join(testdata, pattern,
                                                   "model.onnx"))):
            directory = os.path.dirname(model)
            name = os.path.relpath(directory, testdata)
            tests.append(("onnx", name, directory,
                          {"expect": "pass", "rule": None}))
    return tests


def collect_generated(cases):
    tests = []
    for case in sorted(glob.glob(os.path.join(cases, "*", "case.json"))):
        directory = os.path.dirname(case)
        with open(case) as f:
            expectation = json.load(f)
        tests.append(("generated", os.path.basename(directory), directory,
                      expectation))
    return tests


def run_one(runner, test, mode, timeout, triple=None, jit_cpu=None):
    suite, name, directory, expectation = test
    command = [runner, "--mode=" + mode, "--timing", directory]
    if triple:
        command.append("--target-triple=" + triple)
    if jit_cpu:
        command.append("--jit-cpu=" + jit_cpu)
    # Every compilation of the modes with constant shapes is validated
    # (docs/deployment.md, "Validating the object").
    if mode in VALIDATED_MODES:
        command.append("--validate")
    try:
        proc = subprocess.run(command, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, timeout=timeout)
        rc, out = proc.returncode, (proc.stdout + proc.stderr).decode(
            "utf-8", "replace")
    except subprocess.TimeoutExpired:
        rc, out = None, "timed out after %d s" % timeout
    compile_ms = sum(float(m.group(1)) for m in TIMES.finditer(out))
    run_ms = sum(float(m.group(2)) for m in TIMES.finditer(out))
    cell, ok = classify(expectation, rc, out, mode in VALIDATED_MODES)
    if FALLBACK in out:
        cell += FALLBACK_MARK
    gap = GAPS.get((suite, name, mode))
    if gap:
        reason, text = GAP_REASONS[gap]
        if ok:
            cell, ok = "UNEXPECTED PASS (known gap %s)" % gap, False
        elif rc == 2 and text in out:
            cell, ok = "known gap %s" % gap, True
        else:
            cell = "FAIL (known gap %s, other failure)" % gap
    return {"suite": suite, "name": name, "mode": mode, "cell": cell,
            "ok": ok, "rc": rc, "output": out, "compile_ms": compile_ms,
            "run_ms": run_ms, "expect": expectation}


def classify(expectation, rc, out, validated):
    """The table cell of a run and whether it is the expected outcome; with
    `validated`, a pass is also a validated program for every data set."""
    expect = expectation["expect"]
    rule = expectation.get("rule")
    if rc is None:
        return "FAIL (timeout)", False
    if rc < 0 or rc > 2:
        return "FAIL (exit %d: crash)" % rc, False
    if expect == "pass":
        lines = [l for l in out.splitlines() if l.startswith("test_data_set_")]
        if rc == 0 and lines and all(": ok" in l for l in lines):
            if validated and not all(VALIDATED in l for l in lines):
                return "FAIL (not validated)", False
            return "pass", True
        return "FAIL (exit %d)" % rc, False
    if rc != 2 or ("[%s]" % rule) not in out:
        return "FAIL (exit %d, expected [%s])" % (rc, rule), False
    if "run-time check failed" in out:
        return "run-time check [%s]" % rule, True
    if "but the model declares" in out:
        return "output check [%s]" % rule, True
    return "rejected [%s]" % rule, True


def notes(gaps, fallbacks):
    """" (2 known gaps, 4 with static shape-input lengths)" or ""."""
    parts = []
    if gaps:
        parts.append("%d known gap%s" % (gaps, "" if gaps == 1 else "s"))
    if fallbacks:
        parts.append("%d with static shape-input lengths" % fallbacks)
    return " (%s)" % ", ".join(parts) if parts else ""


def expected_cell(expectation):
    if expectation["expect"] == "pass":
        return "pass"
    return "%s [%s]" % (expectation["expect"], expectation["rule"])


def make_table(suite, results):
    rows = {}
    for r in results:
        if r["suite"] == suite:
            rows.setdefault(r["name"], {"expect": r["expect"]})[r["mode"]] = r
    lines = []
    totals = {m: [0, 0] for m in MODES}
    gaps = {m: 0 for m in MODES}
    fallbacks = {m: 0 for m in MODES}
    for name in sorted(rows):
        for mode in MODES:
            r = rows[name].get(mode)
            if r:
                totals[mode][1] += 1
                if r["ok"] and not r["cell"].startswith("known gap"):
                    totals[mode][0] += 1
                if r["cell"].startswith("known gap"):
                    gaps[mode] += 1
                if r["cell"].endswith(FALLBACK_MARK):
                    fallbacks[mode] += 1
    summary = ", ".join("%s %d/%d%s" % (
        m, totals[m][0], totals[m][1], notes(gaps[m], fallbacks[m]))
        for m in MODES)
    lines.append("As expected: " + summary + ".")
    lines.append("")
    lines.append("| test | expected | " + " | ".join(MODES) + " |")
    lines.append("|---|---|" + "---|" * len(MODES))
    for name in sorted(rows):
        cells = [rows[name][m]["cell"] if m in rows[name] else "not run"
                 for m in MODES]
        lines.append("| `%s` | %s | %s |" % (
            name, expected_cell(rows[name]["expect"]), " | ".join(cells)))
    return "\n".join(lines) + "\n"


def markers(suite):
    return ("<!-- conformance:%s:begin -->\n" % suite,
            "<!-- conformance:%s:end -->" % suite)


def section_span(text, suite):
    begin, end = markers(suite)
    start = text.find(begin)
    stop = text.find(end)
    if start < 0 or stop < start:
        return None
    return start + len(begin), stop


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runner", required=True, help="sonnx-run binary")
    parser.add_argument("--suite", choices=["onnx", "generated", "all"],
                        default="all")
    parser.add_argument("--testdata", default=DEFAULT_TESTDATA)
    parser.add_argument("--cases", help="generated cases (default: generate "
                        "them into a temporary directory)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--timeout", type=int, default=300)
    parser.add_argument("--update", metavar="FILE")
    parser.add_argument("--check", metavar="FILE")
    parser.add_argument("--times", action="store_true",
                        help="print the compile and run times of each test")
    parser.add_argument("--verbose", action="store_true",
                        help="print the output of unexpected runs")
    parser.add_argument("--target-triple", metavar="TRIPLE",
                        help="run the aot mode alone, for this target (an "
                        "aarch64 object runs under qemu-aarch64); no table "
                        "to --check or --update")
    parser.add_argument("--jit-cpu", metavar="CPU",
                        help="run the JIT's modes alone (static, dynamic, "
                        "constant-inputs), compiled for this CPU of the "
                        "host's target with its features only (sonnx-run "
                        "--jit-cpu; x86-64: no native bfloat16 or half); no "
                        "table to --check or --update")
    parser.add_argument("--filter", metavar="REGEX",
                        help="run the tests whose names match REGEX only; "
                        "no table to --check or --update")
    args = parser.parse_args()
    modes = MODES
    if args.target_triple:
        modes = ["aot"]
    elif args.jit_cpu:
        modes = ["static", "dynamic", "constant-inputs"]
    if (args.target_triple or args.jit_cpu or args.filter) and (
            args.update or args.check):
        sys.exit("conformance.py: --target-triple, --jit-cpu and --filter "
                 "run part of the tables of conformance.md, which --check "
                 "and --update compare whole")
    if args.target_triple and args.jit_cpu:
        sys.exit("conformance.py: --target-triple runs the aot mode, "
                 "--jit-cpu the JIT's: choose one")

    suites = ["onnx", "generated"] if args.suite == "all" else [args.suite]
    tests = []
    temp = None
    if "onnx" in suites:
        found = collect_onnx(args.testdata)
        if not found:
            sys.exit("conformance.py: no ONNX backend test in %s "
                     "(is libonnx-testdata installed?)" % args.testdata)
        tests += found
    if "generated" in suites:
        cases = args.cases
        if not cases:
            temp = tempfile.TemporaryDirectory(prefix="sonnx-cases-")
            cases = temp.name
            subprocess.run(["/usr/bin/python3", GENERATOR, "--out", cases],
                           check=True, stdout=subprocess.DEVNULL)
        found = collect_generated(cases)
        if not found:
            sys.exit("conformance.py: no generated case in %s" % cases)
        tests += found

    if args.filter:
        pattern = re.compile(args.filter)
        tests = [t for t in tests if pattern.search(t[1])]
        if not tests:
            sys.exit("conformance.py: no test matches --filter %s"
                     % args.filter)
    jobs = [(t, m) for t in tests for m in modes]
    with concurrent.futures.ThreadPoolExecutor(max(1, args.jobs)) as pool:
        results = list(pool.map(
            lambda job: run_one(args.runner, job[0], job[1], args.timeout,
                                args.target_triple, args.jit_cpu),
            jobs))

    failures = 0
    for r in results:
        mark = "ok  " if r["ok"] else "FAIL"
        print("%s %s/%s [%s]: %s" % (mark, r["suite"], r["name"], r["mode"],
                                     r["cell"]))
        if not r["ok"]:
            failures += 1
            if args.verbose:
                sys.stdout.write("    " + r["output"].replace("\n", "\n    ")
                                 + "\n")
    for suite in suites:
        mine = [r for r in results if r["suite"] == suite]
        gaps = sum(1 for r in mine if r["cell"].startswith("known gap"))
        bad = sum(1 for r in mine if not r["ok"])
        print("%s: %d runs, %d as expected, %d known gaps, %d unexpected" %
              (suite, len(mine), len(mine) - bad - gaps, gaps, bad))
        for mode in modes:
            m = [r for r in mine if r["mode"] == mode]
            good = sum(1 for r in m
                       if r["ok"] and not r["cell"].startswith("known gap"))
            print("  %s: %d/%d%s" % (
                mode, good, len(m),
                notes(0, sum(1 for r in m
                             if r["cell"].endswith(FALLBACK_MARK)))))

    if args.times:
        print("%-55s %-16s %12s %10s" % ("test", "mode", "compile ms",
                                          "run ms"))
        for r in results:
            print("%-55s %-16s %12.1f %10.1f" % (
                r["suite"] + "/" + r["name"], r["mode"], r["compile_ms"],
                r["run_ms"]))
        for mode in MODES:
            m = [r for r in results if r["mode"] == mode and r["compile_ms"]]
            if m:
                print("mean %s: compile %.1f ms, run %.1f ms (%d runs)" % (
                    mode, sum(r["compile_ms"] for r in m) / len(m),
                    sum(r["run_ms"] for r in m) / len(m), len(m)))

    target = args.update or args.check
    if target:
        with open(target) as f:
            text = f.read()
        new_text = text
        for suite in suites:
            span = section_span(new_text, suite)
            if span is None:
                sys.exit("conformance.py: %s has no %s markers" %
                         (target, " ".join(markers(suite)).strip()))
            table = make_table(suite, results)
            new_text = new_text[:span[0]] + table + new_text[span[1]:]
        if args.update:
            if new_text != text:
                with open(target, "w") as f:
                    f.write(new_text)
            print("updated %s" % target)
        elif new_text != text:
            failures += 1
            sys.stdout.writelines(difflib.unified_diff(
                text.splitlines(True), new_text.splitlines(True),
                target, "this run"))
            print("%s does not match this run: regenerate it with "
                  "scripts/conformance.sh" % target)
        else:
            print("%s matches this run" % target)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
