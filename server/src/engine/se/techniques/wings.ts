/**
 * XY-Wing (4.2) and XYZ-Wing (4.4), as Sudoku Explainer's XYWing(false|true) finds them.
 *
 * A pivot with candidates {x,y} (XY) or {x,y,z} (XYZ) sees two bivalue wings {x,z} and {y,z}:
 * z goes from every cell that sees both wings (and the pivot, for XYZ). SE takes pivots in cell
 * order and both wings from the pivot's peers in its own order: the pivot's box, then the rest of
 * its row, then the rest of its column. The first wing shares exactly one digit with an XY pivot
 * (is a subset of an XYZ pivot); the second makes the three masks span three digits with no digit
 * common to all three (XY) or exactly one, z (XYZ).
 */
import { HOUSES, HOUSES_OF, cellName, popcount } from '../../core/grid';
import type { State } from '../../core/state';
import { eliminationsText, makeStep, type Candidate, type Step } from '../../core/step';
import { PEER_WORDS, digitWords } from './places';
import type { Technique } from './technique';

/** The 20 peers of each cell in SE's order: box cells, then row cells, then column cells. */
const SE_PEERS: readonly Uint8Array[] = Array.from({ length: 81 }, (_, cell) => {
  const out: number[] = [];
  const [row, column, box] = HOUSES_OF[cell];
  for (const h of [box, row, column]) for (const p of HOUSES[h]) if (p !== cell && !out.includes(p)) out.push(p);
  return Uint8Array.from(out);
});

function* wings(state: State, xyz: boolean): Generator<Step> {
  const cands = state.cands;
  const pivotSize = xyz ? 3 : 2;
  // Each digit's cells (27-cell words), made at the first wing found: most searches find none.
  let byDigit: Int32Array | null = null;
  // Both wings are bivalue: the pivot's bivalue peers in SE's order, listed once per pivot rather
  // than checked again for every first wing.
  const bivalue = new Uint8Array(20);
  for (let pivot = 0; pivot < 81; pivot++) {
    const xy = cands[pivot];
    if (popcount(xy) !== pivotSize) continue;
    const peers = SE_PEERS[pivot];
    let n = 0;
    for (let i = 0; i < 20; i++) if (popcount(cands[peers[i]]) === 2) bivalue[n++] = peers[i];
    for (let i = 0; i < n; i++) {
      const xzCell = bivalue[i];
      const xz = cands[xzCell];
      if (popcount(xy & ~xz) !== 1) continue;
      for (let j = 0; j < n; j++) {
        const yzCell = bivalue[j];
        const yz = cands[yzCell];
        if (popcount(xy | xz | yz) !== 3 || popcount(xy & xz & yz) !== (xyz ? 1 : 0)) continue;
        const zBit = xz & yz & -(xz & yz);
        const z = 32 - Math.clz32(zBit);
        if (!byDigit) digitWords(cands, (byDigit = new Int32Array(27)));
        // The cells holding z that see both wings (and the pivot, for XYZ), the pivot left out.
        const eliminations: Candidate[] = [];
        for (let w = 0; w < 3; w++) {
          let seeing = byDigit[3 * (z - 1) + w] & PEER_WORDS[3 * xzCell + w] & PEER_WORDS[3 * yzCell + w];
          if (xyz) seeing &= PEER_WORDS[3 * pivot + w];
          if (w === ((pivot / 27) | 0)) seeing &= ~(1 << pivot % 27);
          for (; seeing; seeing &= seeing - 1) eliminations.push({ cell: 27 * w + 31 - Math.clz32(seeing & -seeing), digit: z });
        }
        if (eliminations.length === 0) continue;
        yield wingStep(xyz, pivot, xzCell, yzCell, xy, xz, z, eliminations, cands);
      }
    }
  }
}

const wingName = (xyz: boolean): string => (xyz ? 'XYZ-Wing' : 'XY-Wing');
const wingDifficulty = (xyz: boolean): number => (xyz ? 4.4 : 4.2);

function wingStep(
  xyz: boolean,
  pivot: number,
  xzCell: number,
  yzCell: number,
  xy: number,
  xz: number,
  z: number,
  eliminations: Candidate[],
  cands: Uint16Array,
): Step {
  const zBit = 1 << (z - 1);
  const xBit = xy & xz & ~zBit;
  const x = 32 - Math.clz32(xBit);
  const y = 32 - Math.clz32(xy & ~xBit & ~zBit);
  const name = wingName(xyz);
  const cells = [pivot, xzCell, yzCell];
  const candidates: Candidate[] = [];
  for (const cell of cells) for (let m = cands[cell]; m; m &= m - 1) candidates.push({ cell, digit: 32 - Math.clz32(m & -m) });
  return makeStep({
    technique: name,
    difficulty: wingDifficulty(xyz),
    eliminations,
    cells,
    candidates,
    links: [
      { from: { cell: pivot, digit: x }, to: { cell: xzCell, digit: x }, strong: false },
      { from: { cell: pivot, digit: y }, to: { cell: yzCell, digit: y }, strong: false },
    ],
    text: `${name}: ${x}/${y}/${z} in ${cells.map(cellName).join(',')} ==> ${eliminationsText(eliminations)}`,
  });
}

export const xyWing: Technique = { name: wingName(false), stepNames: [wingName(false)], shortNames: { [wingName(false)]: 'XYW' }, maxDifficulty: wingDifficulty(false), steps: (state) => wings(state, false) };
export const xyzWing: Technique = { name: wingName(true), stepNames: [wingName(true)], shortNames: { [wingName(true)]: 'XYZW' }, maxDifficulty: wingDifficulty(true), steps: (state) => wings(state, true) };
