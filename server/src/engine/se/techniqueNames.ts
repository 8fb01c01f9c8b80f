/**
 * Every name an SE step carries (`Step.technique`), as the path prints it: what a filter's
 * `uses("…")` and `hardest("…")` may name. Several techniques report more than one name (the
 * loops by size and type, the chains by kind and nesting level); test/engine/techniqueNames.test.ts
 * checks the steps of real ratings against this list.
 */
import { nestedSuffix } from './techniques/chains/dynamic';
import { loopName } from './techniques/uniqueness';

const range = (from: number, to: number, step = 1): number[] => Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, i) => from + i * step);

/** Loops of SE's search alternate between two parities: even sizes; longer ones than 20 cells do not occur in practice. */
const LOOP_SIZES = range(4, 20, 2);
const LOOP_TYPES = range(1, 4);
const CHAIN_KINDS = ['Contradiction', 'Double', 'Cell', 'Region'];
/** Nesting levels: 0 plain dynamic, 1 (+), 2–5 the nested forcing chains. */
const LEVELS = range(0, 5);

export const SE_TECHNIQUE_NAMES: readonly string[] = [
  'Hidden Single',
  'Direct Pointing',
  'Direct Claiming',
  'Direct Hidden Pair',
  'Naked Single',
  'Direct Hidden Triplet',
  'Pointing',
  'Claiming',
  'Naked Pair',
  'X-Wing',
  'Hidden Pair',
  'Naked Triplet',
  'Swordfish',
  'Hidden Triplet',
  'XY-Wing',
  'XYZ-Wing',
  ...LOOP_SIZES.flatMap((size) => LOOP_TYPES.map((type) => loopName(size, type))),
  'Naked Quad',
  'Jellyfish',
  'Hidden Quad',
  ...LOOP_TYPES.map((type) => `BUG type ${type}`),
  'Aligned Pair Exclusion',
  'Bidirectional X-Cycle',
  'Bidirectional Y-Cycle',
  'Bidirectional Cycle',
  'Generalized X-Wing',
  'Turbot Fish',
  'Forcing X-Chain',
  'Forcing Y-Chain',
  'Forcing Chain',
  'Aligned Triplet Exclusion',
  'Nishio Forcing Chains',
  ...CHAIN_KINDS.map((kind) => `${kind} Forcing Chains`),
  ...LEVELS.flatMap((level) => CHAIN_KINDS.map((kind) => `Dynamic ${kind} Forcing Chains${nestedSuffix(level)}`)),
];

const KNOWN = new Set(SE_TECHNIQUE_NAMES);

export const isSeTechniqueName = (name: string): boolean => KNOWN.has(name);
