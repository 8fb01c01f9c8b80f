/**
 * `--exclude NAMES` on rate and path: Sudoku Explainer's technique families, or kinds of steps as
 * the path names them, to rate without, as serate's --techs switches some off. The rating then
 * says it ran with a reduced set.
 */
import { TECHNIQUE_NAMES, unknownTechniques } from '../engine/se/techniques';
import { valued } from './command';
import { UsageError } from './io';

export const EXCLUDE = valued('NAMES', "SE techniques to rate without, comma-separated (e.g. 'Nishio Forcing Chains,Multiple Forcing Chains'); rows then say so");

/** The names given, checked: an unknown one is a usage error listing the valid ones. */
export function excludeOption(raw: string | undefined): string[] {
  if (raw === undefined) return [];
  const names = raw
    .split(',')
    .map((n) => n.trim())
    .filter((n) => n !== '');
  const unknown = unknownTechniques(names);
  if (unknown.length > 0) {
    throw new UsageError(`--exclude: unknown technique${unknown.length > 1 ? 's' : ''} ${unknown.map((n) => `'${n}'`).join(', ')}; the techniques are: ${TECHNIQUE_NAMES.join(', ')}`);
  }
  return names.map((n) => TECHNIQUE_NAMES.find((t) => t.toLowerCase() === n.toLowerCase()) as string);
}
