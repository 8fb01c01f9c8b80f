/**
 * A puzzle's text rows in serate's order: its --start row, then for each step of SE's path a
 * --before row (the grid its search starts from) and an --after row (the grid once it is
 * applied), then its --format row. A rating that ends unsolved (SE's techniques find nothing, or
 * the budget runs out) has one more --before row, for the search that found no step. Each row
 * ends in a line break; a row that comes out empty prints no line, as serate. The grid is
 * replayed here from the path the rating worker returns (jobs/rowJobs.ts).
 */
import type { PathStep } from '../jobs/rowJobs';
import { type RowFigures, type RowTemplate, type Template, type UnratedText, formatRow, parseTemplate } from './formatLetters';
import { startGrid } from './gridTexts';
import { UsageError } from './io';

export interface SectionTemplates {
  start: Template<'start'> | null;
  before: Template<'before'> | null;
  after: Template<'after'> | null;
  format: RowTemplate;
}

/** The step sections need SE's path from the rating worker. */
export const needsPath = (t: SectionTemplates): boolean => t.before !== null || t.after !== null;

/** The templates of serate's --start, --before and --after (an empty one, as serate, prints nothing), with the --format row's. */
export function sectionTemplates(values: { start?: string; before?: string; after?: string }, format: RowTemplate): SectionTemplates {
  const parse = <S extends 'start' | 'before' | 'after'>(section: S): Template<S> | null => {
    const template = values[section];
    return template ? parseTemplate(template, section) : null;
  };
  return { start: parse('start'), before: parse('before'), after: parse('after'), format };
}

/** --start, --before and --after are text rows: a usage error beside JSON or CSV rows, and the step rows need SE. */
export function refuseSections(values: { start?: string; before?: string; after?: string; json?: boolean; csv?: boolean }, withSe: boolean): void {
  const given = (['start', 'before', 'after'] as const).filter((o) => values[o] !== undefined);
  if (given.length === 0) return;
  if (values.json || values.csv) throw new UsageError(`--${given[0]} adds text rows: it does not go with --${values.json ? 'json' : 'csv'}`);
  const step = given.find((o) => o !== 'start');
  if (step && !withSe) throw new UsageError(`--${step} prints SE's steps: it needs --method se or all`);
}

export function puzzleRows(t: SectionTemplates, row: RowFigures, path: readonly PathStep[] | undefined, unrated: UnratedText): string {
  const rows: string[] = [];
  const text = row.puzzle.text;
  if (text !== null && (t.start || needsPath(t))) {
    const grid = startGrid(text);
    if (t.start) rows.push(formatRow(t.start, { row, grid }, unrated));
    let hardest: PathStep | null = null;
    for (const step of path ?? []) {
      if (t.before) rows.push(formatRow(t.before, { row, grid }, unrated));
      grid.apply(step);
      if (!hardest || step.difficulty > hardest.difficulty) hardest = step;
      if (t.after) rows.push(formatRow(t.after, { row, grid, step, hardest }, unrated));
    }
    const unfinished = row.se !== null && (row.se.status === 'stuck' || row.se.status === 'budget' || row.se.status === 'cancelled');
    if (t.before && path && unfinished) rows.push(formatRow(t.before, { row, grid }, unrated));
  }
  rows.push(formatRow(t.format, row, unrated));
  return rows
    .filter((r) => r !== '')
    .map((r) => `${r}\n`)
    .join('');
}
