/**
 * Sudoku variants for BLISS: a variant is a list of houses (9 cells that must hold
 * the nine digits once each). Every variant has the classic 27 houses (rows,
 * columns, boxes, numbered as in ../grid) followed by its extra houses:
 *
 * - `X`:  the two long diagonals (houses 27 = r1c1..r9c9, 28 = r1c9..r9c1);
 * - `P`:  the nine "same position in the box" groups (house 27 + k holds the
 *         k-th cell of every box, k = 3 * rowInBox + colInBox);
 * - `PX`: both, diagonals first (27, 28), then the position groups (29..37).
 */
import { HOUSES } from '../core/grid';

export type Variant = 'classic' | 'X' | 'P' | 'PX';

export const VARIANTS: readonly Variant[] = ['classic', 'X', 'P', 'PX'];

/** Two houses sharing two or more cells: the shared cells and the rest of each. */
export interface LockedPair {
  readonly inter: Uint8Array;
  readonly aOnly: Uint8Array;
  readonly bOnly: Uint8Array;
}

export interface Geometry {
  readonly variant: Variant;
  /** Number of houses. */
  readonly houseCount: number;
  /** House h is cells houseCells[9h .. 9h+8]. */
  readonly houseCells: Uint8Array;
  /** Houses of cell c: cellHouses[cellHouseStart[c] .. cellHouseStart[c+1]). */
  readonly cellHouses: Uint8Array;
  readonly cellHouseStart: Uint16Array;
  /** Peers of cell c (cells sharing at least one house): peers[peerStart[c] .. peerStart[c+1]). */
  readonly peers: Uint8Array;
  readonly peerStart: Uint16Array;
  /**
   * Pairs of houses whose intersection has at least two cells (box/line and the
   * like), for locked candidates.
   */
  readonly lcPairs: readonly LockedPair[];
  /** Human name of a house. */
  houseName(h: number): string;
}

const DIAGONALS: number[][] = [
  Array.from({ length: 9 }, (_, i) => 10 * i),
  Array.from({ length: 9 }, (_, i) => 8 * (i + 1)),
];

const POSITIONS: number[][] = Array.from({ length: 9 }, (_, k) =>
  Array.from({ length: 9 }, (_, b) => 27 * ((b / 3) | 0) + 3 * (b % 3) + 9 * ((k / 3) | 0) + (k % 3)),
);

export function extraHouses(variant: Variant): number[][] {
  switch (variant) {
    case 'classic':
      return [];
    case 'X':
      return DIAGONALS;
    case 'P':
      return POSITIONS;
    case 'PX':
      return [...DIAGONALS, ...POSITIONS];
  }
}

function build(variant: Variant): Geometry {
  const houses: number[][] = [...HOUSES.map((h) => [...h]), ...extraHouses(variant)];
  const n = houses.length;
  const houseCells = new Uint8Array(9 * n);
  houses.forEach((h, i) => houseCells.set(h, 9 * i));

  const housesOf: number[][] = Array.from({ length: 81 }, () => []);
  houses.forEach((h, i) => h.forEach((c) => housesOf[c].push(i)));
  const cellHouseStart = new Uint16Array(82);
  const cellHousesList: number[] = [];
  const peerStart = new Uint16Array(82);
  const peerList: number[] = [];
  for (let c = 0; c < 81; c++) {
    cellHouseStart[c] = cellHousesList.length;
    cellHousesList.push(...housesOf[c]);
    peerStart[c] = peerList.length;
    const set = new Set<number>();
    for (const h of housesOf[c]) for (const p of houses[h]) if (p !== c) set.add(p);
    peerList.push(...[...set].sort((a, b) => a - b));
  }
  cellHouseStart[81] = cellHousesList.length;
  peerStart[81] = peerList.length;

  const pairs: LockedPair[] = [];
  for (let a = 0; a < n; a++)
    for (let b = a + 1; b < n; b++) {
      const inter = houses[a].filter((c) => houses[b].includes(c));
      if (inter.length < 2) continue;
      pairs.push({
        inter: Uint8Array.from(inter),
        aOnly: Uint8Array.from(houses[a].filter((c) => !inter.includes(c))),
        bOnly: Uint8Array.from(houses[b].filter((c) => !inter.includes(c))),
      });
    }

  const names = (h: number): string => {
    if (h < 27) return h < 9 ? `row ${h + 1}` : h < 18 ? `column ${h - 8}` : `box ${h - 17}`;
    const extra = h - 27;
    if (variant === 'X' || (variant === 'PX' && extra < 2)) return extra === 0 ? 'diagonal r1c1-r9c9' : 'anti-diagonal r1c9-r9c1';
    const k = variant === 'PX' ? extra - 2 : extra;
    return `box position ${k + 1}`;
  };

  return {
    variant,
    houseCount: n,
    houseCells,
    cellHouses: Uint8Array.from(cellHousesList),
    cellHouseStart,
    peers: Uint8Array.from(peerList),
    peerStart,
    lcPairs: pairs,
    houseName: names,
  };
}

const CACHE = new Map<Variant, Geometry>();

/** The (cached) geometry of a variant. */
export function geometry(variant: Variant = 'classic'): Geometry {
  let g = CACHE.get(variant);
  if (!g) {
    if (!VARIANTS.includes(variant)) throw new Error(`unknown sudoku variant: ${String(variant)}`);
    g = build(variant);
    CACHE.set(variant, g);
  }
  return g;
}
