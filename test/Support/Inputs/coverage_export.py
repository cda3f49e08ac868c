#!/usr/bin/env python3
# coverage_export.py - writes a small `llvm-cov export` JSON for
# test/Support/coverage-scripts.test: lib/Dialect/f.cpp under ROOT, where
# f is called 3 times, its 'return 1;' never runs (x > 0 never true) and g
# is never called.
#
# Usage: coverage_export.py ROOT

import json
import os
import sys

root = os.path.abspath(sys.argv[1])
name = os.path.join(root, "lib/Dialect/f.cpp")
export = {"data": [{
    "files": [{
        "filename": name,
        "summary": {"lines": {"count": 8, "covered": 5},
                    "branches": {"count": 2, "covered": 1},
                    "mcdc": {"count": 1, "covered": 0}},
    }],
    "functions": [
        {"name": "_Z1fi", "filenames": [name], "count": 3,
         # LineStart, ColumnStart, LineEnd, ColumnEnd, count, file, expanded
         # file, kind (0: code)
         "regions": [[1, 14, 5, 2, 3, 0, 0, 0], [3, 5, 3, 14, 0, 0, 0, 0],
                     [4, 3, 4, 12, 3, 0, 0, 0]],
         # ..., true count, false count, file, expanded file, kind
         "branches": [[2, 7, 2, 12, 0, 3, 0, 0, 4]]},
        {"name": "_Z1gv", "filenames": [name], "count": 0,
         "regions": [[6, 10, 8, 2, 0, 0, 0, 0], [7, 3, 7, 12, 0, 0, 0, 0]],
         "branches": []},
    ],
}]}
json.dump(export, sys.stdout)
