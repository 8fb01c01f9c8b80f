/**
 * The editor's *Generate puzzles…* (protocol.ts `GenerateRequest`): job `generate` item after
 * item on the RatingService's search worker (as `sudoku-lens generate` runs them: the same seed
 * and options make the same puzzles), each rated by SE for its trailing text; the answer is the
 * new document, headed by what was asked and the command line that makes the same puzzles.
 */
import type { CancellationToken, ResponseError } from 'vscode-languageserver';
import { plural } from '../../engine/core/format';
import { elapsed } from '../../engine/ua/uaTargets';
import type { GenerateSpec } from '../../engine/generate';
import { seRatingText } from '../../engine/se/rate';
import type { GenerateJob } from '../../jobs/generateJob';
import type { Where } from '../../jobs/filterLogic';
import type { GenerateParams, PathResponse } from '../../protocol';
import type { Report } from '../runSafe';
import type { RatingService } from '../services/ratings';
import type { Settings } from '../services/settings';
import { unlessCancelled } from './puzzleAnswers';

const DEFAULT_TIME_LIMIT_MS = 600_000;

const tenths = (x: number): string => (x / 10).toFixed(1);

/** `er >= 7.0 and er <= 8.0` as the filter reads it. */
function erRange(er: NonNullable<GenerateParams['er']>): Where {
  const bound = (cmp: '>=' | '<=', x: number): Where => ({ op: 'compare', cmp, left: { field: 'er' }, right: { number: x / 10 } });
  return { op: 'and', left: bound('>=', er.least), right: bound('<=', er.most) };
}

/** The `sudoku-lens generate` command line making the same puzzles. */
function commandLine(p: GenerateParams, seed: number): string {
  const parts = [`sudoku-lens generate --count ${p.count} --seed ${seed}`];
  if (p.symmetry !== 'none') parts.push(`--symmetry ${p.symmetry}`);
  if (p.clues) parts.push(`--clues ${p.clues.least}-${p.clues.most}`);
  if (p.er) parts.push(`--where 'er>=${tenths(p.er.least)} and er<=${tenths(p.er.most)}'`);
  return `${parts.join(' ')} --format '%g ED=%r/%p/%d'`;
}

export async function generateDocument(
  ratings: RatingService,
  settings: Pick<Settings, 'ratingBudgetMs'>,
  params: GenerateParams,
  token: CancellationToken,
  report: Report,
): Promise<PathResponse | ResponseError> {
  if (params.clues && params.clues.least > params.clues.most) return { document: null, reason: `No clue count lies between ${params.clues.least} and ${params.clues.most}` };
  if (params.er && params.er.least > params.er.most) return { document: null, reason: `No ER lies between ${tenths(params.er.least)} and ${tenths(params.er.most)}` };
  const started = Date.now();
  const seed = Math.floor(Math.random() * 2 ** 32);
  const spec: GenerateSpec = { variant: 'classic', symmetry: params.symmetry, clues: params.clues ? [params.clues.least, params.clues.most] : [0, 81], minimal: 'orbits', grid: null, pattern: null };
  const base: Omit<GenerateJob, 'item'> = {
    spec,
    method: 'top-down',
    pencilmark: null,
    seed,
    until: started + (params.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS),
    where: params.er ? erRange(params.er) : null,
    budgetMs: settings.ratingBudgetMs,
    row: { se: true, bliss: null, w: null },
  };
  const lines: string[] = [];
  let tried = 0;
  report(`0 / ${params.count} puzzles`, 0);
  for (let item = 0; item < params.count; item++) {
    const r = await unlessCancelled(token, 'Generate puzzles', ratings.search('generate', { ...base, item }, token));
    if (!('item' in r)) return r;
    tried += r.attempts;
    if (r.puzzle === null) break;
    const se = r.row?.se;
    const rating = se && (se.status === 'solved' || se.status === 'stuck') ? ` ${seRatingText(se.status === 'stuck' ? { ...se, er: 20 } : se)}` : '';
    lines.push(`${r.puzzle}${rating}`);
    report(`${lines.length} / ${params.count} puzzles`, (100 * lines.length) / params.count);
  }
  const what = `${plural(lines.length, 'minimal puzzle')}${params.symmetry === 'none' ? '' : `, ${params.symmetry} symmetry`}`;
  const limit = lines.length < params.count ? ` — the time limit ran out after ${lines.length} of ${params.count}` : '';
  const header = [`# ${what} in ${elapsed(Date.now() - started)} (${plural(tried, 'grid')} tried)${limit}`, `# ${commandLine(params, seed)}`];
  return { document: `${[...header, ...lines].join('\n')}\n`, reason: null };
}
