/**
 * `rate --format`: the letters of a text row, one table for parsing, rows, `--help` and the
 * README's table (a test compares the two). Where serate (gsf's, as SukakuExplainer keeps it)
 * defines a letter, it means the same here, so forum command lines work unchanged; this tool's
 * own figures (BLISS, Berthier's W family, steps, line) sit on letters serate leaves free.
 */
import { PEERS, bit, pencilmarkString, singleDigit } from '../engine/core/grid';
import { type Puzzle, candidatesOfText } from '../engine/core/parse';
import { type RatingSummary, seFormat } from '../engine/se/rate';
import { shortStepName } from '../engine/se/techniques';
import type { BlissSummary, WSummary } from '../jobs/rowJobs';
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

export interface FormatLetter {
  letter: string;
  /** As the README's table and the help say it. */
  meaning: string;
  /** serate defines the letter (with this meaning). */
  serate: boolean;
  /** An SE rating (serate's number fields): when missing it prints the --unrated text; any other letter prints `-`. */
  rating: boolean;
  value(r: RowFigures): string | null;
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

/** serate's %m: the candidates in 729 characters, each given's digit taken from its peers (as serate's grid does on reading). */
function pencilmarks(text: string | null): string | null {
  if (text === null) return null;
  const cands = candidatesOfText(text);
  if (text.length === 81) {
    for (let c = 0; c < 81; c++) {
      if (text[c] !== '.') for (const peer of PEERS[c]) cands[peer] &= ~bit(Number(text[c]));
    }
  }
  return pencilmarkString(cands);
}

const rating = (letter: string, meaning: string, value: (r: RowFigures) => string | null): FormatLetter => ({ letter, meaning, serate: true, rating: true, value });
/** Any other letter; a figure of this tool's own (0 is a real BLISS level or backdoor size) prints `-` when missing. */
const field = (letter: string, meaning: string, serate: boolean, value: (r: RowFigures) => string | null): FormatLetter => ({ letter, meaning, serate, rating: false, value });

export const FORMAT_LETTERS: readonly FormatLetter[] = [
  rating('r', 'ER: the rating, the hardest step of the solution (20.0 when SE’s techniques cannot finish it)', (r) => seFigure(r.se, 'er')),
  rating('p', 'EP: the pearl rating, the hardest step up to the first placement', (r) => seFigure(r.se, 'ep')),
  rating('d', 'ED: the diamond rating, the hardest step up to the first elimination', (r) => seFigure(r.se, 'ed')),
  field('R', 'ER’s technique: the first hardest step’s, as SE names it (`Beyond solver` when SE’s techniques cannot finish the puzzle)', true, (r) => technique(r.se, 'hardest', false)),
  field('P', 'EP’s technique: the first hardest step’s up to the first placement', true, (r) => technique(r.se, 'pearl', false)),
  field('D', 'ED’s technique: the first step’s', true, (r) => technique(r.se, 'diamond', false)),
  field('S', 'ER’s technique, short (SukakuExplainer’s short names: `HS`, `Po`, `XYW`, `UR1`, `DCFC+`; `xx` beyond solver)', true, (r) => technique(r.se, 'hardest', true)),
  field('T', 'EP’s technique, short', true, (r) => technique(r.se, 'pearl', true)),
  field('U', 'ED’s technique, short', true, (r) => technique(r.se, 'diamond', true)),
  field('e', 'the time the puzzle’s ratings took, as serate prints it (`0.42s`, `2m05s`, `1h02m`)', true, (r) => (r.ms === null ? null : elapsedText(r.ms))),
  field('g', 'the puzzle as given: its characters as written (a grid: its 81 or 729 characters)', true, asGiven),
  field('i', 'the puzzle in 81 characters 0-9, 0 for an empty cell (a pencilmark puzzle: its cells of one candidate)', true, (r) => digits81(r.puzzle.text)),
  field('m', 'the candidates in 729 characters, each given’s digit removed from its peers', true, (r) => pencilmarks(r.puzzle.text)),
  field('n', 'the puzzle’s ordinal in the run, from 1', true, (r) => String(r.ordinal)),
  field('l', 'a line break', true, () => '\n'),
  field('t', 'a tab', true, () => '\t'),
  field('%', 'a %', true, () => '%'),
  field('v', 'the input line verbatim, trailing text (names, CSV fields, an ED=) and all', false, (r) => r.source),
  field('F', 'the file (`<stdin>`, `<argument>`)', false, (r) => r.file),
  field('L', 'the puzzle’s line in its file, from 1', false, (r) => String(r.puzzle.line + 1)),
  field('c', 'the count of steps of the SE solution', false, (r) => count(r.se?.steps)),
  field('b', 'the BLISS level (0, 1 or 2)', false, (r) => count(r.bliss?.level)),
  field('N', 'the BLISS guess count (`>N` when it hit its cap)', false, (r) => (r.bliss?.ng == null ? null : `${r.bliss.ngComplete ? '' : '>'}${r.bliss.ng}`)),
  field('w', 'W, Berthier’s whip rating', false, (r) => count(r.w?.w.rating)),
  field('G', 'gW, the g-whip rating', false, (r) => count(r.w?.gw?.rating)),
  field('B', 'B, the braid rating', false, (r) => count(r.w?.b?.rating)),
  field('E', 'the T&E depth', false, (r) => count(r.w?.te?.depth)),
  field('k', 'the backdoor size', false, (r) => count(r.w?.backdoor?.size)),
];

/** serate's letters this tool does not print in a --format row, and why (they belong to --before/--after, which it lacks). */
const SERATE_ONLY: Record<string, string> = {
  h: 'the step description (--after)',
  s: 'the short step description (--after)',
  M: 'the multi-line pencilmarks (--start/--before/--after)',
};

const BY_LETTER = new Map(FORMAT_LETTERS.map((l) => [l.letter, l]));
export const LETTER_LIST = FORMAT_LETTERS.map((l) => `%${l.letter}`).join(' ');

/** What a puzzle without an SE rating prints in %r %p %d: `--unrated 0.0|-|20.0`. */
export const UNRATED_TEXTS = ['0.0', '-', '20.0'] as const;
export type UnratedText = (typeof UNRATED_TEXTS)[number];

export function unratedOption(raw: string | undefined): UnratedText {
  if (raw === undefined) return UNRATED_TEXTS[0];
  const found = UNRATED_TEXTS.find((t) => t === raw);
  if (!found) throw new UsageError(`--unrated takes ${UNRATED_TEXTS.join(', ')}, not '${raw}'`);
  return found;
}

/** A --format template, checked once: a row is then made by walking its parts. */
export type RowTemplate = readonly (string | FormatLetter)[];

export function parseTemplate(template: string): RowTemplate {
  const parts: (string | FormatLetter)[] = [];
  let literal = '';
  for (let i = 0; i < template.length; i++) {
    if (template[i] !== '%') {
      literal += template[i];
      continue;
    }
    const ch = template[++i];
    if (ch === undefined) throw new UsageError(`--format ends with a lone '%' (write %% for a %); the letters: ${LETTER_LIST}`);
    const letter = BY_LETTER.get(ch);
    if (!letter) {
      const serate = SERATE_ONLY[ch];
      const what = serate ? `serate's %${ch} (${serate}) is not available here` : `%${ch} is no format letter`;
      throw new UsageError(`--format: ${what}; the letters: ${LETTER_LIST}`);
    }
    if (literal) parts.push(literal);
    literal = '';
    parts.push(letter);
  }
  if (literal) parts.push(literal);
  return parts;
}

export function formatRow(template: RowTemplate, figures: RowFigures, unrated: UnratedText): string {
  let row = '';
  for (const part of template) {
    if (typeof part === 'string') row += part;
    else row += part.value(figures) ?? (part.rating ? unrated : '-');
  }
  return row;
}
