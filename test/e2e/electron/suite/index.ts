// Entry point @vscode/test-electron loads inside the extension host: runs test/api/checks.ts
// (bundled beside this file as checks.js by scripts/test-electron.sh) with mocha. See ../runTest.ts:
// needs internet (it downloads VS Code), so it is not part of CI.
import path from 'node:path';
import Mocha from 'mocha';

export function run(): Promise<void> {
  const mocha = new Mocha({ ui: 'tdd', color: true, timeout: 90_000 });
  mocha.addFile(path.join(__dirname, 'checks.js'));
  return new Promise((resolve, reject) => {
    mocha.run((failures) => (failures > 0 ? reject(new Error(`${failures} check(s) failed`)) : resolve()));
  });
}
