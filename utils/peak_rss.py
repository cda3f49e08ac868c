#!/usr/bin/env python3
"""Runs a command and reports its peak resident set size (that of the
command and its descendants, the largest), as GNU time's "Maximum resident
set size"; with --bound, fails when the peak exceeds the size of a model
file taken COPIES + 1 times, plus SLACK MiB (the program's own memory).

sonnx-convert and sonnx-check hold a model's weights once, and once more in
the check's constants (docs/sonnx-convert.md, "Large models"):
  peak_rss.py --model M.onnx --copies 1 --slack-mb 100 -- sonnx-convert M.onnx -o OUT.onnx

Usage: peak_rss.py [--model FILE --copies N --slack-mb MB] -- COMMAND...
Prints "peak RSS: X MiB for a model of Y MiB (Z times its size)"; exit
code: the command's if it failed, 1 if the bound is exceeded, else 0.
"""

import argparse
import os
import resource
import subprocess
import sys


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", help="the model file the bound is of")
    parser.add_argument("--copies", type=int,
                        help="extra copies of the model allowed")
    parser.add_argument("--slack-mb", type=float, default=0.0)
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("no command given")
    code = subprocess.run(command, stdout=subprocess.DEVNULL).returncode
    # ru_maxrss is in KiB on Linux.
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024.0
    if code != 0:
        print(f"peak_rss.py: the command exited {code}", file=sys.stderr)
        return code
    if not args.model:
        print(f"peak RSS: {peak:.0f} MiB")
        return 0
    size = os.path.getsize(args.model) / (1 << 20)
    print(f"peak RSS: {peak:.0f} MiB for a model of {size:.0f} MiB "
          f"({peak / size:.2f} times its size)")
    if args.copies is None:
        return 0
    bound = size * (args.copies + 1) + args.slack_mb
    if peak > bound:
        print(f"peak_rss.py: {peak:.0f} MiB exceeds the bound {bound:.0f} "
              f"MiB (the model and {args.copies} extra copies, plus "
              f"{args.slack_mb:.0f} MiB)", file=sys.stderr)
        return 1
    print(f"within the bound: {bound:.0f} MiB (the model and {args.copies} "
          f"extra copies, plus {args.slack_mb:.0f} MiB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
