#!/usr/bin/env python3
# coverage_report.py - the per-directory summary of a source-based coverage
# run and the check of its uncovered regions against the exceptions file.
#
# Part of the sonnx project.
#
# scripts/coverage.sh runs it on the output of `llvm-cov export` (JSON, the
# whole export, not -summary-only): it prints and writes, per directory, the
# lines, branches and MC/DC conditions covered, the same figures per file of
# the rule layer, and lists every uncovered item of the checked directories:
#   region  a code region never executed, anchored at the text of its first
#           source line (whitespace-normalized);
#   true    a condition that was never true  (anchored at its text);
#   false   a condition that was never false (anchored at its text).
# An item must match an entry of the exceptions file (FILE, KIND, ANCHOR; one
# entry matches every item of the file with the same kind and anchor), or the
# check fails naming it. Anchors are source text, not line numbers, so the
# file does not drift when code moves.
#
# Exceptions file, one entry a line, '#' starts a comment:
#   FILE | KIND | ANCHOR | CLASS | REASON
# CLASS: unreachable (no input gets there: an invariant the code before
# establishes), defensive (a guard kept against a future caller or a broken
# invariant), resource (a failure of the OS or the allocator: no test makes
# it happen deterministically), or unreviewed (uncovered when the file was
# first made, reason not yet given: counted and printed, the debt to pay).
#
# Usage: coverage_report.py --export JSON --root SRC [--only DIR ...]
#          [--check DIR ...] [--exceptions FILE] [--summary FILE]
#          [--uncovered FILE] [--baseline FILE]
#        coverage_report.py --parse-exceptions FILE   (syntax check only)

import argparse
import collections
import json
import os
import subprocess
import sys

KINDS = ("function", "region", "true", "false")
CXXFILT = "/usr/lib/llvm-22/bin/llvm-cxxfilt"
CLASSES = ("unreachable", "defensive", "resource", "unreviewed")
# The directories of the summary, longest prefix first wins; a file under
# none is counted under its first two path components.
GROUPS = ("lib/Dialect", "lib/Conversion", "lib/Support", "lib/Analysis",
          "lib/Target/C",
          "lib/Target/ONNX",
          "lib/Target", "lib/Transforms", "lib/Runtime", "lib/CAPI",
          "lib/Registration", "include", "tools", "fuzz", "test")
RULE_LAYER = ("lib/Dialect/SONNX/IR/SONNXShapes.cpp",
              "lib/Dialect/SONNX/IR/SONNXVerification.cpp",
              "lib/Conversion/SONNXToLinalg/RuntimeChecks.cpp",
              "lib/Analysis/IndexMaps.cpp")
# Region kinds of the coverage mapping (llvm/ProfileData/Coverage).
CODE_REGION = 0


def normalize(text):
    return " ".join(text.split())


def parse_exceptions(path):
    """Returns {(file, kind, anchor): (class, reason, line number)}; raises
    ValueError naming the line of a malformed entry."""
    entries = {}
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            stripped = line.strip()
            if not stripped or stripped.startswith("#"):
                continue
            # The anchor is source text and may hold " | " itself: the
            # class is the first field after it that names one.
            fields = [field.strip() for field in stripped.split(" | ")]
            at = next((i for i in range(3, len(fields) - 1)
                       if fields[i] in CLASSES), None)
            if len(fields) < 5 or at is None:
                raise ValueError(f"{path}:{number}: expected 'FILE | KIND | "
                                 "ANCHOR | CLASS | REASON' with CLASS one of "
                                 f"{', '.join(CLASSES)}")
            file, kind = fields[0], fields[1]
            anchor = " | ".join(fields[2:at])
            klass, reason = fields[at], " | ".join(fields[at + 1:])
            if kind not in KINDS:
                raise ValueError(f"{path}:{number}: kind '{kind}' is not one "
                                 f"of {', '.join(KINDS)}")
            if not file or not anchor or not reason:
                raise ValueError(f"{path}:{number}: empty file, anchor or "
                                 "reason")
            key = (file, kind, normalize(anchor))
            if key in entries:
                raise ValueError(f"{path}:{number}: duplicate of line "
                                 f"{entries[key][2]}")
            entries[key] = (klass, reason, number)
    return entries


class Sources:
    """The lines of the source files, read once."""

    def __init__(self, root):
        self.root = root
        self.cache = {}

    def lines(self, rel):
        if rel not in self.cache:
            try:
                with open(os.path.join(self.root, rel), encoding="utf-8",
                          errors="replace") as f:
                    self.cache[rel] = f.read().split("\n")
            except OSError:
                self.cache[rel] = []
        return self.cache[rel]

    def line(self, rel, number):
        lines = self.lines(rel)
        return normalize(lines[number - 1]) if 0 < number <= len(lines) else ""

    def span(self, rel, ls, cs, le, ce):
        lines = self.lines(rel)
        if not (0 < ls <= le <= len(lines)):
            return ""
        if ls == le:
            return normalize(lines[ls - 1][cs - 1:ce - 1])
        parts = [lines[ls - 1][cs - 1:]] + lines[ls:le - 1] + \
            [lines[le - 1][:ce - 1]]
        return normalize(" ".join(parts))


def relative(path, root):
    path = os.path.normpath(path)
    if path.startswith(root + os.sep):
        return path[len(root) + 1:]
    return None


def group_of(rel):
    for group in GROUPS:
        if rel == group or rel.startswith(group + "/"):
            return group
    return "/".join(rel.split("/")[:2])


def under(rel, dirs):
    return any(rel == d or rel.startswith(d.rstrip("/") + "/") for d in dirs)


def percent(covered, count):
    return f"{100.0 * covered / count:6.2f}%" if count else "     -"


def summarize(files, root, only):
    """Per-directory and per-file (rule layer) figures from the export's
    file summaries."""
    groups = collections.OrderedDict()
    per_file = {}
    for entry in files:
        rel = relative(entry["filename"], root)
        if rel is None or (only and not under(rel, only)):
            continue
        summary = entry["summary"]
        figures = [summary["lines"]["covered"], summary["lines"]["count"],
                   summary["branches"]["covered"], summary["branches"]["count"],
                   summary.get("mcdc", {}).get("covered", 0),
                   summary.get("mcdc", {}).get("count", 0)]
        per_file[rel] = figures
        total = groups.setdefault(group_of(rel), [0] * 6)
        for i, value in enumerate(figures):
            total[i] += value
    return groups, per_file


def format_row(name, f):
    return (f"{name:<48} {percent(f[0], f[1])} {f[0]:>6}/{f[1]:<6} "
            f"{percent(f[2], f[3])} {f[2]:>5}/{f[3]:<5} "
            f"{percent(f[4], f[5])} {f[4]:>4}/{f[5]:<4}")


def summary_text(groups, per_file):
    header = (f"{'directory':<48} {'lines':>7} {'':13} {'branches':>7} "
              f"{'':11} {'MC/DC':>7}")
    out = [header]
    order = [g for g in GROUPS if g in groups] + \
        sorted(g for g in groups if g not in GROUPS)
    total = [0] * 6
    for group in order:
        out.append(format_row(group, groups[group]))
        total = [a + b for a, b in zip(total, groups[group])]
    out.append(format_row("total", total))
    rule_files = [f for f in RULE_LAYER if f in per_file]
    if rule_files:
        out.append("")
        out.append(header.replace("directory", "rule layer", 1))
        for rel in rule_files:
            out.append(format_row(rel, per_file[rel]))
    return "\n".join(out) + "\n"


def short_names(functions):
    """The demangled name of each function record, without its parameters
    and template arguments (stable when a signature changes): a lambda is
    named after the function around it."""
    mangled = [f["name"].split(":", 1)[-1] if ".cpp:" in f["name"] or
               ".h:" in f["name"] else f["name"] for f in functions]
    try:
        out = subprocess.run([CXXFILT], input="\n".join(mangled) + "\n",
                             capture_output=True, text=True,
                             check=True).stdout.split("\n")
    except (OSError, subprocess.CalledProcessError):
        out = mangled
    names = []
    for name in out[:len(mangled)]:
        name = name.replace("(anonymous namespace)", "{anonymous}")
        # Drop template arguments, then everything from the parameters on.
        depth, plain = 0, []
        for c in name:
            if c == "<" and not (plain and plain[-1] == "<"):
                depth += 1
            elif c == ">" and depth:
                depth -= 1
            elif depth == 0:
                plain.append(c)
        name = "".join(plain).split("(")[0]
        names.append(name.split(" ")[-1] if " " in name else name)
    return names


def uncovered_items(functions, root, check, sources):
    """The uncovered regions and branch outcomes of the files under check:
    a list of (file, line, kind, anchor). Template instantiations are merged
    (a location counts as covered when one instantiation covers it); a zero
    region inside another zero region is not listed again."""
    regions = collections.defaultdict(int)
    branches = collections.defaultdict(lambda: [0, 0])
    owner = {}  # location -> the name of its function
    entry = set()  # the body regions of the functions
    relevant = [f for f in functions
                if any(under(rel, check) for rel in
                       filter(None, (relative(n, root)
                                     for n in f["filenames"])))]
    for function, short in zip(relevant, short_names(relevant)):
        names = [relative(name, root) for name in function["filenames"]]
        first = True
        for r in function["regions"]:
            ls, cs, le, ce, count, file_id, _, kind = r[:8]
            rel = names[file_id] if file_id < len(names) else None
            if kind != CODE_REGION or rel is None or not under(rel, check):
                continue
            key = (rel, ls, cs, le, ce)
            regions[key] = max(regions[key], count)
            owner.setdefault(key, short)
            if first and file_id == 0:
                entry.add(key)
            first = False
        for b in function.get("branches", []):
            ls, cs, le, ce, true_count, false_count, file_id = b[:7]
            rel = names[file_id] if file_id < len(names) else None
            if rel is None or not under(rel, check):
                continue
            key = (rel, ls, cs, le, ce)
            total = branches[key]
            total[0] += true_count
            total[1] += false_count
            owner.setdefault(key, short)
    zero = sorted(k for k, count in regions.items() if count == 0)
    items = []
    outer = []  # zero regions listed, per file, to skip the nested ones
    for key in zero:
        rel, ls, cs, le, ce = key
        if any(o[0] == rel and (o[1], o[2]) <= (ls, cs) and
               (le, ce) <= (o[3], o[4]) for o in outer):
            continue
        outer.append(key)
        if key in entry:
            items.append((rel, ls, "function", owner[key]))
        else:
            items.append((rel, ls, "region",
                          f"{owner[key]} :: {sources.line(rel, ls)}"))
    for key, (t, f) in sorted(branches.items()):
        rel, ls, cs, le, ce = key
        if t == 0 and f == 0:
            continue  # never evaluated: its region is listed
        if t == 0 or f == 0:
            condition = sources.span(rel, ls, cs, le, ce)
            items.append((rel, ls, "true" if t == 0 else "false",
                          f"{owner[key]} :: {sources.line(rel, ls)} :: "
                          f"{condition}"))
    return items


def main():
    parser = argparse.ArgumentParser(
        description="Summarize an llvm-cov export and check its uncovered "
                    "regions against the exceptions file.")
    parser.add_argument("--export", help="llvm-cov export JSON")
    parser.add_argument("--root", help="the source tree")
    parser.add_argument("--only", action="append", default=[],
                        help="summarize only files under this directory")
    parser.add_argument("--check", action="append", default=[],
                        help="check the uncovered items of this directory")
    parser.add_argument("--exceptions", help="the exceptions file")
    parser.add_argument("--summary", help="write the summary here")
    parser.add_argument("--uncovered", help="write every uncovered item here")
    parser.add_argument("--baseline",
                        help="write the unmatched items as 'unreviewed' "
                             "entries here (to start an exceptions file)")
    parser.add_argument("--parse-exceptions", metavar="FILE",
                        help="only check the syntax of an exceptions file")
    args = parser.parse_args()

    if args.parse_exceptions:
        try:
            entries = parse_exceptions(args.parse_exceptions)
        except (OSError, ValueError) as e:
            print(f"coverage_report.py: {e}", file=sys.stderr)
            return 1
        classes = collections.Counter(v[0] for v in entries.values())
        print(f"{args.parse_exceptions}: {len(entries)} entries (" +
              ", ".join(f"{classes[c]} {c}" for c in CLASSES) + ")")
        return 0
    if not args.export or not args.root:
        parser.error("--export and --root are required")

    root = os.path.normpath(os.path.abspath(args.root))
    with open(args.export, encoding="utf-8") as f:
        data = json.load(f)["data"][0]
    groups, per_file = summarize(data["files"], root, args.only)
    text = summary_text(groups, per_file)
    sys.stdout.write(text)
    if args.summary:
        with open(args.summary, "w", encoding="utf-8") as f:
            f.write(text)
    if not args.check:
        return 0

    sources = Sources(root)
    items = uncovered_items(data["functions"], root, args.check, sources)
    if args.uncovered:
        with open(args.uncovered, "w", encoding="utf-8") as f:
            for rel, line, kind, anchor in items:
                f.write(f"{rel}:{line}: {kind}: {anchor}\n")
    entries = {}
    if args.exceptions:
        try:
            entries = parse_exceptions(args.exceptions)
        except (OSError, ValueError) as e:
            print(f"coverage_report.py: {e}", file=sys.stderr)
            return 1
    used = set()
    missing = []
    for rel, line, kind, anchor in items:
        key = (rel, kind, anchor)
        if key in entries:
            used.add(key)
        else:
            missing.append((rel, line, kind, anchor))
    checked = {k: v for k, v in entries.items() if under(k[0], args.check)}
    stale = sorted(k for k in checked if k not in used)
    classes = collections.Counter(checked[k][0] for k in used)
    print(f"\nuncovered in {', '.join(args.check)}: {len(items)} items "
          f"({sum(1 for i in items if i[2] == 'function')} functions, "
          f"{sum(1 for i in items if i[2] == 'region')} regions, "
          f"{sum(1 for i in items if i[2] in ('true', 'false'))} branch "
          "outcomes); "
          f"excepted: " + ", ".join(f"{classes[c]} {c}" for c in CLASSES))
    for rel, kind, anchor in stale:
        print(f"coverage: note: exception matches nothing now (covered, or "
              f"the code changed): {rel} | {kind} | {anchor}")
    if args.baseline and missing:
        with open(args.baseline, "w", encoding="utf-8") as f:
            seen = set()
            for rel, _, kind, anchor in missing:
                if (rel, kind, anchor) in seen:
                    continue
                seen.add((rel, kind, anchor))
                f.write(f"{rel} | {kind} | {anchor} | unreviewed | uncovered "
                        "at the first measurement, reason not yet given\n")
        print(f"coverage: {len(seen)} entries written to {args.baseline}")
    for rel, line, kind, anchor in missing:
        what = {"region": "region never executed",
                "function": "function never called",
                "true": "condition never true",
                "false": "condition never false"}[kind]
        print(f"coverage: error: {rel}:{line}: {what}, not in the exceptions "
              f"file: {anchor}")
    if missing:
        print(f"coverage: {len(missing)} uncovered items without a test or "
              "an exception")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
