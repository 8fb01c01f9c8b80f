/**
 * Every thread that rates gets the rating heap (jobs/nodeWorkers.ts, RATING_HEAP): the pools of the
 * CLI and the language server come from `nodeWorkers`, which always passes it, and nothing else
 * in server/src or bench/ starts a worker thread (the browser's Web Workers take no V8 limits).
 */
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it, vi } from 'vitest';

const pools: { script: string; options: { workerThreadOpts?: { resourceLimits?: object } } }[] = [];
vi.mock('workerpool', () => ({
  default: {
    pool: (script: string, options: (typeof pools)[number]['options']) => {
      pools.push({ script, options });
      return {};
    },
  },
}));

const { RATING_HEAP, nodeWorkers } = await import('../../server/src/jobs/nodeWorkers');

const ROOT = path.resolve(__dirname, '..', '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => path.join(e.parentPath, e.name));
}

describe('the rating heap', () => {
  it('is a small young generation', () => {
    expect(RATING_HEAP.maxYoungGenerationSizeMb).toBeGreaterThan(0);
  });

  it("is every pool's, with the CLI's old-generation cap where given", () => {
    nodeWorkers('rating.js').pool(2);
    nodeWorkers('rating.js', 128).pool(1);
    expect(pools.map((p) => p.options.workerThreadOpts?.resourceLimits)).toEqual([{ ...RATING_HEAP }, { ...RATING_HEAP, maxOldGenerationSizeMb: 128 }]);
  });

  it('no worker thread is started elsewhere', () => {
    const starts = /workerpool\.pool\(|new Worker\(/;
    const files = [...sources(path.join(ROOT, 'server', 'src')), ...sources(path.join(ROOT, 'bench'))]
      .filter((f) => starts.test(readFileSync(f, 'utf8')))
      .map((f) => path.relative(ROOT, f).split(path.sep).join('/'));
    expect(files.sort()).toEqual(['server/src/jobs/nodeWorkers.ts', 'server/src/lsp/browser.ts']);
  });
});
