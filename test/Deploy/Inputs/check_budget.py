"""Checks the budget of a sonnx-compile header against its object file.

Usage: check_budget.py HEADER OBJECT PREFIX

Reads the object with LLVM's tools, not with sonnx-compile's code:
PREFIX_STATIC_STORAGE_BYTES must be the sum of the sizes of the allocated
sections that hold no code (llvm-readelf -S), each global the header lists
must have its size in the symbol table (llvm-nm -S), and PREFIX_STACK_BYTES
and PREFIX_STATUS_RULE_STACK_BYTES must be the sizes that
llvm-readobj --stack-sizes prints. Prints one line per figure checked;
exits 1 at the first mismatch.
"""

import re
import subprocess
import sys


def run(*args):
    return subprocess.run(args, check=True, capture_output=True,
                          text=True).stdout


def fail(message):
    print("check_budget: " + message)
    sys.exit(1)


header_path, object_path, prefix = sys.argv[1:4]
macro = prefix.upper()
header = open(header_path).read()


def header_figure(name):
    match = re.search(r"#define %s_%s UINT64_C\((\d+)\)" % (macro, name),
                      header)
    if not match:
        fail("the header defines no %s_%s" % (macro, name))
    return int(match.group(1))


# Sections: allocated (A) and not executable (X): data, read-only data, bss.
storage = 0
for line in run("llvm-readelf", "-S", "-W", object_path).splitlines():
    match = re.match(r"\s*\[\s*\d+\]\s+(\S+)\s+(\S+)\s+[0-9a-f]+\s+[0-9a-f]+"
                     r"\s+([0-9a-f]+)\s+[0-9a-f]+\s+(\S*)\s+\d+", line)
    if match and "A" in match.group(4) and "X" in match.group(4):
        continue
    if match and "A" in match.group(4):
        storage += int(match.group(3), 16)
stated = header_figure("STATIC_STORAGE_BYTES")
if stated != storage:
    fail("static storage: header %d, sections %d" % (stated, storage))
print("static storage: %d bytes, as the sections" % storage)

# Globals: each "NAME: N bytes" item of the comment against llvm-nm -S.
sizes = {}
for line in run("llvm-nm", "-S", "--defined-only", object_path).splitlines():
    fields = line.split()
    if len(fields) == 4:
        sizes[fields[3]] = int(fields[1], 16)
listed = re.findall(r"^ \*   (\S+): (\d+) bytes,", header, re.MULTILINE)
for name, size in listed:
    if sizes.get(name) != int(size):
        fail("global %s: header %s bytes, symbol table %s" %
             (name, size, sizes.get(name)))
print("globals: %d, each of its symbol's size" % len(listed))

# Stack: llvm-readobj --stack-sizes.
stack = {}
text = run("llvm-readobj", "--stack-sizes", object_path)
for name, size in re.findall(r"Functions: \[(\S+)\]\s+Size: (0x[0-9A-Fa-f]+)",
                             text):
    stack[name] = int(size, 16)
for function, name in (("run", "STACK_BYTES"),
                       ("status_rule", "STATUS_RULE_STACK_BYTES")):
    stated = header_figure(name)
    actual = stack.get(prefix + "_" + function)
    if stated != actual:
        fail("stack of %s_%s: header %d, .stack_sizes %s" %
             (prefix, function, stated, actual))
    print("stack of %s_%s: %d bytes, as .stack_sizes" %
          (prefix, function, stated))
