import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      // Some unit tests rate hundreds of puzzles: give them room on a loaded 2-core machine.
      { test: { name: 'unit', include: ['test/unit/**/*.test.ts'], testTimeout: 60_000 } },
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
