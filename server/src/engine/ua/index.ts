/**
 * Unavoidable sets (UA sets) of solution grids and what they are used for:
 *
 * - enumerate.ts  the minimal UA sets of a grid up to a size bound (optionally avoiding fixed
 *                 cells: the UA sets a set of clues does not hit);
 * - analysis.ts   per puzzle: hit/unhit UA sets, minimality (redundant clues, a largest
 *                 removable set), several solutions (smallest unhit UA sets, clues to add);
 * - patternSearch.ts  every unique puzzle of a clue pattern inside given grids (band/stack
 *                 fillings pre-cleaned of UA sets, learnt UA sets);
 * - clueSearch.ts every 17-clue (n-clue) puzzle of a grid (bands 1+2 then band 3, gangster
 *                 UA sets, learnt UA sets).
 *
 * Cells are 0..80 row-major; cell sets are three 27-bit band words internally (cells.ts).
 * Every search takes an optional Budget (techniques/technique.ts) and throws its
 * BudgetExceeded when time is up or the caller cancelled.
 */
export { CellSetList, cellSetOf, cellsOfWords, isSolutionGrid, type CellSet } from './cells';
export { enumerateUAs, type EnumerateOptions } from './enumerate';
export {
  clueCells,
  minimality,
  multipleSolutions,
  splitByClues,
  uaSets,
  unhitUAs,
  type Clue,
  type MinimalityResult,
  type MultipleSolutionsResult,
  type UAOptions,
} from './analysis';
export {
  patternCells,
  searchPattern,
  type PatternGridResult,
  type PatternSearchOptions,
  type PatternSearchResult,
} from './patternSearch';
export { searchClues, type ClueSearchOptions, type ClueSearchResult } from './clueSearch';
