/** Worker-thread entry (dist/ratingWorker.js): rates one puzzle text, off the server's thread. */
import workerpool from 'workerpool';
import { candidatesOfText } from './engine/parse';
import { type Rating, ratePuzzle } from './engine/rate';

export interface RateJob {
  text: string;
  unique: boolean;
  budgetMs: number;
}

function rateText(job: RateJob): Rating {
  return ratePuzzle(candidatesOfText(job.text), job.text.length === 729, { unique: job.unique, budgetMs: job.budgetMs });
}

workerpool.worker({ rate: rateText });
