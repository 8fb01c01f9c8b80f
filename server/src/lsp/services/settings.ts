/**
 * The `sudokuLens.*` settings, defined once; package.json's `contributes.configuration` mirrors them
 * (and adds `sudokuLens.trace.server`, which vscode-languageclient reads in the extension).
 */
import type { PuzzleVariant } from '../../engine/core/parse';
import { type BugSeverity, DEFAULT_BUG_SEVERITY, type WhipPathDiagnostics } from '../../engine/se/ratingFindings';

export interface Settings {
  nodeBudget: number;
  syntaxDelayMs: number;
  ratingBudgetMs: number;
  defaultVariant: PuzzleVariant;
  inlayRating: HeadlineRating;
  /** Time for one puzzle's minimality check or unhit-UA-set analysis. */
  uaBudgetMs: number;
  /** BLISS's DoSingles also applies locked candidates (pointing/claiming); off as in the seed. */
  blissLockedCandidates: boolean;
  /** Time for one UA command (pattern search, 17-clue search, UA list) run from the editor. */
  uaSearchBudgetMs: number;
  /** Which puzzles show their W path's chains as diagnostics. */
  whipPath: WhipPathDiagnostics;
  /** The severity of a BUG state met on the solving path (information unless raised). */
  bugSeverity: BugSeverity;
  /** Spoiler protection: solutions stay hidden until an explicit action reveals one; ratings stay visible. */
  hideSolutions: boolean;
  /** Above this many puzzles, code lenses only around the lines in view (see view.ts). */
  codeLensMaxPuzzles: number;
  /** The code lenses above each puzzle: one short row with "More…", or every action. */
  codeLensShow: LensSet;
  /** Most outline symbols and folding ranges computed for one document. */
  outlineMaxItems: number;
}

/** Where a hidden solution says why it is hidden. */
export const HIDDEN_SOLUTION = 'hidden by `sudokuLens.spoilers.hideSolutions`';

/** Which rating the inlay hint after each puzzle shows. */
export type HeadlineRating = 'se' | 'w' | 'bliss' | 'off';
const HEADLINES: readonly HeadlineRating[] = ['se', 'w', 'bliss', 'off'];
/** Which code lenses each puzzle gets (codeLens.ts). */
export type LensSet = 'compact' | 'all';
const LENS_SETS: readonly LensSet[] = ['compact', 'all'];
const WHIP_PATHS: readonly WhipPathDiagnostics[] = ['all', 'pencilmark', 'off'];
const BUG_SEVERITIES: readonly BugSeverity[] = ['information', 'warning', 'hint'];

export const DEFAULT_SETTINGS: Settings = {
  nodeBudget: 2_000_000,
  syntaxDelayMs: 200,
  ratingBudgetMs: 10_000,
  defaultVariant: 'classic',
  inlayRating: 'se',
  uaBudgetMs: 2_000,
  uaSearchBudgetMs: 600_000,
  blissLockedCandidates: false,
  whipPath: 'pencilmark',
  bugSeverity: DEFAULT_BUG_SEVERITY,
  hideSolutions: false,
  codeLensMaxPuzzles: 1000,
  codeLensShow: 'compact',
  outlineMaxItems: 5000,
};
const VARIANTS: readonly PuzzleVariant[] = ['classic', 'X', 'P', 'PX'];

/** The settings each puzzle's diagnostics depend on (the solver's, the ratings', the UA sets', which W paths show, BUG's severity). */
const DIAGNOSTIC_SETTINGS = ['nodeBudget', 'defaultVariant', 'ratingBudgetMs', 'blissLockedCandidates', 'uaBudgetMs', 'whipPath', 'bugSeverity'] as const satisfies readonly (keyof Settings)[];

/**
 * Whether a puzzle's W/BLISS figures show anywhere but its hover (which reads them when asked): in
 * the inlay hints (W or BLISS headline), as W path diagnostics (`all`, or a 729 line's), as a 729
 * line's BLISS findings. Otherwise their arrival refreshes nothing: the view's prefetched figures
 * (W/BLISS of every puzzle in view) would each cost a quick pass and an inlay refresh.
 */
export const extrasShown = (settings: Settings, text: string): boolean =>
  settings.inlayRating === 'w' || settings.inlayRating === 'bliss' || settings.whipPath === 'all' || text.length === 729;

/** Whether going from `before` to `after` changes any puzzle's diagnostics: only then are they all computed again. */
export const changesDiagnostics = (before: Settings, after: Settings): boolean => DIAGNOSTIC_SETTINGS.some((key) => before[key] !== after[key]);

const numberOr = (value: unknown, fallback: number, min: number): number =>
  typeof value === 'number' && Number.isFinite(value) ? Math.max(min, value) : fallback;

/** Reads the client's `sudokuLens` section, falling back to defaults for anything missing or malformed. */
export function readSettings(section: unknown): Settings {
  const s = (section ?? {}) as {
    solver?: { nodeBudget?: unknown };
    diagnostics?: { syntaxDelayMs?: unknown; whipPath?: unknown; bugSeverity?: unknown };
    rating?: { budgetMs?: unknown };
    defaultVariant?: unknown;
    inlayHints?: { rating?: unknown };
    unavoidableSets?: { budgetMs?: unknown; searchBudgetMs?: unknown };
    bliss?: { lockedCandidates?: unknown };
    spoilers?: { hideSolutions?: unknown };
    codeLens?: { maxPuzzles?: unknown; show?: unknown };
    outline?: { maxItems?: unknown };
  };
  return {
    nodeBudget: numberOr(s.solver?.nodeBudget, DEFAULT_SETTINGS.nodeBudget, 1000),
    syntaxDelayMs: numberOr(s.diagnostics?.syntaxDelayMs, DEFAULT_SETTINGS.syntaxDelayMs, 0),
    ratingBudgetMs: numberOr(s.rating?.budgetMs, DEFAULT_SETTINGS.ratingBudgetMs, 100),
    defaultVariant: VARIANTS.find((v) => v === s.defaultVariant) ?? DEFAULT_SETTINGS.defaultVariant,
    inlayRating: HEADLINES.find((h) => h === s.inlayHints?.rating) ?? DEFAULT_SETTINGS.inlayRating,
    uaBudgetMs: numberOr(s.unavoidableSets?.budgetMs, DEFAULT_SETTINGS.uaBudgetMs, 100),
    blissLockedCandidates: typeof s.bliss?.lockedCandidates === 'boolean' ? s.bliss.lockedCandidates : DEFAULT_SETTINGS.blissLockedCandidates,
    uaSearchBudgetMs: numberOr(s.unavoidableSets?.searchBudgetMs, DEFAULT_SETTINGS.uaSearchBudgetMs, 1000),
    whipPath: WHIP_PATHS.find((w) => w === s.diagnostics?.whipPath) ?? DEFAULT_SETTINGS.whipPath,
    bugSeverity: BUG_SEVERITIES.find((b) => b === s.diagnostics?.bugSeverity) ?? DEFAULT_SETTINGS.bugSeverity,
    hideSolutions: typeof s.spoilers?.hideSolutions === 'boolean' ? s.spoilers.hideSolutions : DEFAULT_SETTINGS.hideSolutions,
    codeLensMaxPuzzles: numberOr(s.codeLens?.maxPuzzles, DEFAULT_SETTINGS.codeLensMaxPuzzles, 1),
    codeLensShow: LENS_SETS.find((l) => l === s.codeLens?.show) ?? DEFAULT_SETTINGS.codeLensShow,
    outlineMaxItems: numberOr(s.outline?.maxItems, DEFAULT_SETTINGS.outlineMaxItems, 1),
  };
}
