#!/usr/bin/env python3
"""Checks that every C and C++ source of the tree is formatted as
.clang-format says (LLVM style), with clang-format-22 --dry-run -Werror.

Usage: check_format.py SOURCE_ROOT [CLANG_FORMAT]
Prints the files that clang-format would change and exits 1 when there is
any; reformat them with `clang-format-22 -i FILE...`.
"""
import pathlib
import subprocess
import sys

# The folders that hold our C and C++ sources (build trees are not in them).
FOLDERS = ["include", "lib", "tools", "test", "bench", "examples", "fuzz"]
SUFFIXES = {".c", ".cpp", ".h"}
# What the benchmark generates inside them (ignored by git: .gitignore):
# the headers sonnx-compile writes for its aot figure, onnxruntime-node.
GENERATED = [pathlib.PurePath("bench/results/tmp"),
             pathlib.PurePath("bench/node_modules")]


def is_generated(relative):
    return any(relative.is_relative_to(folder) for folder in GENERATED)


def main():
    root = pathlib.Path(sys.argv[1])
    clang_format = sys.argv[2] if len(sys.argv) > 2 else "clang-format-22"
    files = sorted(
        str(p.relative_to(root))
        for folder in FOLDERS
        if (root / folder).is_dir()
        for p in (root / folder).rglob("*")
        if p.suffix in SUFFIXES and p.is_file()
        and not is_generated(p.relative_to(root))
    )
    if not files:
        print(f"check_format: no C/C++ sources under {root}")
        return 1
    result = subprocess.run(
        [clang_format, "--dry-run", "-Werror", *files],
        cwd=root, capture_output=True, text=True)
    if result.returncode != 0:
        changed = sorted({line.split(":", 1)[0]
                          for line in result.stderr.splitlines()
                          if ": error:" in line})
        print(f"check_format: {len(changed)} of {len(files)} files are not "
              f"formatted ({clang_format} -i FILE... fixes them):")
        for name in changed:
            print(f"  {name}")
        if not changed:
            print(result.stderr)
        return 1
    print(f"check_format: {len(files)} files formatted")
    return 0


if __name__ == "__main__":
    sys.exit(main())
