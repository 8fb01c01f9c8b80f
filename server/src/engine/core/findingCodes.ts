/**
 * Every finding code: a name to match it by, its default severity and what it means. README.md's
 * Diagnostics table is this table (a unit test compares them), so a code is documented where it is
 * declared; matching through `FindingCode.x` makes a misspelt code a type error, not a dead branch.
 */
/** How a finding shows (types.ts re-exports it: this module is where the codes' severities are declared). */
export type Severity = 'error' | 'warning' | 'information' | 'hint';

export const FindingCode = {
  wrongLength: 'wrong-length',
  binaryContent: 'binary-content',
  invalidCharacter: 'invalid-character',
  mixedEmptyMarkers: 'mixed-empty-markers',
  misplacedCandidate: 'misplaced-candidate',
  gridRowLength: 'grid-row-length',
  gridRowCount: 'grid-row-count',
  duplicateGiven: 'duplicate-given',
  cellWithoutCandidates: 'cell-without-candidates',
  digitWithoutPlace: 'digit-without-place',
  noSolution: 'no-solution',
  pencilmarksRemoveSolution: 'pencilmarks-remove-solution',
  multipleSolutions: 'multiple-solutions',
  solverBudget: 'solver-budget',
  fullGrid: 'full-grid',
  cluePattern: 'clue-pattern',
  redundantClue: 'redundant-clue',
  givenPeerCandidate: 'given-peer-candidate',
  bug: 'bug',
  ratingMismatch: 'rating-mismatch',
  blissElimination: 'bliss-elimination',
  blissPlacement: 'bliss-placement',
  whipElimination: 'whip-elimination',
  whipChain: 'whip-chain',
} as const;

export type FindingCode = (typeof FindingCode)[keyof typeof FindingCode];

export interface FindingCodeInfo {
  /** The severity findings of this code have unless a setting says otherwise (`bug`: `sudokuLens.diagnostics.bugSeverity`). */
  severity: Severity;
  /** One line of Markdown: README's "meaning" column. */
  meaning: string;
}

/** In README's order (syntax, structure, solutions, then what ratings and UA sets add). */
export const FINDING_CODES: Record<FindingCode, FindingCodeInfo> = {
  'wrong-length': { severity: 'error', meaning: 'the puzzle is not 81 or 729 cell characters (the message says how many)' },
  'binary-content': {
    severity: 'error',
    meaning:
      'a line holding bytes that are not text: a control character other than tab, vertical tab and form feed, or U+FFFD (bytes that are not UTF-8); at the first one, the line is no puzzle',
  },
  'invalid-character': { severity: 'error', meaning: 'a character that is no digit or empty marker (points at it)' },
  'mixed-empty-markers': { severity: 'error', meaning: 'e.g. `.` and `x` both used for empty cells in one puzzle' },
  'misplaced-candidate': { severity: 'error', meaning: "in a 729 line, a digit at another digit's position" },
  'grid-row-length': { severity: 'error', meaning: 'a grid row without 9 cells' },
  'grid-row-count': { severity: 'error', meaning: 'a grid without 9 rows' },
  'duplicate-given': { severity: 'error', meaning: 'a digit twice in a house: on each cell, with related information to the other' },
  'cell-without-candidates': { severity: 'error', meaning: "a cell whose candidates are all taken by its peers' givens (or none in a 729 line)" },
  'digit-without-place': { severity: 'error', meaning: 'a digit that fits nowhere in a row, column or box' },
  'no-solution': { severity: 'error', meaning: 'the puzzle has no solution' },
  'pencilmarks-remove-solution': {
    severity: 'error',
    meaning: "a 729 line whose givens alone have one solution, but whose pencilmarks remove its digit from a cell (on that candidate's character)",
  },
  'multiple-solutions': {
    severity: 'warning',
    meaning:
      'at least 2 solutions; names the cells where two of them differ, then (81-cell classic puzzles) the smallest unavoidable set no clue hits and the clue that resolves the most',
  },
  'solver-budget': { severity: 'warning', meaning: 'the solver reached its node budget (`sudokuLens.solver.nodeBudget`)' },
  'full-grid': { severity: 'information', meaning: 'every cell is given' },
  'clue-pattern': { severity: 'information', meaning: 'the line or grid is a clue pattern (`x` and `.`), not a puzzle: says its clue count' },
  'redundant-clue': {
    severity: 'information',
    meaning: 'on a clue the puzzle stays unique without ("r3c5=7 is redundant: …"; 81-cell classic puzzles)',
  },
  'given-peer-candidate': { severity: 'hint', meaning: "a 729 line keeps a given's digit as a candidate of a peer" },
  bug: {
    severity: 'information',
    meaning:
      'the solving path meets a BUG state (Bivalue Universal Grave): a technique of a valid puzzle, not a fault; names its type and resolution (`sudokuLens.diagnostics.bugSeverity` makes it a warning or a hint)',
  },
  'rating-mismatch': { severity: 'hint', meaning: 'a trailing `ED=…` differs from the computed rating ("The line says …, computed …")' },
  'bliss-elimination': {
    severity: 'information',
    meaning: "729-char lines: a candidate BLISS eliminates, on its character (`BLISS(1): r1c3 != 6  [tested 3r1c1]`); related information on each candidate it tested",
  },
  'bliss-placement': {
    severity: 'information',
    meaning: "729-char lines: a digit BLISS places, on its candidate's character; related information on each candidate it tested",
  },
  'whip-elimination': {
    severity: 'information',
    meaning:
      '729-char lines: a candidate the W path eliminates, on its character: `W path, chain 3 of 12: whip[4]: c6n4{r4 r9} - … ==> r4c6≠5`; related information on each candidate of the chain (see `sudokuLens.diagnostics.whipPath`)',
  },
  'whip-chain': {
    severity: 'information',
    meaning:
      '81-cell puzzles, with `sudokuLens.diagnostics.whipPath: "all"`: the first chain of the W path, on the puzzle, once its W is computed; related information on the chain\'s cells',
  },
};
