#!/usr/bin/env python3
# mutate.py - mutation testing of the rule layer and the index maps
# (scripts/mutate.sh is the command; its --help is this file's usage).
#
# Part of the sonnx project.
#
# A mutant is one small change of one source line: a comparison flipped
# (< <=, > >=, == !=), a logical operator swapped (&& ||), an if's
# condition negated, an integer constant off by one, a result swapped
# (success/failure, true/false) or an arithmetic operator swapped (+ -).
# Each is applied to a copy of the tree (BUILD_DIR/tree, synced with the
# work tree before the run: the work tree itself is never changed, so an
# interrupted run leaves nothing mutated), built incrementally with GCC
# (Release, BUILD_DIR/tree/build) and run against the lit tests that should
# catch it (a filter per file, with a timeout). A mutant the tests fail on
# is killed; one that does not build is counted apart (not in the score);
# one that passes survives. The score is killed / (killed + survived).
# Results, per seed: BUILD_DIR/results/seed-S/mutants.tsv (one line per
# mutant run) and BUILD_DIR/results/seed-S/summary.txt (the score and the
# survivors);
# test/mutation-survivors.txt gives a reason for each known survivor, one a
# line: FILE | KIND | MUTATED LINE | REASON (an equivalent mutant, or why no
# test can tell); the run exits 1 when a survivor has no reason there.

import argparse
import datetime
import os
import random
import re
import shutil
import subprocess
import sys
import time

# The files mutated, the lit filter of the tests that should catch a mutant
# of each (the tests that exercise it, kept small: each mutant runs them)
# and the tools those tests run (the only ones rebuilt per mutant: their
# union, so that none is left built from an earlier mutant).
RULE_TESTS = (r"Dialect/SONNX/|Conversion/SONNXToLinalg/"
              r"|Integration/runtime-checks"
              r"|Check/(errors|folding|profile|networks)\.test")
RULE_TOOLS = ["sonnx-opt", "sonnx-check", "sonnx-translate"]
TARGETS = {
    "lib/Dialect/SONNX/IR/SONNXShapes.cpp": (RULE_TESTS, RULE_TOOLS),
    "lib/Dialect/SONNX/IR/SONNXVerification.cpp": (RULE_TESTS, RULE_TOOLS),
    "lib/Conversion/SONNXToLinalg/RuntimeChecks.cpp":
        (r"Conversion/SONNXToLinalg/|Integration/|Pipeline/static-memory"
         r"|Conformance/exit-codes\.test",
         ["sonnx-opt", "sonnx-run", "sonnx-compile"]),
    "lib/Analysis/IndexMaps.cpp":
        (r"Deploy/validate\.test|Conformance/aot(-c)?\.test|Deploy/example",
         ["sonnx-run", "sonnx-compile", "sonnx-validate", "sonnx-translate"]),
}

# (kind, pattern, replacement) applied at each match on a code line.
OPERATORS = [
    ("compare", r" < ", " <= "), ("compare", r" <= ", " < "),
    ("compare", r" > ", " >= "), ("compare", r" >= ", " > "),
    ("compare", r" == ", " != "), ("compare", r" != ", " == "),
    ("logic", r" && ", " || "), ("logic", r" \|\| ", " && "),
    ("arith", r" \+ ", " - "), ("arith", r" - ", " + "),
    ("result", r"\bsuccess\(\)", "failure()"),
    ("result", r"\bfailure\(\)", "success()"),
    ("result", r"\breturn true;", "return false;"),
    ("result", r"\breturn false;", "return true;"),
]
SURVIVORS = "test/mutation-survivors.txt"
INTEGER = re.compile(r"(?<![\w.])(\d+)(?![\w.])")


def code_part(line):
    """The line without its comment and with string literals blanked (so
    no mutant lands in them), or None for a line that is not code."""
    stripped = line.strip()
    if not stripped or stripped.startswith(("//", "#", "*", "/*")):
        return None
    out = []
    i = 0
    in_string = None
    while i < len(line):
        c = line[i]
        if in_string:
            if c == "\\":
                out.append("__")
                i += 2
                continue
            out.append("_" if c != in_string else c)
            if c == in_string:
                in_string = None
        elif c in "\"'":
            in_string = c
            out.append(c)
        elif line.startswith("//", i):
            break
        else:
            out.append(c)
        i += 1
    return "".join(out)


def matching_paren(text, open_at):
    depth = 0
    for i in range(open_at, len(text)):
        if text[i] == "(":
            depth += 1
        elif text[i] == ")":
            depth -= 1
            if depth == 0:
                return i
    return None


def mutants_of(rel, root):
    """Every mutant of a file: dicts with file, line, col, kind, old, new
    (new is the whole mutated line)."""
    with open(os.path.join(root, rel), encoding="utf-8") as f:
        lines = f.read().split("\n")
    result = []
    for number, line in enumerate(lines, 1):
        code = code_part(line)
        if code is None:
            continue
        for kind, pattern, replacement in OPERATORS:
            # '+' next to a string is a concatenation: its mutant would not
            # build.
            if kind == "arith" and ('"' in code or ".str()" in code):
                continue
            for m in re.finditer(pattern, code):
                # Template brackets and stream operators are not
                # comparisons: the patterns' spaces leave them out.
                new = line[:m.start()] + re.sub(pattern, replacement,
                                                line[m.start():m.end()]) + \
                    line[m.end():]
                result.append(dict(file=rel, line=number, col=m.start() + 1,
                                   kind=kind, old=line, new=new))
        for m in re.finditer(r"\bif \(", code):
            close = matching_paren(code, m.end() - 1)
            if close is None:
                continue
            inner = line[m.end():close]
            new = line[:m.end()] + "!(" + inner + ")" + line[close:]
            result.append(dict(file=rel, line=number, col=m.start() + 1,
                               kind="negate", old=line, new=new))
        for m in INTEGER.finditer(code):
            # Inline sizes of SmallVector<T, N> change no behavior.
            if re.search(r"<[^<>]*,\s*$", code[:m.start()]):
                continue
            value = int(m.group(1))
            for other in sorted({value + 1, value - 1} - {-1}):
                new = line[:m.start()] + str(other) + line[m.end():]
                result.append(dict(file=rel, line=number, col=m.start() + 1,
                                   kind="constant", old=line, new=new))
    return result


def survivor_key(m):
    """How test/mutation-survivors.txt names a mutant: FILE | KIND | the
    mutated line (whitespace-normalized), no line number to drift."""
    return f"{m['file']} | {m['kind']} | {' '.join(m['new'].split())}"


def parse_survivors(path):
    """{key: reason} of the survivors file; raises ValueError naming a
    malformed line."""
    entries = {}
    if not os.path.exists(path):
        return entries
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            fields = line.split(" | ")
            if len(fields) < 4 or not fields[-1].strip():
                raise ValueError(f"{path}:{number}: expected 'FILE | KIND | "
                                 "MUTATED LINE | REASON'")
            entries[" | ".join(fields[:-1])] = fields[-1]
    return entries


def mutant_id(m):
    return f"{m['file']}:{m['line']}:{m['col']}:{m['kind']}:" + \
        " ".join(m["new"].split())


def sync_tree(root, tree):
    """Copy the tracked files of the work tree (as they are now) into the
    scratch tree; a file whose content is unchanged keeps its time stamp, so
    the build stays incremental."""
    files = subprocess.run(["git", "ls-files", "-z"], cwd=root, check=True,
                           capture_output=True).stdout.decode().split("\0")
    copied = 0
    for rel in filter(None, files):
        src = os.path.join(root, rel)
        dst = os.path.join(tree, rel)
        if not os.path.isfile(src):
            continue
        if os.path.isfile(dst):
            with open(src, "rb") as a, open(dst, "rb") as b:
                if a.read() == b.read():
                    continue
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        shutil.copy2(src, dst)
        copied += 1
    return copied


def run(cmd, cwd, log, timeout=None, env=None):
    with open(log, "a") as out:
        out.write(f"$ {' '.join(cmd)}\n")
        out.flush()
        try:
            return subprocess.run(cmd, cwd=cwd, stdout=out,
                                  stderr=subprocess.STDOUT, timeout=timeout,
                                  env=env).returncode
        except subprocess.TimeoutExpired:
            out.write("timeout\n")
            return "timeout"


def main():
    parser = argparse.ArgumentParser(
        prog="scripts/mutate.sh",
        description="Mutation testing of the rule layer and the index maps.")
    parser.add_argument("--max", type=int, default=40,
                        help="run at most N mutants (default 40; 0: all)")
    parser.add_argument("--file", action="append", default=[],
                        help="mutate only this file (repeatable; a path of "
                             "the TARGETS, or a unique part of one)")
    parser.add_argument("--seed", type=int, default=1,
                        help="seed of the sample (default 1: the same "
                             "mutants each run)")
    parser.add_argument("--list", action="store_true",
                        help="list the mutants of the sample and exit")
    parser.add_argument("--timeout", type=int, default=600,
                        help="seconds for the tests of one mutant (600)")
    parser.add_argument("--build-dir", default=os.environ.get(
        "SONNX_MUTATE_BUILD_DIR", "build-mutate"))
    parser.add_argument("--jobs", default=os.environ.get("SONNX_JOBS", "2"))
    parser.add_argument("--parse-survivors", action="store_true",
                        help="only check the syntax of the survivors file")
    args = parser.parse_args()

    root = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
    survivors_file = os.path.join(root, SURVIVORS)
    try:
        explained = parse_survivors(survivors_file)
    except ValueError as e:
        print(f"mutate: {e}", file=sys.stderr)
        return 2
    if args.parse_survivors:
        print(f"{SURVIVORS}: {len(explained)} survivors with a reason")
        return 0
    files = list(TARGETS)
    if args.file:
        chosen = []
        for want in args.file:
            hits = [f for f in files if want in f]
            if len(hits) != 1:
                parser.error(f"--file {want}: matches {len(hits)} of "
                             f"{', '.join(files)}")
            chosen += hits
        files = chosen
    mutants = []
    for rel in files:
        mutants += mutants_of(rel, root)
    total = len(mutants)
    # The sample: a seeded shuffle, so --seed S --max N names the same
    # mutants on every machine; stratified by file (round robin), so a small
    # sample still mutates each file.
    rng = random.Random(args.seed)
    by_file = {rel: [m for m in mutants if m["file"] == rel] for rel in files}
    for ms in by_file.values():
        rng.shuffle(ms)
    sample = []
    while any(by_file.values()):
        for rel in files:
            if by_file[rel]:
                sample.append(by_file[rel].pop(0))
    if args.max:
        sample = sample[:args.max]
    if args.list:
        for m in sample:
            print(mutant_id(m))
        print(f"{len(sample)} of {total} mutants (seed {args.seed})")
        return 0

    build_dir = os.path.join(root, args.build_dir)
    tree = os.path.join(build_dir, "tree")
    build = os.path.join(tree, "build")
    results = os.path.join(build_dir, "results", f"seed-{args.seed}")
    os.makedirs(tree, exist_ok=True)
    os.makedirs(results, exist_ok=True)
    log = os.path.join(results, "mutate.log")
    open(log, "w").close()
    copied = sync_tree(root, tree)
    print(f"mutate: {copied} files synced into {tree}")
    env = dict(os.environ)
    # The copy and the work tree hash alike in ccache (relative paths).
    env["CCACHE_BASEDIR"] = tree
    if not os.path.exists(os.path.join(build, "build.ninja")):
        # lld links the tools in seconds, where each mutant relinks some.
        linker = ["-DLLVM_USE_LINKER=lld"] if shutil.which("ld.lld") else []
        launcher = []
        if shutil.which("ccache"):
            launcher = ["-DCMAKE_C_COMPILER_LAUNCHER=ccache",
                        "-DCMAKE_CXX_COMPILER_LAUNCHER=ccache"]
        rc = run(["cmake", "-S", tree, "-B", build, "-G", "Ninja",
                  "-DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir",
                  "-DCMAKE_BUILD_TYPE=Release",
                  "-DCMAKE_C_COMPILER=gcc", "-DCMAKE_CXX_COMPILER=g++",
                  "-DSONNX_WARNINGS_AS_ERRORS=ON"] + linker + launcher,
                 tree, log, env=env)
        if rc != 0:
            print(f"mutate: configure failed ({log})", file=sys.stderr)
            return 2
    build_cmd = ["cmake", "--build", build, "-j", args.jobs, "--target",
                 "all", "sonnx-test-depends"]
    lit = ["/usr/lib/llvm-22/bin/lit", "-q", "-j", args.jobs,
           os.path.join(build, "test")]

    def test(rel):
        return run(lit + ["--filter", TARGETS[rel][0]], tree, log,
                   timeout=args.timeout, env=env)

    # Every tool that some filter's tests run, each mutant: a tool left
    # built from an earlier mutant would otherwise answer for the tree.
    tools = sorted({tool for _, names in TARGETS.values() for tool in names})

    def build_tools():
        return run(["cmake", "--build", build, "-j", args.jobs, "--target"] +
                   tools, tree, log, env=env)

    print("mutate: the unmutated build and its tests")
    if run(build_cmd, tree, log, env=env) != 0:
        print(f"mutate: the unmutated tree does not build ({log})",
              file=sys.stderr)
        return 2
    for rel in sorted({m["file"] for m in sample}):
        if test(rel) != 0:
            print(f"mutate: the tests of {rel} fail without a mutant ({log})",
                  file=sys.stderr)
            return 2

    tsv = os.path.join(results, "mutants.tsv")
    counts = {"killed": 0, "survived": 0, "no-build": 0, "timeout": 0}
    survivors = []
    started = time.time()
    with open(tsv, "w") as out:
        out.write("status\tseconds\tfile\tline\tcol\tkind\tmutated line\n")
        for index, m in enumerate(sample, 1):
            path = os.path.join(tree, m["file"])
            with open(path, encoding="utf-8") as f:
                original = f.read()
            lines = original.split("\n")
            assert lines[m["line"] - 1] == m["old"], mutant_id(m)
            lines[m["line"] - 1] = m["new"]
            t0 = time.time()
            try:
                with open(path, "w", encoding="utf-8") as f:
                    f.write("\n".join(lines))
                if build_tools() != 0:
                    status = "no-build"
                else:
                    rc = test(m["file"])
                    status = "timeout" if rc == "timeout" else \
                        "survived" if rc == 0 else "killed"
            finally:
                with open(path, "w", encoding="utf-8") as f:
                    f.write(original)
            # A timeout means the mutant loops or crawls: the tests notice.
            counts[status] += 1
            seconds = int(time.time() - t0)
            if status == "survived":
                survivors.append(m)
            out.write(f"{status}\t{seconds}\t{m['file']}\t{m['line']}\t"
                      f"{m['col']}\t{m['kind']}\t{' '.join(m['new'].split())}"
                      "\n")
            out.flush()
            print(f"mutate: [{index}/{len(sample)}] {status:8} {seconds:4}s "
                  f"{m['file']}:{m['line']}: {m['kind']}: "
                  f"{' '.join(m['new'].split())}", flush=True)
    # Leave the copy built as the work tree is.
    run(build_cmd, tree, log, env=env)
    killed = counts["killed"] + counts["timeout"]
    scored = killed + counts["survived"]
    score = f"{100.0 * killed / scored:.1f}%" if scored else "-"
    when = datetime.datetime.now(datetime.timezone.utc).strftime(
        "%Y-%m-%d %H:%M UTC")
    head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=root,
                          capture_output=True, text=True).stdout.strip()
    summary = [f"mutation score {score}: {killed} killed ({counts['timeout']} "
               f"by timeout), {counts['survived']} survived, "
               f"{counts['no-build']} did not build; {len(sample)} of {total} "
               f"mutants (seed {args.seed}, --max {args.max}), {when}, {head}, "
               f"{int(time.time() - started)} s"]
    unexplained = [m for m in survivors if survivor_key(m) not in explained]
    summary += [f"survivors ({len(survivors) - len(unexplained)} with a "
                f"reason in {SURVIVORS}):"]
    summary += [f"  {mutant_id(m)}" +
                ("" if survivor_key(m) in explained else "  [NO REASON]")
                for m in survivors]
    with open(os.path.join(results, "summary.txt"), "w") as f:
        f.write("\n".join(summary) + "\n")
    with open(os.path.join(results, "survivors-to-explain.txt"), "w") as f:
        for m in unexplained:
            f.write(f"{survivor_key(m)} | REASON\n")
    print("\n".join(summary))
    print(f"mutate: {tsv}, {os.path.join(results, 'summary.txt')}")
    if unexplained:
        print(f"mutate: {len(unexplained)} survivors have neither a test that "
              f"kills them nor a reason in {SURVIVORS} (the lines to fill: "
              f"{os.path.join(results, 'survivors-to-explain.txt')})")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
