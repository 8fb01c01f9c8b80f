/**
 * The symmetries a generated puzzle's clues can have. Each is a group of the grid's dihedral
 * transformations (engine/symmetry.ts's named ones, moved cell by cell as canonical.ts moves
 * them), given by its generators; the clues are removed and kept an orbit at a time, so the
 * clue pattern is invariant under the whole group.
 */
import { sourceCell } from '../canonical';
import { NAMED_SYMMETRIES } from '../symmetry';

/** Name → the named transformations generating its group. */
const GENERATORS = {
  none: [],
  central: ['rot180'],
  diagonal: ['transpose'],
  'anti-diagonal': ['antitranspose'],
  mirror: ['mirror'],
  rot90: ['rot90'],
  dihedral: ['rot90', 'mirror'],
} as const satisfies Record<string, readonly (keyof typeof NAMED_SYMMETRIES)[]>;

export type ClueSymmetry = keyof typeof GENERATORS;
export const CLUE_SYMMETRIES = Object.keys(GENERATORS) as ClueSymmetry[];

/** What each name means, for help texts. */
export const CLUE_SYMMETRY_MEANINGS: Record<ClueSymmetry, string> = {
  none: 'no symmetry',
  central: 'half-turn about the centre (r1c1 ↔ r9c9)',
  diagonal: 'mirrored in the main diagonal r1c1-r9c9',
  'anti-diagonal': 'mirrored in the anti-diagonal r1c9-r9c1',
  mirror: 'mirrored left to right (c1 ↔ c9)',
  rot90: 'quarter-turns about the centre',
  dihedral: 'all eight rotations and reflections of the square',
};

export const isClueSymmetry = (name: string): name is ClueSymmetry => Object.hasOwn(GENERATORS, name);

/** For each generator, the cell each cell's content comes from. */
export function generatorMaps(symmetry: ClueSymmetry): Uint8Array[] {
  return GENERATORS[symmetry].map((name) => Uint8Array.from({ length: 81 }, (_, c) => sourceCell(NAMED_SYMMETRIES[name], c)));
}

const ORBITS = new Map<ClueSymmetry, readonly Uint8Array[]>();

/** The cells' orbits under the group (cells joined by any generator, transitively), in cell order. */
export function orbits(symmetry: ClueSymmetry): readonly Uint8Array[] {
  let found = ORBITS.get(symmetry);
  if (found) return found;
  const root = Array.from({ length: 81 }, (_, c) => c);
  const find = (c: number): number => (root[c] === c ? c : (root[c] = find(root[c])));
  for (const map of generatorMaps(symmetry)) for (let c = 0; c < 81; c++) root[find(c)] = find(map[c]);
  const byRoot = new Map<number, number[]>();
  for (let c = 0; c < 81; c++) byRoot.set(find(c), [...(byRoot.get(find(c)) ?? []), c]);
  found = [...byRoot.values()].map((cells) => Uint8Array.from(cells));
  ORBITS.set(symmetry, found);
  return found;
}

/** Whether a set of clue cells (1 = clue) is invariant under the group. */
export const hasSymmetry = (clues: ArrayLike<number>, symmetry: ClueSymmetry): boolean =>
  generatorMaps(symmetry).every((map) => Array.from({ length: 81 }, (_, c) => c).every((c) => Boolean(clues[c]) === Boolean(clues[map[c]])));
