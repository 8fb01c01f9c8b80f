import { defineConfig } from 'vitest/config';

// One project a layer: `npx vitest run --project engine` runs the engine's tests alone (no build
// needed); cli, client, lsp and e2e run the built dist/ (scripts/test.sh builds it first).
// Some suites rate hundreds of puzzles: give them room on a loaded 2-core machine.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'engine', include: ['test/engine/**/*.test.ts'], testTimeout: 60_000 } },
      { test: { name: 'server', include: ['test/server/**/*.test.ts'], testTimeout: 60_000 } },
      { test: { name: 'cli', include: ['test/cli/**/*.test.ts'], testTimeout: 60_000 } },
      { test: { name: 'client', include: ['test/client/**/*.test.ts'], testTimeout: 60_000 } },
      { test: { name: 'lsp', include: ['test/lsp/**/*.test.ts'], testTimeout: 30_000 } },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          testTimeout: 300_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
