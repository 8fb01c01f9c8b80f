/** Worker-thread entry (dist/ratingWorker.js): rates one puzzle text (SE; W/BLISS extras), off the server's thread. */
import workerpool from 'workerpool';
import { extraRatings } from './engine/extraRatings';
import { type PuzzleVariant, candidatesOfText } from './engine/parse';
import { type Rating, ratePuzzle } from './engine/rate';

export interface RateJob {
  text: string;
  unique: boolean;
  budgetMs: number;
}

function rateText(job: RateJob): Rating {
  return ratePuzzle(candidatesOfText(job.text), job.text.length === 729, { unique: job.unique, budgetMs: job.budgetMs });
}

workerpool.worker({
  rate: rateText,
  // W, T&E depth, backdoor and BLISS for the language server (engine/extraRatings.ts).
  extras: (job: { text: string; variant: PuzzleVariant; budgetMs: number }) => extraRatings(job.text, job.variant, job.budgetMs),
});
