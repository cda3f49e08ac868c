# expect_exit.py - run a command and check its exact exit code.
#
# Part of the sonnx project.
#
# Usage: expect_exit.py CODE COMMAND [ARGS...]
# Runs COMMAND with the same stdout and stderr and exits 0 when its exit
# code is CODE, 1 otherwise (so a crash, which `not` would accept, fails).

import subprocess
import sys

want = int(sys.argv[1])
rc = subprocess.call(sys.argv[2:])
if rc != want:
    sys.stderr.write("expect_exit.py: expected exit code %d, got %d\n"
                     % (want, rc))
    sys.exit(1)
