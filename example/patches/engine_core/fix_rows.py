"""Clamp the row count before the batch assertion in the engine indexer.

UPSTREAM STATUS (re-queried 2026-08-11)
  issue          none filed; the defect shows only under DP attention.
  third-party PR #3990 "[NPU] fix rows in
                 warm-up" (bob, OPEN). Same bug class on another platform.
  anchor risk    #3877 "pad heads at the same call sites" -- rewrites our
                 anchor; expect a conflict, not a fix.
                 #3712 / #3713 (both OPEN) move the backend selection.
  own PR         #4101 "Fix rows" (alice, OPEN, REVIEW_REQUIRED, against main).
"""
import pathlib
import sys

TARGET = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "python/engine/indexer.py")
ANCHOR = "assert B == n"
text = TARGET.read_text()
if text.count(ANCHOR) != 1:
    sys.exit(f"anchor {ANCHOR!r} not found exactly once in {TARGET}")
TARGET.write_text(text.replace(ANCHOR, "n = min(n, B)\n    assert B == n"))
