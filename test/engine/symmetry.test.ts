import * as fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { applyTransform, canonicalForm } from '../../server/src/engine/canonical';
import { solveString } from '../../server/src/engine/core/solve';
import { NAMED_SYMMETRIES, SymmetrySpecError, parseSymmetry, randomSymmetry, seedOf, seededRandom } from '../../server/src/engine/symmetry';
import { dataPath } from '../dataPath';

const TOP95 = fs
  .readFileSync(dataPath('magictour-top95', 'top95.txt'), 'utf8')
  .split('\n')
  .filter((l) => l.length === 81);
const P = TOP95[0];

/** Independent pictures of the geometric symmetries: target cell (r, c) takes source (f(r, c)). */
const GEOMETRY: Record<string, (r: number, c: number) => [number, number]> = {
  identity: (r, c) => [r, c],
  transpose: (r, c) => [c, r],
  antitranspose: (r, c) => [8 - c, 8 - r],
  rot90: (r, c) => [8 - c, r],
  rot180: (r, c) => [8 - r, 8 - c],
  rot270: (r, c) => [c, 8 - r],
  mirror: (r, c) => [r, 8 - c],
  flip: (r, c) => [8 - r, c],
};
const moved = (text: string, f: (r: number, c: number) => [number, number]): string =>
  Array.from({ length: 81 }, (_, i) => {
    const [r, c] = f(Math.floor(i / 9), i % 9);
    return text[r * 9 + c];
  }).join('');
const apply = (text: string, spec: string): string => parseSymmetry(spec).reduce(applyTransform, text);

describe('named symmetries', () => {
  it('move the cells as their names say', () => {
    expect(Object.keys(NAMED_SYMMETRIES).sort()).toEqual(Object.keys(GEOMETRY).sort());
    for (const [name, f] of Object.entries(GEOMETRY)) expect(apply(P, name), name).toBe(moved(P, f));
  });

  it('compose left to right', () => {
    expect(apply(P, 'rot90,rot90')).toBe(apply(P, 'rot180'));
    expect(apply(P, 'rot90,rot90,rot90,rot90')).toBe(P);
    expect(apply(P, 'mirror,flip')).toBe(apply(P, 'rot180'));
    expect(apply(P, 'rows=213456789,digits=213456789')).toBe(
      [...P.slice(9, 18), ...P.slice(0, 9), ...P.slice(18)].map((ch) => (ch === '1' ? '2' : ch === '2' ? '1' : ch)).join(''),
    );
  });

  it('refuse what is no symmetry, saying what is expected', () => {
    expect(() => parseSymmetry('rot45')).toThrow(/unknown symmetry 'rot45': use identity, .*digits=D/);
    expect(() => parseSymmetry('rows=412356789')).toThrow(SymmetrySpecError);
    expect(() => parseSymmetry('cols=12345678')).toThrow(/cols=12345678: expected/);
    expect(() => parseSymmetry('digits=112345678')).toThrow(/digits=112345678: expected/);
    expect(() => parseSymmetry('rot90=1')).toThrow(SymmetrySpecError);
  });
});

describe('randomSymmetry', () => {
  it('is the same sequence for the same seed, another for another', () => {
    const take = (seed: number) => {
      const random = seededRandom(seed);
      return Array.from({ length: 5 }, () => randomSymmetry(random));
    };
    expect(take(42)).toEqual(take(42));
    expect(take(42)).not.toEqual(take(43));
    expect(seedOf('42')).toBe(42);
    expect(seedOf('forty-two')).toBe(seedOf('forty-two'));
    expect(seedOf('forty-two')).not.toBe(seedOf('forty-three'));
  });

  it('keeps every puzzle equivalent and its solution count', () => {
    const random = seededRandom(7);
    const seen = new Set<string>();
    for (const p of TOP95.slice(0, 30)) {
      const q = applyTransform(p, randomSymmetry(random));
      seen.add(q);
      expect(canonicalForm(q)).toBe(canonicalForm(p));
      expect(solveString(q, { limit: 2 }).count).toBe(solveString(p, { limit: 2 }).count);
    }
    expect(seen.size).toBe(30);
  });
});
