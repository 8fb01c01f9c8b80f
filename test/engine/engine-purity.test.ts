import { readdirSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf } from '../imports';

// The engine is plain TypeScript: it must run in the CLI, a worker or a browser alike.
const ENGINE = path.resolve(__dirname, '..', '..', 'server', 'src', 'engine');

describe('engine purity', () => {
  const files = readdirSync(ENGINE, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));

  it('has modules to check', () => {
    expect(files.length).toBeGreaterThan(5);
  });

  it.each(files)('%s imports only other engine modules', (file) => {
    const imports = importsOf(path.join(ENGINE, file));
    const outside = imports.filter((spec) => !spec.startsWith('./') && !spec.startsWith('../'));
    expect(outside, `${file} imports ${outside.join(', ')}`).toEqual([]);
    const escaping = imports.filter((spec) => path.resolve(path.dirname(path.join(ENGINE, file)), spec).indexOf(ENGINE) !== 0);
    expect(escaping, `${file} reaches outside the engine`).toEqual([]);
  });
});
