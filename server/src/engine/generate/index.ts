/** The generator: random minimal (or bounded) puzzles with a clue symmetry, in every variant. */
export { type GenerateSpec, type Generated, type Minimality, type Tally, type Verdict, generatePuzzle, itemRandom, randomGrid, verifyPuzzle } from './generate';
export { COUNT_NODE_BUDGET, type Count, countSolutions } from './solutions';
export { CLUE_SYMMETRIES, CLUE_SYMMETRY_MEANINGS, type ClueSymmetry, hasSymmetry, isClueSymmetry, orbits } from './symmetry';
