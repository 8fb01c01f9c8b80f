/**
 * One puzzle through a `--where` filter (job `filter`; in-process for `check` and --workers 1):
 * only the sources the expression reads are computed, cheapest first, and none once the
 * expression is decided. The SE rating stops as soon as every comparison on its figures is
 * decided (its stop hook), which never changes whether the puzzle is kept.
 */
import { candidatesOfText } from '../engine/core/parse';
import { type PartialRating, ratePuzzle } from '../engine/se/rate';
import { whipRatings } from '../engine/whips/whipRatings';
import { type Known, type PartialSe, type Source, type Where, atomsOf, evaluate, partialSe, ratingSe, sourcesOf } from './filterLogic';
import { type BlissJob, runBliss } from './rowJobs';

export interface FilterJob {
  /** Normalized puzzle text (81 or 729 characters). */
  text: string;
  where: Where;
  /** What the caller knows already: the analysis, and null for each source that cannot run (SE on a puzzle without one solution). */
  known: Known;
  budgetMs: number;
  /** How BLISS runs when the expression reads `bliss`. */
  bliss: BlissJob;
  /** SE techniques to rate without (`rate --exclude`). */
  exclude?: readonly string[];
}

export interface FilterResult {
  keep: boolean;
  /** The SE rating stopped before the end: the filter was decided. */
  stoppedEarly: boolean;
}

/** Whether the expression is decided, or all its atoms reading a source are (more of it would change nothing). */
const settled = (where: Where, sourceAtoms: readonly Where[], known: Known): boolean =>
  evaluate(where, known) !== undefined || sourceAtoms.every((a) => evaluate(a, known) !== undefined);

/**
 * `options.stop` for the SE rating of a filter: true once more steps cannot change the outcome.
 * It is asked before every technique: the techniques used so far are kept as the steps come.
 * When the expression compares ER, EP or ED, the path's ceiling bounds them from above too
 * (`er>=9` is false once the rest stays below 9): the rating proves it, with the strongest tier
 * whose proof would settle the expression, once or again after a hard step; the hook is asked
 * often, so what it does each time stays small.
 */
export function seStop(where: Where, known: Known): (partial: PartialRating) => boolean {
  const seAtoms = atomsOf(where, 'se');
  const bounded = seAtoms.some((a) => a.op === 'compare');
  const used: string[] = [];
  let seen = 0;
  const settledWith = (partial: PartialRating | PartialSe): boolean => settled(where, seAtoms, { ...known, se: partialSe(partial, used) });
  return (partial) => {
    for (; seen < partial.steps.length; seen++) {
      const technique = partial.steps[seen].technique;
      if (!used.includes(technique)) used.push(technique);
    }
    if (settledWith(partial)) return true;
    const erAtMost = bounded ? partial.ceiling((most) => settledWith({ ...partial, erAtMost: most })) : Infinity;
    return erAtMost < Infinity && settledWith({ ...partial, erAtMost });
  };
}

export function runFilterJob(job: FilterJob): FilterResult {
  const known: Known = { ...job.known };
  const cands = candidatesOfText(job.text);
  let stoppedEarly = false;
  const compute: Record<Exclude<Source, 'analysis'>, () => void> = {
    se: () => {
      const rating = ratePuzzle(cands, job.text.length === 729, { unique: true, budgetMs: job.budgetMs, exclude: job.exclude, stop: seStop(job.where, known) });
      stoppedEarly = rating.status === 'stopped';
      known.se = ratingSe(rating);
    },
    bliss: () => {
      const r = runBliss(cands, job.bliss, job.budgetMs, false);
      known.bliss = { bliss: r?.level ?? null }; // null: stuck, no solution or out of budget
    },
    w: () => {
      const r = whipRatings(cands, job.budgetMs, { teAndBackdoor: true, gwAndB: sourcesOf(job.where).includes('gwb') });
      known.w = { w: r.w.rating, te: r.te?.depth ?? null, backdoor: r.backdoor?.size ?? null };
      if (r.gw && r.b) known.gwb = { gw: r.gw.rating, b: r.b.rating };
    },
    gwb: () => compute.w(),
  };
  for (const source of sourcesOf(job.where)) {
    if (evaluate(job.where, known) !== undefined) break;
    if (source !== 'analysis' && known[source] === undefined) compute[source]();
  }
  return { keep: evaluate(job.where, known) === true, stoppedEarly };
}
