/**
 * `sudoku-lens minimal`: whether each puzzle is minimal, its redundant clues (each removable
 * alone) and a largest set of clues removable together (engine/ua/uaInfo.ts, as the editor's
 * redundant-clue diagnostics). Only 81-cell classic puzzles with one solution are checked.
 */
import { DEFAULT_NODE_BUDGET, analyzePuzzle, describeStatus } from '../engine/core/analyze';
import { cellName } from '../engine/core/grid';
import { plural } from '../engine/core/format';
import { DEFAULT_RATING_BUDGET_MS } from '../engine/se/rate';
import { puzzleFindings } from '../engine/core/puzzleFindings';
import { placementText } from '../engine/core/step';
import { uaInfo } from '../engine/ua/uaInfo';
import { BUDGET_NODES, type OptionValues, budgetMs, command, json } from './command';
import { inputArgs, listInputs } from './inputs';
import { positiveInt } from './io';
import { lineProgress } from './lineProgress';
import { RUN_OPTIONS, openShardRun, runPuzzles } from './shardRun';
import { hasError } from '../jobs/findingLines';
import { baseJson } from './rows';

const MINIMAL_USAGE = `  sudoku-lens minimal PUZZLE|FILE... [--json] [--budget-ms N] [--shard I/N] [--output FILE [--resume]]
                                 minimal or not: the redundant clues (each removable alone) and a
                                 largest set removable together; --budget-ms per puzzle (default 10000)`;

const MINIMAL_OPTIONS = { json: json('puzzle'), 'budget-ms': budgetMs('per puzzle (default 10000)'), 'budget-nodes': BUDGET_NODES, ...RUN_OPTIONS };

interface Minimality {
  minimal: boolean;
  /** Clue cells removable one at a time. */
  redundant: number[];
  /** A largest set of clue cells removable together. */
  removable: number[];
  /** The puzzle without them: a minimal puzzle with the same solution. */
  minimalPuzzle: string;
}

/** The JSON fields: cells as `r3c5`. */
const minimalityJson = (m: Minimality) => ({
  minimal: m.minimal,
  redundant: m.redundant.map(cellName),
  removableTogether: m.removable.map(cellName),
  minimalPuzzle: m.minimalPuzzle,
});

/** `r1c2=8, r1c8=9`: the cells with the puzzle's digits. */
const clueList = (text: string, cells: number[]): string => cells.map((c) => placementText({ cell: c, digit: Number(text[c]) })).join(', ');

/** `minimal`, or `not minimal: 2 redundant clues (r1c2=8, r1c8=9); removable together: r1c2=8, r1c8=9 → <puzzle>`. */
function describe(text: string, m: Minimality): string {
  if (m.minimal) return 'minimal';
  const n = m.redundant.length;
  return `not minimal: ${plural(n, 'redundant clue')} (${clueList(text, m.redundant)}); removable together: ${clueList(text, m.removable)} → ${m.minimalPuzzle}`;
}

async function runMinimal(args: string[], values: OptionValues<typeof MINIMAL_OPTIONS>): Promise<number> {
  const named = inputArgs(args, "'minimal' needs at least one puzzle or file");
  const budgetMs = positiveInt('budget-ms', values['budget-ms'], DEFAULT_RATING_BUDGET_MS);
  const nodeBudget = positiveInt('budget-nodes', values['budget-nodes'], DEFAULT_NODE_BUDGET);
  // Each puzzle is checked as it is read: progress is counted in lines, the total known without parsing.
  const inputs = listInputs(named, true);
  const run = openShardRun({ command: 'minimal', values, inputs });
  const progress = lineProgress(inputs, 'minimal');
  let puzzles = 0;
  let withErrors = 0;
  try {
    for await (const { input: src, puzzle, done } of runPuzzles(run, inputs, progress)) {
      if (done) continue;
      const analysis = analyzePuzzle(puzzle, { nodeBudget });
      const findings = puzzleFindings(puzzle, { analysis });
      const error = findings.find((f) => f.severity === 'error');
      let reason: string | null = null;
      let m: Minimality | null = null;
      if (error) reason = error.message;
      else if (!analysis || !puzzle.text) reason = puzzle.problems[0]?.message ?? 'unreadable';
      else if (puzzle.kind === '729') reason = 'a pencilmark line: minimality is about the givens of 81-cell puzzles';
      else if (analysis.status !== 'unique') reason = describeStatus(analysis.status);
      else {
        const info = uaInfo(puzzle.text, 'unique', budgetMs);
        if (info.status !== 'done' || info.kind !== 'unique') reason = `over the budget of ${budgetMs} ms`;
        else {
          const removed = new Set(info.removable);
          m = {
            minimal: info.redundant.length === 0,
            redundant: info.redundant,
            removable: info.removable,
            minimalPuzzle: [...puzzle.text].map((ch, c) => (removed.has(c) ? '.' : ch)).join(''),
          };
        }
      }
      puzzles++;
      if (hasError(findings)) withErrors++;
      progress?.clear();
      if (values.json) {
        const row = { ...baseJson(src.name, { puzzle, analysis, findings }), ...(m ? minimalityJson(m) : { minimal: null, minimalReason: reason }) };
        run.write(`${JSON.stringify(row)}\n`);
      } else {
        const where = error ? `${src.name}:${error.range.start.line + 1}:${error.range.start.character + 1}` : `${src.name}:${puzzle.line + 1}`;
        run.write(`${where}: ${m && puzzle.text ? describe(puzzle.text, m) : `not checked: ${reason}`}\n`);
      }
    }
    run.end();
  } finally {
    run.close();
  }
  progress?.finish();
  if (!values.json) process.stderr.write(`${plural(puzzles, 'puzzle')}, ${withErrors} with errors\n`);
  return withErrors > 0 ? 1 : 0;
}

export const MINIMAL = command({ name: 'minimal', usage: MINIMAL_USAGE, options: MINIMAL_OPTIONS, run: runMinimal });
