#!/usr/bin/env python3
# Guard the scheduler against a late completion event.
#
# UPSTREAM STATUS (re-queried 2026-08-11)
#   issue   example-org/platform#69 "Decode dies on a late event" (erin, OPEN).
import sys

print("sched_guard: nothing to do in the example", file=sys.stderr)
