#!/usr/bin/env bash
# Applies every patch in this folder to the vendored checkout at image build time.
set -euo pipefail
for p in "$(dirname "$0")"/transport/*.diff; do patch -p1 --fuzz=0 < "$p"; done
for s in "$(dirname "$0")"/engine_core/*.py; do python3 "$s"; done
