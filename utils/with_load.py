#!/usr/bin/env python3
# with_load.py - run a command while busy processes saturate the machine.
#
# Part of the sonnx project.
#
# Starts N processes that only spin (N = --per-core times the number of
# cores, at least one per core), runs the command, stops them and exits
# with the command's exit code. They are stopped however the command ends
# (its failure, an exception, SIGINT or SIGTERM to this script), and each
# also stops by itself as soon as this script is gone (killed with
# SIGKILL, as a test runner's timeout may do): it checks its parent every
# few milliseconds. test/Conformance/wp-load.test runs WP under it: a
# verdict within a step limit (utils/wp_limits.py) does not depend on the
# load.
#
# Usage: with_load.py [--per-core N] -- COMMAND [ARGUMENT ...]

import argparse
import os
import signal
import subprocess
import sys

# Spins until its parent (this script) is gone.
SPIN = """
import os, sys
parent = int(sys.argv[1])
while os.getppid() == parent:
    for _ in range(20000):
        pass
"""


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--per-core", type=int, default=1,
                        help="busy processes per core (default 1)")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("give the command after --")
    if args.per_core < 1:
        parser.error("--per-core must be at least 1")
    count = args.per_core * (os.cpu_count() or 1)

    def stop(signum, _frame):
        raise SystemExit(128 + signum)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    busy = []
    try:
        for _ in range(count):
            busy.append(subprocess.Popen(
                [sys.executable, "-c", SPIN, str(os.getpid())]))
        print("with_load: %d busy processes on %d cores" % (
            count, os.cpu_count() or 1), flush=True)
        return subprocess.run(command).returncode
    finally:
        for process in busy:
            process.kill()
        for process in busy:
            process.wait()
        print("with_load: %d busy processes stopped" % len(busy), flush=True)


if __name__ == "__main__":
    sys.exit(main())
