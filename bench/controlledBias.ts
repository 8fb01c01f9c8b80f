/**
 * Controlled-bias generator benchmark (server/src/engine/generate/controlledBias.ts):
 *   node dist/bench.js controlled-bias [--seconds N] [--out FILE]
 *
 * Makes controlled-bias puzzles for N seconds of wall time (default 600) on one thread and
 * reports CPU time (user+sys) per puzzle, attempts per puzzle, the projection for 10,000 and the
 * clue counts against Berthier's collection. --out writes the puzzles, one a line, for
 * `sudoku-lens stats --method w --correct-bias` (the W distribution).
 */
import { writeFileSync } from 'node:fs';
import { Budget, BudgetExceeded } from '../server/src/engine/core/budget';
import { itemRandom, randomGrid } from '../server/src/engine/generate';
import { controlledBiasPuzzles } from '../server/src/engine/generate/controlledBias';
import { option } from './common';

export const name = 'controlled-bias';

/** Berthier's CB collection, % by clue count (issue 14). */
const PUBLISHED: Record<number, number> = { 22: 0.09, 23: 1.88, 24: 11.77, 25: 30.97, 26: 33.75, 27: 16.99, 28: 4.0, 29: 0.53, 30: 0.03 };

export async function run(): Promise<void> {
  const seconds = Number(option('--seconds') ?? 600);
  const out = option('--out');
  const random = itemRandom(2009, 0);
  const tally = { attempts: 0 };
  const puzzles: string[] = [];
  const clues = new Map<number, number>();
  const start = process.cpuUsage();
  try {
    for (const p of controlledBiasPuzzles(() => randomGrid('classic', random), random, new Budget(seconds * 1000), tally)) {
      puzzles.push(p.puzzle);
      clues.set(p.clues, (clues.get(p.clues) ?? 0) + 1);
    }
  } catch (err) {
    if (!(err instanceof BudgetExceeded)) throw err;
  }
  const used = process.cpuUsage(start);
  const cpu = (used.user + used.system) / 1e6;
  const n = puzzles.length;
  console.log(`controlled-bias: ${n} puzzles in ${cpu.toFixed(1)} s CPU (${seconds} s wall), ${tally.attempts} attempts`);
  if (n > 0) {
    console.log(`  ${(cpu / n).toFixed(3)} s CPU a puzzle (${(n / cpu).toFixed(3)} a second per core), ${Math.round(tally.attempts / n)} attempts a puzzle, ${((tally.attempts / cpu) / 1e6).toFixed(2)} M attempts a second`);
    console.log(`  10,000 puzzles: ${((10_000 * cpu) / n / 3600).toFixed(2)} h CPU on one core`);
    const mean = [...clues].reduce((s, [c, k]) => s + c * k, 0) / n;
    console.log(`  clues (ours % / Berthier %), mean ${mean.toFixed(2)} (Berthier 25.66):`);
    for (const c of [...new Set([...clues.keys(), ...Object.keys(PUBLISHED).map(Number)])].sort((a, b) => a - b)) {
      console.log(`    ${c}: ${(((clues.get(c) ?? 0) * 100) / n).toFixed(2)} / ${PUBLISHED[c] ?? 0}`);
    }
  }
  if (out) writeFileSync(out, puzzles.map((p) => `${p}\n`).join(''));
}
