#!/usr/bin/env bash
# Redraws the README's pictures of the viewer: a program (atax, after
# auto-optimize, with the matches of map tiling numbered) and a
# transformation's diff (vec_add before and after map tiling), taken by
# headless Chromium into docs/images/.
# Needs a release build, Graphviz and Chromium (scripts/setup.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
corpus=${SDFG_CORPUS:-../shared/sdfg-corpus}
bin=target/release
out=target/screenshots
mkdir -p "$out" docs/images
chromium=${SDFG_CHROMIUM:-chromium}
shoot() { # page png width height
  "$chromium" --headless --no-sandbox --disable-gpu --disable-dev-shm-usage \
    --hide-scrollbars --screenshot="$2" --window-size="$3,$4" "file://$PWD/$1" 2>/dev/null
}
"$bin/sdfg-opt" "$corpus/atax.autoopt.sdfg" --sdfg-list-matches=sdfg-map-tiling --export-html "$out/atax.html" > /dev/null
"$bin/sdfg-opt" "$corpus/vec_add.simplified.sdfg" --sdfg-map-tiling --sdfg-view-diff "$out/diff.html" > /dev/null
shoot "$out/atax.html" docs/images/viewer-atax.png 1400 800
shoot "$out/diff.html" docs/images/viewer-diff.png 1400 700
echo "wrote docs/images/viewer-atax.png docs/images/viewer-diff.png"
