/**
 * The rating worker's jobs (dist/ratingWorker.js), in one table: each job's name, argument,
 * result and, for the searches that report as they go, the events it emits. The worker
 * registers exactly these handlers (`JobHandlers`, ratingWorker.ts) and every caller runs them
 * through `runJob` (workers.ts), so a job added, renamed or retyped on one side fails the
 * typecheck on the other. Arguments and results cross a thread: plain structured-cloneable data.
 */
import type { PuzzleVariant } from '../engine/core/parse';
import type { ExtraRatings } from '../engine/whips/extraRatings';
import type { Rating } from '../engine/se/rate';
import type { UAInfo, UAJob } from '../engine/ua/uaInfo';
import type { DocumentGrids } from '../engine/ua/uaTargets';
import type { BlissFinds, BlissFindsJob, BlissLogJob } from './blissJobs';
import type { FilterJob, FilterResult } from './filterJob';
import type { GenerateJob, GenerateResult } from './generateJob';
import type { RowJob, RowResult } from './rowJobs';
import type { ClueJob, ClueJobResult, PatternJob, PatternJobResult, SearchEvent, UASetsJob, UASetsResult } from './uaJobs';

export interface RateJob {
  text: string;
  unique: boolean;
  budgetMs: number;
}

export interface ExtrasJob {
  text: string;
  variant: PuzzleVariant;
  budgetMs: number;
  lockedCandidates: boolean;
}

export interface WPathJob {
  text: string;
  budgetMs: number;
}

/** A W path for a side document: its headline, its lines, and whether it ran out of budget. */
export interface WPathText {
  headline: string;
  lines: string[];
  overBudget: boolean;
}

export interface DocumentGridsJob {
  text: string;
  nodeBudget: number;
}

/** A job's argument, result and the events it emits while it runs (none by default). */
interface Job<Arg, Result, Event = never> {
  arg: Arg;
  result: Result;
  event: Event;
}

export interface Jobs {
  /** One puzzle text's full SE rating (the language server's RatingService). */
  rate: Job<RateJob, Rating>;
  /** The summaries `sudoku-lens rate` prints for one puzzle (SE, BLISS and/or W; rowJobs.ts). */
  row: Job<RowJob, RowResult>;
  /** Whether one puzzle passes `rate --where`, rated only as far as that needs (filterJob.ts). */
  filter: Job<FilterJob, FilterResult>;
  /** Item k of a seeded generator run: a verified puzzle that passes its filter, rated for its row (generateJob.ts). */
  generate: Job<GenerateJob, GenerateResult>;
  /** W, T&E depth, backdoor and BLISS for the language server (engine/whips/extraRatings.ts). */
  extras: Job<ExtrasJob, ExtraRatings>;
  /** BLISS alone: a pencilmark line's finds for Apply all in file (blissJobs.ts). */
  blissFinds: Job<BlissFindsJob, BlissFinds>;
  /** One puzzle's `sudoku-lens bliss` output for the BLISS log lens (blissJobs.ts). */
  blissLog: Job<BlissLogJob, string[]>;
  /** One puzzle's W path as `sudoku-lens path --method w` prints it (the Whip path lens). */
  wPath: Job<WPathJob, WPathText>;
  /** Redundant clues or the smallest unhit UA set of a batch of puzzles (uaService.ts). */
  uaInfo: Job<UAJob, UAInfo[]>;
  /** The UA commands of the CLI and the editor (uaJobs.ts). */
  uaSets: Job<UASetsJob, UASetsResult>;
  patternSearch: Job<PatternJob, PatternJobResult, SearchEvent>;
  clueSearch: Job<ClueJob, ClueJobResult, SearchEvent>;
  /** The solution grids of a file's text (the pattern search's grids): every puzzle solved. */
  documentGrids: Job<DocumentGridsJob, DocumentGrids>;
}

export type JobName = keyof Jobs;
export type JobArg<K extends JobName> = Jobs[K]['arg'];
export type JobResult<K extends JobName> = Jobs[K]['result'];
export type JobEvent<K extends JobName> = Jobs[K]['event'];

/**
 * The worker's side of the table: one handler per job, `emit` sending an event to the caller,
 * `pause` what a job that can pause calls at its budget checks (pause.ts; a background run's).
 */
export type JobHandlers = {
  [K in JobName]: (arg: JobArg<K>, emit: (event: JobEvent<K>) => void, pause: () => number) => JobResult<K> | Promise<JobResult<K>>;
};
