/**
 * The README's first set-up command, `npm ci && npm run samples`: what it runs after the build must
 * succeed (exit 0) and rate every puzzle of its showcase, so a newcomer's first run shows the product
 * working. samples/collection.sdm, broken on purpose for the editor, stays out of it.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT, buildIfMissing } from '../cli';
import { parseDocument } from '../../server/src/engine/core/parse';

const BUILD = 'npm run build';
const script = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.samples;

describe('npm run samples', () => {
  beforeAll(buildIfMissing, 120_000);

  it('builds first, then rates the showcase, exit 0, a rating on every row', () => {
    const [build, ...rest] = script.split(' && ');
    expect(build).toBe(BUILD);
    // The rest as npm runs it (sh), on the bundles built once for every test rather than rebuilt under them.
    const run = spawnSync('sh', ['-c', rest.join(' && ')], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
    expect(run.error).toBeUndefined();
    expect(run.stderr).not.toMatch(/: (error|warning) /); // no diagnostic: every showcase puzzle is sound
    expect(run.stderr).toMatch(/\b0 with errors/);
    expect(run.status).toBe(0);
    const file = /samples\/\S+/.exec(rest.join(' '))?.[0] ?? '';
    const puzzles = parseDocument(readFileSync(join(ROOT, file), 'utf8')).puzzles.map((p) => p.text);
    const rows = run.stdout.trimEnd().split('\n');
    expect(rows.map((row) => row.slice(0, 81))).toEqual(puzzles);
    for (const row of rows) expect(row).toMatch(/ ED=\d+\.\d\/\d+\.\d\/\d+\.\d  W=\d+  BLISS=\d  hardest: \w/);
  });
});
