/**
 * The ratings beside SE's: Berthier's W (whips), T&E depth and backdoor size, and BLISS's
 * level and guess count. Each gets its share of one time budget; a share that runs out is
 * reported as such, never as a wrong number.
 */
import { type BlissStep, bliss } from '../bliss';
import { plural } from '../core/format';
import { candidatesOfText, type PuzzleVariant } from '../core/parse';
import type { Step } from '../core/step';
import { Budget, withinBudget } from '../core/budget';
import { describeRule, pathChains, whipRatings } from './whipRatings';

export interface ExtraRatings {
  /**
   * Whips (classic puzzles only): the W rating, null when whips up to length 20 do not solve it; the
   * chains of its path (all of them on a 729 line, only the first on an 81-cell puzzle: that is all the
   * diagnostics show, and the editor keeps this for thousands of puzzles).
   */
  w: { rating: number | null; status: 'solved' | 'unsolved' | 'budget'; chains: WChain[] } | null;
  te: { depth: number | null; status: string } | null;
  backdoor: { size: number | null; status: string } | null;
  bliss: { level: 0 | 1 | 2 | null; backdoor: boolean; ng: number | null; ngComplete: boolean; steps: BlissStep[]; status: 'done' | 'budget' };
}

const SHARES = { whips: 0.6, bliss: 0.4 };

/** What the diagnostics show of a chain step: its text, eliminations and candidates (kept for thousands of lines). */
export type WChain = Pick<Step, 'technique' | 'text' | 'eliminations' | 'candidates'>;

const wChain = ({ technique, text, eliminations, candidates }: Step): WChain => ({ technique, text, eliminations, candidates });

/** `lockedCandidates`: BLISS's DoSingles also applies pointing/claiming (the editor's setting). */
export function extraRatings(text: string, variant: PuzzleVariant, budgetMs: number, lockedCandidates = false): ExtraRatings {
  const cands = candidatesOfText(text);
  const classic = variant === 'classic';
  const r = withinBudget(() => bliss(cands, { variant, lockedCandidates, budget: new Budget(budgetMs * SHARES.bliss), guessCount: true }));
  const blissPart: ExtraRatings['bliss'] = r
    ? { level: r.level, backdoor: r.backdoor, ng: r.ng, ngComplete: r.ngComplete, steps: r.steps, status: 'done' }
    : { level: null, backdoor: false, ng: null, ngComplete: false, steps: [], status: 'budget' };
  if (!classic) return { w: null, te: null, backdoor: null, bliss: blissPart };
  const { w, te, backdoor } = whipRatings(cands, budgetMs * SHARES.whips, { teAndBackdoor: true });
  const chains = pathChains(w.steps).slice(0, text.length === 729 ? undefined : 1);
  return { w: { rating: w.rating, status: w.status, chains: chains.map(wChain) }, te, backdoor, bliss: blissPart };
}

/**
 * Hover rows, [label, value]: Berthier's three figures in one row, BLISS's in another (a row each
 * made the hover too tall to show without scrolling).
 */
export function describeExtras(e: ExtraRatings): [string, string][] {
  const rows: [string, string][] = [];
  const berthier = [
    e.w && describeRule(e.w),
    e.te && (e.te.depth !== null ? `T&E(${e.te.depth})` : `T&E ${e.te.status === 'deeper' ? '> 2' : e.te.status}`),
    e.backdoor && `backdoor size ${e.backdoor.size !== null ? e.backdoor.size : e.backdoor.status === 'larger' ? '> 2' : e.backdoor.status}`,
  ].filter((part) => part !== null);
  if (berthier.length > 0) rows.push(['W · T&E · backdoor', berthier.join(' · ')]);
  rows.push(['BLISS', describeBliss(e.bliss)]);
  return rows;
}

/** BLISS's hover row: level and backdoor, implications (its eliminations and placements), guess count. */
function describeBliss(b: ExtraRatings['bliss']): string {
  if (b.status === 'budget') return 'over budget';
  const level = b.level === null ? 'not solved by BLISS(2)' : b.level === 0 ? 'BLISS(0): singles solve it' : `BLISS(${b.level})`;
  // Only a solving run can end in a backdoor; singles alone need none.
  const backdoor = !b.level ? '' : b.backdoor ? ', backdoor found' : ', no backdoor';
  const placements = b.steps.filter((s) => s.kind === 'place').length;
  const implications = `${plural(b.steps.length, 'implication')} (${plural(b.steps.length - placements, 'elimination')}, ${plural(placements, 'placement')})`;
  const guesses = b.ng === null ? 'guesses not counted' : `ng ${b.ngComplete ? '' : '> '}${b.ng.toLocaleString('en-US')}`;
  return [level + backdoor, implications, guesses].join(' · ');
}
