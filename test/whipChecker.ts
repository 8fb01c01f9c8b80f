/**
 * An independent checker of Berthier chains, written from the definitions (PBCS 2015 ch. 5-7, CSP-Rules 2.1)
 * with its own candidates, links, variables and text parser: it reads a chain's printed text and verifies it
 * on the grid it was found on. Used by the engine's tests (unit/whips.test.ts) and by every test of a surface
 * that prints chains (CLI, language server).
 */
import { solve } from '../server/src/engine/core/solve';
import { Budget } from '../server/src/engine/core/budget';
import { type WStep, wRating } from '../server/src/engine/whips';


/** A candidate: row and column 0..8, digit 1..9. */
export interface Cand {
  r: number;
  c: number;
  d: number;
}
/** The chain kinds a W path prints, as a regular expression's alternatives. */
const CHAIN_KINDS = 'biv-chain|z-chain|t-whip|whip|g-whip|braid';
const CHAIN_STEP = new RegExp(`^(${CHAIN_KINDS})\\[(\\d+)\\]: (.*) ==> (.*)$`);
const boxOf = (r: number, c: number): number => 3 * Math.floor(r / 3) + Math.floor(c / 3);
const same = (a: Cand, b: Cand): boolean => a.r === b.r && a.c === b.c && a.d === b.d;
/** nrc-link: different, and same cell, or same digit in cells sharing a row, column or block. */
export const isLinked = (a: Cand, b: Cand): boolean =>
  !same(a, b) && ((a.r === b.r && a.c === b.c) || (a.d === b.d && (a.r === b.r || a.c === b.c || boxOf(a.r, a.c) === boxOf(b.r, b.c))));
const show = (x: Cand): string => `r${x.r + 1}c${x.c + 1}n${x.d}`;

/** A CSP variable: rc (cell), rn (row, digit), cn (column, digit), bn (block, digit). */
export interface Var {
  kind: 'rc' | 'rn' | 'cn' | 'bn';
  a: number;
  b: number;
  name: string;
}

function parseVar(s: string): Var {
  let m = /^r(\d)c(\d)$/.exec(s);
  if (m) return { kind: 'rc', a: +m[1] - 1, b: +m[2] - 1, name: s };
  m = /^([rcb])(\d)n(\d)$/.exec(s);
  if (!m) throw new Error(`bad variable ${s}`);
  return { kind: m[1] === 'r' ? 'rn' : m[1] === 'c' ? 'cn' : 'bn', a: +m[2] - 1, b: +m[3], name: s };
}

export function varCands(v: Var): Cand[] {
  const out: Cand[] = [];
  for (let i = 0; i < 9; i++) {
    if (v.kind === 'rc') out.push({ r: v.a, c: v.b, d: i + 1 });
    else if (v.kind === 'rn') out.push({ r: v.a, c: i, d: v.b });
    else if (v.kind === 'cn') out.push({ r: i, c: v.a, d: v.b });
    else out.push({ r: 3 * Math.floor(v.a / 3) + Math.floor(i / 3), c: 3 * (v.a % 3) + (i % 3), d: v.b });
  }
  return out;
}
export const inVar = (v: Var, x: Cand): boolean => varCands(v).some((y) => same(x, y));

/** A value of a variable as printed: n5 (rc), c3 / c456 (rn), r7 / r123 (cn), r7c3 / r5c789 / r456c7 (bn). */
function parseValue(v: Var, s: string): Cand[] {
  const digits = (t: string): number[] => [...t].map((ch) => +ch - 1);
  let m: RegExpExecArray | null;
  if (v.kind === 'rc' && (m = /^n(\d)$/.exec(s))) return [{ r: v.a, c: v.b, d: +m[1] }];
  if (v.kind === 'rn' && (m = /^c(\d+)$/.exec(s))) return digits(m[1]).map((c) => ({ r: v.a, c, d: v.b }));
  if (v.kind === 'cn' && (m = /^r(\d+)$/.exec(s))) return digits(m[1]).map((r) => ({ r, c: v.a, d: v.b }));
  if (v.kind === 'bn' && (m = /^r(\d+)c(\d+)$/.exec(s))) {
    const out: Cand[] = [];
    for (const r of digits(m[1])) for (const c of digits(m[2])) out.push({ r, c, d: v.b });
    if (out.length > 1 && m[1].length > 1 && m[2].length > 1) throw new Error(`bad g-value ${s}`);
    return out;
  }
  throw new Error(`bad value ${s} of ${v.name}`);
}

/**
 * Verifies one chain step on the grid it was found on (`before`: one-bit cells are decided values).
 * Returns the list of problems (empty when the step is valid).
 */
export function checkChainStep(step: WStep, solution: Uint8Array): string[] {
  const errors: string[] = [];
  const grid = step.before!;
  const present = (x: Cand): boolean => {
    const m = grid[x.r * 9 + x.c];
    return (m & (1 << (x.d - 1))) !== 0 && (m & (m - 1)) !== 0;
  };
  const m = CHAIN_STEP.exec(step.text);
  if (!m) return [`unparsed: ${step.text}`];
  const kind = m[1];
  const n = +m[2];
  const parts = m[3].split(' - ').map((p) => {
    const pm = /^(\w+)\{(\w+) ([\w.]+)\}$/.exec(p);
    if (!pm) throw new Error(`bad part ${p}`);
    const V = parseVar(pm[1]);
    return { V, L: parseValue(V, pm[2]), R: pm[3] === '.' ? null : parseValue(V, pm[3]) };
  });
  const targets = m[4].split(', ').map((t) => {
    const tm = /^r(\d)c(\d)≠(\d)$/.exec(t);
    if (!tm) throw new Error(`bad target ${t}`);
    return { r: +tm[1] - 1, c: +tm[2] - 1, d: +tm[3] };
  });
  if (parts.length !== n) errors.push(`length ${n} but ${parts.length} variables`);
  if (step.difficulty !== n || step.technique !== `${kind}[${n}]`) errors.push('technique/difficulty');
  const elim = step.eliminations.map((e) => `${e.cell}:${e.digit}`).sort();
  if (elim.join() !== targets.map((t) => `${t.r * 9 + t.c}:${t.d}`).sort().join()) errors.push('eliminations differ from text');
  // loopless: distinct variables, distinct left-linking candidates, no candidate both left and right
  const names = parts.map((p) => p.V.name);
  if (new Set(names).size !== names.length) errors.push('variable repeated');
  const lefts = parts.map((p) => show(p.L[0]));
  if (new Set(lefts).size !== lefts.length) errors.push('left-linking candidate repeated');
  for (const p of parts) if (p.R && p.R.length === 1 && lefts.includes(show(p.R[0]))) errors.push('right = left');

  for (const Z of targets) {
    const where = `${step.text} [target ${show(Z)}]`;
    if (!present(Z)) errors.push(`${where}: target not a candidate`);
    if (solution[Z.r * 9 + Z.c] === Z.d) errors.push(`${where}: target is the solution`);
    if (parts.some((p) => inVar(p.V, Z))) errors.push(`${where}: a chain variable contains the target`);
    const rights: Cand[][] = []; // present members of R1..R(k-1)
    const incompatibleWith = (x: Cand, R: Cand[]): boolean =>
      R.length === 1 ? same(x, R[0]) || isLinked(x, R[0]) : R.every((y) => isLinked(x, y));
    const compatible = (x: Cand): boolean => !same(x, Z) && !isLinked(x, Z) && !rights.some((R) => incompatibleWith(x, R));
    for (let k = 0; k < parts.length; k++) {
      const { V, L, R } = parts[k];
      const at = `${where} @${V.name}`;
      if (L.length !== 1) {
        errors.push(`${at}: left g-candidate`);
        continue;
      }
      const Lk = L[0];
      if (!inVar(V, Lk) || !present(Lk)) errors.push(`${at}: L not a candidate of V`);
      if (k === 0) {
        if (!isLinked(Lk, Z)) errors.push(`${at}: L1 not linked to target`);
      } else if (kind === 'braid') {
        if (!isLinked(Lk, Z) && !rights.some((Ri) => Ri.every((y) => isLinked(Lk, y)))) errors.push(`${at}: L not linked to Z or an earlier R`);
      } else if (!rights[k - 1].every((y) => isLinked(Lk, y))) errors.push(`${at}: L not linked to the previous R`);
      for (const Ri of rights) if (Ri.length === 1 && inVar(V, Ri[0])) errors.push(`${at}: V contains an earlier R`);
      const pres = varCands(V).filter(present);
      const compat = pres.filter(compatible);
      const others = (exclude: Cand[]): Cand[] => pres.filter((x) => !exclude.some((y) => same(x, y)));
      const last = k === parts.length - 1;
      if (last) {
        if (compat.length !== 0) errors.push(`${at}: last variable still has ${compat.map(show)}`);
        if (kind === 'biv-chain') {
          if (!R || R.length !== 1 || pres.length !== 2 || !present(R[0]) || !isLinked(R[0], Z)) errors.push(`${at}: bad biv end`);
        } else if (R) errors.push(`${at}: last right-linking candidate printed`);
        if (kind === 'z-chain' && others([Lk]).some((x) => !isLinked(x, Z))) errors.push(`${at}: not a z-candidate`);
        continue;
      }
      if (!R) {
        errors.push(`${at}: missing R`);
        continue;
      }
      const Rp = R.filter(present);
      if (R.length === 1) {
        if (compat.length !== 1 || !same(compat[0], R[0])) errors.push(`${at}: R not the only compatible candidate (${compat.map(show)})`);
      } else {
        if (kind !== 'g-whip') errors.push(`${at}: g-candidate in a ${kind}`);
        if (!R.every((x) => inVar(V, x))) errors.push(`${at}: g-candidate outside V`);
        if (compat.length < 2 || !compat.every((x) => R.some((y) => same(x, y)))) errors.push(`${at}: compatible ${compat.map(show)} not inside the g-candidate`);
      }
      if (kind === 'biv-chain' && pres.length !== 2) errors.push(`${at}: not bivalue`);
      if (kind === 'z-chain' && others([Lk, ...R]).some((x) => !isLinked(x, Z))) errors.push(`${at}: extra candidate not a z-candidate`);
      if (kind === 't-whip' && others([Lk, ...R]).some((x) => !rights.some((Ri) => Ri.every((y) => isLinked(x, y)))))
        errors.push(`${at}: extra candidate not a t-candidate`);
      rights.push(R.length === 1 ? R : Rp);
    }
  }
  return errors;
}


/**
 * Checks chains a surface printed (`texts`, in path order, possibly only some of them) against the W path of
 * the candidate grid `cands`: each must be a chain of that path, in order, and pass the checker on the grid it
 * was found on. Returns the problems (empty when all is well).
 */
export function checkPrintedChains(cands: Uint16Array, texts: readonly string[], budgetMs = 20_000): string[] {
  const r = wRating(cands, { budget: new Budget(budgetMs), keepStates: true });
  const solution = solve(cands, { limit: 2 }).solutions[0];
  const errors: string[] = [];
  let from = 0;
  for (const text of texts) {
    const at = r.steps.findIndex((s, i) => i >= from && s.text === text);
    if (at < 0) {
      errors.push(`not a chain of the W path (in order): ${text}`);
      continue;
    }
    errors.push(...checkChainStep(r.steps[at], solution));
    from = at + 1;
  }
  return errors;
}

/** The chain text of a whip step (`whip[4]: c6n4{r4 r9} - … ==> r4c6≠5`), as any surface prints it. */
const CHAIN_START = new RegExp(`^(${CHAIN_KINDS})\\[\\d+\\]: `);
export const isChainText = (s: string): boolean => CHAIN_START.test(s);
