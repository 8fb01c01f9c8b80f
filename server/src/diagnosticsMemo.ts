/**
 * Each puzzle's diagnostics from the last pass, kept until a result for its text arrives (an
 * analysis, a rating, UA sets) or the settings change. Typing in a 50,000-line file then costs
 * the quick pass one lookup per unchanged puzzle instead of recomputing every puzzle's findings.
 * Kept on the Puzzle object itself, under a symbol of this memo's: an incremental reparse keeps
 * unchanged puzzles, and a puzzle whose lines moved is a new object, so a kept entry's ranges are
 * always right; and a property read is ~10× cheaper than a WeakMap lookup on a heap full of the
 * puzzles of earlier versions (structured clones to the workers leave symbol keys out).
 */
import type { Diagnostic } from 'vscode-languageserver';
import type { Puzzle } from './engine/parse';

/** What the language status item counts a puzzle as. */
export type PuzzleCount = 'error' | 'warning' | null;

export interface PuzzleDiagnostics {
  diagnostics: Diagnostic[];
  count: PuzzleCount;
}

/** When a text last got a result; entries hold it, so checking one needs no lookup by text. */
interface TextRecord {
  changed: number;
}

interface Entry extends PuzzleDiagnostics {
  /** The puzzle it was computed for: a copy of the object (a shifted puzzle) must not inherit it. */
  owner: Puzzle;
  stamp: number;
  record: TextRecord | null;
  /** Computed by a full pass (the puzzle solved, its background work started), not only a quick one. */
  full: boolean;
}

type Memoized = Puzzle & Record<symbol, Entry | undefined>;

export class DiagnosticsMemo {
  private readonly key = Symbol('diagnostics');
  private readonly records = new Map<string, TextRecord>();
  private stamp = 0;
  /** Entries older than this were computed under other settings. */
  private validFrom = 0;

  /** New results for `text`: its puzzles are computed again by the next pass. */
  changed(text: string): void {
    const record = this.records.get(text);
    if (record) record.changed = ++this.stamp;
  }

  /** New settings: every puzzle is computed again. */
  clear(): void {
    this.validFrom = ++this.stamp;
    this.records.clear();
  }

  /** The puzzle's kept diagnostics, if still valid; `full`: only those a full pass computed. */
  get(puzzle: Puzzle, full = false): PuzzleDiagnostics | undefined {
    const entry = (puzzle as Memoized)[this.key];
    if (!entry || entry.owner !== puzzle || entry.stamp < this.validFrom || (entry.record && entry.stamp < entry.record.changed)) return undefined;
    return full && !entry.full ? undefined : entry;
  }

  set(puzzle: Puzzle, value: PuzzleDiagnostics, full: boolean): PuzzleDiagnostics {
    let record: TextRecord | null = null;
    if (puzzle.text !== null) {
      record = this.records.get(puzzle.text) ?? null;
      if (!record) this.records.set(puzzle.text, (record = { changed: 0 }));
    }
    const entry: Entry = { ...value, owner: puzzle, stamp: this.stamp, record, full };
    Object.defineProperty(puzzle, this.key, { value: entry, enumerable: false, writable: true, configurable: true });
    return value;
  }
}
