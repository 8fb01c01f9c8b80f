/** Analyses by puzzle text, shared by every open document: an unchanged puzzle is never solved twice. */
import { type Analysis, type AnalyzeOptions, analyzePuzzle, variantOf } from './engine/analyze';
import type { PuzzleVariant } from './engine/parse';
import type { Puzzle } from './engine/parse';

/** The text, and the variant when a directive sets one (the default variant is part of the options). */
const keyOf = (puzzle: Puzzle): string => (puzzle.variant ? `${puzzle.variant}:${puzzle.text}` : (puzzle.text as string));

export class AnalysisCache {
  private readonly entries = new Map<string, Analysis>();

  constructor(
    private options: AnalyzeOptions,
    private readonly capacity = 200_000,
    /** Called with the text of each new analysis (diagnostics that showed none update). */
    private readonly onAnalysed: (text: string) => void = () => undefined,
  ) {}

  /** New budgets invalidate what was computed under the old ones. */
  configure(options: AnalyzeOptions): void {
    this.options = options;
    this.entries.clear();
  }

  /** The puzzle's variant: its directive's, else the configured default. */
  variant(puzzle: Puzzle): PuzzleVariant {
    return variantOf(puzzle, this.options);
  }

  peek(puzzle: Puzzle): Analysis | undefined {
    return puzzle.text === null ? undefined : this.entries.get(keyOf(puzzle));
  }

  /** The puzzle's analysis, computed now if needed; null for a puzzle with broken syntax. */
  get(puzzle: Puzzle): Analysis | null {
    if (puzzle.text === null) return null;
    const key = keyOf(puzzle);
    const hit = this.entries.get(key);
    if (hit) {
      // Refresh recency: Map iteration order is insertion order, so the oldest entry is first.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const analysis = analyzePuzzle(puzzle, this.options);
    if (!analysis) return null;
    this.entries.set(key, analysis);
    this.onAnalysed(puzzle.text);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as string);
    return analysis;
  }
}
