/**
 * Each puzzle's diagnostics from the last pass, kept until a result for its text arrives (an
 * analysis, a rating, UA sets) or the settings change. Typing in a 50,000-line file then costs
 * the quick pass one lookup per unchanged puzzle instead of recomputing every puzzle's findings.
 * Kept on the puzzle's origin (see PuzzleDocument), under a symbol of this memo's: the object every
 * version shares while the puzzle is unchanged, wherever it moves; the diagnostics are at the
 * origin's lines. A property read costs a fraction of a WeakMap lookup on 50,000 puzzles.
 */
import type { Diagnostic } from 'vscode-languageserver';
import type { Puzzle } from '../../engine/core/parse';

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
  /** The origin it was computed for: a copy of the object (a moved puzzle) inherits the property, not the entry. */
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
  /** The texts with new results, in order, from mark `logStart` on: what a pass that began earlier missed. */
  private log: string[] = [];
  private logStart = 0;

  /** New results for `text`: its puzzles are computed again by the next pass. */
  changed(text: string): void {
    const record = this.records.get(text);
    if (record) record.changed = ++this.stamp;
    this.log.push(text);
  }

  /** A point in the log of new results, taken when a pass begins. */
  mark(): number {
    return this.logStart + this.log.length;
  }

  /** The texts with new results since `mark` (all of them if the log no longer reaches back that far: null). */
  changedSince(mark: number): ReadonlySet<string> | null {
    return mark < this.logStart ? null : new Set(this.log.slice(mark - this.logStart));
  }

  /** No pass will ask about results before `mark`. */
  forget(mark: number): void {
    if (mark <= this.logStart) return;
    this.log = this.log.slice(mark - this.logStart);
    this.logStart = mark;
  }

  /** New settings: every puzzle is computed again. */
  clear(): void {
    this.validFrom = ++this.stamp;
    this.records.clear();
    // Marks taken before are no longer in the log: a pass that began then starts over.
    this.logStart = this.mark() + 1;
    this.log = [];
  }

  /** The origin's kept diagnostics, if still valid; `full`: only those a full pass computed. */
  get(origin: Puzzle, full = false): PuzzleDiagnostics | undefined {
    const entry = (origin as Memoized)[this.key];
    if (!entry || entry.owner !== origin || entry.stamp < this.validFrom || (entry.record && entry.stamp < entry.record.changed)) return undefined;
    return full && !entry.full ? undefined : entry;
  }

  set(origin: Puzzle, value: PuzzleDiagnostics, full: boolean): PuzzleDiagnostics {
    let record: TextRecord | null = null;
    if (origin.text !== null) {
      record = this.records.get(origin.text) ?? null;
      if (!record) this.records.set(origin.text, (record = { changed: 0 }));
    }
    // A plain assignment keeps the object's fast properties (defineProperty would not); a symbol
    // key stays out of JSON and of the structured clones sent to the workers.
    (origin as Memoized)[this.key] = { ...value, owner: origin, stamp: this.stamp, record, full };
    return value;
  }
}
