/** The per-puzzle commands: check, solve, rate (SE) and path, in text or JSON. */
import { type Analysis, DEFAULT_NODE_BUDGET, analyzePuzzle, describeStatus } from '../engine/analyze';
import { findingsOf } from '../engine/findings';
import { gridPicture, solutionString } from '../engine/format';
import { cellName } from '../engine/grid';
import { type Puzzle, candidatesOf, parseDocument } from '../engine/parse';
import { DEFAULT_RATING_BUDGET_MS, type Rating, describeRating, pathText, ratePuzzle, seFormat, summarize } from '../engine/rate';
import { ratingFindings } from '../engine/ratingFindings';
import type { Candidate, Step } from '../engine/step';
import type { Finding } from '../engine/types';
import { ARGUMENT, UsageError, positiveInt, sources } from './io';

export const PUZZLE_COMMANDS = ['check', 'solve', 'rate', 'path'];

export const PUZZLE_USAGE = `  sudoku-lens check FILE|DIR... [--json] [--budget-nodes N]   validate and solve every puzzle
  sudoku-lens solve PUZZLE|FILE... [--json] [--budget-nodes N] print solutions
  sudoku-lens rate PUZZLE|FILE... [--method se] [--json] [--format F] [--budget-ms N]
                                 Sudoku Explainer rating; F like serate: %g puzzle, %r ER, %p EP, %d ED,
                                 %h hardest technique, %s steps, %l line (default '%g ED=%r/%p/%d')
  sudoku-lens path PUZZLE|FILE... [--json] [--budget-ms N]  the solving path, one step a line`;

export const PUZZLE_OPTIONS = {
  json: { type: 'boolean' },
  'budget-nodes': { type: 'string' },
  'budget-ms': { type: 'string' },
  method: { type: 'string' },
  format: { type: 'string' },
} as const;

export interface PuzzleOptions {
  json?: boolean;
  'budget-nodes'?: string;
  'budget-ms'?: string;
  method?: string;
  format?: string;
}

interface Row {
  puzzle: Puzzle;
  analysis: Analysis | null;
  findings: Finding[];
  /** `rate` and `path` only: the SE rating, or why there is none. */
  rating?: Rating | null;
  ratingReason?: string;
}

const cellDigit = (c: Candidate) => ({ cell: cellName(c.cell), digit: c.digit });

function seJson(row: Row) {
  if (!row.rating) return { se: null, seReason: row.ratingReason ?? null };
  const r = row.rating;
  const se = { er: Number(seFormat(r.er)), ep: Number(seFormat(r.ep)), ed: Number(seFormat(r.ed)), hardest: r.hardest?.technique ?? null, steps: r.steps.length };
  return r.status === 'solved' ? { se } : { se: null, seReason: describeRating(summarize(r)) };
}

function jsonRow(file: string, row: Row): string {
  const { puzzle, analysis, findings } = row;
  return JSON.stringify({
    file,
    line: puzzle.line + 1,
    kind: puzzle.kind,
    text: puzzle.text,
    givens: analysis ? analysis.givens : null,
    solutions: analysis ? analysis.solutions : null,
    solution: analysis?.solution ? solutionString(analysis.solution) : null,
    diagnostics: findings.map((f) => ({ severity: f.severity, code: f.code, message: f.message, range: f.range })),
    ...(row.rating !== undefined ? seJson(row) : {}),
  });
}

const diagnosticLines = (file: string, findings: Finding[]): string[] =>
  findings
    .filter((f) => f.severity !== 'hint')
    .map((f) => `${file}:${f.range.start.line + 1}:${f.range.start.character + 1}: ${f.severity} ${f.code}: ${f.message}`);

/** serate-style output: %g puzzle, %r ER, %p EP, %d ED, %h hardest technique, %s steps, %l line, %% a percent sign. */
function formatRating(format: string, row: Row): string {
  const r = row.rating;
  // As serate: a puzzle its techniques cannot finish rates 20.0; one out of budget has no figures.
  const known = r && (r.status === 'solved' || r.status === 'stuck');
  const fields: Record<string, string> = {
    g: row.puzzle.text ?? '',
    r: known ? (r.status === 'stuck' ? '20.0' : seFormat(r.er)) : '-',
    p: known ? seFormat(r.ep) : '-',
    d: known ? seFormat(r.ed) : '-',
    h: r?.hardest?.technique ?? '-',
    s: r ? String(r.steps.length) : '-',
    l: String(row.puzzle.line + 1),
    '%': '%',
  };
  const line = format.replace(/%([grpdhsl%])/g, (_, k: string) => fields[k]);
  return !r || r.status === 'solved' ? line : `${line} # ${describeRating(summarize(r))}`;
}

/** Text output per command. */
function textRow(command: string, file: string, row: Row, format: string): string[] {
  const out = diagnosticLines(file, row.findings);
  if (command === 'solve') {
    out.push(`${file}:${row.puzzle.line + 1}: ${row.analysis ? describeStatus(row.analysis.status) : 'unreadable'}`);
    if (row.analysis?.solution) out.push(solutionString(row.analysis.solution), gridPicture(row.analysis.solution), '');
  } else if (command === 'rate') {
    out.push(row.rating ? formatRating(format, row) : `${row.puzzle.text ?? ''} # not rated: ${row.ratingReason}`);
  } else if (command === 'path') {
    out.push(`${file}:${row.puzzle.line + 1}: ${row.rating ? describeRating(summarize(row.rating)) : `no path: ${row.ratingReason}`}`);
    if (row.rating) out.push(...pathText(row.rating), '');
  }
  return out;
}

const stepJson = (s: Step): string =>
  JSON.stringify({
    technique: s.technique,
    difficulty: Number(seFormat(s.difficulty)),
    placements: s.placements.map(cellDigit),
    eliminations: s.eliminations.map(cellDigit),
    text: s.text,
  });

/** check, solve, rate and path: one row per puzzle of the files or arguments. */
export function runPuzzleCommand(command: string, args: string[], values: PuzzleOptions): number {
  const takesPuzzles = command !== 'check';
  if (args.length === 0) throw new UsageError(`'${command}' needs at least one ${takesPuzzles ? 'puzzle or file' : 'file'}`);
  if (values.method !== undefined && values.method !== 'se') throw new UsageError(`--method '${values.method}' is not available yet (se is)`);
  const nodeBudget = positiveInt('budget-nodes', values['budget-nodes'], DEFAULT_NODE_BUDGET);
  const budgetMs = positiveInt('budget-ms', values['budget-ms'], DEFAULT_RATING_BUDGET_MS);
  const format = values.format ?? '%g ED=%r/%p/%d';
  const rates = command === 'rate' || command === 'path';

  let puzzles = 0;
  let withErrors = 0;
  for (const src of sources(args, takesPuzzles)) {
    const lines: string[] = [];
    const found = parseDocument(src.text).puzzles;
    if (src.name === ARGUMENT && found.length === 0) throw new UsageError(`'${src.text}' is neither a file nor a puzzle`);
    for (const puzzle of found) {
      const analysis = analyzePuzzle(puzzle, { nodeBudget });
      const row: Row = { puzzle, analysis, findings: analysis ? findingsOf(puzzle, analysis.issues) : puzzle.problems };
      if (rates) {
        const cands = candidatesOf(puzzle);
        if (cands && analysis?.status === 'unique') {
          row.rating = ratePuzzle(cands, puzzle.kind === '729', { unique: true, budgetMs });
          row.findings.push(...ratingFindings(puzzle, summarize(row.rating)));
        } else {
          row.rating = null;
          row.ratingReason = analysis ? describeStatus(analysis.status) : 'unreadable';
        }
      }
      puzzles++;
      if (row.findings.some((f) => f.severity === 'error')) withErrors++;
      if (command === 'path' && values.json) lines.push(...(row.rating?.steps ?? []).map(stepJson));
      else if (values.json) lines.push(jsonRow(src.name, row));
      else lines.push(...textRow(command, src.name, row, format));
    }
    if (lines.length > 0) process.stdout.write(`${lines.join('\n')}\n`);
  }
  if (!values.json) process.stderr.write(`${puzzles} puzzle(s), ${withErrors} with errors\n`);
  return withErrors > 0 ? 1 : 0;
}

