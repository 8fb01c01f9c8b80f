/**
 * Custom requests between the client and the server: one definition each, imported by both.
 * Plain data only; no LSP or vscode imports.
 */

export interface PuzzleAt {
  uri: string;
  /** 0-based line anywhere inside the puzzle. */
  line: number;
}

export interface SolveResponse {
  /** Null when no puzzle is found at that line. */
  puzzle: {
    line: number;
    /** 0-based line after the puzzle's last line: where "Insert solution below" inserts. */
    insertLine: number;
    status: 'unique' | 'none' | 'multiple' | 'unknown' | 'invalid';
    /** Human summary, e.g. "unique solution". */
    summary: string;
    /** 81 digits when the solution is unique. */
    solution: string | null;
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

export const StatusNotification = 'sudokuLens/status';
export const RateRequest = 'sudokuLens/rate';
export const PathRequest = 'sudokuLens/path';
export const SolveRequest = 'sudokuLens/solve';
export const ValidateRequest = 'sudokuLens/validate';
