/**
 * What Sudoku Explainer's static forcing chains can decide on a state, all at once: a candidate
 * whose being on implies its being off is false, one whose being off implies its being on is true.
 *
 * The links are SE's static ones (chains/static.ts, the X and Y links together): a value on
 * turns off the cell's other values and the digit in its peers; a value off turns on the other
 * value of a bivalue cell and the other place of the digit in a house where it has two. These
 * implications are closed under contraposition, so "on implies off" for one candidate covers
 * every static contradiction (one that reaches both states of another candidate as well).
 *
 * Rather than one breadth-first search per candidate, as SE's chainer does to build each chain,
 * this finds every such candidate from the strongly connected components of the implication graph
 * and, per component in Tarjan's order (sinks first), the bitset of components it reaches: a few
 * hundred nodes, a few thousand links, a few dozen words per component.
 */
import { HOUSES, HOUSES_OF, PEERS } from '../core/grid';
import { digitsByPlaces } from './techniques/places';

/** Candidates as cell * 9 + digit - 1. */
export interface StaticForcing {
  /** Candidates whose being on implies their being off. */
  readonly false: number[];
  /** Candidates whose being off implies their being on. */
  readonly true: number[];
}

/** Each on node has at most 8 other values in its cell and 20 peers; each off node at most 1 + 3 partners. */
const STRIDE = 28;
const MAX_NODES = 2 * 729;
const MAX_WORDS = (MAX_NODES + 31) >>> 5;

// Scratch space, reused: a call runs to its end without calling out, and a rating asks often.
const id = new Int16Array(729);
const candOf = new Int16Array(729);
const next = new Int16Array(MAX_NODES * STRIDE);
const degree = new Uint8Array(MAX_NODES);
const reach = new Int32Array(MAX_NODES * MAX_WORDS);
const index = new Int32Array(MAX_NODES);
const low = new Int32Array(MAX_NODES);
const onStack = new Uint8Array(MAX_NODES);
const stack = new Int32Array(MAX_NODES);
const callNode = new Int32Array(MAX_NODES);
const callEdge = new Int32Array(MAX_NODES);
const comp = new Int32Array(MAX_NODES);
const members = new Int32Array(MAX_NODES);
const ends = new Int32Array(MAX_NODES);
/** Per house, the digits with exactly two places (the X links' strong ends). */
const twoPlaces = new Uint16Array(27);

/** `cands`: the empty cells' candidates (0 for a solved cell). */
export function staticForcing(cands: Uint16Array): StaticForcing {
  // Node 2i is candidate i on, 2i + 1 the same off.
  let n = 0;
  for (let cell = 0; cell < 81; cell++) {
    for (let m = cands[cell]; m; m &= m - 1) {
      const c = cell * 9 + 31 - Math.clz32(m & -m);
      id[c] = n;
      candOf[n++] = c;
    }
  }
  const nodes = 2 * n;
  degree.fill(0, 0, nodes);
  for (let h = 0; h < 27; h++) twoPlaces[h] = digitsByPlaces(cands, HOUSES[h], 2, 2);
  const link = (from: number, to: number): void => {
    next[from * STRIDE + degree[from]++] = to;
  };
  for (let i = 0; i < n; i++) {
    const cell = (candOf[i] / 9) | 0;
    const d = candOf[i] - cell * 9;
    const others = cands[cell] & ~(1 << d);
    // On: the cell's other values off (Y), the digit off in the peers (X).
    for (let m = others; m; m &= m - 1) link(2 * i, 2 * id[cell * 9 + 31 - Math.clz32(m & -m)] + 1);
    for (const p of PEERS[cell]) if (cands[p] & (1 << d)) link(2 * i, 2 * id[p * 9 + d] + 1);
    // Off: the other value of a bivalue cell on (Y), the digit's other place on in a house where it has two (X).
    if ((others & (others - 1)) === 0 && others) link(2 * i + 1, 2 * id[cell * 9 + 31 - Math.clz32(others)]);
    for (const h of HOUSES_OF[cell]) {
      if (!(twoPlaces[h] & (1 << d))) continue;
      const other = HOUSES[h].find((p) => p !== cell && cands[p] & (1 << d))!;
      link(2 * i + 1, 2 * id[other * 9 + d]);
    }
  }

  const count = components(nodes);
  // Components come out sinks first, so each one's successors are done before it.
  const words = (count + 31) >>> 5;
  reach.fill(0, 0, count * words);
  for (let k = 0, at = 0; k < count; k++) {
    const row = k * words;
    reach[row + (k >>> 5)] |= 1 << (k & 31);
    for (const end = ends[k]; at < end; at++) {
      const v = members[at];
      for (let e = v * STRIDE, last = e + degree[v]; e < last; e++) {
        const s = comp[next[e]];
        if (s === k) continue;
        const from = s * words;
        for (let w = 0; w < words; w++) reach[row + w] |= reach[from + w];
      }
    }
  }
  const reaches = (a: number, b: number): boolean => (reach[comp[a] * words + (comp[b] >>> 5)] & (1 << (comp[b] & 31))) !== 0;
  const out: StaticForcing = { false: [], true: [] };
  for (let i = 0; i < n; i++) {
    if (reaches(2 * i, 2 * i + 1)) out.false.push(candOf[i]);
    if (reaches(2 * i + 1, 2 * i)) out.true.push(candOf[i]);
  }
  return out;
}

/**
 * Tarjan's strongly connected components of the first `nodes` nodes, without recursion (chains
 * can be hundreds of nodes long): fills comp, members (grouped by component in the order found)
 * and ends (component k's members end before ends[k]); returns how many.
 */
function components(nodes: number): number {
  index.fill(-1, 0, nodes);
  let sp = 0;
  let counter = 0;
  let count = 0;
  let filled = 0;
  for (let root = 0; root < nodes; root++) {
    if (index[root] >= 0) continue;
    let depth = 0;
    callNode[0] = root;
    callEdge[0] = 0;
    index[root] = low[root] = counter++;
    stack[sp++] = root;
    onStack[root] = 1;
    while (depth >= 0) {
      const v = callNode[depth];
      if (callEdge[depth] < degree[v]) {
        const w = next[v * STRIDE + callEdge[depth]++];
        if (index[w] < 0) {
          index[w] = low[w] = counter++;
          stack[sp++] = w;
          onStack[w] = 1;
          callNode[++depth] = w;
          callEdge[depth] = 0;
        } else if (onStack[w] && index[w] < low[v]) low[v] = index[w];
        continue;
      }
      if (low[v] === index[v]) {
        let w: number;
        do {
          w = stack[--sp];
          onStack[w] = 0;
          comp[w] = count;
          members[filled++] = w;
        } while (w !== v);
        ends[count++] = filled;
      }
      depth--;
      if (depth >= 0) {
        const u = callNode[depth];
        if (low[v] < low[u]) low[u] = low[v];
      }
    }
  }
  return count;
}
