import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type Settings, extrasShown, readSettings } from '../../server/src/lsp/services/settings';

interface Property {
  type: 'number' | 'boolean' | 'string';
  default: number | boolean | string;
  enum?: string[];
}
const properties = JSON.parse(readFileSync(path.join(__dirname, '..', '..', 'package.json'), 'utf8')).contributes.configuration.properties as Record<
  string,
  Property
>;

/** Read by vscode-languageclient in the extension (`<client id>.trace.server`), not by the server. */
const CLIENT_ONLY = new Set(['sudokuLens.trace.server']);

/** `sudokuLens.solver.nodeBudget` = 5 → `{ solver: { nodeBudget: 5 } }`, as the client sends the section. */
function section(key: string, value: unknown): Record<string, unknown> {
  const parts = key.split('.').slice(1);
  return parts.reduceRight<unknown>((inner, part) => ({ [part]: inner }), value) as Record<string, unknown>;
}

function otherValue(p: Property): number | boolean | string {
  if (p.type === 'boolean') return !p.default;
  if (p.type === 'number') return (p.default as number) * 2 + 1;
  return p.enum!.find((v) => v !== p.default)!;
}

describe('settings: package.json mirrors server/src/lsp/services/settings.ts', () => {
  it('falls back to the defaults for a missing or malformed section', () => {
    expect(readSettings(undefined)).toEqual(DEFAULT_SETTINGS);
    expect(readSettings({ spoilers: { hideSolutions: 'yes' }, solver: { nodeBudget: 'many' }, inlayHints: { rating: 'ED' } })).toEqual(DEFAULT_SETTINGS);
  });

  it('has the same default for every setting', () => {
    const all = Object.entries(properties).reduce((acc, [key, p]) => mergeDeep(acc, section(key, p.default)), {});
    expect(readSettings(all)).toEqual(DEFAULT_SETTINGS);
  });

  it.each(Object.keys(properties).filter((key) => !CLIENT_ONLY.has(key)))('reads %s', (key) => {
    const read = readSettings(section(key, otherValue(properties[key])));
    expect(read).not.toEqual(DEFAULT_SETTINGS);
  });

  it('has a package.json entry for every setting: each one is read from some key', () => {
    const read = new Set<string>();
    for (const key of Object.keys(properties).filter((k) => !CLIENT_ONLY.has(k))) {
      const settings = readSettings(section(key, otherValue(properties[key])));
      for (const name of Object.keys(DEFAULT_SETTINGS) as (keyof Settings)[]) if (settings[name] !== DEFAULT_SETTINGS[name]) read.add(name);
    }
    expect(Object.keys(DEFAULT_SETTINGS).filter((name) => !read.has(name))).toEqual([]);
  });

  it('turns spoiler protection on', () => {
    expect(readSettings({ spoilers: { hideSolutions: true } }).hideSolutions).toBe(true);
  });
});

function mergeDeep(a: Record<string, unknown>, b: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...a };
  for (const [k, v] of Object.entries(b)) {
    out[k] = typeof v === 'object' && v !== null && typeof out[k] === 'object' ? mergeDeep(out[k] as Record<string, unknown>, v as Record<string, unknown>) : v;
  }
  return out;
}

describe("where a puzzle's W/BLISS figures show besides its hover (what their arrival refreshes)", () => {
  const GIVENS = '.'.repeat(81);
  const PENCILMARKS = '123456789'.repeat(81);

  it('nowhere for an 81-cell puzzle under the defaults: a prefetched figure refreshes nothing', () => {
    expect(extrasShown(DEFAULT_SETTINGS, GIVENS)).toBe(false);
    expect(extrasShown({ ...DEFAULT_SETTINGS, whipPath: 'off' }, GIVENS)).toBe(false);
  });

  it('in the inlay hints showing W or BLISS, in W path diagnostics on every puzzle, on a 729 line', () => {
    expect(extrasShown({ ...DEFAULT_SETTINGS, inlayRating: 'w' }, GIVENS)).toBe(true);
    expect(extrasShown({ ...DEFAULT_SETTINGS, inlayRating: 'bliss' }, GIVENS)).toBe(true);
    expect(extrasShown({ ...DEFAULT_SETTINGS, whipPath: 'all' }, GIVENS)).toBe(true);
    expect(extrasShown({ ...DEFAULT_SETTINGS, whipPath: 'off' }, PENCILMARKS)).toBe(true); // its BLISS findings
  });
});
