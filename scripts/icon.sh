#!/usr/bin/env bash
# Renders the Marketplace icon docs/icon.png (128×128, transparent corners) from docs/icon.svg with
# headless Chromium, the one the e2e tests use (scripts/e2e-install.sh): no other image tool needed.
set -euo pipefail
cd "$(dirname "$0")/.."
chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --force-device-scale-factor=1 \
  --default-background-color=00000000 --window-size=128,128 \
  --screenshot="$PWD/docs/icon.png" "file://$PWD/docs/icon.svg" 2>/dev/null
