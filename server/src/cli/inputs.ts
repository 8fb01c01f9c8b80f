/**
 * The command line's inputs: a puzzle line given as an argument, `-` for stdin, files, and the
 * puzzle files under a DIR. Listing them reads nothing; their puzzles are then parsed a block at a
 * time as the lines come (lines.ts), so a 200 MB collection or an endless pipe is processed in
 * bounded memory. Entries of a DIR that cannot be read are skipped with a warning; a file named
 * on the command line that cannot be read is an error naming it.
 */
import { fstatSync, lstatSync, readdirSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { type Puzzle, firstLine, isLinePuzzle, parseDocument, parseLines, shiftPuzzle, splitLines, variantDirective } from '../engine/core/parse';
import { UsageError, ioCause } from './io';
import { readLines } from './lines';

const PUZZLE_FILES = /\.(sdk|sdm|ss|txt)$/i;

/** The source name of a puzzle given on the command line. */
export const ARGUMENT = '<argument>';
/** The source name of stdin (`-`). */
export const STDIN = '<stdin>';

export interface Input {
  /** As rows and messages name it: the path as given or found, `<argument>` or `<stdin>`. */
  name: string;
  /** A puzzle given as the argument itself. */
  text?: string;
  /** The file to read (absent for an argument and for stdin). */
  path?: string;
}

/** Why a file cannot be read, naming a dangling symbolic link as such. */
function statProblem(file: string, err: unknown): string {
  if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
    try {
      if (lstatSync(file).isSymbolicLink()) return 'a symbolic link to a missing file';
    } catch {
      // not even the link exists: the plain cause says so
    }
  }
  return ioCause(err);
}

const skip = (file: string, why: string): Input[] => {
  process.stderr.write(`sudoku-lens: ${file}: skipped: ${why}\n`);
  return [];
};

/** The puzzle files under `dir` (by extension, recursively, in name order); others in their way are skipped with a warning. */
function filesUnder(dir: string): Input[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch (err) {
    return skip(dir, ioCause(err));
  }
  return entries
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((e): Input[] => {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) return filesUnder(full);
      if (!PUZZLE_FILES.test(e.name)) return [];
      try {
        const st = statSync(full);
        if (st.isDirectory()) return skip(full, 'a directory, not a file');
        if (!st.isFile()) return skip(full, 'not a regular file');
      } catch (err) {
        return skip(full, statProblem(full, err));
      }
      return [{ name: full, path: full }];
    });
}

/**
 * What the arguments stand for. An argument that is a puzzle line is a puzzle (whatever its
 * length: no file name is tried); `-` is stdin. With `puzzlesAllowed`, an argument that is no
 * file is read as a puzzle too (its problems are then reported), else it is an error naming it.
 */
export function listInputs(args: string[], puzzlesAllowed: boolean): Input[] {
  return args.flatMap((arg): Input[] => {
    if (arg === '-') return [{ name: STDIN }];
    if (isLinePuzzle(arg)) return [{ name: ARGUMENT, text: arg }];
    try {
      if (statSync(arg).isDirectory()) return filesUnder(arg);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (puzzlesAllowed && (code === 'ENOENT' || code === 'ENAMETOOLONG')) return [{ name: ARGUMENT, text: arg }];
      throw new Error(`${arg}: ${statProblem(arg, err)}`);
    }
    return [{ name: arg, path: arg }];
  });
}

/** An --output FILE that is one of the inputs (the same file by device and inode: a symlink, `./f`, a hard link) is refused before anything is written. */
export function refuseOutputInput(output: string, inputs: readonly Input[]): void {
  let out;
  try {
    out = statSync(output);
  } catch {
    return; // a file still to be made is no input
  }
  const identity = (input: Input) => {
    try {
      return input.path === undefined ? fstatSync(0) : statSync(input.path);
    } catch {
      return null; // reading it will say what is wrong
    }
  };
  for (const input of inputs) {
    const st = input.text === undefined ? identity(input) : null;
    if (st && st.dev === out.dev && st.ino === out.ino) {
      throw new Error(`--output ${output} is the input ${input.name}: writing the rows there would destroy it`);
    }
  }
}

/** How long a block without a finished puzzle may grow before it is parsed to see what is finished. */
const BLOCK_LINES = 4096;
/**
 * A block this long is parsed whatever its line count; if over half of it is still no finished
 * puzzle (an endless grid or comment, a run of long lines), the input is no puzzle file.
 */
const MAX_BLOCK_CHARS = 16 << 20;

/** A puzzle as read: the puzzle, the text of the line it starts on (names, CSV fields, an `ED=` and all), and all its lines. */
export interface ReadPuzzle {
  puzzle: Puzzle;
  source: string;
  /** Its lines as they are in the input, its header lines first: what a filter prints. */
  lines: string[];
}

/**
 * An item the caller passed over (another shard's), counted and not parsed: its line alone is a
 * puzzle (81 or 729 characters, a HoDoKu library line) with nothing before it since the last item,
 * so the parse would find exactly this one puzzle there.
 */
export interface PassedItem {
  puzzle: null;
  /** Its line (0-based), for progress. */
  line: number;
}

/** The lines of `lines` (starting at line `start`) that `p` spans. */
const spanned = (p: Puzzle, lines: readonly string[], start: number): string[] => lines.slice(firstLine(p) - start, p.range.end.line - start + 1);

/**
 * The puzzles of an input in document order, with their real lines, as the input comes. The
 * lines are parsed a block at a time: a block ends after a line puzzle (no grid or header spans
 * across it), or is parsed when it grows long, keeping back its last puzzle (a grid may go on)
 * and what follows. Parsing a block starts from the `#! variant:` line in force above it. A
 * puzzle argument that holds no puzzle is a usage error. `onRead` gets the input's bytes as read
 * (an argument's all at once).
 *
 * `wanted`, asked before an item that is a line by itself, says whether the caller will look at
 * it: when not, it comes as a PassedItem, unparsed (a shard numbers every item, rates only its
 * own). Items of a block that needs the parse (grids, headers, comments before a puzzle) always
 * come parsed: the count is the parse's.
 */
export function puzzlesIn(input: Input, onRead?: (chunk: Buffer) => void): AsyncGenerator<ReadPuzzle>;
export function puzzlesIn(input: Input, onRead: ((chunk: Buffer) => void) | undefined, wanted: () => boolean): AsyncGenerator<ReadPuzzle | PassedItem>;
export async function* puzzlesIn(input: Input, onRead?: (chunk: Buffer) => void, wanted?: () => boolean): AsyncGenerator<ReadPuzzle | PassedItem> {
  if (input.text !== undefined) {
    onRead?.(Buffer.from(input.text));
    const found = parseDocument(input.text).puzzles;
    if (found.length === 0) throw new UsageError(`'${input.text}' is neither a file nor a puzzle`);
    const lines = splitLines(input.text);
    for (const puzzle of found) yield { puzzle, source: input.text, lines: spanned(puzzle, lines, 0) };
    return;
  }
  let block: string[] = [];
  let blockStart = 0;
  let chars = 0;
  let directive = '';
  let parseAt = BLOCK_LINES;
  /** The block's finished puzzles; with `all`, every puzzle (the block ends). */
  function* finished(all: boolean): Generator<ReadPuzzle> {
    const found = parseLines([directive, ...block], 1);
    const kept = all || found.length === 0 ? null : (found.pop() as Puzzle);
    const keepFrom = all ? block.length : kept ? firstLine(kept) - 1 : 0;
    for (let l = keepFrom - 1; l >= 0; l--) {
      if (variantDirective(block[l]) !== undefined) {
        directive = block[l];
        break;
      }
    }
    // Line 0 of what was parsed is the directive: a puzzle's line L is the block's line L - 1.
    for (const p of found) {
      const puzzle = shiftPuzzle(p, blockStart - 1);
      yield { puzzle, source: block[p.line - 1], lines: spanned(puzzle, block, blockStart) };
    }
    block = block.slice(keepFrom);
    blockStart += keepFrom;
    chars = block.reduce((n, l) => n + l.length + 1, 0);
    parseAt = Math.max(BLOCK_LINES, 2 * block.length);
  }
  for await (const lines of readLines(input.name, input.path, onRead)) {
    for (const line of lines) {
      block.push(line);
      chars += line.length + 1;
      if (isLinePuzzle(line)) {
        if (block.length === 1 && wanted?.() === false) {
          // What finished(true) leaves after a one-line block, without the parse: a line puzzle sets no variant.
          yield { puzzle: null, line: blockStart };
          block = [];
          blockStart++;
          chars = 0;
          parseAt = BLOCK_LINES;
        } else yield* finished(true);
      } else if (block.length >= parseAt || chars > MAX_BLOCK_CHARS) {
        yield* finished(false);
        if (chars > MAX_BLOCK_CHARS / 2) {
          throw new Error(`${input.name}:${blockStart + 1}: no puzzle ends in the ${chars >> 20} MiB from this line (stopped reading)`);
        }
      }
    }
  }
  yield* finished(true);
}

/** An input's whole text (for the UA commands' small files of grids and patterns), read with the same limits; `onRead` as for puzzlesIn. */
export async function readText(input: Input, onRead?: (chunk: Buffer) => void): Promise<string> {
  if (input.text !== undefined) {
    onRead?.(Buffer.from(input.text));
    return input.text;
  }
  const lines: string[] = [];
  for await (const chunk of readLines(input.name, input.path, onRead)) lines.push(...chunk);
  return lines.join('\n');
}

/**
 * The arguments naming the inputs: those given, else stdin when it is no terminal (`cat list |
 * sudoku-lens rate`, as serate reads it); with neither, a usage error saying what `what` needs.
 */
export function inputArgs(args: readonly string[], what: string): string[] {
  if (args.length > 0) return [...args];
  if (!process.stdin.isTTY) return ['-'];
  throw new UsageError(`${what} (or a pipe to stdin)`);
}
