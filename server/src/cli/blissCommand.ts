/**
 * `sudoku-lens bliss`: the BLISS solver (engine/bliss) on each puzzle, printing its log in the
 * forum thread's format and a summary line, or one JSON object per puzzle with every step.
 */
import { DEFAULT_NODE_BUDGET, analyzePuzzle, describeStatus } from '../engine/analyze';
import type { BlissResult, BlissStep, Candidate } from '../engine/bliss';
import { findingsOf } from '../engine/findings';
import { cellName } from '../engine/grid';
import { candidatesOf, parseDocument } from '../engine/parse';
import { DEFAULT_RATING_BUDGET_MS } from '../engine/rate';
import type { Finding } from '../engine/types';
import { ARGUMENT, UsageError, positiveInt, sources } from './io';
import { runBliss } from './jobs';
import { levelOption, puzzleVariant, variantOption } from './rateCommand';
import { diagnosticLines, hasError } from './rows';

export const BLISS_USAGE = `  sudoku-lens bliss PUZZLE|FILE... [--level 1|2] [--variant classic|X|P|PX] [--json] [--budget-ms N]
                                 the BLISS solver's log (singles and implications of tested candidates)
                                 and a summary line per puzzle; --level 1: BLISS(1) only`;

export interface BlissOptions {
  json?: boolean;
  level?: string;
  variant?: string;
  'budget-ms'?: string;
  'budget-nodes'?: string;
}

const candText = (c: Candidate): string => `${c.digit}${cellName(c.cell)}`;

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

function counts(r: BlissResult): { eliminations: number; placements: number } {
  const placements = r.steps.filter((s) => s.kind === 'place').length;
  return { eliminations: r.steps.length - placements, placements };
}

/** `level 1, backdoor r8c4 = 4, ng = 58, 9 eliminations, 0 placements`. */
export function blissSummaryLine(r: BlissResult, maxLevel: 1 | 2): string {
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

export function runBlissCommand(args: string[], values: BlissOptions): number {
  if (args.length === 0) throw new UsageError("'bliss' needs at least one puzzle or file");
  const variantOpt = variantOption(values.variant);
  const maxLevel = levelOption(values.level);
  const budgetMs = positiveInt('budget-ms', values['budget-ms'], DEFAULT_RATING_BUDGET_MS);
  const nodeBudget = positiveInt('budget-nodes', values['budget-nodes'], DEFAULT_NODE_BUDGET);

  let puzzles = 0;
  let withErrors = 0;
  for (const src of sources(args, true)) {
    const found = parseDocument(src.text).puzzles;
    if (src.name === ARGUMENT && found.length === 0) throw new UsageError(`'${src.text}' is neither a file nor a puzzle`);
    for (const puzzle of found) {
      const lines: string[] = [];
      const variant = puzzleVariant(puzzle, variantOpt);
      const analysis = analyzePuzzle(puzzle, { nodeBudget, defaultVariant: variantOpt });
      const findings: Finding[] = analysis ? findingsOf(puzzle, analysis.issues) : puzzle.problems;
      // Puzzles the solver or the structural checks already refute are not searched.
      const refuted = analysis?.status === 'none' || analysis?.status === 'invalid';
      const cands = refuted ? null : candidatesOf(puzzle);
      const result = cands ? runBliss(cands, { variant, maxLevel }, budgetMs) : null;
      const where = `${src.name}:${puzzle.line + 1}`;
      const error = hasError(findings) || Boolean(result?.noSolution);
      const reason = !analysis ? 'unreadable' : refuted ? describeStatus(analysis.status) : result ? null : `BLISS exceeded its budget of ${budgetMs} ms`;
      if (values.json) {
        const bliss = result && {
          level: result.level,
          backdoor: result.backdoor,
          ng: result.ng,
          solved: result.solved,
          noSolution: result.noSolution,
          steps: result.steps.map(stepJson),
        };
        lines.push(JSON.stringify({ file: src.name, line: puzzle.line + 1, text: puzzle.text, bliss, ...(reason ? { blissReason: reason } : {}) }));
      } else {
        lines.push(...diagnosticLines(src.name, findings));
        if (result) lines.push(...result.log, `${where}: ${blissSummaryLine(result, maxLevel)}`);
        else lines.push(`${where}: ${cands ? reason : `not run: ${reason}`}`);
        lines.push('');
      }
      puzzles++;
      if (error) withErrors++;
      process.stdout.write(`${lines.join('\n')}\n`);
    }
  }
  if (!values.json) process.stderr.write(`${puzzles} puzzle(s), ${withErrors} with errors\n`);
  return withErrors > 0 ? 1 : 0;
}
