/**
 * The row (or column) permutations that keep the band structure: a permutation of the three
 * bands and one of the three rows inside each band, 6^4 = 1296 of them. Index
 * ((band * 6 + p0) * 6 + p1) * 6 + p2 where band, p0, p1, p2 index PERM3; line 3i + j of the
 * target is line 3 * PERM3[band][i] + PERM3[p_i][j] of the source.
 */
import { PERM3 } from '../core/grid';

export const LINE_MAPS = 1296;

/** LINE_MAP[9 * m + t]: source line of target line t under map m. */
export const LINE_MAP: Int8Array = (() => {
  const out = new Int8Array(9 * LINE_MAPS);
  for (let m = 0; m < LINE_MAPS; m++) {
    const band = (m / 216) | 0;
    const p = [((m / 36) | 0) % 6, ((m / 6) | 0) % 6, m % 6];
    for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) out[9 * m + 3 * i + j] = 3 * PERM3[band][i] + PERM3[p[i]][j];
  }
  return out;
})();

export const lineMapIndex = (band: number, p0: number, p1: number, p2: number): number => ((band * 6 + p0) * 6 + p1) * 6 + p2;

let maskImage: Uint16Array | null = null;

/** maskImage()[512 * m + mask]: the image of a 9-bit line mask (target lines) as source lines. */
export function maskImages(): Uint16Array {
  if (maskImage) return maskImage;
  const out = new Uint16Array(512 * LINE_MAPS);
  for (let m = 0; m < LINE_MAPS; m++) {
    for (let mask = 1; mask < 512; mask++) {
      const low = mask & -mask;
      const t = 31 - Math.clz32(low);
      out[512 * m + mask] = out[512 * m + (mask ^ low)] | (1 << LINE_MAP[9 * m + t]);
    }
  }
  maskImage = out;
  return out;
}

export function transposeGrid(g: ArrayLike<number>): Uint8Array {
  const out = new Uint8Array(81);
  for (let r = 0; r < 9; r++) for (let c = 0; c < 9; c++) out[9 * c + r] = g[9 * r + c];
  return out;
}
