/**
 * `rate --format` and serate's per-step sections `--start`, `--before`, `--after`: the letters of
 * a text row, one table for parsing, rows, `--help` and the README's table (a test compares the
 * two). Where serate (gsf's, as SukakuExplainer keeps it) defines a letter, it means the same
 * here, in the sections serate's code gives it, so forum command lines work unchanged; this
 * tool's own figures (BLISS, Berthier's W family, steps, line) sit on letters serate leaves free.
 */
import { givensString, singleDigit } from '../engine/core/grid';
import { type Puzzle, candidatesOfText } from '../engine/core/parse';
import type { State } from '../engine/core/state';
import { type RatingSummary, seFormat } from '../engine/se/rate';
import { shortStepName } from '../engine/se/techniques';
import type { BlissSummary, PathStep, WSummary } from '../jobs/rowJobs';
import { gridPencilmarks, multilinePencilmarks, startGrid } from './gridTexts';
import { UsageError } from './io';

/** What a row is made of: the puzzle as read and its ratings (null: not asked for or not run). */
export interface RowFigures {
  file: string;
  puzzle: Puzzle;
  /** The line the puzzle starts on, as read. */
  source: string;
  /** 1-based position of the puzzle in the run. */
  ordinal: number;
  se: RatingSummary | null;
  bliss: BlissSummary | null;
  w: WSummary | null;
  /** Milliseconds its ratings took; null when none ran. */
  ms: number | null;
}

/** A --start or --before row: the puzzle's row, and the grid at that point (as SE reads the puzzle; before a step's search). */
export interface GridFigures {
  row: RowFigures;
  grid: State;
}

/** An --after row: the grid once the step is applied, the step, and the first hardest step so far (serate's running ER technique). */
export interface StepFigures extends GridFigures {
  step: PathStep;
  hardest: PathStep;
}

/** What each section's letters read. */
export interface SectionFigures {
  start: GridFigures;
  before: GridFigures;
  after: StepFigures;
  format: RowFigures;
}

/** serate's output sections, as its options name them: before each puzzle, before and after each step, the puzzle's row. */
export type Section = keyof SectionFigures;
export const SECTIONS: readonly Section[] = ['start', 'before', 'after', 'format'];
/** serate's help marks a letter's sections S, B, A and F. */
const SECTION_MARKS: Record<Section, string> = { start: 'S', before: 'B', after: 'A', format: 'F' };

/** A letter's value in each section that has it. */
type Values = { [S in Section]?: (f: SectionFigures[S]) => string | null };

export interface FormatLetter {
  letter: string;
  /** As the README's table and the help say it. */
  meaning: string;
  /** serate defines the letter (with this meaning). */
  serate: boolean;
  /** An SE rating (serate's number fields): when missing from a --format row it prints the --unrated text; any other letter prints `-`. */
  rating: boolean;
  at: Values;
}

/** ER, EP, ED as serate prints them: a puzzle SE's techniques cannot finish rates 20.0; one out of budget has no figures. */
export function seFigure(se: RatingSummary | null, which: 'er' | 'ep' | 'ed'): string | null {
  if (!se || (se.status !== 'solved' && se.status !== 'stuck')) return null;
  return which === 'er' && se.status === 'stuck' ? '20.0' : seFormat(se[which]);
}

const count = (n: number | null | undefined): string | null => (n == null ? null : String(n));

/** serate's ER technique: SE's techniques cannot finish the puzzle (ER 20.0), it says `Beyond solver` (short `xx`). */
const BEYOND_SOLVER = { name: 'Beyond solver', short: 'xx' } as const;

/** %R / %D / %P and their short forms %S / %U / %T: the technique of ER, ED or EP. */
function technique(se: RatingSummary | null, which: 'hardest' | 'diamond' | 'pearl', short: boolean): string | null {
  if (!se || (se.status !== 'solved' && se.status !== 'stuck')) return null;
  if (which === 'hardest' && se.status === 'stuck') return short ? BEYOND_SOLVER.short : BEYOND_SOLVER.name;
  const name = se[which];
  return name === null || !short ? name : shortStepName(name);
}

/**
 * serate's %e: `4.07s` under a minute (hundredths), then `2m05s`, `1h02m`, `3d04h`, as its
 * Formatter prints elapsed milliseconds.
 */
export function elapsedText(ms: number): string {
  const two = (n: number): string => String(n).padStart(2, '0');
  const seconds = Math.floor(ms / 1000);
  if (seconds < 60) return `${seconds}.${two(Math.floor(ms / 10) % 100)}s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m${two(seconds % 60)}s`;
  if (seconds < 86400) return `${Math.floor(seconds / 3600)}h${two(Math.floor((seconds % 3600) / 60))}m`;
  return `${Math.floor(seconds / 86400)}d${two(Math.floor((seconds % 86400) / 3600))}h`;
}

/** The puzzle's characters as written on its line; a grid (many lines) gives its normalized text. */
function asGiven(r: RowFigures): string | null {
  const { range } = r.puzzle;
  if (range.start.line !== range.end.line || r.puzzle.gridCells) return r.puzzle.text;
  return r.source.slice(range.start.character, range.end.character);
}

/** serate's %i: 81 characters of 0-9 (a pencilmark puzzle: the digit of each cell with one candidate). */
function digits81(text: string | null): string | null {
  if (text === null) return null;
  if (text.length === 81) return text.replace(/\./g, '0');
  return Array.from(candidatesOfText(text), (mask) => String(singleDigit(mask) > 0 ? singleDigit(mask) : 0)).join('');
}

/** A letter of the puzzle's row alone, the same in every section. */
function everywhere(value: (r: RowFigures) => string | null): Values {
  const fromRow = (g: GridFigures): string | null => value(g.row);
  return { start: fromRow, before: fromRow, after: fromRow, format: value };
}

/** A letter of the grid: in a step section the grid at that point, in --format the puzzle's. */
function ofGrid(grid: (g: State) => string, format: ((r: RowFigures) => string | null) | null): Values {
  const fromGrid = (g: GridFigures): string => grid(g.grid);
  return { start: fromGrid, before: fromGrid, after: fromGrid, ...(format ? { format } : {}) };
}

const formatOnly = (value: (r: RowFigures) => string | null): Values => ({ format: value });

const rating = (letter: string, meaning: string, at: Values): FormatLetter => ({ letter, meaning, serate: true, rating: true, at });
/** Any other letter; a figure of this tool's own (0 is a real BLISS level or backdoor size) prints `-` when missing. */
const field = (letter: string, meaning: string, serate: boolean, at: Values): FormatLetter => ({ letter, meaning, serate, rating: false, at });

export const FORMAT_LETTERS: readonly FormatLetter[] = [
  rating('r', 'ER: the rating, the hardest step of the solution (20.0 when SE’s techniques cannot finish it); A: the step’s difficulty', {
    format: (r) => seFigure(r.se, 'er'),
    after: (s) => seFormat(s.step.difficulty),
  }),
  rating('p', 'EP: the pearl rating, the hardest step up to the first placement', formatOnly((r) => seFigure(r.se, 'ep'))),
  rating('d', 'ED: the diamond rating, the hardest step up to the first elimination', formatOnly((r) => seFigure(r.se, 'ed'))),
  field('R', 'ER’s technique: the first hardest step’s, as SE names it (`Beyond solver` when SE’s techniques cannot finish the puzzle); A: the first hardest step’s so far', true, {
    format: (r) => technique(r.se, 'hardest', false),
    after: (s) => s.hardest.technique,
  }),
  field('P', 'EP’s technique: the first hardest step’s up to the first placement', true, formatOnly((r) => technique(r.se, 'pearl', false))),
  field('D', 'ED’s technique: the first step’s', true, formatOnly((r) => technique(r.se, 'diamond', false))),
  field('S', 'ER’s technique, short (SukakuExplainer’s short names: `HS`, `Po`, `XYW`, `UR1`, `DCFC+`; `xx` beyond solver); A: of the first hardest step so far', true, {
    format: (r) => technique(r.se, 'hardest', true),
    after: (s) => shortStepName(s.hardest.technique),
  }),
  field('T', 'EP’s technique, short', true, formatOnly((r) => technique(r.se, 'pearl', true))),
  field('U', 'ED’s technique, short', true, formatOnly((r) => technique(r.se, 'diamond', true))),
  field('e', 'the time the puzzle’s ratings took, as serate prints it (`0.42s`, `2m05s`, `1h02m`); A: the step’s, from the start of its search', true, {
    format: (r) => (r.ms === null ? null : elapsedText(r.ms)),
    after: (s) => elapsedText(s.step.ms),
  }),
  field('h', 'the step, as `path` prints it: the forum’s notation, chains written out (serate prints its HTML explanation here)', true, { after: (s) => s.step.text }),
  field('s', 'the step: the same line as `%h`, this tool’s one text of a step (serate: its own summary, `Hidden Single: r2c6: 9 in block`)', true, { after: (s) => s.step.text }),
  field('g', 'the puzzle as given: its characters as written (a grid: its 81 or 729 characters)', true, everywhere(asGiven)),
  field('i', 'the puzzle in 81 characters 0-9, 0 for an empty cell (a pencilmark puzzle: its cells of one candidate); S B A: the grid’s placed digits, `.` for an empty cell', true, ofGrid((g) => givensString(g.values), (r) => digits81(r.puzzle.text))),
  field('m', 'the candidates in 729 characters, each given’s digit removed from its peers; S B A: the grid’s, a placed digit as its cell’s one candidate', true, ofGrid(gridPencilmarks, (r) => (r.puzzle.text === null ? null : gridPencilmarks(startGrid(r.puzzle.text))))),
  field('M', 'the grid’s candidates as a framed picture of 13 lines (nothing once no cell has two)', true, ofGrid(multilinePencilmarks, null)),
  field('n', 'the puzzle’s ordinal in the run, from 1', true, { start: (g) => String(g.row.ordinal), after: (s) => String(s.row.ordinal), format: (r) => String(r.ordinal) }),
  field('l', 'a line break', true, everywhere(() => '\n')),
  field('t', 'a tab', true, everywhere(() => '\t')),
  field('%', 'a %', true, everywhere(() => '%')),
  field('v', 'the input line verbatim, trailing text (names, CSV fields, an ED=) and all', false, everywhere((r) => r.source)),
  field('F', 'the file (`<stdin>`, `<argument>`)', false, everywhere((r) => r.file)),
  field('L', 'the puzzle’s line in its file, from 1', false, everywhere((r) => String(r.puzzle.line + 1))),
  field('c', 'the count of steps of the SE solution', false, formatOnly((r) => count(r.se?.steps))),
  field('b', 'the BLISS level (0, 1 or 2)', false, formatOnly((r) => count(r.bliss?.level))),
  field('N', 'the BLISS guess count (`>N` when it hit its cap)', false, formatOnly((r) => (r.bliss?.ng == null ? null : `${r.bliss.ngComplete ? '' : '>'}${r.bliss.ng}`))),
  field('w', 'W, Berthier’s whip rating', false, formatOnly((r) => count(r.w?.w.rating))),
  field('G', 'gW, the g-whip rating', false, formatOnly((r) => count(r.w?.gw?.rating))),
  field('B', 'B, the braid rating', false, formatOnly((r) => count(r.w?.b?.rating))),
  field('E', 'the T&E depth', false, formatOnly((r) => count(r.w?.te?.depth))),
  field('k', 'the backdoor size', false, formatOnly((r) => count(r.w?.backdoor?.size))),
];

/** `S B A F`: the sections a letter works in, marked as serate's help marks them. */
export const sectionMarks = (l: FormatLetter): string =>
  SECTIONS.filter((s) => l.at[s])
    .map((s) => SECTION_MARKS[s])
    .join(' ');

const BY_LETTER = new Map(FORMAT_LETTERS.map((l) => [l.letter, l]));

/** `%r %p …`: a section's letters, for its usage errors and the help. */
export const sectionLetters = (section: Section): string =>
  FORMAT_LETTERS.filter((l) => l.at[section])
    .map((l) => `%${l.letter}`)
    .join(' ');
export const LETTER_LIST = sectionLetters('format');

/** What a puzzle without an SE rating prints in %r %p %d: `--unrated 0.0|-|20.0`. */
export const UNRATED_TEXTS = ['0.0', '-', '20.0'] as const;
export type UnratedText = (typeof UNRATED_TEXTS)[number];

export function unratedOption(raw: string | undefined): UnratedText {
  if (raw === undefined) return UNRATED_TEXTS[0];
  const found = UNRATED_TEXTS.find((t) => t === raw);
  if (!found) throw new UsageError(`--unrated takes ${UNRATED_TEXTS.join(', ')}, not '${raw}'`);
  return found;
}

/** One letter of a template, bound to its section's value. */
interface TemplateLetter<S extends Section> {
  value: (f: SectionFigures[S]) => string | null;
  rating: boolean;
}

/** A template, checked once for its section: a row is then made by walking its parts. */
export type Template<S extends Section> = readonly (string | TemplateLetter<S>)[];
export type RowTemplate = Template<'format'>;

/** An unknown letter, or one serate gives other sections only, is a usage error naming it and listing the section's letters. */
export function parseTemplate<S extends Section>(template: string, section: S): Template<S> {
  const parts: (string | TemplateLetter<S>)[] = [];
  const letters = `the letters: ${sectionLetters(section)}`;
  let literal = '';
  for (let i = 0; i < template.length; i++) {
    if (template[i] !== '%') {
      literal += template[i];
      continue;
    }
    const ch = template[++i];
    if (ch === undefined) throw new UsageError(`--${section} ends with a lone '%' (write %% for a %); ${letters}`);
    const letter = BY_LETTER.get(ch);
    if (!letter) throw new UsageError(`--${section}: %${ch} is no format letter; ${letters}`);
    // The table pairs each section with its figures; indexed by a generic section, TypeScript loses the pairing.
    const value = letter.at[section] as TemplateLetter<S>['value'] | undefined;
    if (!value) {
      const where = SECTIONS.filter((s) => letter.at[s]).map((s) => `--${s}`);
      throw new UsageError(`--${section}: %${ch} is a letter of ${where.join(', ')} only; ${letters}`);
    }
    if (literal) parts.push(literal);
    literal = '';
    parts.push({ value, rating: letter.rating });
  }
  if (literal) parts.push(literal);
  return parts;
}

/** A row: the template's letters filled in; a missing rating prints the --unrated text, any other missing figure `-`. */
export function formatRow<S extends Section>(template: Template<S>, figures: SectionFigures[S], unrated: UnratedText): string {
  let row = '';
  for (const part of template) {
    if (typeof part === 'string') row += part;
    else row += part.value(figures) ?? (part.rating ? unrated : '-');
  }
  return row;
}
