/**
 * Command-line tool on the same engine as the language server.
 *   sudoku-lens check FILE|DIR... [--json] [--budget-nodes N]
 *   sudoku-lens solve PUZZLE|FILE... [--json] [--budget-nodes N]
 * Exit status: 0 no puzzle has an error, 1 some do, 2 usage or I/O error.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { type Analysis, DEFAULT_NODE_BUDGET, analyzePuzzle, describeStatus } from './engine/analyze';
import { findingsOf } from './engine/findings';
import { gridPicture, solutionString } from './engine/format';
import { type Puzzle, parseDocument } from './engine/parse';
import type { Finding } from './engine/types';

const USAGE = `Usage:
  sudoku-lens check FILE|DIR... [--json] [--budget-nodes N]   validate and solve every puzzle
  sudoku-lens solve PUZZLE|FILE... [--json] [--budget-nodes N] print solutions
A DIR is read for .sdk, .sdm, .ss and .txt files. --json prints one JSON object per puzzle per line.
Exit status: 0 when no puzzle has an error, 1 when some do, 2 on usage or I/O errors.`;

const PUZZLE_FILES = /\.(sdk|sdm|ss|txt)$/i;

class UsageError extends Error {}

/** The source name of a puzzle given on the command line. */
const ARGUMENT = '<argument>';

interface Source {
  name: string;
  text: string;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((e) => {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) return filesUnder(full);
      return PUZZLE_FILES.test(e.name) ? [full] : [];
    });
}

/** Files and directories; for `solve`, an argument that is no file is read as a puzzle itself. */
function sources(args: string[], puzzlesAllowed: boolean): Source[] {
  return args.flatMap((arg): Source[] => {
    let isDir = false;
    try {
      isDir = statSync(arg).isDirectory();
    } catch (err) {
      if (puzzlesAllowed && (err as NodeJS.ErrnoException).code === 'ENOENT') return [{ name: ARGUMENT, text: arg }];
      throw err;
    }
    const files = isDir ? filesUnder(arg) : [arg];
    return files.map((f) => ({ name: f, text: readFileSync(f, 'utf8') }));
  });
}

interface Row {
  puzzle: Puzzle;
  analysis: Analysis | null;
  findings: Finding[];
}

function jsonRow(file: string, { puzzle, analysis, findings }: Row): string {
  return JSON.stringify({
    file,
    line: puzzle.line + 1,
    kind: puzzle.kind,
    text: puzzle.text,
    givens: analysis ? analysis.givens : null,
    solutions: analysis ? analysis.solutions : null,
    solution: analysis?.solution ? solutionString(analysis.solution) : null,
    diagnostics: findings.map((f) => ({ severity: f.severity, code: f.code, message: f.message, range: f.range })),
  });
}

/** Compiler-style lines, clickable in terminals: file:line:col: severity code: message. */
function textRow(file: string, row: Row, solveMode: boolean): string[] {
  const out = row.findings
    .filter((f) => f.severity !== 'hint')
    .map((f) => `${file}:${f.range.start.line + 1}:${f.range.start.character + 1}: ${f.severity} ${f.code}: ${f.message}`);
  if (solveMode) {
    const status = row.analysis ? describeStatus(row.analysis.status) : 'unreadable';
    out.push(`${file}:${row.puzzle.line + 1}: ${status}`);
    if (row.analysis?.solution) out.push(solutionString(row.analysis.solution), gridPicture(row.analysis.solution), '');
  }
  return out;
}

function run(argv: string[]): number {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { json: { type: 'boolean' }, 'budget-nodes': { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const [command, ...args] = positionals;
  if (command !== 'check' && command !== 'solve') throw new UsageError(command ? `Unknown command '${command}'` : 'No command given');
  if (args.length === 0) throw new UsageError(`'${command}' needs at least one ${command === 'solve' ? 'puzzle or file' : 'file'}`);
  const rawBudget = values['budget-nodes'];
  if (rawBudget !== undefined && !/^[1-9]\d*$/.test(rawBudget)) {
    throw new UsageError(`--budget-nodes takes a positive whole number, not '${rawBudget}'`);
  }
  const budget = rawBudget === undefined ? DEFAULT_NODE_BUDGET : Number(rawBudget);

  let puzzles = 0;
  let withErrors = 0;
  for (const src of sources(args, command === 'solve')) {
    const lines: string[] = [];
    const found = parseDocument(src.text).puzzles;
    if (src.name === ARGUMENT && found.length === 0) throw new UsageError(`'${src.text}' is neither a file nor a puzzle`);
    for (const puzzle of found) {
      const analysis = analyzePuzzle(puzzle, { nodeBudget: budget });
      const findings = analysis ? findingsOf(puzzle, analysis.issues) : puzzle.problems;
      const row = { puzzle, analysis, findings };
      puzzles++;
      if (findings.some((f) => f.severity === 'error')) withErrors++;
      if (values.json) lines.push(jsonRow(src.name, row));
      else lines.push(...textRow(src.name, row, command === 'solve'));
    }
    if (lines.length > 0) process.stdout.write(`${lines.join('\n')}\n`);
  }
  if (!values.json) process.stderr.write(`${puzzles} puzzle(s), ${withErrors} with errors\n`);
  return withErrors > 0 ? 1 : 0;
}

try {
  process.exitCode = run(process.argv.slice(2));
} catch (err) {
  const usage = err instanceof UsageError || (err as NodeJS.ErrnoException).code?.startsWith('ERR_PARSE_ARGS');
  process.stderr.write(`sudoku-lens: ${(err as Error).message}\n${usage ? `${USAGE}\n` : ''}`);
  process.exitCode = 2;
}
