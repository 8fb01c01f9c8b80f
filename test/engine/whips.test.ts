/**
 * Berthier's resolution theories (server/src/engine/whips): every printed chain is re-verified by an
 * independent checker (../whipChecker.ts) written from the definitions (PBCS 2015 ch. 5-7, CSP-Rules 2.1), W ratings are
 * compared with Berthier's published ones, and T&E depth, backdoors and budgets are checked.
 */
import { readFileSync, readdirSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { candidatesFromGivens } from '../../server/src/engine/core/grid';
import { solve } from '../../server/src/engine/core/solve';
import { Budget } from '../../server/src/engine/core/budget';
import { type RuleSet, backdoorSize, teDepth, wRating } from '../../server/src/engine/whips';
import { type Cand, type Var, checkChainStep, inVar, isLinked, varCands } from '../whipChecker';
import { dataPath } from '../dataPath';

/** All 324 CSP variables. */
const ALL_VARS: Var[] = [];
for (let a = 0; a < 9; a++) for (let b = 0; b < 9; b++) ALL_VARS.push({ kind: 'rc', a, b, name: `r${a + 1}c${b + 1}` });
for (const kind of ['rn', 'cn', 'bn'] as const)
  for (let a = 0; a < 9; a++) for (let d = 1; d <= 9; d++) ALL_VARS.push({ kind, a, b: d, name: `${kind[0]}${a + 1}n${d}` });

/**
 * Brute force: is there a bivalue-chain of at most n variables on this grid (bivalue variables {Lk Rk},
 * L1 linked to Z, Lk linked to R(k-1), the Rs compatible with Z and each other, Rn linked to Z)?
 */
function bivChainExists(grid: Uint16Array, n: number): boolean {
  const present = (x: Cand): boolean => {
    const m = grid[x.r * 9 + x.c];
    return (m & (1 << (x.d - 1))) !== 0 && (m & (m - 1)) !== 0;
  };
  const biv = ALL_VARS.map((v) => ({ v, pres: varCands(v).filter(present) })).filter((x) => x.pres.length === 2);
  const cands = ALL_VARS.slice(0, 81).flatMap((v) => varCands(v).filter(present));
  const search = (Z: Cand, prev: Cand | null, rights: Cand[], used: Set<string>): boolean => {
    for (const { v, pres } of biv) {
      if (used.has(v.name) || inVar(v, Z) || rights.some((R) => inVar(v, R))) continue;
      for (const [L, R] of [pres, [pres[1], pres[0]]]) {
        if (!isLinked(L, prev ?? Z)) continue;
        if (isLinked(R, Z)) return true;
        if (rights.some((Ri) => isLinked(R, Ri))) continue;
        if (rights.length + 1 < n - 1 || (rights.length + 1 === n - 1 && n > 1)) {
          if (rights.length + 2 <= n && search(Z, R, [...rights, R], new Set([...used, v.name]))) return true;
        }
      }
    }
    return false;
  };
  return cands.some((Z) => search(Z, null, [], new Set()));
}

// ------------------------------------------------------------------------------------------------

const g2c = (p: string): Uint16Array => {
  const g = new Uint8Array(81);
  for (let c = 0; c < 81; c++) g[c] = p[c] >= '1' && p[c] <= '9' ? +p[c] : 0;
  return candidatesFromGivens(g);
};
const solutionOf = (p: string): Uint8Array => solve(g2c(p), { limit: 2 }).solutions[0];

/** Rates with recorded states and checks every chain step; returns the rating result. */
function rateAndCheck(p: string, rules: RuleSet = 'W', budgetMs = 20_000) {
  const r = wRating(g2c(p), { rules, budget: new Budget(budgetMs), keepStates: true });
  const solution = solutionOf(p);
  const errors = r.steps.flatMap((s) => checkChainStep(s, solution));
  return { r, errors };
}

const royle = readFileSync(dataPath('berthier-ratings', 'royle17-49151-W-SER.tsv'), 'utf8')
  .split('\n')
  .slice(1)
  .filter(Boolean)
  .map((l) => l.split('\t'))
  .map((f) => ({ puzzle: f[0], w: Number(f[1]) }));

/** `per(w)` puzzles of each published W w, spread over the file. */
function stratified(per: (w: number) => number): { puzzle: string; w: number }[] {
  const out: { puzzle: string; w: number }[] = [];
  for (let w = 0; w <= 8; w++) {
    const xs = royle.filter((x) => x.w === w);
    const want = Math.min(per(w), xs.length);
    for (let i = 0; i < want; i++) out.push(xs[Math.floor((i * xs.length) / want)]);
  }
  return out;
}

const oracleRows = readFileSync(dataPath('berthier-ratings', 'oracles.tsv'), 'utf8')
  .split('\n')
  .slice(1)
  .filter(Boolean)
  .map((l) => l.split('\t'));

describe('independent chain checker', () => {
  it('rejects a tampered chain', () => {
    const p = '....5..8.45...9...6.9....1.2.......834...1.7...172...4...9......6...4....1.86..27';
    const { r, errors } = rateAndCheck(p);
    expect(errors).toEqual([]);
    const whip = r.steps.find((s) => s.length >= 3)!;
    // drop the last variable: the shortened chain no longer empties its last variable
    const parts = whip.text.split(' ==> ')[0].split(': ')[1].split(' - ');
    const shorter = parts.slice(0, -1);
    const lastR = /\{(\w+) (\w+)\}$/.exec(shorter[shorter.length - 1])!;
    shorter[shorter.length - 1] = shorter[shorter.length - 1].replace(lastR[0], `{${lastR[1]} .}`);
    const n = shorter.length;
    const bad = { ...whip, technique: `whip[${n}]`, difficulty: n, text: `whip[${n}]: ${shorter.join(' - ')} ==> ${whip.text.split(' ==> ')[1]}` };
    expect(checkChainStep(bad, solutionOf(p)).length).toBeGreaterThan(0);
    // a true value as target
    const sol = solutionOf(p);
    const e = whip.eliminations[0];
    const swapped = whip.text.replace(/==> .*$/, `==> r${Math.floor(e.cell / 9) + 1}c${(e.cell % 9) + 1}≠${sol[e.cell]}`);
    expect(checkChainStep({ ...whip, text: swapped, eliminations: [{ cell: e.cell, digit: sol[e.cell] }] }, sol).length).toBeGreaterThan(0);
  });
});

describe('W rating (whips, simplest first)', () => {
  // 56 of each W up to 3, 40 of W4, 15 of W5 and all 21 of W6-W8: 300 puzzles
  const sample = stratified((w) => (w <= 3 ? 56 : w === 4 ? 40 : w === 5 ? 15 : 100));

  it('uses the published W of a stratified sample of Royle 17-clue puzzles; every chain checks', () => {
    expect(sample.length).toBe(300);
    const mismatches: string[] = [];
    const errors: string[] = [];
    let checked = 0;
    for (const [i, { puzzle, w }] of sample.entries()) {
      // the checker runs on a third of the sample (about 100 puzzles, all strata), the rating on all
      if (i % 3 === 0) {
        const { r, errors: e } = rateAndCheck(puzzle);
        errors.push(...e.map((x) => `${puzzle}: ${x}`));
        checked += r.steps.length;
        if (r.rating !== w) mismatches.push(`${puzzle} published ${w} ours ${r.rating} (${r.status})`);
      } else {
        const r = wRating(g2c(puzzle), { budget: new Budget(20_000) });
        if (r.rating !== w) mismatches.push(`${puzzle} published ${w} ours ${r.rating} (${r.status})`);
      }
    }
    expect(errors.slice(0, 10)).toEqual([]);
    expect(checked).toBeGreaterThan(300);
    expect(mismatches).toEqual([]);
  });

  const pathDir = dataPath('berthier-ratings', 'paths');
  const pathFiles = readdirSync(pathDir).filter((f) => !/Mauricio|magictour89/.test(f));
  it.each(pathFiles)('%s: same rating as the SudoRules path, every chain checks', (file) => {
    const text = readFileSync(path.join(pathDir, file), 'utf8');
    const puzzle = /# PUZZLE: (\S{81})/.exec(text)![1];
    const result = /RESULT: \W*(\w+)\[(\d+)\]/.exec(text)!;
    const rules: RuleSet = result[1] === 'gW' ? 'gW' : 'W';
    const { r, errors } = rateAndCheck(puzzle, rules);
    expect(errors).toEqual([]);
    expect(r.status).toBe('solved');
    expect(r.rating).toBe(Number(result[2]));
    if (rules === 'gW') expect(r.steps.some((s) => s.kind === 'g-whip')).toBe(true);
  });

  it('prints steps in the SudoRules syntax, with links and z/t candidates', () => {
    const { r } = rateAndCheck('....5..8.45...9...6.9....1.2.......834...1.7...172...4...9......6...4....1.86..27');
    const texts = r.steps.map((s) => s.text);
    expect(texts[0]).toMatch(/^whip\[1\]: [rcb]\dn\d\{[rc]\d+ \.\} ==> r\dc\d≠\d(, r\dc\d≠\d)*$/);
    expect(texts.some((t) => /^(z-chain|t-whip|whip)\[4\]: (\w+\{\w+ \w+\} - ){3}\w+\{\w+ \.\} ==> /.test(t))).toBe(true);
    expect(texts.some((t) => /^biv-chain\[4\]: (\w+\{\w+ \w+\} - ){3}\w+\{\w+ \w+\} ==> /.test(t))).toBe(true);
    // the first chain of SudoRules' path (config W): whip[2]: r2n8{c5 c3} - r5n8{c3 .} ==> r3c5≠8
    expect(texts).toContain('biv-chain[2]: r2n8{c5 c3} - r5n8{c3 c5} ==> r3c5≠8');
    const untyped = wRating(g2c('....5..8.45...9...6.9....1.2.......834...1.7...172...4...9......6...4....1.86..27'), {
      budget: new Budget(10_000),
      typedChains: false,
    });
    expect(untyped.steps.map((s) => s.text)).toContain('whip[2]: r2n8{c5 c3} - r5n8{c3 .} ==> r3c5≠8');
    for (const s of r.steps) {
      expect(s.links.filter((l) => l.strong).length).toBe(s.kind === 'biv-chain' ? s.length : s.length - 1);
      expect(s.links.filter((l) => !l.strong).length).toBe(s.length - 1);
      expect(s.candidates.length).toBeGreaterThanOrEqual(2 * s.length - 1);
    }
    expect(r.steps.some((s) => s.zCandidates.length > 0)).toBe(true);
    expect(r.steps.some((s) => s.tCandidates.length > 0)).toBe(true);
    const singles = wRating(g2c('....5..8.45...9...6.9....1.2.......834...1.7...172...4...9......6...4....1.86..27'), {
      budget: new Budget(10_000),
      includeSingles: true,
    });
    expect(singles.steps[0].text).toMatch(/^(naked-single|hidden-single-in-a-(row|column|block)) ==> r\dc\d=\d$/);
  });

  it('finds typed chains simplest-first: no biv-chain of the same length when a z-chain, t-whip or whip is used', () => {
    const p = '....5..8.45...9...6.9....1.2.......834...1.7...172...4...9......6...4....1.86..27';
    const typed = wRating(g2c(p), { budget: new Budget(20_000), keepStates: true });
    const kinds = new Set(typed.steps.map((s) => s.kind));
    for (const k of ['whip', 'biv-chain', 'z-chain', 't-whip'] as const) expect(kinds.has(k)).toBe(true);
    let checked = 0;
    for (const s of typed.steps) {
      if (s.kind === 'biv-chain' || s.length < 2) continue;
      expect(bivChainExists(s.before!, s.length), s.text).toBe(false);
      checked++;
    }
    expect(checked).toBeGreaterThan(5);
    const untyped = wRating(g2c(p), { budget: new Budget(20_000), typedChains: false });
    expect(untyped.rating).toBe(typed.rating);
    expect(untyped.steps.every((s) => s.kind === 'whip')).toBe(true);
  });
});

describe('gW and B ratings', () => {
  // puzzles with published W, gW and B (small enough for braids), from Berthier's CB collection files
  const byPuzzle = new Map<string, Record<string, number>>();
  for (const [p, kind, v] of oracleRows) {
    if (kind !== 'W' && kind !== 'gW' && kind !== 'B') continue;
    byPuzzle.set(p, { ...(byPuzzle.get(p) ?? {}), [kind]: Number(v) });
  }
  const complete = [...byPuzzle].filter(([, r]) => r.W !== undefined && r.gW !== undefined && r.B !== undefined && r.gW <= r.W);
  // one puzzle of each published W from 0 to 4, and two where B is below W
  const rows = [
    ...[0, 1, 2, 3, 4].map((w) => complete.find(([, r]) => r.W === w)!),
    ...complete.filter(([, r]) => r.B < r.W && r.W <= 6).slice(0, 2),
  ];

  it('has rows to compare', () => expect(rows.length).toBe(7));

  it.each(rows.map(([p, r]) => [p, r.W, r.gW, r.B] as const))('%s: W %i, gW %i, B %i; B <= W, gW <= W', (p, w, gw, b) => {
    const W = rateAndCheck(p, 'W');
    const gW = rateAndCheck(p, 'gW');
    const B = rateAndCheck(p, 'B');
    expect([...W.errors, ...gW.errors, ...B.errors]).toEqual([]);
    expect([W.r.rating, gW.r.rating, B.r.rating]).toEqual([w, gw, b]);
    expect(B.r.rating!).toBeLessThanOrEqual(W.r.rating!);
    expect(gW.r.rating!).toBeLessThanOrEqual(W.r.rating!);
  });

  it('finds braids where whips are longer', () => {
    const [p, r] = rows[rows.length - 1];
    const B = rateAndCheck(p, 'B');
    expect(B.r.rating).toBe(r.B);
    expect(B.r.steps.some((s) => s.kind === 'braid')).toBe(true);
  });
});

describe('T&E depth and backdoor size', () => {
  const te = (depth: number, count: number): string[] =>
    oracleRows.filter((r) => r[1] === 'TE-depth' && Number(r[2]) === depth).filter((_, i) => i % 17 === 0).slice(0, count).map((r) => r[0]);

  it.each([...te(0, 2), ...te(1, 3), ...te(2, 3)].map((p) => [p]))('%s: published T&E depth', (p) => {
    const want = Number(oracleRows.find((r) => r[0] === p && r[1] === 'TE-depth')![2]);
    const r = teDepth(g2c(p), { maxDepth: 2, budget: new Budget(20_000) });
    expect(r).toEqual({ depth: want, status: 'solved' });
  });

  it('a T&E(3) puzzle is deeper than 2 (and of depth 3)', () => {
    const p = te(3, 1)[0];
    expect(teDepth(g2c(p), { maxDepth: 2, budget: new Budget(20_000) })).toEqual({ depth: null, status: 'deeper' });
    expect(teDepth(g2c(p), { maxDepth: 3, budget: new Budget(20_000) })).toEqual({ depth: 3, status: 'solved' });
  });

  it('backdoor sizes: 0 for a Singles puzzle, 3 for Easter Monster (PBCS 11.5.3); the backdoor is one', () => {
    const singles = royle.find((x) => x.w === 0)!.puzzle;
    expect(backdoorSize(g2c(singles), { budget: new Budget(5_000) })).toMatchObject({ size: 0, status: 'found' });
    const em = '1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1.';
    expect(backdoorSize(g2c(em), { maxSize: 2, budget: new Budget(10_000) })).toMatchObject({ size: null, status: 'larger' });
    const r = backdoorSize(g2c(em), { maxSize: 3, budget: new Budget(20_000) });
    expect(r).toMatchObject({ size: 3, status: 'found' });
    // adding the backdoor as givens leaves a puzzle of W rating 0 (Singles)
    const withBackdoor = g2c(em);
    for (const { cell, digit } of r.backdoor) withBackdoor[cell] = 1 << (digit - 1);
    expect(wRating(withBackdoor, { budget: new Budget(5_000) }).rating).toBe(0);
    // a whip[1] puzzle needs at least one value
    const w1 = royle.find((x) => x.w === 1)!.puzzle;
    expect(backdoorSize(g2c(w1), { budget: new Budget(5_000) }).size).toBeGreaterThanOrEqual(1);
  });
});

describe('budget', () => {
  // Easter Monster (T&E(2): no braid at all) and magictour #89 (B12, not solvable by whips)
  const hardest = '1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1.';
  const b12 = '...3..5...5..1..3...7..4..12.....4...6..9......1..6..28..7..2...9..8..5...5..9..7';

  it('a tiny budget stops the rating quickly with status budget', () => {
    const t0 = performance.now();
    const r = wRating(g2c(b12), { rules: 'B', budget: new Budget(30) });
    expect(r.status).toBe('budget');
    expect(r.rating).toBeNull();
    expect(performance.now() - t0).toBeLessThan(500);
    // the search object is reused after an interrupted search: still exact
    const w4 = '....5..8.45...9...6.9....1.2.......834...1.7...172...4...9......6...4....1.86..27';
    expect(wRating(g2c(w4), { budget: new Budget(10_000) }).rating).toBe(4);
  });

  it('cancellation, T&E and backdoor budgets', () => {
    expect(wRating(g2c(b12), { budget: new Budget(60_000, () => true) }).status).toBe('budget');
    expect(teDepth(g2c(hardest), { maxDepth: 3, budget: new Budget(1) }).status).toBe('budget');
    expect(backdoorSize(g2c(hardest), { maxSize: 3, budget: new Budget(1) }).status).toBe('budget');
  });

  it('not solvable with these rules is a result', () => {
    const r = wRating(g2c(b12), { maxLength: 3, budget: new Budget(20_000) });
    expect(r).toMatchObject({ rating: null, status: 'unsolved' });
    expect(r.maxLength).toBeLessThanOrEqual(3);
    // no target of a T&E(2) puzzle is refuted by BRT, so no braid exists: settled at once
    const t0 = performance.now();
    expect(wRating(g2c(hardest), { rules: 'B', budget: new Budget(20_000) })).toMatchObject({ rating: null, status: 'unsolved' });
    expect(performance.now() - t0).toBeLessThan(2_000);
  });
});
