/**
 * The one Step model every surface shows: a diagnostic, a hover line, a lens's path document,
 * the CLI's `path` output and (later) the grid view all read these fields and nothing else.
 */
import { cellName } from './grid';

/** One candidate: digit `digit` in cell `cell` (0..80). */
export interface Candidate {
  cell: number;
  digit: number;
}

/** A chain link between two candidates: strong (if `from` is false, `to` is true) or weak. */
export interface Link {
  from: Candidate;
  to: Candidate;
  strong: boolean;
}

export interface Step {
  /** Sudoku Explainer's name of the technique, e.g. `Hidden Single`, `X-Wing`. */
  technique: string;
  /** Sudoku Explainer's difficulty of this step (chain length bonus included). */
  difficulty: number;
  placements: Candidate[];
  eliminations: Candidate[];
  /** The cells of the pattern, for highlighting. */
  cells: number[];
  /** The pattern's own candidates (the pair of a naked pair, the fish digit's cells, …). */
  candidates: Candidate[];
  /** The houses the pattern lives in (0-8 rows, 9-17 columns, 18-26 boxes). */
  houses: number[];
  /** Chain links, in order, for arrows. */
  links: Link[];
  /** One line in forum notation, e.g. `Hidden Single: r4c7=3 (box 5)`. */
  text: string;
}

export const placementText = (p: Candidate): string => `${cellName(p.cell)}=${p.digit}`;
export const eliminationText = (e: Candidate): string => `${cellName(e.cell)}<>${e.digit}`;

/** `r5c3<>7, r6c3<>7` — eliminations in cell order, as the forum writes them. */
export function eliminationsText(eliminations: readonly Candidate[]): string {
  return [...eliminations]
    .sort((a, b) => a.cell - b.cell || a.digit - b.digit)
    .map(eliminationText)
    .join(', ');
}

/** A step with empty pattern fields filled in, so techniques state only what they use. */
export function makeStep(step: Partial<Step> & Pick<Step, 'technique' | 'difficulty' | 'text'>): Step {
  return { placements: [], eliminations: [], cells: [], candidates: [], houses: [], links: [], ...step };
}
