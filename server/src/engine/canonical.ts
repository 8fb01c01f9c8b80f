/**
 * Canonical form of a puzzle under the Sudoku symmetry group, so that equivalent puzzles
 * (the same puzzle rotated, reflected, with rows/columns/bands/stacks swapped or digits
 * renamed) can be recognised as duplicates.
 *
 * The group: transposition x band permutations x row permutations inside bands x stack
 * permutations x column permutations inside stacks x digit relabelling
 * (2 x 6^8 x 9! elements; rotations and reflections are products of these).
 *
 * 81-char puzzles: the canonical form is the "minlex" representative: the lexicographically
 * smallest 81-char string over the whole group, '.' sorting before the digits, the digits
 * being relabelled 1, 2, 3, ... in order of first appearance (row-major). Relabelling by first
 * appearance is what makes the digit part of the group cost nothing: for a fixed cell
 * arrangement it gives the smallest string over all 9! relabellings.
 *
 * 729-char pencilmark puzzles: the same group acts on candidates (cells move, and every digit
 * of every cell is renamed by the same permutation). The canonical form is the smallest
 * 729-char string (in the usual format: character 9*cell + k is digit k+1 or '.'), '.' again
 * sorting first. Here relabelling cannot go by first appearance (a cell holds several digits);
 * instead the digit permutations still possible are kept as an ordered partition of the
 * source digits, refined by each cell in turn: within a class, digits absent from the cell
 * take the lower places (a '.' earlier is smaller). That refinement is forced, so digits never
 * cause branching there either.
 *
 * Search (both kinds): row by row. A candidate is a partial transformation: transposition,
 * the source rows placed so far, what is known of the column permutation, and the digit
 * state. For each target row, every candidate tries every source row the band structure
 * still allows and arranges its columns (depth first, cell by cell, pruned against the best
 * row found so far); only the candidates that reach the smallest row survive. Columns and
 * stacks that are still indistinguishable (identical in every row placed so far, e.g. empty)
 * are kept as unordered blocks rather than enumerated, and identical rows of a band are
 * tried once: swapping them is an automorphism of the puzzle. So a sparse puzzle with many
 * empty rows and columns costs hardly more than a dense one.
 */

/**
 * A symmetry: transpose first (when `transpose`), then target cell (r, c) takes the content
 * of cell (rows[r], cols[c]), every digit d being renamed digits[d] (digits[0] = 0).
 */
export interface SymmetryTransform {
  transpose: boolean;
  rows: number[];
  cols: number[];
  digits: number[];
}

export interface CanonicalResult {
  /** The canonical text (81 or 729 chars, like the input). */
  form: string;
  /** A transformation taking the input to `form` (applyTransform(text, transform) === form). */
  transform: SymmetryTransform;
}

// ---------------------------------------------------------------------------
// Candidates
// ---------------------------------------------------------------------------

// A candidate is a fixed-size record in an Int16Array arena (thousands of them can exist for
// a dense row, and small typed arrays per candidate would spend the time in the GC).
/** 0 or 1: transposed. */
const T = 0;
/** Source rows (of the transposed grid when t = 1) of target rows 0..k-1. */
const ROWS = 1;
/** Source stack of each target slot, -1 while it is a pending (indistinguishable) stack. */
const SLOT_STACK = 10;
/** Pending slots: their group (index into GROUPS). */
const SLOT_GROUP = 13;
/** Pending groups: bitmask of their source stacks, uniform so far (each row's 3 cells equal). */
const GROUPS = 16;
/** Assigned slots: source column of each target position, -1 when only its block is known. */
const POS_COL = 19;
/** Block of a position whose column is not yet known (index into BLOCKS). */
const POS_BLOCK = 28;
/** Blocks: bitmask of source columns of one stack identical in every row placed so far. */
const BLOCKS = 37;
/** 81: label of source digit d at DIG+d (0 = none yet), next label at DIG+10. 729: order[0..8]. */
const DIG = 46;
/** 729: bit i set when a digit class starts at target place i. */
const STARTS = 57;
const STRIDE = 58;

class Arena {
  data = new Int16Array(STRIDE * 32);
  count = 0;

  /** Offset of a new record (data may be replaced: read it after allocating). */
  alloc(): number {
    if ((this.count + 1) * STRIDE > this.data.length) {
      const bigger = new Int16Array(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    return this.count++ * STRIDE;
  }
}

const REV9 = new Uint16Array(512);
for (let m = 0; m < 512; m++) {
  let r = 0;
  for (let i = 0; i < 9; i++) if (m & (1 << i)) r |= 1 << (8 - i);
  REV9[m] = r;
}

const lowBit = (m: number): number => 31 - Math.clz32(m & -m);
const bitCount = (m: number): number => {
  let n = 0;
  for (; m; m &= m - 1) n++;
  return n;
};

class Canonicalizer {
  /** cells[t]: the 81 source values in orientation t (81: digit 0-9; 729: candidate mask). */
  private readonly cells: Int16Array[];
  /** rowClass[t][r]: first row of r's band with identical content. */
  private readonly rowClass: Int8Array[];
  /** Row-option order heuristic: emptier rows first (they tend to win, which prunes early). */
  private readonly rowWeight: Int16Array[];

  private best = new Int16Array(9);
  private hasBest = false;
  private bestVersion = 0;
  private cur = new Arena();
  private next = new Arena();

  // DFS working state.
  private cd!: Int16Array;
  private c = 0;
  private rowIndex = 0;
  private rowSource = 0;
  private readonly R = new Int16Array(9);
  private readonly vals = new Int16Array(9);
  private readonly rawPick = new Int16Array(9);
  private readonly curStack = new Int8Array(3);
  private usedStacks = 0;
  private usedCols = 0;
  private readonly dig = new Int16Array(11);
  private classStarts = 1;
  private readonly saved = new Int16Array(90);
  private readonly savedStarts = new Int32Array(9);
  // Leaf scratch.
  private readonly newSlotStack = new Int16Array(3);
  private readonly newSlotGroup = new Int16Array(3);
  private readonly newGroups = new Int16Array(3);
  private readonly groupKey = new Float64Array(3);
  private readonly blockKey = new Int32Array(9);

  constructor(
    source: Int16Array,
    private readonly pm: boolean,
  ) {
    const tr = new Int16Array(81);
    for (let r = 0; r < 9; r++) for (let c = 0; c < 9; c++) tr[c * 9 + r] = source[r * 9 + c];
    this.cells = [source, tr];
    this.rowClass = this.cells.map((g) => {
      const cls = new Int8Array(9);
      for (let r = 0; r < 9; r++) {
        cls[r] = r;
        for (let r2 = r - (r % 3); r2 < r; r2++) {
          let same = true;
          for (let c = 0; c < 9 && same; c++) same = g[r * 9 + c] === g[r2 * 9 + c];
          if (same) {
            cls[r] = r2;
            break;
          }
        }
      }
      return cls;
    });
    this.rowWeight = this.cells.map((g) => {
      const w = new Int16Array(9);
      for (let r = 0; r < 9; r++) for (let c = 0; c < 9; c++) w[r] += pm ? bitCount(g[r * 9 + c]) : g[r * 9 + c] ? 1 : 0;
      return w;
    });
  }

  /** Runs the search; returns the arena and offset of a candidate reaching the canonical form. */
  run(): { data: Int16Array; at: number } {
    for (let t = 0; t < 2; t++) {
      const at = this.cur.alloc();
      const d = this.cur.data;
      d.fill(-1, at, at + STRIDE);
      d[at + T] = t;
      d[at + SLOT_GROUP] = d[at + SLOT_GROUP + 1] = d[at + SLOT_GROUP + 2] = 0;
      d[at + GROUPS] = 7;
      for (let i = 0; i < 11; i++) d[at + DIG + i] = this.pm ? i : i === 10 ? 1 : 0;
      d[at + STARTS] = 1;
    }
    const opts = new Int8Array(9);
    for (let k = 0; k < 9; k++) {
      this.hasBest = false;
      this.next.count = 0;
      this.rowIndex = k;
      const n = this.cur.count;
      for (let i = 0; i < n; i++) {
        const at = i * STRIDE;
        const nOpts = this.rowOptions(this.cur.data, at, k, opts);
        for (let j = 0; j < nOpts; j++) this.tryRow(at, opts[j]);
      }
      const swap = this.cur;
      this.cur = this.next;
      this.next = swap;
    }
    return { data: this.cur.data, at: 0 };
  }

  /** Source rows the band structure allows for target row k, identical rows once, emptier first. */
  private rowOptions(d: Int16Array, at: number, k: number, out: Int8Array): number {
    const t = d[at + T];
    const cls = this.rowClass[t];
    let usedRows = 0;
    for (let i = 0; i < k; i++) usedRows |= 1 << d[at + ROWS + i];
    const firstBand = k % 3 === 0 ? 0 : (d[at + ROWS + k - 1] / 3) | 0;
    const lastBand = k % 3 === 0 ? 2 : firstBand;
    const w = this.rowWeight[t];
    let n = 0;
    for (let b = firstBand; b <= lastBand; b++) {
      if (k % 3 === 0 && usedRows & (7 << (3 * b))) continue;
      let seen = 0;
      for (let r = 3 * b; r < 3 * b + 3; r++) {
        if (usedRows & (1 << r) || seen & (1 << cls[r])) continue;
        seen |= 1 << cls[r];
        let i = n++;
        for (; i > 0 && w[out[i - 1]] > w[r]; i--) out[i] = out[i - 1];
        out[i] = r;
      }
    }
    return n;
  }

  private tryRow(at: number, r: number): void {
    const d = this.cur.data;
    this.cd = d;
    this.c = at;
    const g = this.cells[d[at + T]];
    for (let c = 0; c < 9; c++) this.R[c] = g[r * 9 + c];
    for (let i = 0; i < 11; i++) this.dig[i] = d[at + DIG + i];
    this.classStarts = d[at + STARTS];
    this.usedStacks = 0;
    this.usedCols = 0;
    this.rowSource = r;
    this.place(0, !this.hasBest);
  }

  /** Sorted values of a stack's three cells in the current row, as one number. */
  private stackSig(s: number): number {
    const R = this.R;
    let a = R[3 * s],
      b = R[3 * s + 1],
      c = R[3 * s + 2],
      x: number;
    if (a > b) (x = a), (a = b), (b = x);
    if (b > c) (x = b), (b = c), (c = x);
    if (a > b) (x = a), (a = b), (b = x);
    return (a * 1024 + b) * 1024 + c;
  }

  /** Position p, choosing the stack of a pending slot first. */
  private place(p: number, less: boolean): void {
    if (p === 9) {
      this.leaf(less);
      return;
    }
    const s = (p / 3) | 0;
    const d = this.cd;
    const c = this.c;
    if (p % 3 !== 0 || d[c + SLOT_STACK + s] >= 0) {
      this.placeCell(p, less);
      return;
    }
    const avail = d[c + GROUPS + d[c + SLOT_GROUP + s]] & ~this.usedStacks;
    let sig0 = -1,
      sig1 = -1;
    for (let st = 0; st < 3; st++) {
      if (!(avail & (1 << st))) continue;
      // Stacks of a group are identical so far: one of each new content is enough.
      const sig = this.stackSig(st);
      if (sig === sig0 || sig === sig1) continue;
      if (sig0 < 0) sig0 = sig;
      else sig1 = sig;
      this.curStack[s] = st;
      this.usedStacks |= 1 << st;
      const version = this.bestVersion;
      this.placeCell(p, less);
      this.usedStacks &= ~(1 << st);
      if (this.bestVersion !== version) less = false;
    }
  }

  private placeCell(p: number, less: boolean): void {
    const s = (p / 3) | 0;
    const d = this.cd;
    const c = this.c;
    let mask: number;
    if (d[c + SLOT_STACK + s] < 0) mask = (7 << (3 * this.curStack[s])) & ~this.usedCols;
    else if (d[c + POS_COL + p] >= 0) mask = 1 << d[c + POS_COL + p];
    else mask = d[c + BLOCKS + d[c + POS_BLOCK + p]] & ~this.usedCols;

    // Options: one column per distinct value (columns of a block are identical so far),
    // sorted by the value they would give.
    const R = this.R;
    let n = 0;
    let c0 = 0,
      c1 = 0,
      c2 = 0,
      k0 = 0,
      k1 = 0,
      k2 = 0;
    for (let m = mask; m; m &= m - 1) {
      const col = lowBit(m);
      const raw = R[col];
      if ((n > 0 && R[c0] === raw) || (n > 1 && R[c1] === raw)) continue;
      const key = this.keyOf(raw);
      if (n === 0) (c0 = col), (k0 = key);
      else if (key < k0) {
        (c2 = c1), (k2 = k1);
        (c1 = c0), (k1 = k0);
        (c0 = col), (k0 = key);
      } else if (n === 1 || key < k1) {
        (c2 = c1), (k2 = k1);
        (c1 = col), (k1 = key);
      } else (c2 = col), (k2 = key);
      n++;
    }
    const best = this.best;
    for (let i = 0; i < n; i++) {
      const col = i === 0 ? c0 : i === 1 ? c1 : c2;
      const key = i === 0 ? k0 : i === 1 ? k1 : k2;
      let nl = less;
      if (!less) {
        if (!this.hasBest) nl = true;
        else if (key > best[p]) break;
        else if (key < best[p]) nl = true;
      }
      const raw = R[col];
      const undo = this.apply(raw, p);
      this.vals[p] = key;
      this.rawPick[p] = raw;
      this.usedCols |= 1 << col;
      const version = this.bestVersion;
      this.place(p + 1, nl);
      this.usedCols &= ~(1 << col);
      this.revert(raw, p, undo);
      // A new best found below shares this prefix: compare with it from now on.
      if (this.bestVersion !== version) less = false;
    }
  }

  /** Comparison key of a source value under the current digit state (smaller sorts first). */
  private keyOf(raw: number): number {
    const dig = this.dig;
    if (!this.pm) return raw === 0 ? 0 : dig[raw] || dig[10];
    let target = 0;
    const starts = this.classStarts;
    let lo = 0;
    while (lo < 9) {
      let hi = lo + 1;
      while (hi < 9 && !((starts >> hi) & 1)) hi++;
      let cnt = 0;
      for (let i = lo; i < hi; i++) if ((raw >> dig[i]) & 1) cnt++;
      // Within a class the cell's digits take the highest places.
      target |= ((1 << cnt) - 1) << (hi - cnt);
      lo = hi;
    }
    return REV9[target];
  }

  private apply(raw: number, p: number): boolean {
    const dig = this.dig;
    if (!this.pm) {
      if (raw === 0 || dig[raw]) return false;
      dig[raw] = dig[10]++;
      return true;
    }
    const saved = this.saved;
    const base = p * 9;
    for (let i = 0; i < 9; i++) saved[base + i] = dig[i];
    this.savedStarts[p] = this.classStarts;
    let starts = this.classStarts;
    let lo = 0;
    while (lo < 9) {
      let hi = lo + 1;
      while (hi < 9 && !((starts >> hi) & 1)) hi++;
      // Stable partition of the class: digits absent from the cell first.
      let w = lo;
      for (let i = lo; i < hi; i++) if (!((raw >> saved[base + i]) & 1)) dig[w++] = saved[base + i];
      const split = w;
      for (let i = lo; i < hi; i++) if ((raw >> saved[base + i]) & 1) dig[w++] = saved[base + i];
      if (split > lo && split < hi) starts |= 1 << split;
      lo = hi;
    }
    this.classStarts = starts;
    return true;
  }

  private revert(raw: number, p: number, undo: boolean): void {
    if (!undo) return;
    const dig = this.dig;
    if (!this.pm) {
      dig[raw] = 0;
      dig[10]--;
      return;
    }
    for (let i = 0; i < 9; i++) dig[i] = this.saved[p * 9 + i];
    this.classStarts = this.savedStarts[p];
  }

  private leaf(less: boolean): void {
    if (less) {
      this.best.set(this.vals);
      this.hasBest = true;
      this.next.count = 0;
      this.bestVersion++;
    }
    const d = this.cd;
    const c = this.c;
    const R = this.R;
    // Pending slots: stacks uniform in this row stay pending, regrouped by old group and value;
    // the others are assigned. Stacks of one old group with the same non-uniform content are
    // interchangeable so far but will be told apart later: each bijection to their slots is a
    // candidate of its own (rare: only repeated values in a row, e.g. an invalid puzzle).
    const slotStack = this.newSlotStack;
    const slotGroup = this.newSlotGroup;
    const groups = this.newGroups;
    let nGroups = 0;
    let tied: { slots: number[]; stacks: number[]; key: number }[] | null = null;
    for (let s = 0; s < 3; s++) {
      slotStack[s] = d[c + SLOT_STACK + s];
      slotGroup[s] = -1;
      if (slotStack[s] >= 0) continue;
      const st = this.curStack[s];
      const key = d[c + SLOT_GROUP + s] * 2 ** 30 + this.stackSig(st);
      if (R[3 * st] === R[3 * st + 1] && R[3 * st] === R[3 * st + 2]) {
        let g = 0;
        while (g < nGroups && this.groupKey[g] !== key) g++;
        if (g === nGroups) {
          this.groupKey[nGroups] = key;
          groups[nGroups++] = 0;
        }
        groups[g] |= 1 << st;
        slotGroup[s] = g;
        continue;
      }
      slotStack[s] = st;
      for (let s2 = 0; s2 < s; s2++) {
        if (d[c + SLOT_STACK + s2] >= 0 || slotGroup[s2] >= 0) continue;
        const st2 = this.curStack[s2];
        if (d[c + SLOT_GROUP + s2] * 2 ** 30 + this.stackSig(st2) !== key) continue;
        tied ??= [];
        let set = tied.find((x) => x.key === key);
        if (!set) tied.push((set = { slots: [s2], stacks: [st2], key }));
        set.slots.push(s);
        set.stacks.push(st);
        break;
      }
    }
    if (!tied) {
      this.emit(nGroups);
      return;
    }
    const sets = tied;
    const permute = (i: number): void => {
      if (i === sets.length) {
        this.emit(nGroups);
        return;
      }
      const { slots, stacks } = sets[i];
      for (const perm of permutations(stacks)) {
        slots.forEach((s, j) => (slotStack[s] = perm[j]));
        permute(i + 1);
      }
    };
    permute(0);
  }

  /** Writes the candidate of the current leaf, with the stacks in newSlotStack, to the next arena. */
  private emit(nGroups: number): void {
    const at = this.next.alloc();
    const nd = this.next.data;
    const d = this.cd;
    const c = this.c;
    const R = this.R;
    nd[at + T] = d[c + T];
    for (let i = 0; i < 9; i++) nd[at + ROWS + i] = d[c + ROWS + i];
    nd[at + ROWS + this.rowIndex] = this.rowSource;
    for (let s = 0; s < 3; s++) {
      nd[at + SLOT_STACK + s] = this.newSlotStack[s];
      nd[at + SLOT_GROUP + s] = this.newSlotGroup[s];
      nd[at + GROUPS + s] = s < nGroups ? this.newGroups[s] : 0;
    }
    for (let i = 0; i < 11; i++) nd[at + DIG + i] = this.dig[i];
    nd[at + STARTS] = this.classStarts;
    // Columns: a position's old block (or its pending stack's three columns) splits by the value
    // placed there; a part of one column fixes it, a larger part is a block.
    let nBlocks = 0;
    for (let p = 0; p < 9; p++) {
      const s = (p / 3) | 0;
      nd[at + POS_COL + p] = -1;
      nd[at + POS_BLOCK + p] = -1;
      const st = this.newSlotStack[s];
      if (st < 0) continue;
      let old: number;
      if (d[c + SLOT_STACK + s] < 0) old = 7 << (3 * st);
      else if (d[c + POS_COL + p] >= 0) old = 1 << d[c + POS_COL + p];
      else old = d[c + BLOCKS + d[c + POS_BLOCK + p]];
      const raw = this.rawPick[p];
      let m = 0;
      for (let o = old; o; o &= o - 1) if (R[lowBit(o)] === raw) m |= o & -o;
      if ((m & (m - 1)) === 0) {
        nd[at + POS_COL + p] = lowBit(m);
        continue;
      }
      const key = old * 1024 + raw;
      let b = 0;
      while (b < nBlocks && this.blockKey[b] !== key) b++;
      if (b === nBlocks) {
        this.blockKey[nBlocks] = key;
        nd[at + BLOCKS + nBlocks++] = m;
      }
      nd[at + POS_BLOCK + p] = b;
    }
  }
}

function permutations(xs: number[]): number[][] {
  if (xs.length <= 1) return [xs.slice()];
  const out: number[][] = [];
  xs.forEach((x, i) => {
    for (const rest of permutations([...xs.slice(0, i), ...xs.slice(i + 1)])) out.push([x, ...rest]);
  });
  return out;
}

// ---------------------------------------------------------------------------
// Public API
// ---------------------------------------------------------------------------

/** Source values of a puzzle text: 81 → digit or 0; 729 → candidate mask. */
function sourceValues(text: string): { values: Int16Array; pm: boolean } {
  const values = new Int16Array(81);
  if (text.length === 81) {
    for (let c = 0; c < 81; c++) {
      const code = text.charCodeAt(c);
      values[c] = code >= 49 && code <= 57 ? code - 48 : 0;
    }
    return { values, pm: false };
  }
  if (text.length === 729) {
    for (let i = 0; i < 729; i++) {
      const code = text.charCodeAt(i);
      if (code >= 49 && code <= 57) values[(i / 9) | 0] |= 1 << i % 9;
    }
    return { values, pm: true };
  }
  throw new RangeError(`canonical form: expected an 81- or 729-char puzzle, got ${text.length} chars`);
}

/**
 * The canonical form and a transformation reaching it. Any 81-char text ('1'-'9' digits,
 * anything else empty) or 729-char pencilmark text (a '1'-'9' at 9*cell+k is a candidate);
 * throws a RangeError for other lengths. Invalid puzzles (repeated digits) are fine too.
 */
export function canonicalTransform(text: string): CanonicalResult {
  const { values, pm } = sourceValues(text);
  const { data, at } = new Canonicalizer(values, pm).run();
  const transform = transformOf(data, at, pm);
  return { form: applyTransform(text, transform), transform };
}

function transformOf(d: Int16Array, at: number, pm: boolean): SymmetryTransform {
  const cols: number[] = [];
  const groupLeft = Array.from(d.subarray(at + GROUPS, at + GROUPS + 3));
  const blockLeft = Array.from(d.subarray(at + BLOCKS, at + BLOCKS + 9));
  for (let s = 0; s < 3; s++) {
    let st = d[at + SLOT_STACK + s];
    if (st < 0) {
      // Still pending: its stacks (and their columns) are identical throughout, any order does.
      const g = d[at + SLOT_GROUP + s];
      st = lowBit(groupLeft[g]);
      groupLeft[g] &= groupLeft[g] - 1;
      cols.push(3 * st, 3 * st + 1, 3 * st + 2);
      continue;
    }
    for (let p = 3 * s; p < 3 * s + 3; p++) {
      if (d[at + POS_COL + p] >= 0) cols.push(d[at + POS_COL + p]);
      else {
        const b = d[at + POS_BLOCK + p];
        cols.push(lowBit(blockLeft[b]));
        blockLeft[b] &= blockLeft[b] - 1;
      }
    }
  }
  const digits = [0];
  if (pm) {
    for (let k = 0; k < 9; k++) digits[d[at + DIG + k] + 1] = k + 1;
  } else {
    // Digits absent from the puzzle take the labels left, in order.
    let nextLabel = d[at + DIG + 10];
    for (let v = 1; v <= 9; v++) digits.push(d[at + DIG + v] || nextLabel++);
  }
  return { transpose: d[at + T] === 1, rows: Array.from(d.subarray(at + ROWS, at + ROWS + 9)), cols, digits };
}

/** The canonical form (see the module comment). Equivalent puzzles, and only they, share it. */
export function canonicalForm(text: string): string {
  return canonicalTransform(text).form;
}

/** The cell whose content a symmetry moves to `cell` (digits aside). */
export function sourceCell(tr: SymmetryTransform, cell: number): number {
  const sr = tr.rows[(cell / 9) | 0];
  const sc = tr.cols[cell % 9];
  return tr.transpose ? sc * 9 + sr : sr * 9 + sc;
}

/** Applies a symmetry to an 81-char or 729-char puzzle text ('.' for anything not '1'-'9'). */
export function applyTransform(text: string, tr: SymmetryTransform): string {
  const { values, pm } = sourceValues(text);
  const chars: string[] = [];
  for (let r = 0; r < 9; r++) {
    for (let c = 0; c < 9; c++) {
      const v = values[sourceCell(tr, 9 * r + c)];
      if (!pm) chars.push(v ? String(tr.digits[v]) : '.');
      else {
        let m = 0;
        for (let d = 1; d <= 9; d++) if (v & (1 << (d - 1))) m |= 1 << (tr.digits[d] - 1);
        for (let k = 0; k < 9; k++) chars.push(m & (1 << k) ? String(k + 1) : '.');
      }
    }
  }
  return chars.join('');
}

/**
 * A cheap invariant of the symmetry group: equivalent puzzles have equal keys, so puzzles with
 * different keys need no canonical form to be told apart. Built from the clue (candidate)
 * counts of the cells, lines and boxes, and the digit frequencies: per band/stack the sorted
 * line counts, and the sorted profiles of the non-empty cells (count of the cell, of its row and
 * column as an unordered pair, of its box, frequency of its digits), arranged so that
 * transposition and relabelling do not change the key.
 */
export function equivalenceKey(text: string): string {
  const { values, pm } = sourceValues(text);
  const lineCounts = new Array<number>(18).fill(0);
  const boxCounts = new Array<number>(9).fill(0);
  const digitFreq = new Array<number>(9).fill(0);
  const weights = new Array<number>(81);
  for (let c = 0; c < 81; c++) {
    const v = values[c];
    const w = pm ? bitCount(v) : v ? 1 : 0;
    weights[c] = w;
    lineCounts[(c / 9) | 0] += w;
    lineCounts[9 + (c % 9)] += w;
    boxCounts[3 * ((c / 27) | 0) + (((c % 9) / 3) | 0)] += w;
    if (pm) for (let d = 0; d < 9; d++) digitFreq[d] += (v >> d) & 1;
    else if (v) digitFreq[v - 1]++;
  }
  const profiles: number[] = [];
  for (let c = 0; c < 81; c++) {
    if (!weights[c]) continue;
    const v = values[c];
    let freq = 0;
    if (pm) for (let d = 0; d < 9; d++) freq += (v >> d) & 1 ? digitFreq[d] : 0;
    else freq = digitFreq[v - 1];
    const r = lineCounts[(c / 9) | 0];
    const k = lineCounts[9 + (c % 9)];
    const box = boxCounts[3 * ((c / 27) | 0) + (((c % 9) / 3) | 0)];
    profiles.push((((weights[c] * 128 + Math.min(r, k)) * 128 + Math.max(r, k)) * 128 + box) * 1024 + freq);
  }
  const half = (off: number): string =>
    [0, 1, 2]
      .map((b) => lineCounts.slice(off + 3 * b, off + 3 * b + 3).sort((x, y) => x - y).join(','))
      .sort()
      .join('/');
  const rowsHalf = half(0);
  const colsHalf = half(9);
  const lines = rowsHalf < colsHalf ? `${rowsHalf};${colsHalf}` : `${colsHalf};${rowsHalf}`;
  const freq = digitFreq.sort((x, y) => x - y).join(',');
  return `${text.length}:${freq}:${lines}:${profiles.sort((x, y) => x - y).join(',')}`;
}

/** FNV-1a over a string, twice with different seeds: a 16-hex-digit digest of an equivalence key. */
function digest(key: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let i = 0; i < key.length; i++) {
    const ch = key.charCodeAt(i);
    a = Math.imul(a ^ ch, 0x01000193);
    b = Math.imul(b ^ ch, 0x5bd1e995);
  }
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
}

/** Puzzles whose equivalence keys share a digest: their canonical forms are computed once two arrive. */
interface Bucket {
  first: number;
  text: string;
  canon: Map<string, number> | null;
}

/**
 * Duplicate detection one puzzle text at a time, so that a stream of any length can be deduplicated
 * in memory proportional to the puzzles kept. `exact`: identical texts; `equivalent`: the same
 * puzzle up to the symmetry group (texts of other lengths than 81/729 only match exactly).
 * Canonical forms are computed only for puzzles whose cheap key (equivalenceKey) collides with
 * another's; keys are kept as digests (a digest collision costs a canonical form, never a wrong answer).
 */
export class DuplicateFilter {
  private readonly exact = new Map<string, number>();
  private readonly buckets = new Map<string, Bucket>();
  private count = 0;

  constructor(private readonly mode: 'exact' | 'equivalent') {}

  /** Texts are numbered from 0 as they are added: the number of the kept text this one repeats, or undefined (it is kept). */
  add(text: string): number | undefined {
    const i = this.count++;
    const seen = this.exact.get(text);
    if (seen !== undefined) return seen;
    const of = this.mode === 'equivalent' && (text.length === 81 || text.length === 729) ? this.equivalentOf(text, i) : undefined;
    // Only kept texts are remembered whole: an equivalent copy seen again is found through its bucket.
    if (of === undefined) this.exact.set(text, i);
    return of;
  }

  private equivalentOf(text: string, i: number): number | undefined {
    const key = digest(equivalenceKey(text));
    const bucket = this.buckets.get(key);
    if (!bucket) {
      this.buckets.set(key, { first: i, text, canon: null });
      return undefined;
    }
    bucket.canon ??= new Map([[canonicalForm(bucket.text), bucket.first]]);
    const form = canonicalForm(text);
    const k = bucket.canon.get(form);
    if (k === undefined) bucket.canon.set(form, i);
    return k;
  }
}

/**
 * Duplicate detection over a list of puzzle texts (DuplicateFilter's rules). The first of each
 * set of duplicates is kept; duplicateOf maps every other index to the kept index it duplicates.
 */
export function removeDuplicates(
  texts: string[],
  mode: 'exact' | 'equivalent',
): { kept: number[]; duplicateOf: Map<number, number> } {
  const filter = new DuplicateFilter(mode);
  const kept: number[] = [];
  const duplicateOf = new Map<number, number>();
  texts.forEach((text, i) => {
    const of = filter.add(text);
    if (of === undefined) kept.push(i);
    else duplicateOf.set(i, of);
  });
  return { kept, duplicateOf };
}
