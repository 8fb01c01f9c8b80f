/**
 * Analysis of one puzzle's starting state: structural checks, then the exact solver.
 * The result depends only on the puzzle text, so callers cache it by text.
 */
import { cellName, popcount } from './grid';
import { type Puzzle, type PuzzleVariant, candidatesOf } from './parse';
import { solve } from './solve';
import { type CellIssue, validateState } from './validate';

export type SolutionStatus = 'unique' | 'none' | 'multiple' | 'unknown' | 'invalid' | 'unchecked';

export interface AnalyzeOptions {
  /** Most solver nodes for this puzzle (default 2,000,000). */
  nodeBudget?: number;
  /** The variant of puzzles without a `#! variant:` line above them (default classic). */
  defaultVariant?: PuzzleVariant;
  /** False: structural checks only (variant puzzles, whose solutions the classic solver cannot count). */
  countSolutions?: boolean;
}

export interface Analysis {
  status: SolutionStatus;
  /** Solutions found with a limit of 2 (2 means "at least 2"); null when the solver did not run. */
  solutions: number | null;
  /** The solution when unique, else null. */
  solution: Uint8Array | null;
  /** Cells where the first two solutions differ (multiple solutions only). */
  differing: number[];
  givens: number;
  candidates: number;
  nodes: number;
  issues: CellIssue[];
}

export const DEFAULT_NODE_BUDGET = 2_000_000;
const MAX_RELATED = 20;

function solutionIssue(count: number, complete: boolean, nodes: number, differing: number[], first: Uint8Array, second: Uint8Array | undefined): CellIssue | null {
  if (!complete) {
    return {
      severity: 'warning',
      code: 'solver-budget',
      message: `The solver stopped at its budget of ${nodes} nodes (${count} solution(s) found so far); the solution count is unknown`,
      cells: [],
      related: [],
    };
  }
  if (count === 0) {
    return { severity: 'error', code: 'no-solution', message: 'The puzzle has no solution', cells: [], related: [] };
  }
  if (count >= 2 && second) {
    const shown = differing.slice(0, MAX_RELATED).map(cellName).join(', ');
    const more = differing.length > MAX_RELATED ? `, … (${differing.length} cells)` : ` (${differing.length} cells)`;
    return {
      severity: 'warning',
      code: 'multiple-solutions',
      message: `The puzzle has at least 2 solutions; they differ at ${shown}${more}`,
      cells: [],
      related: differing.slice(0, MAX_RELATED).map((c) => ({
        cell: c,
        message: `${cellName(c)} is ${first[c]} in one solution and ${second[c]} in another`,
      })),
    };
  }
  return null;
}

/**
 * A pencilmark puzzle without a solution whose givens alone (its single-candidate cells) have
 * exactly one: the pencilmarks removed that solution's digits. Name each such cell.
 */
function removedSolutionDigits(cands: Uint16Array, options: AnalyzeOptions): CellIssue[] {
  const givensOnly = new Uint16Array(81);
  for (let c = 0; c < 81; c++) givensOnly[c] = popcount(cands[c]) === 1 ? cands[c] : 0x1ff;
  const { count, complete, solutions } = solve(givensOnly, { limit: 2, nodeBudget: options.nodeBudget ?? DEFAULT_NODE_BUDGET });
  if (!complete || count !== 1) return [];
  const solution = solutions[0];
  const issues: CellIssue[] = [];
  for (let c = 0; c < 81; c++) {
    const d = solution[c];
    if (cands[c] & (1 << (d - 1))) continue;
    issues.push({
      severity: 'error',
      code: 'pencilmarks-remove-solution',
      message: `The pencilmarks remove the solution digit ${d} from ${cellName(c)} (the givens alone have one solution)`,
      cells: [c],
      digit: d,
      related: [],
    });
  }
  return issues;
}

export function analyze(cands: Uint16Array, pencilmark: boolean, options: AnalyzeOptions = {}): Analysis {
  let givens = 0;
  let candidates = 0;
  for (let c = 0; c < 81; c++) {
    const n = popcount(cands[c]);
    candidates += n;
    if (n === 1) givens++;
  }
  const issues = validateState(cands, pencilmark);
  const base = { givens, candidates, issues, differing: [] as number[], nodes: 0 };
  if (issues.some((i) => i.severity === 'error')) {
    return { ...base, status: 'invalid', solutions: null, solution: null };
  }
  if (options.countSolutions === false) return { ...base, status: 'unchecked', solutions: null, solution: null };
  if (givens === 81) {
    issues.push({ severity: 'information', code: 'full-grid', message: 'A complete grid: every cell is given', cells: [], related: [] });
  }

  const result = solve(cands, { limit: 2, nodeBudget: options.nodeBudget ?? DEFAULT_NODE_BUDGET });
  const [first, second] = result.solutions;
  const differing: number[] = [];
  if (first && second) for (let c = 0; c < 81; c++) if (first[c] !== second[c]) differing.push(c);
  const removed = pencilmark && result.complete && result.count === 0 ? removedSolutionDigits(cands, options) : [];
  const issue = removed.length > 0 ? null : solutionIssue(result.count, result.complete, result.nodes, differing, first, second);
  if (issue) issues.push(issue);
  issues.push(...removed);

  const status: SolutionStatus = !result.complete
    ? 'unknown'
    : result.count === 0
      ? 'none'
      : result.count === 1
        ? 'unique'
        : 'multiple';
  return {
    ...base,
    differing,
    nodes: result.nodes,
    status,
    solutions: result.complete ? Math.min(result.count, 2) : null,
    solution: status === 'unique' ? first : null,
  };
}

const STATUS_TEXT: Record<SolutionStatus, string> = {
  unique: 'unique solution',
  none: 'no solution',
  multiple: 'at least 2 solutions',
  unknown: 'unknown (solver budget exceeded)',
  invalid: 'invalid (see the problems)',
  unchecked: 'not counted (the exact solver knows classic Sudoku only; BLISS handles variants)',
};

export const describeStatus = (status: SolutionStatus): string => STATUS_TEXT[status];

/** A parsed puzzle's analysis; null when its syntax is broken (its problems say why). */
export function analyzePuzzle(puzzle: Puzzle, options: AnalyzeOptions = {}): Analysis | null {
  const cands = candidatesOf(puzzle);
  if (!cands) return null;
  if (variantOf(puzzle, options) === 'classic') return analyze(cands, puzzle.kind === '729', options);
  // Classic houses are a subset of every variant's, so the structural checks still hold.
  const analysis = analyze(cands, puzzle.kind === '729', { ...options, countSolutions: false });
  return { ...analysis, status: analysis.status === 'invalid' ? 'invalid' : 'unchecked' };
}

export const variantOf = (puzzle: Puzzle, options: AnalyzeOptions): PuzzleVariant => puzzle.variant ?? options.defaultVariant ?? 'classic';
