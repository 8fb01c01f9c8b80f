// Entry @vscode/test-web loads in VS Code for the Web's extension host (bundled to
// dist/web/test/index.js by scripts/build.mjs): mocha's browser build with the tdd ui runs the
// checks of test/api/checks.ts against the web build of the extension. Started by
// test/e2e/web.e2e.test.ts, which reads the spec reporter's lines from the runner's output.
/// <reference types="mocha" />

export function run(): Promise<void> {
  require('mocha/mocha'); // defines the global `mocha`
  mocha.setup({ ui: 'tdd', reporter: 'spec', timeout: 90_000, color: false });
  require('../api/checks'); // the tdd globals exist only now
  return new Promise((resolve, reject) => {
    mocha.run((failures) => (failures > 0 ? reject(new Error(`${failures} check(s) failed`)) : resolve()));
  });
}
