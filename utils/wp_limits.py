# wp_limits.py - the one command line of every WP run of the project.
#
# Part of the sonnx project.
#
# WP's provers run with a limit of steps (Frama-C 25's -wp-steps, which Why3
# 1.5.1 passes as CVC4 1.8's --rlimit and Z3 4.8.12's rlimit): a prover that
# needs more stops with "Step limit" (CVC4) or "Unknown" (Z3) on every
# machine, however busy it is, and a goal is proved when one of them proves
# it within the limit. The steps of each proof are in WP's output (the last
# figure of each goal's line; utils/analyze_c.py reports the largest).
# STEPS is about 3 times the largest proof of the whole conformance suite
# (515,761 Z3 steps; docs/deployment.md, "Evidence (Frama-C)"). The time
# limit (600 s per goal and prover, of wall-clock time: a run of -wp-timeout 3
# under load gave CVC4 about 1 s of CPU per goal) is only a safety net, far above
# any proof's time (2.5 s at most): a prover that reaches it has not
# reached its step limit, and analyze_c.py fails such a verdict, which
# depends on time. CVC4 1.8's steps do not bound its time: on a goal that
# is false it may run to the time limit without reaching the step limit
# (a mutant of test/Deploy/functional.test: 10 min on a loaded machine,
# short of 3,000,000 steps), so tests that expect a goal to fail also give
# a short time limit.
#
# test/lit.cfg.py gives the command to the tests as %frama_c_wp.

STEPS = 1500000
TIMEOUT = 600
PROVERS = "cvc4,z3"


def command(steps=STEPS):
    """frama-c and WP's options, without the model's file."""
    return ["frama-c", "-wp", "-wp-rte", "-wp-prover", PROVERS,
            "-wp-steps", str(steps), "-wp-timeout", str(TIMEOUT)]
