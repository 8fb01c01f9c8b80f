/** Analyses by puzzle text, shared by every open document: an unchanged puzzle is never solved twice. */
import { type Analysis, type AnalyzeOptions, analyzePuzzle, variantOf } from '../../engine/core/analyze';
import type { PuzzleVariant } from '../../engine/core/parse';
import type { Puzzle } from '../../engine/core/parse';

/** The text, and the variant when a directive sets one (the default variant is part of the options). */
const keyOf = (puzzle: Puzzle): string => (puzzle.variant ? `${puzzle.variant}:${puzzle.text}` : (puzzle.text as string));

export class AnalysisCache {
  /**
   * Two generations instead of an exact LRU: a hit in the older one moves to the newer, and when
   * the newer fills half the capacity the older is dropped. Refreshing recency by deleting and
   * re-adding a key on every hit made each lookup in a 50,000-entry Map cost a share of a rehash.
   */
  private recent = new Map<string, Analysis>();
  private older = new Map<string, Analysis>();
  /**
   * Both generations as they were under the previous options: what the diagnostics show until the
   * full pass has computed each puzzle again (dropping them would withdraw, then republish, every
   * solver diagnostic). Let go of when the new recent generation fills.
   */
  private stale: Map<string, Analysis>[] = [];

  constructor(
    private options: AnalyzeOptions,
    private readonly capacity = 200_000,
    /** Called with the text of each new analysis (diagnostics that showed none update). */
    private readonly onAnalysed: (text: string) => void = () => undefined,
  ) {}

  /** New budgets or a new default variant invalidate what was computed under the old ones; the same options keep it. */
  configure(options: AnalyzeOptions): void {
    if (options.nodeBudget === this.options.nodeBudget && options.defaultVariant === this.options.defaultVariant) return;
    this.options = options;
    this.stale = [this.recent, this.older];
    this.recent = new Map();
    this.older = new Map();
  }

  /** The puzzle's variant: its directive's, else the configured default. */
  variant(puzzle: Puzzle): PuzzleVariant {
    return variantOf(puzzle, this.options);
  }

  peek(puzzle: Puzzle): Analysis | undefined {
    if (puzzle.text === null) return undefined;
    const key = keyOf(puzzle);
    return this.recent.get(key) ?? this.older.get(key);
  }

  /** What the diagnostics show for the puzzle: its analysis, else the one made under the previous options. */
  shown(puzzle: Puzzle): Analysis | undefined {
    const current = this.peek(puzzle);
    if (current || puzzle.text === null || this.stale.length === 0) return current;
    const key = keyOf(puzzle);
    for (const generation of this.stale) {
      const analysis = generation.get(key);
      if (analysis) return analysis;
    }
    return undefined;
  }

  /** The puzzle's analysis, computed now if needed; null for a puzzle with broken syntax. */
  get(puzzle: Puzzle): Analysis | null {
    if (puzzle.text === null) return null;
    const key = keyOf(puzzle);
    const recent = this.recent.get(key);
    if (recent) return recent;
    const older = this.older.get(key);
    if (older) {
      this.keep(key, older);
      return older;
    }
    const analysis = analyzePuzzle(puzzle, this.options);
    if (!analysis) return null;
    this.keep(key, analysis);
    this.onAnalysed(puzzle.text);
    return analysis;
  }

  private keep(key: string, analysis: Analysis): void {
    this.recent.set(key, analysis);
    if (this.recent.size >= this.capacity / 2) {
      this.older = this.recent;
      this.recent = new Map();
      this.stale = [];
    }
  }
}
