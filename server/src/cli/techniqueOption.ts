/**
 * `--exclude NAMES` and `--techs TECHSTRING` on rate and path: Sudoku Explainer's technique
 * families, or kinds of steps as the path names them, to rate without. --techs is serate's
 * (SukakuExplainer's) form, one 0/1 per technique of its list. The rating then says it ran with
 * a reduced set.
 */
import { TECHNIQUE_NAMES, unknownTechniques } from '../engine/se/techniques';
import { valued } from './command';
import { UsageError } from './io';

export const EXCLUDE = valued('NAMES', "SE techniques to rate without, comma-separated (e.g. 'Nishio Forcing Chains,Multiple Forcing Chains'); rows then say so");
export const TECHS = {
  ...valued('TECHSTRING', "serate's technique selection: one 0 (without) or 1 per SukakuExplainer technique, in its order (README)"),
  short: '~',
};

const NESTED = [
  'Dynamic Forcing Chains (+ Forcing Chains)',
  'Dynamic Forcing Chains (+ Multiple Forcing Chains)',
  'Dynamic Forcing Chains (+ Dynamic Forcing Chains)',
  'Dynamic Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))',
];

/**
 * SukakuExplainer's technique list (its SolvingTechnique order, which --techs follows), each with
 * the families of ours it stands for. Its generalized intersections and naked sets are how it
 * finds SE 1.2.1's on a classic grid (its default has them on and the plain ones off), so a
 * family counts as switched off only when every position standing for it is 0. Techniques SE
 * 1.2.1 lacks stand for none: those of variants (they find nothing on a classic grid) silently,
 * the others (wings beyond XYZ, strong-link fish, …) with a note when switched on.
 */
export const SE_TECHS: readonly { name: string; ours: readonly string[]; variants?: true }[] = [
  { name: 'Hidden Single', ours: ['Hidden Single'] },
  { name: 'Direct Pointing', ours: ['Direct Intersections'] },
  { name: 'Direct Hidden Pair', ours: ['Direct Hidden Pair'] },
  { name: 'Naked Single', ours: ['Naked Single'] },
  { name: 'Non-Consecutive Forcing Cell', ours: [], variants: true },
  { name: 'Locked Non-Consecutive', ours: [], variants: true },
  { name: 'Ferz Non-Consecutive Forcing Cell', ours: [], variants: true },
  { name: 'Ferz Locked Non-Consecutive', ours: [], variants: true },
  { name: 'Direct Hidden Triplet', ours: ['Direct Hidden Triplet'] },
  { name: 'Pointing & Claiming', ours: ['Intersections'] },
  { name: 'Generalized Intersections', ours: ['Intersections'] },
  { name: 'Naked Pair', ours: ['Naked Pair'] },
  { name: 'Generalized Naked Pair', ours: ['Naked Pair'] },
  { name: 'X-Wing', ours: ['X-Wing'] },
  { name: 'Hidden Pair', ours: ['Hidden Pair'] },
  { name: 'Naked Triplet', ours: ['Naked Triplet'] },
  { name: 'Generalized Naked Triplet', ours: ['Naked Triplet'] },
  { name: 'Swordfish', ours: ['Swordfish'] },
  { name: 'Hidden Triplet', ours: ['Hidden Triplet'] },
  { name: 'Scraper, Kite, Turbot', ours: [] },
  { name: 'XY-Wing', ours: ['XY-Wing'] },
  { name: 'XYZ-Wing', ours: ['XYZ-Wing'] },
  { name: 'WXYZ-Wing', ours: [] },
  { name: 'Unique Rectangle / Loop', ours: ['Unique Loop'] },
  { name: 'Naked Quad', ours: ['Naked Quad'] },
  { name: 'Generalized Naked Quad', ours: ['Naked Quad'] },
  { name: 'Jellyfish', ours: ['Jellyfish'] },
  { name: 'Hidden Quad', ours: ['Hidden Quad'] },
  { name: '3 Strong-linked Fishes', ours: [] },
  { name: 'Generalized Naked Quintuplet', ours: [] },
  { name: 'Generalized Naked Sextuplet', ours: [] },
  { name: 'VWXYZ-Wing', ours: [] },
  { name: 'Bivalue Universal Grave', ours: ['BUG'] },
  { name: '4 Strong-Linked Fishes', ours: [] },
  { name: 'Aligned Pair Exclusion', ours: ['Aligned Pair Exclusion'] },
  { name: '5 Strong-Linked Fishes', ours: [] },
  { name: '6 Strong-Linked Fishes', ours: [] },
  { name: 'UVWXYZ-Wing', ours: [] },
  { name: 'Forcing Chains & Cycles', ours: ['Forcing Chains & Cycles'] },
  { name: 'TUVWXYZ-Wing', ours: [] },
  { name: 'Aligned Triplet Exclusion', ours: ['Aligned Triplet Exclusion'] },
  { name: 'Nishio Forcing Chains', ours: ['Nishio Forcing Chains'] },
  { name: 'Multiple Forcing Chains', ours: ['Multiple Forcing Chains'] },
  { name: 'Dynamic Forcing Chains', ours: ['Dynamic Forcing Chains'] },
  { name: 'Dynamic Forcing Chains (+)', ours: ['Dynamic Forcing Chains (+)'] },
  { name: 'Nested Forcing Chains', ours: NESTED },
];

const position = (i: number): string => `${i + 1} (${SE_TECHS[i].name})`;
const positionList = (): string => SE_TECHS.map((t, i) => `${i + 1} ${t.name}${t.ours.length === 0 ? ' (none here)' : ''}`).join(', ');

/** The families a --techs string switches off; its 1s on classic techniques SE 1.2.1 lacks, for a note. */
export function techsOption(raw: string): { excluded: string[]; missing: string[] } {
  const fault = (what: string): UsageError =>
    new UsageError(`--techs: ${what}; it takes ${SE_TECHS.length} characters 0 or 1, one per SukakuExplainer technique: ${positionList()}`);
  for (let i = 0; i < raw.length; i++) {
    if (i >= SE_TECHS.length) throw fault(`position ${i + 1} is past the last technique, ${position(SE_TECHS.length - 1)}`);
    if (raw[i] !== '0' && raw[i] !== '1') throw fault(`position ${position(i)} is '${raw[i]}', not 0 or 1`);
  }
  if (raw.length < SE_TECHS.length) throw fault(`position ${position(raw.length)} is missing`);
  const on = new Set(SE_TECHS.flatMap((t, i) => (raw[i] === '1' ? t.ours : [])));
  const families = [...new Set(SE_TECHS.flatMap((t) => t.ours))];
  return {
    excluded: families.filter((f) => !on.has(f)),
    missing: SE_TECHS.flatMap((t, i) => (raw[i] === '1' && t.ours.length === 0 && !t.variants ? [position(i)] : [])),
  };
}

/**
 * --exclude's names and the families --techs switches off, checked: an unknown name is a usage
 * error listing the valid ones. A --techs 1 on a technique SE 1.2.1 lacks gets a note on stderr.
 */
export function excludeOption(values: { exclude?: string; techs?: string }): string[] {
  const names = (values.exclude ?? '')
    .split(',')
    .map((n) => n.trim())
    .filter((n) => n !== '');
  const unknown = unknownTechniques(names);
  if (unknown.length > 0) {
    throw new UsageError(`--exclude: unknown technique${unknown.length > 1 ? 's' : ''} ${unknown.map((n) => `'${n}'`).join(', ')}; the techniques are: ${TECHNIQUE_NAMES.join(', ')}`);
  }
  const excluded = names.map((n) => TECHNIQUE_NAMES.find((t) => t.toLowerCase() === n.toLowerCase()) as string);
  if (values.techs === undefined) return excluded;
  const techs = techsOption(values.techs);
  if (techs.missing.length > 0) process.stderr.write(`sudoku-lens: --techs: no such technique here (SE 1.2.1's set), rated without: ${techs.missing.join(', ')}\n`);
  return [...new Set([...excluded, ...techs.excluded])];
}
