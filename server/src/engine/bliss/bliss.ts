/**
 * BLISS, the "Basic Logical Implication & Singles Solver" (Mathimagics, forum
 * thread "BLISS solver", Nov 2019; seed: shared/seeds/bliss-solver-thread.txt).
 *
 * Apart from singles, BLISS uses one "technique": the logical implication.
 *
 * BLISS(1). Candidates (r,c,d) are tested one at a time, cells in row-major
 * order, digits in increasing order (a bivalue cell is tested once: its two
 * branches are its two digits). PM is the current state, PM1 = PM + (r,c)=d +
 * DoSingles, PM0 = PM + (r,c)!=d + DoSingles. A branch that ends in a
 * contradiction counts as "every candidate eliminated", so the implications of
 * a test are what holds in every branch that is still valid:
 *  - a cell solved to the same digit in both branches but not in PM: a placement;
 *  - a candidate of PM missing from both branches: an elimination;
 *  - the tested cell itself is left out of the comparison (the seed's logs
 *    never report it: after "[ 7r1c3]" the eliminations from r1c3 only come
 *    later, from the test of r3c1). A contradiction in one branch is therefore
 *    only used through the other branch's consequences, never as a direct
 *    "(r,c) != d" (ex. 1 of the seed shows no "r1c3 != 8" although 8r1c3 leads
 *    straight to a contradiction).
 * A solved PM0 or PM1 is a backdoor ("BD"): the search ends with the solution.
 * The implications of a test are applied in cell order as they are found: an
 * elimination is simply removed; a placement is made and DoSingles runs on the
 * current state, so whatever singles then deduce is not reported again (this
 * reproduces the seed's logs, e.g. "[ 4r4c6] ... / r2c5 = 4 / r4c9 != 4 ..."
 * where r2c7..r2c9 != 4 are absent). After a productive test DoSingles runs
 * once more and the search restarts from the first cell.
 *
 * BLISS(2), only when BLISS(1) is stuck: pairs of candidates a < b (same order,
 * different cells) in the four combinations (a on/off) x (b on/off):
 *  - a solved combination: backdoor;
 *  - only one valid combination: it holds ("forced", log suffix "(*)"): the two
 *    tested candidates are placed or eliminated accordingly;
 *  - same digit, only the two mixed combinations valid: a "pseudo-bilocal"
 *    pair (a XOR b); when the cells share a house, the digit leaves the rest of
 *    that house (these eliminations are among the common implications);
 *  - otherwise the placements/eliminations common to all valid combinations,
 *    the two tested cells left out, as in BLISS(1).
 * After each BLISS(2) find the search falls back to BLISS(1).
 *
 * Every find of BLISS is sound for every solution of the puzzle (a backdoor on a
 * puzzle with several solutions is just one of them).
 */
import { cellName } from '../core/grid';
import type { Budget } from '../core/budget';
import { countGuesses } from './guesses';
import { CONTRADICTION, NORMAL, SOLVED, doSingles } from './singles';
import { type Geometry, type Variant, geometry } from './variants';

export interface BlissOptions {
  /** Houses: classic, SudokuX (diagonals), SudokuP (box positions) or both. Default classic. */
  variant?: Variant;
  /** Highest level to use: 1 = BLISS(1) only, 2 = BLISS(2) when BLISS(1) is stuck (default). */
  maxLevel?: 1 | 2;
  /** Locked candidates (pointing/claiming) inside DoSingles. Off by default, as in the seed's logs. */
  lockedCandidates?: boolean;
  /** Time/cancellation budget: `check()` is called in the search loops and throws BudgetExceeded. */
  budget?: Budget;
  /**
   * How eliminations are written in the log. `bang` (default): every elimination
   * `r1c3 != 6` (the seed's later posts: tdillon, SudokuP, ex. 1). `caret`: the
   * seed's Nov 16 notation, `r2c9 ^= 7` for an implication (eliminated in every
   * valid branch) and `!=` only for a tested candidate eliminated by a forced
   * BLISS(2) combination, the "(*)" lines (ex. 2, backdoor-2 example).
   */
  notation?: 'bang' | 'caret';
  /**
   * `ng`, the guess count of a plain DFS with singles (see guesses.ts): false to
   * skip it, true for the default cap of 20,000 guesses, or a cap. Pencilmark
   * puzzles can need millions (tdillon's: over 10^6, seconds), hence the cap.
   */
  guessCount?: boolean | number;
}

export interface Candidate {
  cell: number;
  digit: number;
}

export type FindKind = 'implication' | 'forced' | 'pseudo-bilocal';

/** One elimination or placement, with the test that produced it. */
export interface BlissStep {
  level: 1 | 2;
  kind: 'eliminate' | 'place';
  cell: number;
  digit: number;
  /** The tested candidate(s): one for BLISS(1), two for BLISS(2). */
  tested: Candidate[];
  reason: FindKind;
  /** E.g. `BLISS(1): r1c3 != 6  [tested 3r1c1]`. */
  text: string;
}

/** One productive test: its steps in the order they were applied. */
export interface BlissFind {
  level: 1 | 2;
  tested: Candidate[];
  /** BLISS(1) on a bivalue cell: the branches are the cell's two digits. */
  bivalue: boolean;
  kind: FindKind;
  steps: BlissStep[];
}

export interface BlissBackdoor {
  level: 1 | 2;
  tested: Candidate[];
  /** Per tested candidate: true when the solved branch places it, false when it eliminates it. */
  values: boolean[];
  /** E.g. `BLISS(1): backdoor r8c4 = 4 (singles solve the rest)`. */
  text: string;
}

export interface BlissResult {
  variant: Variant;
  /**
   * 0: singles solve it; 1: BLISS(1) (finds and/or a backdoor); 2: BLISS(2) was
   * needed; null: not solved (stuck at maxLevel, no solution, or not started).
   */
  level: 0 | 1 | 2 | null;
  solved: boolean;
  /** The solution came from a solved test branch (a backdoor), not from singles. */
  backdoor: boolean;
  backdoorTest: BlissBackdoor | null;
  /** The candidate state has no solution (a contradiction without any test, or in every branch). */
  noSolution: boolean;
  solution: Uint8Array | null;
  /** Guesses of a plain DFS with singles (see guesses.ts); null when not computed. */
  ng: number | null;
  /** False when the DFS hit its cap: `ng` is then a lower bound (logged as "ng > N"). */
  ngComplete: boolean;
  finds: BlissFind[];
  /** All steps of all finds, in order (for editor diagnostics). */
  steps: BlissStep[];
  /** The log, one physical line per entry, in the seed's format. */
  log: string[];
  /** Final candidate state. */
  candidates: Uint16Array;
  /** Number of tests run: BLISS(1) candidates and BLISS(2) pairs. */
  tests: { level1: number; level2: number };
}

const isSingle = (m: number): boolean => m !== 0 && (m & (m - 1)) === 0;
const isBivalue = (m: number): boolean => {
  const r = m & (m - 1);
  return r !== 0 && (r & (r - 1)) === 0;
};
/** The digit of a single-digit mask; the highest digit of any mask. */
const digitOf = (m: number): number => 32 - Math.clz32(m);
const candName = (c: Candidate): string => `${c.digit}${cellName(c.cell)}`;
const digitsString = (m: number): string => {
  let s = '';
  for (let d = 1; d <= 9; d++) if (m & (1 << (d - 1))) s += d;
  return s;
};

/** Width of the bracket field of a log line ("[7r7c7, 8r8c9]"); items start after one more space. */
const BRACKET_WIDTH = 14;
const ITEMS_PER_LINE = 5;
const CONTINUATION = ' '.repeat(6 + BRACKET_WIDTH + 1);

interface Item {
  kind: 'eliminate' | 'place';
  cell: number;
  digit: number;
}

/** The search state shared by both levels. */
class Search {
  readonly pm: Uint16Array;
  /** Scratch branch states. */
  private readonly s0 = new Uint16Array(81);
  private readonly s1 = new Uint16Array(81);
  private readonly a0 = new Uint16Array(81);
  private readonly a1 = new Uint16Array(81);
  private readonly union = new Uint16Array(81);
  /** Reused one-cell `changed` list. */
  private readonly one = [0];
  private readonly pairStates = [new Uint16Array(81), new Uint16Array(81), new Uint16Array(81), new Uint16Array(81)];
  readonly result: BlissResult;
  level = 0;

  constructor(
    private readonly g: Geometry,
    pm: Uint16Array,
    private readonly lc: boolean,
    private readonly budget: Budget | undefined,
    private readonly notation: 'bang' | 'caret',
    result: BlissResult,
  ) {
    this.pm = pm;
    this.result = result;
  }

  private singles(state: Uint16Array, changed: readonly number[] | null): number {
    return doSingles(this.g, state, changed, this.lc);
  }

  /** DoSingles after a change to one cell of the NORMAL state `state` was copied from. */
  private singles1(state: Uint16Array, cell: number): number {
    this.one[0] = cell;
    return doSingles(this.g, state, this.one, this.lc);
  }

  // ---- BLISS(1) -------------------------------------------------------------

  /** One pass over all candidates; stops at the first productive test. */
  pass1(): 'find' | 'done' | 'none' {
    const { pm, s0, s1 } = this;
    for (let c = 0; c < 81; c++) {
      const m = pm[c];
      if (isSingle(m)) continue;
      const bivalue = isBivalue(m);
      for (let d = 1; d <= 9; d++) {
        const b = 1 << (d - 1);
        if (!(m & b)) continue;
        this.budget?.check();
        this.result.tests.level1++;
        s1.set(pm);
        s1[c] = b;
        const r1 = this.singles1(s1, c);
        s0.set(pm);
        s0[c] = m & ~b;
        const r0 = this.singles1(s0, c);
        const tested = [{ cell: c, digit: d }];
        if (r1 === SOLVED || r0 === SOLVED) {
          // The seed's log names the last digit its loop tested in the cell (the loop
          // runs on after a backdoor): the highest candidate, or the lower one of a
          // bivalue cell (tested once), whichever candidate actually solved it.
          const shown = `[ ${bivalue ? d : digitOf(m)}${cellName(c)}]`;
          this.backdoor(1, tested, [r1 === SOLVED], r1 === SOLVED ? s1 : s0, shown);
          return 'done';
        }
        if (r1 === CONTRADICTION && r0 === CONTRADICTION) {
          this.noSolution(1, bivalue ? `[${digitsString(m)}${cellName(c)}]` : `[ ${d}${cellName(c)}]`);
          return 'done';
        }
        const valid: Uint16Array[] = [];
        if (r1 !== CONTRADICTION) valid.push(s1);
        if (r0 !== CONTRADICTION) valid.push(s0);
        const outcome = this.applyCommon(valid, c, -1);
        if (outcome.items.length > 0 || outcome.status !== NORMAL) {
          const bracket = bivalue ? `[${digitsString(m)}${cellName(c)}]` : `[ ${d}${cellName(c)}]`;
          this.record(1, tested, bivalue, 'implication', outcome.items, bracket);
          this.level = Math.max(this.level, 1);
          if (outcome.status !== NORMAL) return this.afterFind(outcome.status, 1);
          return 'find';
        }
        if (bivalue) break; // the other digit gives the same two branches
      }
    }
    return 'none';
  }

  // ---- BLISS(2) -------------------------------------------------------------

  /** One pass over all pairs of candidates; stops at the first productive pair. */
  pass2(): 'find' | 'done' | 'none' {
    const { pm, a0, a1, pairStates: S } = this;
    const cands: number[] = [];
    for (let c = 0; c < 81; c++) {
      if (isSingle(pm[c])) continue;
      for (let d = 1; d <= 9; d++) if (pm[c] & (1 << (d - 1))) cands.push(9 * c + d - 1);
    }
    const valid = [false, false, false, false];
    for (let i = 0; i < cands.length; i++) {
      this.budget?.check();
      const ca = (cands[i] / 9) | 0;
      const da = (cands[i] % 9) + 1;
      const ba = 1 << (da - 1);
      a1.set(pm);
      a1[ca] = ba;
      const ra1 = this.singles1(a1, ca);
      a0.set(pm);
      a0[ca] = pm[ca] & ~ba;
      const ra0 = this.singles1(a0, ca);
      for (let j = i + 1; j < cands.length; j++) {
        const cb = (cands[j] / 9) | 0;
        if (cb === ca) continue;
        if ((j & 31) === 0) this.budget?.check();
        const db = (cands[j] % 9) + 1;
        const bb = 1 << (db - 1);
        this.result.tests.level2++;
        let solved = -1;
        // k = 0 (a on, b on), 1 (a on, b off), 2 (a off, b on), 3 (a off, b off): the seed's PM0..PM3.
        for (let k = 0; k < 4; k++) {
          const base = k < 2 ? a1 : a0;
          const rBase = k < 2 ? ra1 : ra0;
          const bOn = (k & 1) === 0;
          valid[k] = false;
          if (rBase === CONTRADICTION) continue;
          const have = base[cb] & bb;
          const st = S[k];
          let r: number;
          if (bOn) {
            if (!have) continue;
            st.set(base);
            if (base[cb] === bb) r = rBase;
            else {
              st[cb] = bb;
              r = this.singles1(st, cb);
            }
          } else {
            if (base[cb] === bb) continue;
            st.set(base);
            if (!have) r = rBase;
            else {
              st[cb] = base[cb] & ~bb;
              r = this.singles1(st, cb);
            }
          }
          if (r === CONTRADICTION) continue;
          valid[k] = true;
          if (r === SOLVED && solved < 0) solved = k;
        }
        let nValid = 0;
        for (let k = 0; k < 4; k++) if (valid[k]) nValid++;
        if (nValid >= 2 && solved < 0 && !this.differs(S, valid, ca, cb)) continue;
        const tested = [
          { cell: ca, digit: da },
          { cell: cb, digit: db },
        ];
        const bracket = `[${candName(tested[0])}, ${candName(tested[1])}]`;
        if (solved >= 0) {
          this.backdoor(2, tested, [solved < 2, (solved & 1) === 0], S[solved], bracket);
          return 'done';
        }
        if (nValid === 0) {
          this.noSolution(2, bracket);
          return 'done';
        }
        if (nValid === 1) {
          // Forced combination: it holds.
          const k = valid.indexOf(true);
          const items: Item[] = [];
          const changed: number[] = [];
          const set = (cell: number, digit: number, on: boolean): void => {
            const bit = 1 << (digit - 1);
            if (on) {
              if (pm[cell] !== bit) {
                pm[cell] = bit;
                items.push({ kind: 'place', cell, digit });
                changed.push(cell);
              }
            } else if (pm[cell] & bit) {
              pm[cell] &= ~bit;
              items.push({ kind: 'eliminate', cell, digit });
              changed.push(cell);
            }
          };
          set(ca, da, k < 2);
          set(cb, db, (k & 1) === 0);
          const status = this.singles(pm, changed);
          this.record(2, tested, false, 'forced', items, bracket);
          this.level = 2;
          if (status !== NORMAL) return this.afterFind(status, 2);
          return 'find';
        }
        const states: Uint16Array[] = [];
        for (let k = 0; k < 4; k++) if (valid[k]) states.push(S[k]);
        const pseudo = da === db && !valid[0] && !valid[3] && valid[1] && valid[2] && this.shareHouse(ca, cb);
        const outcome = this.applyCommon(states, ca, cb);
        if (outcome.items.length > 0 || outcome.status !== NORMAL) {
          this.record(2, tested, false, pseudo ? 'pseudo-bilocal' : 'implication', outcome.items, bracket);
          this.level = 2;
          if (outcome.status !== NORMAL) return this.afterFind(outcome.status, 2);
          return 'find';
        }
      }
    }
    return 'none';
  }

  /** Quick pre-check: does the union of the valid states drop anything of PM outside cells x1, x2? */
  private differs(S: Uint16Array[], valid: boolean[], x1: number, x2: number): boolean {
    const { pm } = this;
    for (let x = 0; x < 81; x++) {
      if (x === x1 || x === x2) continue;
      let u = 0;
      for (let k = 0; k < 4; k++) if (valid[k]) u |= S[k][x];
      if ((pm[x] & u) !== pm[x]) return true;
    }
    return false;
  }

  private shareHouse(a: number, b: number): boolean {
    const { peers, peerStart } = this.g;
    for (let k = peerStart[a]; k < peerStart[a + 1]; k++) if (peers[k] === b) return true;
    return false;
  }

  // ---- applying a test's implications ----------------------------------------

  /**
   * Applies what every valid branch agrees on (cells x1, x2 left out), in cell
   * order: eliminations directly, placements followed by DoSingles. Returns the
   * items applied and the state's status afterwards.
   */
  private applyCommon(states: Uint16Array[], x1: number, x2: number): { items: Item[]; status: number } {
    const { pm, union } = this;
    union.set(states[0]);
    for (let s = 1; s < states.length; s++) {
      const st = states[s];
      for (let x = 0; x < 81; x++) union[x] |= st[x];
    }
    const items: Item[] = [];
    let pending: number[] = [];
    for (let x = 0; x < 81; x++) {
      if (x === x1 || x === x2) continue;
      const m = pm[x];
      if (isSingle(m)) continue;
      const u = union[x];
      const n = m & u;
      if (n === m) continue;
      if (n === 0) return { items, status: CONTRADICTION }; // only on a puzzle without solution
      if (isSingle(u)) {
        items.push({ kind: 'place', cell: x, digit: digitOf(u) });
        pm[x] = u;
        pending.push(x);
        const r = this.singles(pm, pending);
        pending = [];
        if (r !== NORMAL) return { items, status: r };
      } else {
        for (let d = 1, e = m & ~n; e; d++, e >>= 1) if (e & 1) items.push({ kind: 'eliminate', cell: x, digit: d });
        pm[x] = n;
        pending.push(x);
      }
    }
    const status = items.length > 0 ? this.singles(pm, pending) : NORMAL;
    return { items, status };
  }

  // ---- results and log ----------------------------------------------------------

  private afterFind(status: number, level: 1 | 2): 'done' {
    const tag = level === 1 ? '(1c)' : '(2c)';
    if (status === SOLVED) {
      this.result.log.push(` ${tag} ${'[======]'.padEnd(BRACKET_WIDTH)} STTE`);
      this.finishSolved(this.pm, false);
    } else {
      this.result.noSolution = true;
      this.result.log.push(` ${tag} ${'[======]'.padEnd(BRACKET_WIDTH)} contradiction`);
    }
    return 'done';
  }

  private backdoor(level: 1 | 2, tested: Candidate[], values: boolean[], state: Uint16Array, bracket: string): void {
    this.level = Math.max(this.level, level);
    const what = tested.map((t, i) => `${cellName(t.cell)} ${values[i] ? '=' : '!='} ${t.digit}`).join(', ');
    this.result.backdoorTest = { level, tested, values, text: `BLISS(${level}): backdoor ${what} (singles solve the rest)` };
    this.result.log.push(` (${level}c) ${bracket.padEnd(BRACKET_WIDTH)} BD`);
    this.pm.set(state);
    this.finishSolved(state, true);
  }

  private noSolution(level: 1 | 2, bracket: string): void {
    this.result.noSolution = true;
    this.result.log.push(` (${level}c) ${bracket.padEnd(BRACKET_WIDTH)} contradiction`);
  }

  private finishSolved(state: Uint16Array, backdoor: boolean): void {
    const r = this.result;
    r.solved = true;
    r.backdoor = backdoor;
    r.solution = Uint8Array.from(state, digitOf);
  }

  private record(level: 1 | 2, tested: Candidate[], bivalue: boolean, kind: FindKind, items: Item[], bracket: string): void {
    const testedText = tested.map(candName).join(', ');
    const steps: BlissStep[] = items.map((it) => ({
      level,
      kind: it.kind,
      cell: it.cell,
      digit: it.digit,
      tested,
      reason: kind,
      text: `BLISS(${level}): ${this.itemText(it, kind, false)}  [tested ${testedText}]${kind === 'implication' ? '' : ` (${kind})`}`,
    }));
    const find: BlissFind = { level, tested, bivalue, kind, steps };
    this.result.finds.push(find);
    this.result.steps.push(...steps);

    // Lines: a bivalue test gets one line per cell; otherwise eliminations are
    // grouped and each placement has a line of its own. BLISS(2) forced pairs: one line, "(*)".
    const groups: Item[][] = [];
    if (kind === 'forced') groups.push(items);
    else {
      let cur: Item[] = [];
      for (const it of items) {
        const breakHere =
          it.kind === 'place' || (cur.length > 0 && (cur[0].kind === 'place' || (bivalue && cur[0].cell !== it.cell)));
        if (breakHere && cur.length > 0) {
          groups.push(cur);
          cur = [];
        }
        cur.push(it);
      }
      if (cur.length > 0) groups.push(cur);
    }
    const head = ` (${level}c) ${bracket.padEnd(BRACKET_WIDTH)} `;
    for (const group of groups) {
      const texts = group.map((it) => this.itemText(it, kind, true));
      for (let i = 0; i < texts.length; i += ITEMS_PER_LINE) {
        const chunk = texts.slice(i, i + ITEMS_PER_LINE).join(', ');
        const last = i + ITEMS_PER_LINE >= texts.length;
        this.result.log.push((i === 0 ? head : CONTINUATION) + chunk + (last ? (kind === 'forced' ? ' (*)' : '') : ','));
      }
    }
  }

  private itemText(it: Item, kind: FindKind, log: boolean): string {
    if (it.kind === 'place') return `${cellName(it.cell)}  = ${it.digit}`;
    const op = log && this.notation === 'caret' && kind !== 'forced' ? '^=' : '!=';
    return `${cellName(it.cell)} ${op} ${it.digit}`;
  }
}

/** Default cap of the `ng` search. */
const DEFAULT_GUESS_CAP = 20_000;

const MODE_NAMES: Record<Variant, string> = { classic: '', X: 'SudokuX', P: 'SudokuP', PX: 'SudokuPX' };

/**
 * Runs BLISS on a candidate state (Uint16Array(81) of 9-bit masks, bit d-1 =
 * digit d possible): givens puzzles and pencilmark puzzles alike. The input is
 * not modified. Throws BudgetExceeded when the budget runs out.
 */
export function bliss(cands: Uint16Array, options: BlissOptions = {}): BlissResult {
  const variant = options.variant ?? 'classic';
  const g = geometry(variant);
  const maxLevel = options.maxLevel ?? 2;
  const lc = options.lockedCandidates ?? false;
  const pm = Uint16Array.from(cands.subarray(0, 81));
  const result: BlissResult = {
    variant,
    level: null,
    solved: false,
    backdoor: false,
    backdoorTest: null,
    noSolution: false,
    solution: null,
    ng: null,
    ngComplete: true,
    finds: [],
    steps: [],
    log: [],
    candidates: pm,
    tests: { level1: 0, level2: 0 },
  };

  if (variant !== 'classic') result.log.push(`BLISS (${MODE_NAMES[variant]} mode)`);
  const givensOnly = pm.length === 81 && pm.every((m) => isSingle(m) || m === 0x1ff);
  const headerAt = result.log.length;
  if (!givensOnly) {
    let n = 0;
    let givens = 0;
    for (let c = 0; c < 81; c++) {
      for (let m = pm[c]; m; m &= m - 1) n++;
      if (isSingle(pm[c])) givens++;
    }
    result.log.push(`PM candidates = ${n}, givens = ${givens}`);
  }

  const start = pm.length === 81 ? doSingles(g, pm, null, lc) : CONTRADICTION;
  if (start === CONTRADICTION) {
    result.noSolution = true;
    if (givensOnly) result.log.splice(headerAt, 0, `P: ${puzzleString(cands)}`);
    result.log.push('No solution: singles reach a contradiction');
    return result;
  }
  const cap = options.guessCount ?? true;
  if (cap !== false) {
    const count = start === SOLVED ? null : countGuesses(g, pm, options.budget, cap === true ? DEFAULT_GUESS_CAP : cap);
    result.ng = count ? count.guesses : 0;
    result.ngComplete = count ? count.complete : true;
  }
  if (givensOnly) {
    const ng = result.ng === null ? '' : ` (ng ${result.ngComplete ? '=' : '>'} ${result.ng})`;
    result.log.splice(headerAt, 0, `P: ${puzzleString(cands)}${ng}`);
  }
  if (start === SOLVED) {
    result.level = 0;
    result.solved = true;
    result.solution = Uint8Array.from(pm, digitOf);
    result.log.push(`S: ${Array.from(result.solution).join('')}`);
    return result;
  }

  const search = new Search(g, pm, lc, options.budget, options.notation ?? 'bang', result);
  for (;;) {
    const r1 = search.pass1();
    if (r1 === 'find') continue;
    if (r1 === 'done') break;
    if (maxLevel < 2) break;
    const r2 = search.pass2();
    if (r2 === 'find') continue;
    break;
  }
  if (result.solved) {
    result.level = search.level === 0 ? 1 : (search.level as 1 | 2);
    result.log.push(`S: ${Array.from(result.solution!).join('')}`);
  }
  return result;
}

function puzzleString(cands: Uint16Array): string {
  let s = '';
  for (let c = 0; c < 81; c++) s += isSingle(cands[c]) ? String(digitOf(cands[c])) : '.';
  return s;
}
