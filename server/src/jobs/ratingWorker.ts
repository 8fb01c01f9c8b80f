/**
 * Worker entry (dist/ratingWorker.js; inlined in dist/web/server.js), off the caller's thread:
 * the jobs of table.ts, typed by JobHandlers so that each one's argument and result are the
 * table's. Jobs that report as they go get workerpool's workerEmit as `emit`; SE ratings pause at
 * their budget checks while their run's pause flag is set (pause.ts).
 */
import workerpool from 'workerpool';
import { blissFinds, blissLog } from './blissJobs';
import { runFilterJob } from './filterJob';
import { runGenerateJob } from './generateJob';
import { runRowJob } from './rowJobs';
import { extraRatings } from '../engine/whips/extraRatings';
import { candidatesOfText } from '../engine/core/parse';
import { ratePuzzle } from '../engine/se/rate';
import { uaInfoBatch } from '../engine/ua/uaInfo';
import { documentGrids } from '../engine/ua/uaTargets';
import { clueJob, patternJob, uaSetsJob } from './uaJobs';
import { describeWPath, wPath, wPathLines } from '../engine/whips/whipRatings';
import { type PauseFlag, pausePoint } from './pause';
import type { JobHandlers } from './table';

const jobs: JobHandlers = {
  rate: (job, _, pause) => ratePuzzle(candidatesOfText(job.text), job.text.length === 729, { unique: job.unique, budgetMs: job.budgetMs, pause }),
  row: (job, _, pause) => runRowJob(job, pause),
  filter: runFilterJob,
  generate: (job) => runGenerateJob(job),
  extras: (job) => extraRatings(job.text, job.variant, job.budgetMs, job.lockedCandidates),
  blissFinds,
  blissLog,
  wPath: (job) => {
    const r = wPath(candidatesOfText(job.text), job.budgetMs);
    return { headline: describeWPath(r), lines: wPathLines(r.steps), overBudget: r.status === 'budget' };
  },
  uaInfo: uaInfoBatch,
  uaSets: uaSetsJob,
  patternSearch: patternJob,
  clueSearch: clueJob,
  documentGrids: (job) => documentGrids(job.text, job.nodeBudget),
};

// workerpool calls a method with the caller's parameters only ([arg] or [arg, pause flag]): the emit is added here.
const methods = Object.entries(jobs).map(([name, run]) => [name, (arg: never, flag?: PauseFlag) => run(arg, workerpool.workerEmit, pausePoint(flag))]);
workerpool.worker(Object.fromEntries(methods));
