import { ChainGrid, NCAND, POPCOUNT9 } from '../../server/src/engine/se/techniques/chains/tables';

/**
 * A thinner of chain grids drawing from its own LCG seeded with `seed`: `from` less `removals`
 * random candidates of cells with three or more (runs meet contradictions there), a new grid.
 */
export function gridThinner(seed: number): (from: ChainGrid, removals: number) => ChainGrid {
  const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x80000000;
  return (from, removals) => {
    const g = new ChainGrid();
    g.copyFrom(from);
    for (let k = 0; k < removals; ) {
      const c = Math.floor(random() * NCAND);
      if (!g.has(c) || POPCOUNT9[g.cands[Math.floor(c / 9)]] < 3) continue;
      g.remove(c);
      k++;
    }
    return g;
  };
}
