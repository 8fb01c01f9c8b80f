/**
 * The inputs of the UA commands: solution grids (an 81-digit grid, a unique puzzle whose
 * solution is used, or files of them) and clue patterns (an 81-char x/. line or a file).
 * An argument that is neither is a usage error naming what is wrong; unusable puzzles of a
 * file are reported on stderr and skipped.
 */
import { cellName } from '../engine/core/grid';
import { parseDocument } from '../engine/core/parse';
import { type GridSource, describeGridSource, documentGrids, puzzleGrid } from '../engine/ua/uaTargets';
import { ARGUMENT, type Input, listInputs, puzzlesIn, readText } from './inputs';
import { UsageError } from './io';

export interface GridInput {
  /** The file, or `<argument>`. */
  file: string;
  /** 1-based line of the puzzle in the file. */
  line: number;
  grid: string;
  source: GridSource;
}

/** `<argument> (the solution grid)`, `f.sdm:4 (the solution of the puzzle)`. */
export const gridOrigin = (g: GridInput): string =>
  `${g.file === ARGUMENT ? ARGUMENT : `${g.file}:${g.line}`} (${describeGridSource(g.source)})`;

/** What reading the grids met besides grids: skipped puzzles with errors (broken, invalid, no solution) and inputs without any. */
export interface GridReading {
  grids: AsyncGenerator<GridInput>;
  /** Counted as the grids are read: final once `grids` is done. */
  errors: () => number;
}

/**
 * The grids of the arguments as they are read (files and stdin a block at a time, so a search
 * starts on the first grid while the rest is still coming): each input's distinct grids in order
 * (the grids seen are kept, a string each, to skip repeats); the puzzles standing for none are
 * named on stderr as they come. An argument that is no grid is a usage error before any is read.
 * `onRead(i)` gets input i's bytes as read (a shard's manifest hashes them).
 */
export function readGrids(
  inputs: readonly Input[],
  nodeBudget: number,
  onRead?: (i: number) => ((chunk: Buffer) => void) | undefined,
): GridReading {
  for (const src of inputs) {
    if (src.text === undefined) continue;
    const found = documentGrids(src.text, nodeBudget);
    if (found.grids.length === 0) throw new UsageError(`'${src.text}': ${found.skipped[0]?.reason ?? 'neither a file nor a solution grid or puzzle'}`);
  }
  let errors = 0;
  async function* grids(): AsyncGenerator<GridInput> {
    for (const [i, src] of inputs.entries()) {
      const seen = new Set<string>();
      let found = 0;
      for await (const { puzzle } of puzzlesIn(src, onRead?.(i))) {
        const r = puzzleGrid(puzzle, nodeBudget);
        if (r === null) continue;
        found++;
        if ('skipped' in r) {
          const s = r.skipped;
          process.stderr.write(`${src.name}:${s.at ? `${s.at.line + 1}:${s.at.character + 1}` : s.line + 1}: skipped: ${s.reason}\n`);
          if (s.error) errors++;
        } else if (!seen.has(r.grid)) {
          seen.add(r.grid);
          yield { file: src.name, line: r.line + 1, grid: r.grid, source: r.source };
        }
      }
      if (found === 0) {
        process.stderr.write(`${src.name}: no solution grid and no puzzle with one solution\n`);
        errors++;
      }
    }
  }
  return { grids: grids(), errors: () => errors };
}

/** Why an argument is no clue pattern: the first character that is neither 'x' nor '.', or what is missing. */
function patternProblem(arg: string): string {
  if (arg.length !== 81) return `expected 81 characters of 'x' (a clue) and '.' (an empty cell), got ${arg.length}`;
  const bad = [...arg].findIndex((ch) => !'.0xX'.includes(ch));
  if (bad >= 0) return `'${arg[bad]}' at ${cellName(bad)} (character ${bad + 1}) is neither 'x' (a clue) nor '.' (an empty cell)`;
  return /[xX]/.test(arg) ? 'no empty cell' : "no clue ('x')";
}

/** What a PATTERN argument names: a file (a DIR's first puzzle file), or the argument itself. */
export function patternInput(arg: string): Input {
  const [src] = listInputs([arg], true);
  if (!src) throw new UsageError(`PATTERN ${arg}: a directory without puzzle files`);
  return src;
}

/** The clue patterns of a PATTERN input: the argument itself, or every pattern line or grid of the file; `onRead` as for readText. */
export async function readPatterns(src: Input, onRead?: (chunk: Buffer) => void): Promise<{ file: string; line: number; pattern: string }[]> {
  const patterns = parseDocument(await readText(src, onRead)).puzzles.flatMap((p) => (p.pattern ? [{ file: src.name, line: p.line + 1, pattern: p.pattern }] : []));
  if (patterns.length > 0) return patterns;
  if (src.text !== undefined) throw new UsageError(`PATTERN '${src.text}': ${patternProblem(src.text)}`);
  throw new UsageError(`${src.name} holds no clue pattern (a line or a 9-row grid of 'x' for clues and '.' for empty cells)`);
}
