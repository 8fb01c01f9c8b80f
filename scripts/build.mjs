// Bundles the extension client, the language server, the CLI and the benchmark into dist/, and
// the web extension (VS Code for the Web) into dist/web/, with its e2e suite in dist/web/test/, and
// the page scripts of the grid view and of Collection statistics into dist/webview/ (both builds' panels load them).
import { build } from 'esbuild';
import { compileChainWasm, compileGangsterWasm, compileJoinWasm, compileLeafWasm, compileSolverWasm } from './solverWasm.mjs';

// The engine's WebAssembly cores (the exact solver's, the 17-clue join's, XY leaf's and gangster
// chains', the SE chains' runs), embedded in every bundle as base64 (core/wasmSolver.ts,
// ua/wasmJoin.ts, ua/wasmLeaf.ts, ua/wasmGangster.ts, se/techniques/chains/wasmRuns.ts compile them from there: no file to find at
// run time, in Node or in a browser worker).
const base64 = (bytes) => JSON.stringify(Buffer.from(bytes).toString('base64'));
const wasmCores = {
  SOLVER_WASM_BASE64: base64(await compileSolverWasm()),
  JOIN_WASM_BASE64: base64(await compileJoinWasm()),
  LEAF_WASM_BASE64: base64(await compileLeafWasm()),
  GANGSTER_WASM_BASE64: base64(await compileGangsterWasm()),
  CHAIN_WASM_BASE64: base64(await compileChainWasm()),
};

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: true,
  logLevel: 'warning',
  define: wasmCores,
};
// What the VSIX ships is minified (the client from 1 MB to about half); the source maps beside the
// bundles still map stack traces back, and keepNames keeps function and class names in them.
const shipped = { minify: true, keepNames: true };
// workerpool requires these Node modules only when it runs in Node: left out of browser bundles.
const web = { ...common, platform: 'browser', target: 'es2022', external: ['worker_threads', 'os', 'child_process'] };

/** The rating worker's browser bundle, inlined into the web server, which starts it from a Blob. */
async function webRatingWorker() {
  const out = await build({ ...web, ...shipped, format: 'iife', sourcemap: false, entryPoints: ['server/src/jobs/ratingWorker.ts'], write: false, outfile: 'worker.js' });
  return out.outputFiles[0].text;
}

await Promise.all([
  build({ ...common, ...shipped, entryPoints: ['client/src/extension.ts'], outfile: 'dist/client.js', external: ['vscode'] }),
  build({ ...common, ...shipped, entryPoints: ['server/src/lsp/node.ts'], outfile: 'dist/server.js' }),
  build({ ...common, ...shipped, entryPoints: ['server/src/jobs/ratingWorker.ts'], outfile: 'dist/ratingWorker.js' }),
  build({
    ...common,
    ...shipped,
    entryPoints: ['server/src/cli/main.ts'],
    outfile: 'dist/cli.js',
    banner: { js: '#!/usr/bin/env node' },
  }),
  build({ ...common, entryPoints: ['bench/bench.ts'], outfile: 'dist/bench.js' }),
  build({ ...common, entryPoints: ['bench/loopServer.ts'], outfile: 'dist/bench-server.js' }),
  // The web extension host loads a CommonJS module; the server runs as a classic Web Worker.
  build({ ...web, ...shipped, entryPoints: ['client/src/browser.ts'], outfile: 'dist/web/client.js', external: ['vscode', ...web.external] }),
  webRatingWorker().then((source) =>
    build({ ...web, ...shipped, format: 'iife', entryPoints: ['server/src/lsp/browser.ts'], outfile: 'dist/web/server.js', define: { ...wasmCores, RATING_WORKER_SOURCE: JSON.stringify(source) } }),
  ),
  build({ ...web, entryPoints: ['test/web/index.ts'], outfile: 'dist/web/test/index.js', external: ['vscode', ...web.external] }),
  // A classic script in the webview's page (an IIFE: its names stay out of the page's globals).
  build({ ...web, ...shipped, format: 'iife', entryPoints: ['client/src/gridView/webview/main.ts'], outfile: 'dist/webview/grid.js' }),
  build({ ...web, ...shipped, format: 'iife', entryPoints: ['client/src/statsView/webview/main.ts'], outfile: 'dist/webview/stats.js' }),
]);
