#!/usr/bin/env python3
"""Checks docs/traceability.md against the code and the tests.

The constraint IDs are those of the ops of
include/SONNX/Dialect/SONNX/IR/SONNXProfileOps.def (the op's enumerator in
lower case, then a dot: "reshape.count") and of the profile ("profile.GR4").

Fails (exit 1, one line per problem) when:
  - a constraint ID in the table, other than profile.*, is cited by no test;
  - a test file named in a row does not exist or does not cite the row's ID;
  - the code or the tests cite an ID in brackets ("[reshape.count]") that the
    table does not list (a typo, or a rule nobody traced);
  - the rule table of the code, include/SONNX/Dialect/SONNX/IR/SONNXRules.def
    (the one source of RuleID), and docs/traceability.md differ: a row of
    one that the other lacks (the op rules are its SONNX_RULE rows, the
    profile.* rules its SONNX_PROFILE_RULE rows), or an ID the .def file
    lists twice;
  - with CONSTRAINTS (../shared/spec/CONSTRAINTS.md next to the source root
    when it is there), an ID of the .def file that the catalogue does not
    name.

Usage: check_traceability.py SOURCE_ROOT [CONSTRAINTS]
"""

import os
import re
import sys

CODE_SUFFIXES = (".cpp", ".h", ".td", ".py", ".mlir", ".test", ".sh")


def read(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return f.read()


def files_under(root, suffixes):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if not d.startswith(".")]
        for name in filenames:
            if name.endswith(suffixes):
                yield os.path.join(dirpath, name)


def id_patterns(ops_text):
    """The patterns of a row of the document and of a citation in brackets:
    an ID of an op of SONNXProfileOps.def, its enumerator in lower case
    before the first dot ("reshape.count"), or of the profile
    ("profile.types")."""
    prefixes = [op.lower() for op in re.findall(
        r"^SONNX_PROFILE_OP\((\w+),", ops_text, re.MULTILINE)] + ["profile"]
    id_re = r"(?:" + "|".join(prefixes) + r")\.[A-Za-z0-9_.\-]+"
    return (re.compile(r"^\|\s*`(" + id_re + r")`\s*\|(.*)$"),
            re.compile(r"\[(" + id_re + r")\]"))


def cites(text, rule):
    # The ID as a whole word: not a prefix of a longer ID.
    return re.search(r"(?<![A-Za-z0-9_.\-])" + re.escape(rule) +
                     r"(?![A-Za-z0-9_\-]|\.[A-Za-z0-9])", text) is not None


def main():
    if len(sys.argv) not in (2, 3):
        print(__doc__)
        return 2
    root = sys.argv[1]
    constraints_path = (sys.argv[2] if len(sys.argv) == 3 else
                        os.path.join(root, "..", "shared", "spec",
                                     "CONSTRAINTS.md"))
    ir_dir = os.path.join(root, "include", "SONNX", "Dialect", "SONNX", "IR")
    def_path = os.path.join(ir_dir, "SONNXRules.def")
    def_text = read(def_path)
    row_re, cite_re = id_patterns(
        read(os.path.join(ir_dir, "SONNXProfileOps.def")))
    table_path = os.path.join(root, "docs", "traceability.md")
    rows = {}
    for line in read(table_path).splitlines():
        m = row_re.match(line)
        if m:
            cells = [c.strip() for c in m.group(2).split("|")]
            rows[m.group(1)] = cells
    problems = []
    if not rows:
        problems.append(f"{table_path}: no constraint rows found")

    test_root = os.path.join(root, "test")
    tests = {p: read(p) for p in files_under(test_root, CODE_SUFFIXES)}

    for rule, cells in sorted(rows.items()):
        # The last cell lists the tests as `path` items relative to the root.
        listed = re.findall(r"`([^`]+)`", cells[-2] if len(cells) >= 2 else "")
        for rel in listed:
            path = os.path.join(root, rel)
            if not os.path.isfile(path):
                problems.append(f"{rule}: listed test {rel} does not exist")
            elif not cites(read(path), rule):
                problems.append(f"{rule}: listed test {rel} does not cite it")
        if rule.startswith("profile."):
            continue
        if not any(cites(text, rule) for text in tests.values()):
            problems.append(f"{rule}: no test under test/ cites it")

    # Every ID cited in brackets by the code or the tests must be traced.
    cited = set()
    for sub in ("lib", "include", "tools", "test"):
        for path in files_under(os.path.join(root, sub), CODE_SUFFIXES):
            for m in cite_re.finditer(read(path)):
                if m.group(1) not in rows:
                    problems.append(
                        f"{os.path.relpath(path, root)}: cites [{m.group(1)}], "
                        "which docs/traceability.md does not list")
                cited.add(m.group(1))

    # The code's table of rules (RuleID) against the document.
    op_ids = re.findall(r'^SONNX_RULE\(\w+,\s*"([^"]+)"', def_text,
                        re.MULTILINE)
    profile_ids = re.findall(r'^SONNX_PROFILE_RULE\(\w+,\s*"([^"]+)"',
                             def_text, re.MULTILINE)
    def_ids = op_ids + profile_ids
    if not op_ids:
        problems.append(f"{def_path}: no SONNX_RULE rows found")
    for rule in op_ids:
        if rule.startswith("profile."):
            problems.append(f"SONNXRules.def lists {rule} as a rule of an op")
    for rule in profile_ids:
        if not rule.startswith("profile."):
            problems.append(f"SONNXRules.def lists {rule} as a profile rule")
    for rule in sorted({r for r in def_ids if def_ids.count(r) > 1}):
        problems.append(f"SONNXRules.def lists {rule} more than once")
    for rule in sorted(set(def_ids) - set(rows)):
        problems.append(f"SONNXRules.def lists {rule}, which "
                        "docs/traceability.md does not")
    for rule in sorted(r for r in rows if r not in def_ids):
        problems.append(f"docs/traceability.md lists {rule}, which "
                        "SONNXRules.def does not")
    catalogue = "not found, not checked"
    if os.path.isfile(constraints_path):
        text = read(constraints_path)
        # profile.valid-onnx is sonnx's own (docs/traceability.md).
        for rule in op_ids:
            if not cites(text, rule):
                problems.append(f"SONNXRules.def lists {rule}, which "
                                f"{constraints_path} does not name")
        catalogue = "checked"

    for p in problems:
        print(p)
    print(f"traceability: {len(rows)} constraint IDs, {len(op_ids)} op rules "
          f"and {len(profile_ids)} profile rules in "
          f"SONNXRules.def (CONSTRAINTS.md {catalogue}), {len(cited)} cited "
          f"in brackets by code or tests, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
