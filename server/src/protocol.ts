/**
 * Custom requests between the client and the server: one definition each, imported by both.
 * Each request's parameters are a shape (shapes.ts): their type for the client, their check for the
 * server (REQUEST_PARAMS). Plain data only; no LSP or vscode imports.
 */
import type { CollectionStatistics } from './engine/collectionStats';
import type { ClueSymmetry } from './engine/generate';
import { plural } from './engine/core/format';
import type { PuzzleKind } from './engine/core/parse';
import type { Step } from './engine/core/step';
import type { Range } from './engine/core/types';
import { type Infer, type Shape, either, flag, integer, lineNumber, listOf, natural, oneOf, optional, positive, record, text } from './shapes';

/** The file name of a document's URI, as headers and titles show it: `collection.sdm`. */
export const fileName = (uri: string): string => decodeURIComponent(uri.split('/').pop() ?? uri);

const puzzleAtProps = {
  uri: text,
  /** 0-based line anywhere inside the puzzle. */
  line: lineNumber,
};
const puzzleAt = record(puzzleAtProps);
export type PuzzleAt = Infer<typeof puzzleAt>;

const puzzleKind: Shape<PuzzleKind> = oneOf('81', '729', 'grid');

/** `sudokuLens/solve`: `reveal` is an explicit request for the solution, which spoiler protection then shows. */
const solveParams = record({ ...puzzleAtProps, reveal: optional(flag) });
export type SolveParams = Infer<typeof solveParams>;

export interface SolveResponse {
  /** Null when no puzzle is found at that line. */
  puzzle: {
    line: number;
    /** 0-based line after the puzzle's last line: where "Insert solution below" inserts. */
    insertLine: number;
    status: 'unique' | 'none' | 'multiple' | 'unknown' | 'invalid' | 'unchecked';
    /** Human summary, e.g. "unique solution". */
    summary: string;
    /** 81 digits when the solution is unique (and not hidden). */
    solution: string | null;
    /** True when a unique solution is withheld by spoiler protection: ask again with `reveal`. */
    hidden: boolean;
    /** A side document's text: the puzzle, its solution line and grid. */
    document: string;
  } | null;
}

export interface ValidateResponse {
  /** A one-line verdict for a notification, or null when no puzzle is at that line. */
  message: string | null;
  severity: 'error' | 'warning' | 'information';
}

export interface RateResponse {
  /** A one-line verdict (`Line 4: ED=7.2/1.2/1.2 (hardest: …)`), or null when no puzzle is there. */
  message: string | null;
}

export interface PathResponse {
  /** The step list document, or null when no puzzle is there. */
  document: string | null;
  /** Why there is no path (no unique solution, …). */
  reason: string | null;
}

/** Server → client after each diagnostics update: the counts the language status item shows. */
export interface DocumentStatus {
  uri: string;
  puzzles: number;
  /** Puzzles that are unreadable, invalid or without a solution. */
  withErrors: number;
  /** Puzzles with several solutions (or an unknown count). */
  withWarnings: number;
}

/** One puzzle of a collection, for Rate all / Export / Sort. */
export interface PuzzleRow {
  line: number;
  kind: '81' | '729' | 'grid' | null;
  text: string | null;
  status: string;
  givens: number | null;
  /** SE rating, printed as SE prints it; null when not rated (no unique solution). */
  rating: { status: string; er: string; ep: string; ed: string; hardest: string | null; steps: number } | null;
}

/** A rated row's `ED=ER/EP/ED` (SE prints 20.0 for a puzzle its techniques cannot finish). */
export const edText = (r: NonNullable<PuzzleRow['rating']>): string => `ED=${r.status === 'stuck' ? '20.0' : r.er}/${r.ep}/${r.ed}`;
export const isRated = (row: PuzzleRow): boolean => row.rating?.status === 'solved' || row.rating?.status === 'stuck';

/**
 * A rewrite of a document as it was at `version` (Normalize, Convert, Remove duplicates, Sort, Rate
 * all inline): the server answers ContentModified once the text is another version, and the client
 * applies the edits only if the document is still that version.
 */
const rewriteProps = { uri: text, version: integer };
const rewriteParams = record(rewriteProps);
export type RewriteParams = Infer<typeof rewriteParams>;

export interface TextEditData {
  range: Range;
  newText: string;
}

/** The edits of a rewrite, applied as one undoable edit; null when refused. `message` says what was done or why not. */
export interface RewriteResponse {
  edits: TextEditData[] | null;
  message: string | null;
}

/** `ConvertRequest`: the puzzle at `line` to another format (→ `RewriteResponse`). */
const convertParams = record({
  ...rewriteProps,
  /** 0-based line anywhere inside the puzzle. */
  line: lineNumber,
  to: puzzleKind,
});
export type ConvertParams = Infer<typeof convertParams>;

/** `DuplicatesRequest`: remove the puzzles that repeat an earlier one (→ `RewriteResponse`). */
const duplicatesParams = record({ ...rewriteProps, mode: oneOf('exact', 'equivalent') });
export type DuplicatesParams = Infer<typeof duplicatesParams>;

/** A command of the extension; `lens`: the title of its code lens, which passes the puzzle's `(uri, line)`. */
interface Command {
  id: string;
  /** Its title in the Command Palette (package.json's contributes.commands); null when only a lens runs it. */
  title: string | null;
  lens?: string;
}

/**
 * Every command of the extension, in package.json's order (a unit test keeps contributes.commands
 * equal to the titled ones, and checks that the client registers exactly these): the server names
 * them in its lenses and code actions, the client registers them.
 */
export const COMMANDS = {
  solve: { id: 'sudokuLens.solveLine', title: 'Solve this line', lens: 'Solve this line' },
  validate: { id: 'sudokuLens.validateLine', title: 'Validate this puzzle', lens: 'Validate' },
  insertSolution: { id: 'sudokuLens.insertSolution', title: 'Insert solution below' },
  rate: { id: 'sudokuLens.rateLine', title: 'Rate this puzzle (Sudoku Explainer)', lens: 'Rate' },
  path: { id: 'sudokuLens.showPath', title: 'Show solving path', lens: 'Show path' },
  grid: { id: 'sudokuLens.openGrid', title: 'Open in grid view', lens: 'Open in grid view' },
  whipPath: { id: 'sudokuLens.whipPath', title: 'Show W (whip) resolution path', lens: 'Whip path' },
  blissLog: { id: 'sudokuLens.blissLog', title: 'Show BLISS log', lens: 'BLISS log' },
  /** Also a code action's command, with the document's URI only. */
  blissAll: { id: 'sudokuLens.applyBlissAll', title: 'Apply BLISS eliminations to all pencilmark lines' },
  /** The lens of a clue pattern (a pattern gets no other lens). */
  pattern: { id: 'sudokuLens.findPatternPuzzles', title: 'Find puzzles for this pattern', lens: 'Find puzzles for this pattern' },
  find17: { id: 'sudokuLens.find17', title: 'Find 17-clue puzzles in this solution grid' },
  uaSets: { id: 'sudokuLens.listUASets', title: 'List UA sets of this solution' },
  rateAll: { id: 'sudokuLens.rateAll', title: 'Rate all puzzles in file' },
  exportCsv: { id: 'sudokuLens.exportCsv', title: 'Export ratings to CSV' },
  sort: { id: 'sudokuLens.sortByRating', title: 'Sort collection by rating' },
  normalize: { id: 'sudokuLens.normalize', title: "Normalize lines ('.' for empty cells, no trailing spaces)" },
  convert: { id: 'sudokuLens.convert', title: 'Convert puzzle (81 / 729 / grid)' },
  removeDuplicates: { id: 'sudokuLens.removeDuplicates', title: 'Remove duplicate puzzles' },
  collectionStatistics: { id: 'sudokuLens.collectionStatistics', title: 'Collection statistics' },
  generate: { id: 'sudokuLens.generate', title: 'Generate puzzles…' },
  /** The "More…" lens: `(uri, line, actions: LensAction[])`, a quick pick of the actions not in the lens row. */
  more: { id: 'sudokuLens.moreActions', title: null, lens: 'More…' },
} as const satisfies Record<string, Command>;

export type CommandId = (typeof COMMANDS)[keyof typeof COMMANDS]['id'];

/** An action on one puzzle, as a lens shows it or the "More…" lens's quick pick lists it. */
export interface LensAction {
  title: string;
  command: CommandId;
}

/** A batch of pencilmark lines for "Apply BLISS eliminations to all pencilmark lines". */
const blissApplyParams = record({
  uri: text,
  /** The document version the client started from: once the text changes, the answer is ContentModified. */
  version: integer,
  lines: listOf(lineNumber),
});
export type BlissApplyParams = Infer<typeof blissApplyParams>;

/** What "Apply BLISS eliminations to all pencilmark lines" did with one line. */
export type BlissLineOutcome = 'applied' | 'unchanged' | 'contradictory' | 'over budget' | 'unreadable';

/** `applied to 4,812 lines, 17 unchanged, 3 contradictory (first: line 88)`; lines are 0-based. */
export function describeBlissApply(rows: readonly Pick<BlissLineResult, 'line' | 'outcome'>[]): string {
  const of = (outcome: BlissLineOutcome) => rows.filter((r) => r.outcome === outcome);
  const applied = of('applied').length;
  const parts = [`applied to ${plural(applied, 'line')}`];
  for (const outcome of ['unchanged', 'contradictory', 'over budget', 'unreadable'] as const) {
    const these = of(outcome);
    if (these.length === 0) continue;
    const first = outcome === 'unchanged' ? '' : ` (first: line ${Math.min(...these.map((r) => r.line)) + 1})`;
    parts.push(`${these.length.toLocaleString('en-US')} ${outcome}${first}`);
  }
  return parts.join(', ');
}

/** One pencilmark line after BLISS, and the edit that writes its finds (null unless applied). */
export interface BlissLineResult {
  line: number;
  outcome: BlissLineOutcome;
  edit: TextEditData | null;
}

/** `PuzzleLinesRequest` answers the first line of every puzzle, or only those of one kind. */
const puzzleLinesParams = record({ uri: text, kind: optional(puzzleKind) });
export type PuzzleLinesParams = Infer<typeof puzzleLinesParams>;

/** `RateLinesRequest`: the puzzles at these lines, as rows with their ratings. */
const rateLinesParams = record({ uri: text, lines: listOf(lineNumber) });

/** The clue pattern at a line (`PuzzleAt` →), before "Find puzzles for this pattern" asks for grids. */
export interface PatternAtResponse {
  /** 81 chars, 'x' for a clue; null when the line holds no pattern. */
  pattern: string | null;
  reason: string | null;
}

/** Where a pattern search takes its solution grids: the document's own, or another file's text. */
const gridsFrom = either(record({ kind: oneOf('document') }), record({ kind: oneOf('text'), name: text, text }));
export type GridsFrom = Infer<typeof gridsFrom>;

/**
 * The UA commands on the puzzle at a line (→ `PathResponse`: the result document, or why none):
 * `pattern` every unique puzzle of the clue pattern in `grids`; `seventeen` every 17-clue puzzle
 * of the solution grid; `uaSets` the minimal UA sets of the grid or of a unique puzzle's solution.
 * Progress comes as work-done `$/progress` on `workDoneToken`; cancelling stops the worker.
 */
const uaSearchParams = record({
  ...puzzleAtProps,
  what: oneOf('pattern', 'seventeen', 'uaSets'),
  grids: optional(gridsFrom),
  workDoneToken: optional(either(text, integer)),
});
export type UASearchParams = Infer<typeof uaSearchParams>;

/** The clue symmetries the generator knows (engine/generate/symmetry.ts; the type keeps the two lists alike). */
export const GENERATE_SYMMETRIES = ['none', 'central', 'diagonal', 'anti-diagonal', 'mirror', 'rot90', 'dihedral'] as const satisfies readonly ClueSymmetry[];

/**
 * `GenerateRequest` (→ `PathResponse`: the new document, or why none): `count` minimal classic
 * puzzles as `sudoku-lens generate` makes them, with the clue `symmetry`, `clues` bounds and an ER
 * range `er` in tenths (`{ least: 70, most: 80 }`: ER 7.0–8.0), each line with its SE rating;
 * `timeLimitMs` ends the run with what was found (default 10 minutes). Progress as work-done
 * `$/progress` on `workDoneToken`, cancellable. `uri`: the Sudoku editor the command ran in.
 */
const generateParams = record({
  uri: text,
  count: positive,
  symmetry: oneOf(...GENERATE_SYMMETRIES),
  clues: optional(record({ least: natural, most: natural })),
  er: optional(record({ least: natural, most: natural })),
  timeLimitMs: optional(positive),
  workDoneToken: optional(either(text, integer)),
});
export type GenerateParams = Infer<typeof generateParams>;

/**
 * `CollectionStatsRequest`: the statistics of every puzzle of a document (`sudoku-lens stats`'s
 * figures: SE, W where already computed), rating those not rated yet; progress as work-done
 * `$/progress` on `workDoneToken`, cancellable.
 */
const collectionStatsParams = record({ uri: text, workDoneToken: optional(either(text, integer)) });
export type CollectionStatsParams = Infer<typeof collectionStatsParams>;

/** The statistics' vocabulary, for the client's charts (engine/collectionStats.ts); `plural` words their counts as the server does. */
export { type Bar, type BarKind, type CollectionStatistics, OUTCOMES, OUTCOME_TEXT, barKey } from './engine/collectionStats';
export { plural } from './engine/core/format';

export interface CollectionStatsResponse {
  stats: CollectionStatistics;
  /** Each bar's puzzles (engine/collectionStats.ts's barKey → their 0-based first lines, in document order). */
  lines: Record<string, number[]>;
}

export const PatternAtRequest = 'sudokuLens/patternAt';
export const CollectionStatsRequest = 'sudokuLens/collectionStats';
export const GenerateRequest = 'sudokuLens/generate';
export const UASearchRequest = 'sudokuLens/uaSearch';
export const BlissApplyRequest = 'sudokuLens/blissApply';
/** The "BLISS log" lens (`PuzzleAt` → `PathResponse`): the CLI's `bliss` output in a side document. */
export const BlissLogRequest = 'sudokuLens/blissLog';
export const DuplicatesRequest = 'sudokuLens/duplicates';
export const StatusNotification = 'sudokuLens/status';
export const PuzzleLinesRequest = 'sudokuLens/puzzleLines';
export const RateLinesRequest = 'sudokuLens/rateLines';
/** `RewriteParams` → `RewriteResponse`: every puzzle's empty cells as '.'. */
export const NormalizeRequest = 'sudokuLens/normalize';
/** `RewriteParams` → `RewriteResponse`: the one-line puzzles by SE rating (cached by the RateLinesRequest batches). */
export const SortRequest = 'sudokuLens/sortByRating';
/** `RewriteParams` → `RewriteResponse`: `ED=…` after each rated line puzzle (cached by the RateLinesRequest batches). */
export const RateInlineRequest = 'sudokuLens/rateInline';
export const ConvertRequest = 'sudokuLens/convert';
export const RateRequest = 'sudokuLens/rate';
export const PathRequest = 'sudokuLens/path';
/** The "Whip path" lens (`PuzzleAt` → `PathResponse`): the W resolution path in a side document. */
export const WhipPathRequest = 'sudokuLens/whipPath';
export const SolveRequest = 'sudokuLens/solve';
export const ValidateRequest = 'sudokuLens/validate';

/** One step of a solving path, as the grid view draws it: a plain copy of the engine's Step. */
export type StepView = Pick<Step, 'technique' | 'difficulty' | 'placements' | 'eliminations' | 'cells' | 'candidates' | 'houses' | 'links' | 'text'>;

/** The grid view's picture of the puzzle at a line (`GridRequest`). */
export type GridResponse =
  | { puzzle: null }
  | {
      puzzle: {
        /** 0-based line of the puzzle's first cell. */
        line: number;
        kind: '81' | '729' | 'grid';
        /** Normalized text (81 or 729 chars); null when the syntax is broken. */
        text: string | null;
        status: 'unique' | 'none' | 'multiple' | 'unknown' | 'invalid' | 'unchecked';
        /** 81 digits, 0 for an empty cell: the cells the solving path starts with as values. */
        givens: number[];
        /** 81 masks (bit d-1 = digit d) of the empty cells, as the path starts (givens' digits removed from peers); 0 for givens. */
        candidates: number[];
        /** 81 digits when the solution is unique (and not hidden). */
        solution: number[] | null;
        /** Spoiler protection: the solution is withheld, and the webview tells a cell's fate only up to the shown step. */
        solutionHidden: boolean;
        /** `ED=4.2/1.2/1.2 (hardest: XY-Wing, 66 steps)`, or null when not rated. */
        rating: string | null;
        /** The solving path (empty when the puzzle is not unique or the rating is still running). */
        steps: StepView[];
        /** Why there are no steps, or what is wrong with the puzzle; null when all is well. */
        message: string | null;
      };
    };

export const GridRequest = 'sudokuLens/grid';

const requestParams = {
  [SolveRequest]: solveParams,
  [ValidateRequest]: puzzleAt,
  [RateRequest]: puzzleAt,
  [PathRequest]: puzzleAt,
  [WhipPathRequest]: puzzleAt,
  [BlissLogRequest]: puzzleAt,
  [GridRequest]: puzzleAt,
  [PatternAtRequest]: puzzleAt,
  [UASearchRequest]: uaSearchParams,
  [BlissApplyRequest]: blissApplyParams,
  [PuzzleLinesRequest]: puzzleLinesParams,
  [RateLinesRequest]: rateLinesParams,
  [DuplicatesRequest]: duplicatesParams,
  [NormalizeRequest]: rewriteParams,
  [SortRequest]: rewriteParams,
  [RateInlineRequest]: rewriteParams,
  [ConvertRequest]: convertParams,
  [CollectionStatsRequest]: collectionStatsParams,
  [GenerateRequest]: generateParams,
} as const;

export type CustomRequest = keyof typeof requestParams;
export type ParamsOf<M extends CustomRequest> = Infer<(typeof requestParams)[M]>;
/** Each custom request's parameters: the server answers InvalidParams to any others (see handlers.ts). */
export const REQUEST_PARAMS: { readonly [M in CustomRequest]: Shape<ParamsOf<M>> } = requestParams;
