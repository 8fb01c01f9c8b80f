import { readdirSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf } from '../imports';

// The layers of server/src, read from the import statements (the engine's own rule is
// engine-purity.test.ts): the worker's jobs build on the engine alone, so that the CLI and the
// language server can both run them without depending on each other.
const SRC = path.resolve(__dirname, '..', '..', 'server', 'src');

type Layer = 'engine' | 'jobs' | 'cli' | 'lsp' | 'shared';

/**
 * The layer of a file under server/src: its top folder; the modules at the top (protocol.ts,
 * shapes.ts, ratingList.ts) are what the client and the language server share.
 */
function layerOf(file: string): Layer {
  const top = path.relative(SRC, file).split(path.sep)[0].replace(/\.ts$/, '');
  if (top === 'engine' || top === 'jobs' || top === 'cli' || top === 'lsp') return top;
  return 'shared';
}

/** The layers each one may import from (besides itself). */
const BELOW: Record<Exclude<Layer, 'engine'>, Layer[]> = {
  jobs: ['engine'],
  cli: ['engine', 'jobs'],
  shared: ['engine'],
  lsp: ['engine', 'jobs', 'shared'],
};

const LSP = path.join(SRC, 'lsp');

/**
 * The language server's own floors, lowest first: documents, the services on them, the features
 * and requests on those, the handler tables with the Session they use, and the wiring on top.
 * What is left at lsp/'s top (lsp.ts, turn.ts, framing.ts, lifecycle.ts, runSafe.ts) is floor 0.
 */
function floorOf(file: string): number {
  const rel = path.relative(LSP, file).split(path.sep);
  const top = rel[0].replace(/\.ts$/, '');
  const floors: Record<string, number> = {
    documents: 1, services: 2, features: 3, requests: 3, handlers: 4, session: 4, registration: 4, server: 5, node: 5, browser: 5,
  };
  return floors[top] ?? 0;
}

/** Jobs run in worker threads and browser Web Workers: workerpool and Node's own modules only. */
const JOBS_PACKAGES = /^(workerpool|node:.*)$/;

describe('layers', () => {
  const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => path.join(SRC, f))
    .filter((f) => layerOf(f) !== 'engine');

  it('has modules in every layer', () => {
    expect(new Set(files.map(layerOf))).toEqual(new Set(['jobs', 'cli', 'lsp', 'shared']));
  });

  it.each(files.map((f) => path.relative(SRC, f)))('%s imports only the layers below it', (name) => {
    const file = path.join(SRC, name);
    const layer = layerOf(file) as Exclude<Layer, 'engine'>;
    const specs = importsOf(file);
    const relative = specs.filter((spec) => spec.startsWith('.'));
    const across = relative.filter((spec) => {
      const target = layerOf(path.resolve(path.dirname(file), spec));
      return target !== layer && !BELOW[layer].includes(target);
    });
    expect(across, `${name} (${layer}) imports ${across.join(', ')}`).toEqual([]);
    if (layer === 'lsp') {
      const up = relative.filter((spec) => {
        const target = path.resolve(path.dirname(file), spec);
        return layerOf(target) === 'lsp' && floorOf(target) > floorOf(file);
      });
      expect(up, `${name} imports a floor above its own: ${up.join(', ')}`).toEqual([]);
    }
    if (layer === 'jobs') {
      const packages = specs.filter((spec) => !spec.startsWith('.') && !JOBS_PACKAGES.test(spec));
      expect(packages, `${name} imports ${packages.join(', ')}`).toEqual([]);
    }
  });
});
