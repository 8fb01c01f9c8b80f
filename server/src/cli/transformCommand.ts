/**
 * `sudoku-lens transform`: each puzzle under a validity-preserving transformation (engine/symmetry.ts):
 * the one --symmetry names, or a random one per puzzle (reproducible with --seed). The trailing
 * text stays (a rating or a name holds for the transformed puzzle too).
 */
import { type SymmetryTransform, applyTransform } from '../engine/canonical';
import { SymmetrySpecError, parseSymmetry, randomSymmetry, seedOf, seededRandom } from '../engine/symmetry';
import { type OptionValues, command, valued } from './command';
import { UsageError } from './io';
import { eachPuzzleText } from './puzzleTexts';

const TRANSFORM_USAGE = `  sudoku-lens transform PUZZLE|FILE|-... [--symmetry SPEC | --seed S]
                                 each puzzle transformed without changing what it is (its solutions
                                 move with it): by SPEC, or at random (the same for the same --seed)`;

const TRANSFORM_OPTIONS = {
  symmetry: valued(
    'SPEC',
    'comma-separated, applied in order: identity, transpose, antitranspose, rot90, rot180, rot270, mirror, flip, rows=R, cols=C (9 digits 1-9: line i takes line R[i]; bands/stacks stay whole), digits=D (digit d becomes D[d])',
  ),
  seed: valued('S', 'the random transformations from seed S (a number or any text): the same input gives the same output'),
};

function symmetries(values: OptionValues<typeof TRANSFORM_OPTIONS>): () => SymmetryTransform[] {
  if (values.symmetry !== undefined) {
    if (values.seed !== undefined) throw new UsageError('--symmetry and --seed exclude each other');
    try {
      const fixed = parseSymmetry(values.symmetry);
      return () => fixed;
    } catch (err) {
      if (err instanceof SymmetrySpecError) throw new UsageError(`--symmetry: ${err.message}`);
      throw err;
    }
  }
  const random = seededRandom(values.seed === undefined ? (Math.random() * 2 ** 32) >>> 0 : seedOf(values.seed));
  return () => [randomSymmetry(random)];
}

function runTransform(args: string[], values: OptionValues<typeof TRANSFORM_OPTIONS>): Promise<number> {
  const next = symmetries(values);
  return eachPuzzleText('transform', args, (text, puzzle) => {
    const out = next().reduce(applyTransform, text);
    return puzzle.trailing ? `${out} ${puzzle.trailing}` : out;
  });
}

export const TRANSFORM = command({ name: 'transform', usage: TRANSFORM_USAGE, options: TRANSFORM_OPTIONS, run: runTransform });
