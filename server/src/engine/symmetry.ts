/**
 * Validity-preserving transformations as the command line names them (`rot90,mirror`,
 * `rows=…`), and random ones from a seeded generator, so that `transform --seed S` gives the same
 * output on every machine. The transformation itself is canonical.ts's SymmetryTransform.
 */
import type { SymmetryTransform } from './canonical';

const IDENTITY = [0, 1, 2, 3, 4, 5, 6, 7, 8];
const REVERSED = [8, 7, 6, 5, 4, 3, 2, 1, 0];
const DIGITS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];

const named = (transpose: boolean, rows: number[], cols: number[]): SymmetryTransform => ({ transpose, rows, cols, digits: DIGITS });

/**
 * The named ones. With transposition first, target (r, c) takes source (cols[c], rows[r]):
 * a quarter turn clockwise takes (8 - c, r).
 */
export const NAMED_SYMMETRIES: Readonly<Record<string, SymmetryTransform>> = {
  identity: named(false, IDENTITY, IDENTITY),
  transpose: named(true, IDENTITY, IDENTITY),
  antitranspose: named(true, REVERSED, REVERSED),
  rot90: named(true, IDENTITY, REVERSED),
  rot180: named(false, REVERSED, REVERSED),
  rot270: named(true, REVERSED, IDENTITY),
  mirror: named(false, IDENTITY, REVERSED),
  flip: named(false, REVERSED, IDENTITY),
};

export class SymmetrySpecError extends Error {}

/** A line order from 9 digits 1-9: target line i takes source line order[i]; bands and stacks stay whole. */
function lineOrder(what: string, value: string): number[] {
  const order = [...value].map((ch) => Number(ch) - 1);
  const ok =
    /^[1-9]{9}$/.test(value) &&
    new Set(order).size === 9 &&
    [0, 3, 6].every((i) => new Set(order.slice(i, i + 3).map((x) => Math.floor(x / 3))).size === 1);
  if (!ok) throw new SymmetrySpecError(`${what}=${value}: expected the 9 ${what} 1-9 in a new order that keeps each band/stack's three together (e.g. ${what}=213456789)`);
  return order;
}

function digitMap(value: string): number[] {
  if (!/^[1-9]{9}$/.test(value) || new Set(value).size !== 9) {
    throw new SymmetrySpecError(`digits=${value}: expected the digits 1-9 in a new order (digit d becomes the d-th, e.g. digits=912345678)`);
  }
  return [0, ...[...value].map(Number)];
}

const ITEMS = [...Object.keys(NAMED_SYMMETRIES), 'rows=R', 'cols=C', 'digits=D'];

/** `rot90,mirror,digits=912345678`: the transformations, applied left to right. */
export function parseSymmetry(spec: string): SymmetryTransform[] {
  return spec.split(',').map((item) => {
    const part = item.trim();
    const [key, value] = part.split('=', 2);
    if (value === undefined && Object.hasOwn(NAMED_SYMMETRIES, key)) return NAMED_SYMMETRIES[key];
    if (key === 'rows') return { ...NAMED_SYMMETRIES.identity, rows: lineOrder('rows', value ?? '') };
    if (key === 'cols') return { ...NAMED_SYMMETRIES.identity, cols: lineOrder('cols', value ?? '') };
    if (key === 'digits') return { ...NAMED_SYMMETRIES.identity, digits: digitMap(value ?? '') };
    throw new SymmetrySpecError(`unknown symmetry '${part}': use ${ITEMS.join(', ')} (comma-separated, applied in order)`);
  });
}

/** A 32-bit seed's generator of numbers in [0, 1) (mulberry32): the same sequence everywhere. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A text seed as a 32-bit number: a whole number as itself, other text hashed. */
export function seedOf(text: string): number {
  if (/^\d+$/.test(text)) return Number(BigInt(text) % 4294967296n);
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

function shuffled(xs: number[], random: () => number): number[] {
  const out = xs.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** Bands shuffled, then the lines inside each. */
const randomLines = (random: () => number): number[] => shuffled([0, 1, 2], random).flatMap((band) => shuffled([0, 1, 2], random).map((i) => 3 * band + i));

/** A uniformly random element of the group (transposition, lines within the band structure, digits). */
export function randomSymmetry(random: () => number): SymmetryTransform {
  return {
    transpose: random() < 0.5,
    rows: randomLines(random),
    cols: randomLines(random),
    digits: [0, ...shuffled([1, 2, 3, 4, 5, 6, 7, 8, 9], random)],
  };
}
