// Runs the API-level checks in ./suite inside a real VS Code (Electron) through @vscode/test-electron.
//
// NEEDS INTERNET: @vscode/test-electron downloads a VS Code build (update.code.visualstudio.com) into
// .vscode-test/ on its first run. The machines this project is built on reach only the npm registry
// and Debian's mirrors, so this suite is NOT part of CI or `npm test`; there the same checks run in
// code-server + Chromium (test/e2e/vscode.e2e.test.ts). Run it with `bash scripts/test-electron.sh`
// on a machine with internet (and a display, or xvfb-run on Linux).
//
// Environment: VSCODE_VERSION picks the VS Code build ('stable' by default, e.g. '1.91.0' for the
// lowest version engines.vscode allows).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runTests } from '@vscode/test-electron';

async function main(): Promise<void> {
  // Bundled to .vscode-test/e2e-electron/runTest.js by scripts/test-electron.sh.
  const root = path.resolve(__dirname, '..', '..');
  const client = path.join(root, 'dist', 'client.js');
  if (!fs.existsSync(client)) throw new Error('dist/client.js is missing: run `npm run build` first.');

  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sudoku-lens-electron-'));
  const workspace = path.join(tmp, 'workspace');
  const userData = path.join(tmp, 'user-data');
  fs.cpSync(path.join(root, 'samples'), workspace, { recursive: true });
  fs.mkdirSync(path.join(userData, 'User'), { recursive: true });
  fs.writeFileSync(
    path.join(userData, 'User', 'settings.json'),
    JSON.stringify({ 'security.workspace.trust.enabled': false, 'workbench.startupEditor': 'none' }),
  );
  try {
    await runTests({
      version: process.env.VSCODE_VERSION ?? 'stable',
      extensionDevelopmentPath: root,
      extensionTestsPath: path.join(__dirname, 'suite', 'index.js'),
      launchArgs: [
        workspace,
        '--disable-extensions', // every other extension; the one under development still loads
        '--disable-workspace-trust',
        '--skip-welcome',
        '--skip-release-notes',
        '--user-data-dir',
        userData,
      ],
    });
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
