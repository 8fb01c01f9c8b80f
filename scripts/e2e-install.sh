#!/usr/bin/env bash
# Installs what the end-to-end test in a real VS Code needs (see /work/shared/docs/e2e-vscode.md):
#   - Debian packages: chromium (the browser), ripgrep (stands in for @vscode/ripgrep's download),
#     libkrb5-dev + pkg-config (to build the `kerberos` native module), neovim (a second LSP client
#     for test/lsp/neovim.test.ts);
#   - code-server (VS Code's workbench + Node extension host) and playwright-core into .e2e/,
#     with its native modules rebuilt against the local Node, since their install scripts
#     cannot run offline.
# Idempotent: a stamp file records what was installed; a second run only re-checks the apt packages.
# Works non-interactively (CI=true, no stdin), as root or with sudo. Only the npm registry and the
# Debian mirrors are contacted.
set -euo pipefail

CODE_SERVER_VERSION=4.100.3   # the last code-server line that runs on Node 20
PLAYWRIGHT_VERSION=1.65.1     # drives Debian's Chromium over CDP; no browser download
APT_PACKAGES=(chromium ripgrep libkrb5-dev pkg-config neovim)

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
E2E="$ROOT/.e2e"
STAMP="$E2E/.installed"
WANT_STAMP="code-server@$CODE_SERVER_VERSION playwright-core@$PLAYWRIGHT_VERSION node@$(node -p 'process.versions.modules')"

log() { printf '[e2e-install] %s\n' "$*"; }
export DEBIAN_FRONTEND=noninteractive
export npm_config_yes=true npm_config_audit=false npm_config_fund=false npm_config_update_notifier=false
# npx/node-gyp would download Node's headers from nodejs.org, which is not reachable here; use the
# headers installed with Node itself when they are there (Debian/NodeSource packages ship them).
NODE_PREFIX="$(dirname "$(dirname "$(command -v node)")")"
if [ -z "${npm_config_nodedir:-}" ] && [ -f "$NODE_PREFIX/include/node/node.h" ]; then
  export npm_config_nodedir="$NODE_PREFIX"
fi

# 1. Debian packages: install only when one is missing.
missing=()
for p in "${APT_PACKAGES[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo -n"
  log "apt-get install ${missing[*]}"
  $SUDO apt-get update -qq </dev/null
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" </dev/null >/dev/null
else
  log "apt packages present: ${APT_PACKAGES[*]}"
fi
[ -x /usr/bin/chromium ] || { log "ERROR: /usr/bin/chromium missing after install"; exit 1; }
RG="$(command -v rg || true)"
[ -n "$RG" ] || { log "ERROR: rg (ripgrep) missing after install"; exit 1; }

# 2. code-server + playwright-core, unless the stamp says this exact set is already there.
if [ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "$WANT_STAMP" ] \
  && [ -f "$E2E/node_modules/code-server/out/node/entry.js" ] \
  && [ -d "$E2E/node_modules/playwright-core" ]; then
  log "already installed ($WANT_STAMP), nothing to do"
  exit 0
fi

start=$SECONDS
log "installing $WANT_STAMP into .e2e/ (a few minutes, ~320 MB)"
rm -f "$STAMP"
mkdir -p "$E2E"
cd "$E2E"
[ -f package.json ] || printf '{ "name": "sudoku-lens-e2e", "private": true }\n' > package.json
# Scripts are skipped: code-server's postinstall refuses root and downloads ripgrep from GitHub.
npm install --save-exact --no-audit --no-fund --ignore-scripts --loglevel=error \
  "code-server@$CODE_SERVER_VERSION" "playwright-core@$PLAYWRIGHT_VERSION" </dev/null

VSCODE="$E2E/node_modules/code-server/lib/vscode"
log "installing VS Code's own dependencies"
(cd "$VSCODE" && npm install --omit=dev --ignore-scripts --no-audit --no-fund --loglevel=error </dev/null)

log "rebuilding native modules (node-gyp)"
(cd "$VSCODE" && npm rebuild --loglevel=error \
  @parcel/watcher @vscode/spdlog node-pty native-watchdog @vscode/deviceid kerberos </dev/null)

log "linking ripgrep ($RG)"
mkdir -p "$VSCODE/node_modules/@vscode/ripgrep/bin"
ln -sf "$RG" "$VSCODE/node_modules/@vscode/ripgrep/bin/rg"
ln -sfn node_modules "$VSCODE/node_modules.asar"

log "installing the built-in extensions' dependencies"
(cd "$VSCODE/extensions" && npm install --omit=dev --ignore-scripts --no-audit --no-fund --loglevel=error </dev/null)

log "rebuilding argon2"
(cd "$E2E" && npm rebuild --loglevel=error argon2 </dev/null)

# Smoke check: the server binary starts and reports its version.
# (its own config dir goes to a temp folder, so ~/.config is left alone)
tmpcfg="$(mktemp -d)"
version="$(XDG_CONFIG_HOME="$tmpcfg" XDG_DATA_HOME="$tmpcfg" \
  node "$E2E/node_modules/code-server/out/node/entry.js" --version </dev/null 2>/dev/null | tail -1)"
rm -rf "$tmpcfg"
log "code-server --version: $version"

printf '%s' "$WANT_STAMP" > "$STAMP"
log "done in $((SECONDS - start)) s"
