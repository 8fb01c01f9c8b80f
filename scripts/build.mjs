// Bundles the extension client, the language server, the CLI and the benchmark into dist/.
import { build } from 'esbuild';

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: true,
  logLevel: 'warning',
};

await Promise.all([
  build({ ...common, entryPoints: ['client/src/extension.ts'], outfile: 'dist/client.js', external: ['vscode'] }),
  build({ ...common, entryPoints: ['server/src/node.ts'], outfile: 'dist/server.js' }),
  build({ ...common, entryPoints: ['server/src/ratingWorker.ts'], outfile: 'dist/ratingWorker.js' }),
  build({
    ...common,
    entryPoints: ['server/src/cli/main.ts'],
    outfile: 'dist/cli.js',
    banner: { js: '#!/usr/bin/env node' },
  }),
  build({ ...common, entryPoints: ['bench/bench.ts'], outfile: 'dist/bench.js' }),
]);
