/**
 * What the rating commands (rate, its filters, stats, bliss) ask of each puzzle before rating
 * it: the variant it is read in (--variant), BLISS's --level, and why a rating cannot run on it.
 */
import { type Analysis, describeStatus, variantOf } from '../engine/core/analyze';
import { VARIANTS, type Variant } from '../engine/bliss';
import type { Puzzle } from '../engine/core/parse';
import { UsageError } from './io';

/** A variant's name in messages. */
export const VARIANT_NAMES: Record<Variant, string> = { classic: 'classic', X: 'SudokuX', P: 'SudokuP', PX: 'SudokuPX' };

/** `--variant`: classic, X, P or PX (any case); undefined when not given. */
export function variantOption(raw: string | undefined): Variant | undefined {
  if (raw === undefined) return undefined;
  const v = VARIANTS.find((name) => name.toLowerCase() === raw.toLowerCase());
  if (!v) throw new UsageError(`--variant takes classic, X, P or PX, not '${raw}'`);
  return v;
}

export function levelOption(raw: string | undefined): 1 | 2 {
  if (raw === undefined) return 2;
  if (raw !== '1' && raw !== '2') throw new UsageError(`--level takes 1 or 2, not '${raw}'`);
  return Number(raw) as 1 | 2;
}

/** The variant a puzzle is read in: its file's `#! variant:` line, else --variant, else classic. */
export const puzzleVariant = (puzzle: Puzzle, option: Variant | undefined): Variant => variantOf(puzzle, { defaultVariant: option });

/**
 * Why BLISS cannot run on a puzzle, or null when it can: a classic puzzle needs one solution
 * (as for SE); a variant puzzle, whose solutions the classic solver does not count, only the
 * structural checks.
 */
export function blissObstacle(analysis: Analysis | null, variant: Variant): string | null {
  if (!analysis) return 'unreadable';
  if (analysis.status === (variant === 'classic' ? 'unique' : 'unchecked')) return null;
  return describeStatus(analysis.status);
}

/** Why a classic-Sudoku rating (`who`: SE, W) cannot rate a puzzle, or null when it can. */
export function classicObstacle(analysis: Analysis | null, variant: Variant, who: string): string | null {
  if (!analysis) return 'unreadable';
  if (variant !== 'classic' && analysis.status !== 'invalid') return `a ${VARIANT_NAMES[variant]} puzzle (${who} rates classic Sudoku)`;
  return analysis.status === 'unique' ? null : describeStatus(analysis.status);
}

