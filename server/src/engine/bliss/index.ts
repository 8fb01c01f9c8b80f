/** BLISS solver: public API. */
export {
  type BlissBackdoor,
  type BlissFind,
  type BlissOptions,
  type BlissResult,
  type BlissStep,
  type Candidate,
  type FindKind,
  bliss,
} from './bliss';
export { type GuessCount, countGuesses } from './guesses';
export { CONTRADICTION, NORMAL, SOLVED, type SinglesOutcome, type SinglesResult, doSingles, singles } from './singles';
export { type Geometry, type LockedPair, VARIANTS, type Variant, extraHouses, geometry } from './variants';
