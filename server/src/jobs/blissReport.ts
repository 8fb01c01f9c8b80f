/**
 * One puzzle as `sudoku-lens bliss` prints it. No file or process access: the editor's
 * "BLISS log" runs it in a rating worker, a thread in Node or a Web Worker in the browser.
 */
import { analyzePuzzle, describeStatus, variantOf } from '../engine/core/analyze';
import type { BlissResult, BlissStep, Candidate, Variant } from '../engine/bliss';
import { puzzleFindings } from '../engine/core/puzzleFindings';
import { plural } from '../engine/core/format';
import { cellName } from '../engine/core/grid';
import { type Puzzle, candidatesOf } from '../engine/core/parse';
import type { Finding } from '../engine/core/types';
import { diagnosticLines, hasError } from './findingLines';
import { runBliss } from './rowJobs';

const candText = (c: Candidate): string => `${c.digit}${cellName(c.cell)}`;

function counts(r: BlissResult): { eliminations: number; placements: number } {
  const placements = r.steps.filter((s) => s.kind === 'place').length;
  return { eliminations: r.steps.length - placements, placements };
}

/** `level 1, backdoor r8c4 = 4, ng = 58, 9 eliminations, 0 placements`. */
function blissSummaryLine(r: BlissResult, maxLevel: 1 | 2): string {
  const { eliminations, placements } = counts(r);
  const variant = r.variant === 'classic' ? '' : ` (${r.variant})`;
  const what = r.solved
    ? r.level === 0
      ? 'level 0 (singles only)'
      : `level ${r.level}${r.backdoorTest ? `, ${r.backdoorTest.text.replace(/^BLISS\(\d\): /, '').replace(/ \(singles solve the rest\)$/, '')}` : ', no backdoor'}`
    : r.noSolution
      ? 'no solution'
      : `not solved by BLISS(${maxLevel})`;
  const ng = r.ng === null ? '' : `, ng ${r.ngComplete ? '=' : '>'} ${r.ng}`;
  return `BLISS${variant}: ${what}${ng}, ${plural(eliminations, 'elimination')}, ${plural(placements, 'placement')}`;
}

const stepJson = (s: BlissStep) => ({
  level: s.level,
  kind: s.kind,
  cell: cellName(s.cell),
  digit: s.digit,
  tested: s.tested.map(candText),
  text: s.text,
});

export interface BlissRunOptions {
  /** The variant of puzzles without a `#! variant:` line (undefined: classic). */
  variant: Variant | undefined;
  maxLevel: 1 | 2;
  /** Locked candidates (pointing/claiming) inside DoSingles. */
  lockedCandidates: boolean;
  budgetMs: number;
  nodeBudget: number;
}

/**
 * One puzzle as `bliss` prints it: its diagnostics, BLISS's log and the summary line (or the JSON
 * row), and whether it has an error. The editor's "BLISS log" shows the same lines.
 */
export function blissReport(file: string, puzzle: Puzzle, o: BlissRunOptions, json: boolean): { lines: string[]; error: boolean } {
  const lines: string[] = [];
  const variant = variantOf(puzzle, { defaultVariant: o.variant });
  const analysis = analyzePuzzle(puzzle, { nodeBudget: o.nodeBudget, defaultVariant: o.variant });
  const findings: Finding[] = puzzleFindings(puzzle, { analysis });
  // Puzzles the solver or the structural checks already refute are not searched.
  const refuted = analysis?.status === 'none' || analysis?.status === 'invalid';
  const cands = refuted ? null : candidatesOf(puzzle);
  const result = cands ? runBliss(cands, { variant, maxLevel: o.maxLevel, lockedCandidates: o.lockedCandidates }, o.budgetMs) : null;
  const where = `${file}:${puzzle.line + 1}`;
  const error = hasError(findings) || Boolean(result?.noSolution);
  const reason = !analysis ? 'unreadable' : refuted ? describeStatus(analysis.status) : result ? null : `BLISS exceeded its budget of ${o.budgetMs} ms`;
  if (json) {
    const bliss = result && {
      level: result.level,
      backdoor: result.backdoor,
      ng: result.ng,
      solved: result.solved,
      noSolution: result.noSolution,
      steps: result.steps.map(stepJson),
    };
    lines.push(JSON.stringify({ file, line: puzzle.line + 1, text: puzzle.text, bliss, ...(reason ? { blissReason: reason } : {}) }));
  } else {
    lines.push(...diagnosticLines(file, findings));
    if (result) lines.push(...result.log, `${where}: ${blissSummaryLine(result, o.maxLevel)}`);
    else lines.push(`${where}: ${cands ? reason : `not run: ${reason}`}`);
  }
  return { lines, error };
}
