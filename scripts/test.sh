#!/usr/bin/env bash
# Runs the whole test suite: unit tests, the lit suite and the DaCe interop
# check over the corpus (cargo test), then the Python package's tests.
# Installs what it needs first.
set -euo pipefail
REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$REPO"
scripts/setup.sh
cargo test --release "$@"
scripts/test-python.sh
