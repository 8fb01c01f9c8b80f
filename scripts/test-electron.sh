#!/usr/bin/env bash
# Runs test/e2e/electron: the e2e checks through the VS Code API, inside a real VS Code (Electron)
# started by @vscode/test-electron.
#
# NEEDS INTERNET: @vscode/test-electron downloads VS Code from update.code.visualstudio.com into
# .vscode-test/ (cached after the first run). Machines that reach only the npm registry cannot run
# it, so it is not part of CI or `npm test`; the CI e2e is test/e2e/vscode.e2e.test.ts (code-server +
# Chromium, offline). On Linux without a display it runs under xvfb-run when that is installed
# (apt-get install -y xvfb). VSCODE_VERSION=1.91.0 picks a VS Code build (default: stable).
set -euo pipefail
cd "$(dirname "$0")/.."

npm run --silent build   # dist/client.js and dist/server.js: the extension under development
OUT=.vscode-test/e2e-electron
rm -rf "$OUT"
npx esbuild runTest=test/e2e/electron/runTest.ts suite/index=test/e2e/electron/suite/index.ts suite/checks=test/api/checks.ts \
  --bundle --platform=node --format=cjs --target=node20 --log-level=warning \
  --external:vscode --external:mocha --external:@vscode/test-electron \
  --outdir="$OUT"

if [ "$(uname -s)" = Linux ] && [ -z "${DISPLAY:-}" ] && command -v xvfb-run >/dev/null; then
  exec xvfb-run -a node "$OUT/runTest.js"
fi
exec node "$OUT/runTest.js"
